"""TRF16 team files as Swiss-Manager writes them, read by what their 001 records say.

A TRF16 file (team records 013) has no record for an empty board: Swiss-Manager writes a player
who was not paired in a round as ``0000 - -``, whether the player sat out (the team's bye, a
player not fielded) or won on a board the other team left empty. Only the player's points in
columns 81–84 tell the two apart (TRF16: the points are the sum of the round results). So a
``0000 - -`` round is an absence, unless the stated points exceed the results by exactly one
point for each such round in which the player's team met another team: those are forfeit wins
(TRF16 result ``+``). A difference that cannot be read either way is refused with its line.
"""

from ..errors import RuleViolation, gettext_noop
from .event import TrfGame, TrfPlayer, TrfTeam

UNPAIRED = TrfGame(0, "-", "-")


def read_unpaired_rounds(
    players: list[TrfPlayer], teams: list[TrfTeam], stated: dict[int, tuple[float, int]]
) -> list[TrfPlayer]:
    """``players`` with each ``0000 - -`` round dropped (sat out) or made a forfeit win (``+``).

    ``stated``: player number -> (points in columns 81–84, line number of the 001 record)."""
    team_of = {player: team.number for team in teams for player in team.roster}
    met = {
        (team_of[p.number], number)
        for p in players
        if p.number in team_of
        for number, game in p.games.items()
        if game.opponent
    }
    read = []
    for player in players:
        unpaired = [n for n, game in player.games.items() if game == UNPAIRED]
        if not unpaired:
            read.append(player)
            continue
        games = {n: g for n, g in player.games.items() if g != UNPAIRED}
        points, line = stated[player.number]
        missing = points - player._replace(games=games).points
        in_a_match = [n for n in unpaired if (team_of.get(player.number), n) in met]
        if missing == len(in_a_match):
            games |= {n: TrfGame(0, "-", "+") for n in in_a_match}
        elif missing != 0:
            raise RuleViolation(
                gettext_noop(
                    "player %(player)d: the points stated (%(value)s) are not explained by the rounds not paired "
                    "(0000 - -): "
                    "each would have to be a forfeit win in a round the team played."
                ),
                field=f"line {line}, column 81",
                rule="TRF16, record 001",
                player=player.number,
                value=f"{points:g}",
            )
        read.append(player._replace(games=dict(sorted(games.items()))))
    return read

"""Both lines of a game tell the same game, and a team meets one other team a round.

A TRF file states every game twice, once on each player's 001 record; where the two disagree,
which line is right no reader can know, so the file is refused at the first such line.

The conversion (``to_archive.py``) reads every board of every match and checks, as it reads
them, that the two players of a board name each other: for most files that pass is the whole
check, and this one is not run. It runs, once, before the conversion takes any other path
(a 300 line-up, boards that do not face, a player on no team) and before any refusal after the
001 records, so that a file's first fault is refused first, as if it ran right after reading.
"""

from ..errors import RuleViolation, gettext_noop
from .event import RESULT_CODES, TrfEvent

# a game's result from one side -> what the other side's line may say (a double forfeit: "-" both)
OTHER_SIDE = {"1": {"0"}, "0": {"1"}, "=": {"="}, "+": {"-"}, "-": {"+", "-"}}
# a game's result from one side -> what the other side's line cannot give (a code not in
# OTHER_SIDE, or none yet, fits any)
_CONFLICTING = {
    own: frozenset(other for other in RESULT_CODES if own in OTHER_SIDE and other not in OTHER_SIDE[own])
    for own in (*RESULT_CODES, "")
}


def check_games(event: TrfEvent) -> None:
    """Refuse the first game of the file (in its 001 records' order) whose two lines disagree.
    An event not read from a TRF file (no ``stated`` lines) was checked by whoever made it."""
    if event.stated:
        team_of = {player: team.number for team in event.teams for player in team.roster}
        check_player_games(event.players, team_of, event.stated)


def check_player_games(players, team_of: dict[int, int], stated) -> None:
    """``check_games`` over what the reader holds before it builds the event: the players, the
    team of each (by player number) and ``stated`` (``TrfEvent.stated``)."""
    games_of = {player.number: player.games for player in players}
    met: dict[int, dict[int, int]] = {}  # team -> round -> the team its players met
    for player in players:
        number, own_team = player.number, team_of.get(player.number)
        rounds = met.setdefault(own_team, {}) if own_team is not None else {}  # no team: no team's rounds
        for round_number, game in player.games.items():
            if game.opponent and (
                (other_team := team_of.get(game.opponent)) is None
                or (other := games_of[game.opponent].get(round_number)) is None
                or other.opponent != number
                or other.result in _CONFLICTING[game.result]
                or rounds.setdefault(round_number, other_team) != other_team
                or other_team == own_team
            ):
                _refuse(stated[number][1], round_number, player, games_of, team_of)


def _refuse(line: int, round_number: int, player, games_of, team_of) -> None:
    """The first of ``check_player_games``'s refusals that the game of ``player`` in ``round_number`` meets."""
    game, column = player.games[round_number], 92 + 10 * (round_number - 1)
    other_team = team_of.get(game.opponent)
    other = games_of[game.opponent].get(round_number) if other_team is not None else None
    if other_team is None:
        message, params = (
            gettext_noop(
                "round %(round)d: opponent %(value)s is on no team (310 or 013), so the game belongs to no match."
            ),
            {"value": game.opponent},
        )
    elif other is None or other.opponent != player.number:
        message, params = (
            gettext_noop("round %(round)d: player %(value)s's own line does not name this player as the opponent."),
            {"value": game.opponent},
        )
    elif other.result in _CONFLICTING[game.result]:
        column += 7
        message, params = (
            gettext_noop(
                "round %(round)d: “%(value)s” here, but player %(opponent)s's line gives “%(other)s” for the same game."
            ),
            {"value": game.result, "opponent": game.opponent, "other": other.result},
        )
    elif other_team == team_of.get(player.number):
        message, params = (
            gettext_noop(
                "round %(round)d: player %(value)s is on this player's own team: a team does not meet itself."
            ),
            {"value": game.opponent},
        )
    else:
        message, params = gettext_noop("round %(round)d: this team's players meet players of two teams."), {}
    raise RuleViolation(
        message, field=f"line {line}, column {column}", rule="TRF-2026, record 001", round=round_number, **params
    )

"""The tournament as a TRF-2026 event: numbers, games per round, line-ups and the standings."""

from tournaments.domain.presets import ByeScoring, ColourModel
from tournaments.domain.results import FORFEITS, BoardResult
from tournaments.domain.trf import TrfEvent, TrfForfeit, TrfGame, TrfLineup, TrfPlayer, TrfTeam
from tournaments.models import Player, RequestedBye, Team, Tournament

from .matches import matches_with_boards
from .schedule import planned_rounds, tournament_pairing_system
from .standings import Standings, standings_for_tournament

# a board result from the first-named team's side -> (its player's code, the opponent's code)
CODES = {
    BoardResult.FIRST_WINS: ("1", "0"),
    BoardResult.DRAW: ("=", "="),
    BoardResult.SECOND_WINS: ("0", "1"),
    BoardResult.FIRST_WINS_BY_FORFEIT: ("+", "-"),
    BoardResult.SECOND_WINS_BY_FORFEIT: ("-", "+"),
    BoardResult.DOUBLE_FORFEIT: ("-", "-"),
}
BYE_SHARE = {ByeScoring.NOTHING: 0.0, ByeScoring.DRAW: 0.5, ByeScoring.WIN: 1.0}


def trf_event(*, tournament: Tournament, published_only: bool = False, standings: Standings | None = None) -> TrfEvent:
    """Players are numbered team by team in seed and roster order, teams by seed.

    ``published_only`` leaves out the rounds the TD has not published: what the public may see.
    ``standings``: those of the same rounds where the caller has them (the reference check), so
    they are not computed twice. Eight queries (twelve computing the standings), whatever the size.

    In a double-round event each leg is a TRF round of its own (round r, leg l → 2r − 2 + l).
    A discipline whose games TRF cannot hold (a table of several seats) is refused, naming why.
    """
    if refusal := tournament.discipline_rules.export_refusal("trf"):
        raise refusal
    teams = list(Team.objects.filter(tournament=tournament).order_by("seed"))
    players = list(Player.objects.filter(team__tournament=tournament).order_by("team__seed", "position"))
    team_no = {team.id: index for index, team in enumerate(teams, start=1)}
    player_no = {player.id: index for index, player in enumerate(players, start=1)}
    roster = {team.id: [] for team in teams}
    for player in players:
        roster[player.team_id].append(player_no[player.id])
    games = {player.id: {} for player in players}
    lineups, forfeits, pab = [], [], {}
    legs = 2 if tournament.double_rounds else 1
    system = tournament_pairing_system(tournament)
    for match in matches_with_boards(tournament=tournament, with_players=True, published_only=published_only):
        number = (match.round.number - 1) * legs + match.leg
        if match.round.kind != match.round.Kind.REGULAR:
            continue
        # the prefetched sides and seats read once each: every ``.all()`` of a prefetched relation
        # clones a queryset, and the export did that a dozen times a board (issue 29)
        sides = [side.team_id for side in match.sides.all()]
        first_team, second_team = sides[0], sides[1] if len(sides) > 1 else None
        if second_team is None:
            # a Swiss's pairing-allocated bye, or a round robin's dummy where it scores: record 320
            # (TRF-2026 names the PAB team there, whatever it scores); a dummy that scores nothing:
            # each board's player sits out with a zero-point bye, so the team's round is on record
            if tournament.bye_scoring != ByeScoring.NOTHING or not system.pairs_ahead:
                pab[number] = team_no[first_team]
            else:
                for player in roster[first_team][: tournament.boards]:
                    games[players[player - 1].id][number] = TrfGame(0, "-", "Z")
            continue
        boards = sorted(match.boards.all(), key=lambda b: b.board)
        seats = [{seat.position: seat for seat in board.seats.all()} for board in boards]
        # (first player, second player) per board: None where the seat stayed empty
        seated = [tuple(s[p].player_id if p in s else None for p in (1, 2)) for s in seats]
        results = [BoardResult(b.result) if b.result else None for b in boards]
        for board_seats, (first_player, second_player), result in zip(seats, seated, results):
            if result is None:
                continue
            first, second = CODES[result]
            colour = board_seats[1].colour.lower()
            for own, other, code, own_colour in (
                (first_player, second_player, first, colour),
                (second_player, first_player, second, "b" if colour == "w" else "w"),
            ):
                if own is not None:
                    opponent = player_no.get(other, 0)
                    games[own][number] = TrfGame(opponent, own_colour if opponent else "-", code)
        for own, other, index in ((first_team, second_team, 0), (second_team, first_team, 1)):
            on_boards = tuple(player_no.get(pair[index], 0) for pair in seated)
            if on_boards and on_boards != tuple(roster[own][: len(on_boards)]):
                lineups.append(TrfLineup(number, team_no[own], team_no[other], on_boards))
        if results and all(r in FORFEITS for r in results):
            first_points = sum(r.points[0] for r in results)
            second_points = sum(r.points[1] for r in results)
            code = "--" if first_points == second_points == 0 else "+-" if first_points > second_points else "-+"
            forfeits.append(TrfForfeit(number, team_no[first_team], team_no[second_team], code))

    byes = _requested_byes(tournament, team_no, legs, published_only)
    round_dates = {
        (number - 1) * legs + leg: date
        for number, date in tournament.rounds.filter(kind="regular", date__isnull=False).values_list("number", "date")
        for leg in range(1, legs + 1)
    }
    if standings is None:
        standings = standings_for_tournament(tournament=tournament, published_only=published_only)
    rows = {entry.team.id: entry.row for entry in standings.rows}
    type_code, type_name, initial_colour = system.trf_type(
        colour_model=ColourModel(tournament.colour_model), scores_boards=tournament.discipline_rules.scores_boards
    )
    rounds = planned_rounds(tournament=tournament, teams=len(teams)) * legs
    share = BYE_SHARE[ByeScoring(tournament.bye_scoring)]
    mp = tournament.ranking_rules.match_points
    return TrfEvent(
        name=tournament.name,
        city=tournament.venue,
        start=tournament.start_date,
        round_dates=round_dates,
        rounds=rounds,
        type_code=type_code,
        type_name=type_name,
        colour_sequence=tournament.colour_pattern,
        match_points=(mp.win, mp.draw, mp.loss),
        tiebreaks=tuple(
            tournament.tiebreaks_other
        ),  # one list in TRF: a first-place chain of its own (Blitz §16) is the preset's
        players=tuple(
            TrfPlayer(player_no[p.id], p.name, p.rating or 0, p.fide_id, p.federation, games[p.id], p.birth_date)
            for p in players
        ),
        teams=tuple(
            TrfTeam(
                team_no[t.id],
                t.name,
                rows[t.id].mp if t.id in rows else 0.0,
                rows[t.id].bp if t.id in rows else 0.0,
                rows[t.id].rank if t.id in rows else 0,
                tuple(roster[t.id]),
            )
            for t in teams
        ),
        lineups=tuple(lineups),
        forfeits=tuple(forfeits),
        pab=pab,
        byes=byes,
        initial_colour=initial_colour,
        pab_points=(
            {ByeScoring.DRAW: mp.draw, ByeScoring.WIN: mp.win}.get(ByeScoring(tournament.bye_scoring), 0.0),
            share * tournament.boards,
        ),
    )


def _requested_byes(
    tournament: Tournament, team_no: dict[int, int], legs: int, published_only: bool
) -> dict[tuple[str, int], tuple[int, ...]]:
    """Record 240: per kind and round the teams with a bye requested in advance (or a late
    entry's missed round); the public file holds those of published rounds only (one query)."""
    byes = RequestedBye.objects.filter(tournament=tournament)
    if published_only:
        published = tournament.rounds.filter(published_at__isnull=False).values("number")
        byes = byes.filter(round_number__in=published)
    records: dict[tuple[str, int], list[int]] = {}
    for number, team, kind in byes.order_by("round_number", "team__seed").values_list(
        "round_number", "team_id", "kind"
    ):
        records.setdefault((kind, (number - 1) * legs + 1), []).append(team_no[team])
    return {key: tuple(teams) for key, teams in records.items()}

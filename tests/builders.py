"""Test data built through the services, so tests exercise the same rules as the desk."""

from tournaments.domain.encounter import ResultEntry
from tournaments.models import AuditEntry, Round
from tournaments.services.pairing import rounds_pair_all
from tournaments.services.playoff import playoff_create
from tournaments.services.publishing import round_publish
from tournaments.services.results import encounter_result_set
from tournaments.services.teams import team_create
from tournaments.services.tournaments import tournament_create

TEAMS = ["SK Kronach", "TSV Küps", "SV Höchstadt", "Schachfreunde Selb", "SC Tettau", "SG Mönchröden"]
PLAYERS = [
    ["Jürgen Müller", "Łukasz Dvořák", "Ayşe Şahin", "Nguyễn Văn An", "Bärbel Weiß"],
    ["Björn Schäfer", "Sören Köhler", "Jörg Größer", "Käthe Bäuerle", "Renée Hübner"],
]


def make_tournament(
    *, teams: int = 4, players: int = 5, preset: str = "blitz-frankenwald", name="Frankenwaldpokal", **overrides
):
    """A tournament with ``teams`` teams whose rosters hold ``players`` players with diacritics."""
    tournament = tournament_create(name=name, preset=preset, **overrides)
    for index in range(teams):
        roster = [{"name": f"{PLAYERS[index % 2][p % 5]} {index + 1}", "rating": 2000 - 50 * p} for p in range(players)]
        team_create(tournament=tournament, name=_team_name(index), players=roster)
    return tournament


def make_paired(**kwargs):
    tournament = make_tournament(**kwargs)
    rounds_pair_all(tournament=tournament)
    return tournament


def play_round(round_, results: dict[int, str]):
    """Enter results per table: ``{1: "1-0 ½-½ 0-1 1-0"}`` sets the four boards of table 1."""
    for match in round_.matches.prefetch_related("boards"):
        if match.table in results:
            for board, result in zip(match.boards.all(), results[match.table].split()):
                enter_board(board=board, result=result)


def _team_name(index: int) -> str:
    return TEAMS[index] if index < len(TEAMS) else f"Team {index + 1}"


# The one result writer (services/results.py) with the entry spelled out, as the tests write it.


def enter_board(*, board, result, **kwargs):
    """A board's result (``None`` or "" clears it); returns the board as stored."""
    encounter_result_set(match=board.match, entry=ResultEntry(board=board.board, result=result or ""), **kwargs)
    board.refresh_from_db()
    return board


def enter_match(*, match, result, deciding_board=None, decided_by="", **kwargs):
    """A match's one result with the board that decided it and how (Tandem §1.3; Vierer §2, §13)."""
    entry = ResultEntry(result=result or "", deciding_board=deciding_board, decided_by=decided_by)
    return encounter_result_set(match=match, entry=entry, **kwargs)


def enter_places(*, match, places, **kwargs):
    """A table's finishing order, each seat's place in seat order (Schach4 "Ende des Spiels")."""
    return encounter_result_set(match=match, entry=ResultEntry(places=places or ""), **kwargs)


# Kronach and Küps draw each other and beat the rest; Höchstadt–Selb is drawn. Kronach's win
# over Höchstadt was first entered as a 2:2 (board 3 "0-1"), then corrected to 2½:1½.
TIED_ROUND_ROBIN = {
    ("SK Kronach", "TSV Küps"): "1-0 0-1 ½-½ ½-½",
    ("SK Kronach", "SV Höchstadt"): "1-0 1-0 0-1 0-1",
    ("SK Kronach", "Schachfreunde Selb"): "1-0 1-0 1-0 ½-½",
    ("TSV Küps", "SV Höchstadt"): "1-0 1-0 1-0 ½-½",
    ("TSV Küps", "Schachfreunde Selb"): "1-0 1-0 1-0 ½-½",
    ("SV Höchstadt", "Schachfreunde Selb"): "1-0 0-1 ½-½ ½-½",
}


def match_between(tournament, a, b):
    for round_ in tournament.rounds.filter(kind=Round.Kind.REGULAR):
        for match in round_.matches.with_sides().prefetch_related("boards"):
            names = {match.first_team.name, match.second_team.name if match.second_team else None}
            if names == {a, b}:
                return match
    raise AssertionError((a, b))


def _play_tied(tournament):
    for (a, b), text in TIED_ROUND_ROBIN.items():
        match = match_between(tournament, a, b)
        flip = match.first_team.name != a
        for board, result in zip(match.boards.order_by("board"), text.split()):
            enter_board(board=board, result="-".join(reversed(result.split("-"))) if flip else result)


def make_decided_playoff(**overrides):
    """A Frankenwald round robin whose play-off for first was paired on a tie and won by Kronach;
    board 3 of Kronach–Höchstadt corrected before the play-off (the change a revert takes back,
    ``tournament.correction``), every round published (issue 28 item 1)."""
    tournament = make_paired(teams=4, **overrides)
    _play_tied(tournament)
    board = match_between(tournament, "SK Kronach", "SV Höchstadt").boards.get(board=3)
    flipped = match_between(tournament, "SK Kronach", "SV Höchstadt").first_team.name != "SK Kronach"
    enter_board(board=board, result="½-½")
    first, second = playoff_create(tournament=tournament)
    for round_, text in ((first, "1-0 1-0 ½-½ ½-½"), (second, "½-½ ½-½ ½-½ ½-½")):
        match = round_.matches.with_sides().get()
        kronach_first = match.first_team.name == "SK Kronach"
        for b, result in zip(match.boards.order_by("board"), text.split()):
            enter_board(board=b, result=result if kronach_first else "-".join(reversed(result.split("-"))))
    for round_ in tournament.rounds.all():
        round_publish(round_=round_)
    tournament.correction = AuditEntry.objects.filter(match=board.match, board=3).latest("pk")
    tournament.flipped = flipped
    return tournament

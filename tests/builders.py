"""Test data built through the services, so tests exercise the same rules as the desk."""

from tournaments.domain.encounter import ResultEntry
from tournaments.services.pairing import rounds_pair_all
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

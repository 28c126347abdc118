"""The standings of an archive without a database: the archive's rules and encounters read as the
standings selector reads the stored ones (``domain/standing_records.py``, shared with it).

What the reference benchmark's whole process needs (issue 29: a TRF file to a ranked list,
``domain/trf`` → ``archive_from_trf`` → here), and a way to rank an archive before importing it.
The archive is taken as valid (``services/archive.py`` validates an import); every regular
round counts, published or not. Withdrawals and play-offs are not applied (a TRF file holds
neither): what they change, the selector alone does.
"""

from tournaments.domain.disciplines import get_discipline
from tournaments.domain.pairing_systems import pairing_system
from tournaments.domain.presets import ByeScoring, MatchPoints, TiebreakEdition, get_preset
from tournaments.domain.results import BY_VALUE, parse_board_result
from tournaments.domain.rule_set import preset_rules, resolve_rules
from tournaments.domain.scoring import requested_bye_record
from tournaments.domain.seats import result_of_seats
from tournaments.domain.standing_records import standing_record
from tournaments.domain.standings import RankingRules, StandingRow, compute_standings

from .settings import given_settings


def archive_standings(archive: dict, *, final: bool = False) -> list[StandingRow]:
    """The standings after the archive's rounds (version 1 or 2); a row's ``team`` is the team's seed."""
    fields = archive["tournament"]
    preset = get_preset(fields.get("preset", "blitz-frankenwald"))
    given = given_settings(archive)
    values = resolve_rules(preset_rules(preset), given, discipline=get_discipline(preset.discipline.value))
    discipline = (
        get_discipline(preset.discipline.value)
        .with_place_points(values["place_points"])
        .with_bye_points(values["table_bye_points"])
    )
    points = values["match_points"]
    rules = RankingRules(
        boards=values["boards"],
        match_points=MatchPoints(float(points["win"]), float(points["draw"]), float(points["loss"])),
        bye_scoring=ByeScoring(values["bye_scoring"]),
        tiebreaks_first=tuple(values["tiebreaks_first"]),
        tiebreaks_other=tuple(values["tiebreaks_other"]),
        playoff_for_first=values["playoff_for_first"],
        predetermined=pairing_system(values["pairing"]).pairs_ahead,
        edition=TiebreakEdition(values["tiebreak_edition"]),
        direct_encounter=discipline.direct_encounter,
    )
    seeds = {team["name"]: team.get("seed", index) for index, team in enumerate(archive["teams"], start=1)}
    with_results = set(discipline.boards_with_results(rules.boards))
    encounters = _v1_encounters if archive.get("version") == 1 else _v2_encounters
    records = []
    requested_byes = pairing_system(values["pairing"]).requested_byes_refusal() is None
    for round_ in archive.get("rounds", ()):
        number = round_["number"]
        for entrants, result, board_results, places in encounters(round_, seeds, with_results):
            record = standing_record(
                number,
                entrants,
                result=result,
                board_results=board_results,
                places=places,
                discipline=discipline,
                rules=rules,
            )
            if record is not None:
                records.append(record)
        if requested_byes:
            records += [
                requested_bye_record(number, seeds[team["name"]], boards=rules.boards, kind=bye["kind"])
                for team in archive["teams"]
                for bye in team.get("byes", ())
                if bye["round"] == number
            ]
    return compute_standings(sorted(seeds.values()), records, rules, final=final)


def _v2_encounters(round_: dict, seeds: dict, with_results: set):
    """(entrants, match result, board results, places) of each encounter of a version 2 round."""
    for encounter in round_["encounters"]:
        sides = encounter["sides"]
        games = sorted(encounter.get("games", ()), key=lambda game: game["board"])
        yield (
            [seeds[side["entrant"]] for side in sides],
            _result(*(side.get("result") for side in sides[:2])) if len(sides) == 2 else "",
            [_result(*_seat_results(game)) for game in games if game["board"] in with_results],
            _places(sides, games),
        )


def _places(sides: list, games: list) -> list:
    """Each side's finishing place at a four-player table: written on its seats in the table's one game
    (docs/archive.md), every seat of a side sharing it; None at boards."""
    places = {}
    for game in games[:1]:
        for seat in game["seats"]:
            places.setdefault(seat["side"], seat.get("place"))
    return [places.get(position) for position in range(1, len(sides) + 1)]


def _v1_encounters(round_: dict, seeds: dict, with_results: set):
    """The same of a version 1 round, read as it stands: its results are already the first
    team's (``upgrade.py`` would build each game's seats only for them to be read back here)."""
    for match in round_["matches"]:
        entrants = (
            [seeds[match["first"]]] if match["second"] is None else [seeds[match["first"]], seeds[match["second"]]]
        )
        boards = sorted(match.get("boards", ()), key=lambda board: board["board"])
        yield (
            entrants,
            _v1_result(match.get("result")),
            [_v1_result(board.get("result")) for board in boards if board["board"] in with_results],
            [None] * len(entrants),
        )


def _seat_results(game: dict) -> tuple:
    seats = sorted(game["seats"], key=lambda seat: seat["side"])
    return tuple(seat.get("result") for seat in seats[:2])


def _result(first, second) -> str:
    result = result_of_seats(first, second, field="result")
    return result.value if result is not None else ""


def _v1_result(text) -> str:
    """A version 1 result as written (any spelling ``parse_board_result`` reads), or "" for none."""
    if text in BY_VALUE:
        return text
    return parse_board_result(text).value if text not in (None, "") else ""

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
from tournaments.domain.rule_set import SETTINGS, preset_rules, resolve_rules
from tournaments.domain.scoring import requested_bye_record
from tournaments.domain.seats import result_of_seats
from tournaments.domain.standing_records import standing_record
from tournaments.domain.standings import RankingRules, StandingRow, compute_standings

from .upgrade import v1_to_v2


def archive_standings(data: dict, *, final: bool = False) -> list[StandingRow]:
    """The standings after the archive's rounds; a row's ``team`` is the team's seed."""
    archive = v1_to_v2(data) if data.get("version") == 1 else data
    fields = archive["tournament"]
    preset = get_preset(fields.get("preset", "blitz-frankenwald"))
    given = {key: fields[key] for key in SETTINGS if key in fields}
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
    )
    seeds = {team["name"]: team.get("seed", index) for index, team in enumerate(archive["teams"], start=1)}
    with_results = set(discipline.boards_with_results(rules.boards))
    records = []
    for round_ in archive.get("rounds", ()):
        for encounter in round_["encounters"]:
            sides = encounter["sides"]
            games = sorted(encounter.get("games", ()), key=lambda game: game["board"])
            record = standing_record(
                round_["number"],
                [seeds[side["entrant"]] for side in sides],
                result=_result(*(side.get("result") for side in sides[:2])) if len(sides) == 2 else "",
                board_results=[_result(*_seat_results(game)) for game in games if game["board"] in with_results],
                places=[side.get("place") for side in sides],
                discipline=discipline,
                rules=rules,
            )
            if record is not None:
                records.append(record)
        if pairing_system(values["pairing"]).requested_byes_refusal() is None:
            records += [
                requested_bye_record(round_["number"], seeds[team["name"]], boards=rules.boards, kind=bye["kind"])
                for team in archive["teams"]
                for bye in team.get("byes", ())
                if bye["round"] == round_["number"]
            ]
    return compute_standings(sorted(seeds.values()), records, rules, final=final)


def _seat_results(game: dict) -> tuple:
    seats = sorted(game["seats"], key=lambda seat: seat["side"])
    return tuple(seat.get("result") for seat in seats[:2])


def _result(first, second) -> str:
    result = result_of_seats(first, second, field="result")
    return result.value if result is not None else ""

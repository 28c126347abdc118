"""Archives written before table byes keep their meaning (issue 25, docs/archive.md).

Before table byes, an encounter of one entrant at a four-player table scored as a match's bye,
by the tournament's ``bye_scoring`` (``nothing``: 0). Arbiter's pairing never made one (it set
full tables or a smaller form only), but the importer took one written by hand or by another
program. Every archive written since carries ``table_bye_points``; one without it that holds a
lone entrant reads as if ``table_bye_points`` gave what the bye rule gave, so it imports and
ranks as before instead of scoring the points of a shared middle place.
"""

from tournaments.domain.disciplines import get_discipline
from tournaments.domain.presets import ByeScoring, get_preset
from tournaments.domain.rule_set import preset_rules, resolve_rules

KEY = "table_bye_points"


def with_old_table_bye_score(archive: dict, given: dict, *, lone_entrants: bool | None = None) -> dict:
    """``given`` (the archive's settings) with the old score of a lone entrant at a table made explicit
    where the archive predates table byes; ``lone_entrants``: whether a round has one, where the
    caller knows it without the archive's rounds."""
    fields = archive["tournament"]
    if KEY in fields or not (_lone_entrants(archive) if lone_entrants is None else lone_entrants):
        return given
    preset = get_preset(fields.get("preset", "blitz-frankenwald"))
    discipline = get_discipline(preset.discipline.value)
    if discipline.bye_points_refusal("0", field=KEY) is not None:
        return given  # no tables: a lone entrant's bye is a match's, scored by bye_scoring as ever
    values = resolve_rules(preset_rules(preset), given, discipline=discipline)
    points = values["match_points"]
    scored = {ByeScoring.NOTHING: 0, ByeScoring.DRAW: points["draw"], ByeScoring.WIN: points["win"]}
    return given | {KEY: f"{float(scored[ByeScoring(values['bye_scoring'])]):g}"}


def _lone_entrants(archive: dict) -> bool:
    """Whether a round of the archive (version 2 encounters, version 1 matches) has an entrant alone."""
    rounds = [*archive.get("rounds", []), *archive.get("playoffs", [])]
    return any(len(encounter["sides"]) == 1 for round_ in rounds for encounter in round_.get("encounters", [])) or any(
        match.get("second") is None for round_ in rounds for match in round_.get("matches", [])
    )

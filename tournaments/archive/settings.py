"""The settings an archive's tournament gives, read alike by the importer and the database-free standings.

``boards`` in an archive is the games an encounter has (docs/archive.md): a Viererschach table is one
game, though its teams field two players each. The tournament's own ``boards`` is the discipline's
lineup size, so it is derived from the games and the colour pattern before the rules are resolved.
"""

from tournaments.domain.disciplines import get_discipline
from tournaments.domain.presets import get_preset
from tournaments.domain.rule_set import SETTINGS

from .table_byes import with_old_table_bye_score


def given_settings(archive: dict, *, lone_entrants: bool | None = None) -> dict:
    """The ``SETTINGS`` the archive's tournament gives, in the tournament's terms (``lone_entrants``:
    ``with_old_table_bye_score``'s)."""
    fields = archive["tournament"]
    given = {key: fields[key] for key in SETTINGS if key in fields}
    if "boards" in given:
        preset = get_preset(fields.get("preset", "blitz-frankenwald"))
        pattern = str(fields.get("colour_pattern", preset.colour_pattern))
        given["boards"] = get_discipline(preset.discipline.value).lineup_size(given["boards"], pattern)
    return with_old_table_bye_score(archive, given, lone_entrants=lone_entrants)

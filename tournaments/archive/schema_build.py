"""The archive's JSON Schema with the tournament's settings written from the rule set.

``schema.json`` is committed for users; its ``tournament`` settings are generated here from
``RULE_SET`` so they cannot drift from what an import accepts (a test compares the two).
Regenerate after changing a setting: ``make schema``.
"""

import json

from tournaments.domain.disciplines import DISCIPLINES
from tournaments.domain.hall_screen import MAX_SECONDS, MIN_SECONDS, PANELS
from tournaments.domain.rule_set import MAX_BOARDS, RULE_SET, Kind, Setting

from . import SCHEMA_PATH, schema

_DATE = {"type": ["string", "null"], "format": "date", "pattern": r"^\d{4}-\d{2}-\d{2}$"}
_BY_KIND = {
    Kind.DATE: lambda s: dict(_DATE),
    Kind.WHOLE: lambda s: {"type": "integer", "minimum": s.minimum, "maximum": s.maximum},
    Kind.BOOL: lambda s: {"type": "boolean"},
    Kind.CHOICE: lambda s: {"enum": list(s.options)},
    Kind.BOARDS: lambda s: {
        "type": "array",
        "maxItems": MAX_BOARDS,
        "items": {"type": "integer", "minimum": 1, "maximum": MAX_BOARDS},
    },
    Kind.CODES: lambda s: {"type": "array", "maxItems": 20, "items": {"type": "string", "maxLength": 10}},
    Kind.POINTS: lambda s: {
        "type": "object",
        "additionalProperties": False,
        "properties": {key: {"$ref": "#/$defs/points"} for key in ("win", "draw", "loss")},
    },
}


def setting_schema(setting: Setting) -> dict:
    if setting.kind == Kind.TEXT:
        node = {"type": "string", "maxLength": setting.maximum} | (
            {"pattern": setting.pattern} if setting.pattern else {}
        )
    else:
        node = _BY_KIND[setting.kind](setting)
    return node | ({"description": setting.help} if setting.help else {})


def build_schema() -> dict:
    """The committed schema with every setting of the tournament as the rule set describes it."""
    result = json.loads(json.dumps(schema()))
    tournament = result["$defs"]["tournament"]
    fixed = {key: value for key, value in tournament["properties"].items() if key not in _SETTING_NAMES}
    head = {key: fixed.pop(key) for key in ("name", "slug", "preset", "discipline")}
    tournament["properties"] = head | {s.name: setting_schema(s) for s in RULE_SET} | fixed
    # the hall screen as the desk checks it (domain/hall_screen.py)
    desk = tournament["properties"]["desk"]["properties"]
    desk["screen_panels"] |= {"maxItems": len(PANELS), "items": {"enum": list(PANELS)}}
    desk["screen_seconds"] |= {"minimum": MIN_SECONDS, "maximum": MAX_SECONDS}
    # how a match with one result ended: every discipline's ways (Tandem §1.3; Vierer §2, §12, §13)
    endings = list(dict.fromkeys(ending.value for d in DISCIPLINES.values() for ending in d.endings))
    decided_by = result["$defs"]["encounter"]["properties"]["decided_by"]
    decided_by["enum"] = [None, "", *endings]
    return result


def schema_text(data: dict) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


_SETTING_NAMES = {setting.name for setting in RULE_SET}


if __name__ == "__main__":
    SCHEMA_PATH.write_text(schema_text(build_schema()), encoding="utf-8")

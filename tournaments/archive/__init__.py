"""The tournament archive: a whole tournament as JSON (format ``arbiter-tournament``).

The format is a public contract that users script against (docs/archive.md): extend it only
compatibly. Version 2 (encounters of sides, games of seats) is written; version 1 (matches of two
teams, boards of two players) is still read, converted to version 2 by ``upgrade.v1_to_v2``.
``schema.json`` is shipped for users; each version's schema validates every import of it.
"""

import json
from functools import cache
from pathlib import Path

FORMAT = "arbiter-tournament"
VERSION = 2
VERSIONS = (1, 2)
# How the desk works, not a rule of the event (issue 30): the tournament's ``desk`` object, added
# compatibly to version 2 with only the values that differ from the defaults.
DESK_KEYS = ("screen_panels", "screen_seconds", "captain_reports_accepted")
SCHEMA_PATH = Path(__file__).with_name("schema.json")
V1_ROUNDS_PATH = Path(__file__).with_name("schema-v1-rounds.json")


@cache
def schema(version: int = VERSION) -> dict:
    """The JSON Schema of ``version``. Version 1 differs only in its rounds (matches of two teams
    with boards), kept in ``schema-v1-rounds.json``, so the rest is described once."""
    current = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    if version == VERSION:
        return current
    rounds = json.loads(V1_ROUNDS_PATH.read_text(encoding="utf-8"))
    return current | {
        "$id": rounds["$id"],
        "title": rounds["title"],
        "properties": current["properties"] | {"version": {"const": 1}},
        "$defs": current["$defs"] | rounds["$defs"],
    }


@cache
def validation_schema(version: int = VERSION) -> dict:
    """The schema with every ``$ref`` to ``$defs`` written out in place, for validating imports.

    Same meaning, but jsonschema no longer resolves a reference for each of 4,400 boards: that
    resolution was half the validation time of a 200-team archive (docs/performance.md).
    """
    definitions = schema(version).get("$defs", {})

    def inline(node):
        if isinstance(node, dict):
            reference = node.get("$ref", "")
            if reference.startswith("#/$defs/") and len(node) == 1:
                return inline(definitions[reference.removeprefix("#/$defs/")])
            return {key: inline(value) for key, value in node.items()}
        if isinstance(node, list):
            return [inline(value) for value in node]
        return node

    return inline(schema(version))

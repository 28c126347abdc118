"""The tournament archive: a whole tournament as JSON (format ``arbiter-tournament``).

The format is a public contract that users script against (docs/archive.md): extend it only
compatibly. Version 2 (encounters of sides, games of seats) is written; version 1 (matches of two
teams, boards of two players) is still read, converted to version 2 by ``upgrade.v1_to_v2``.
Each version's schema is shipped for users and also validates every import here.
"""

import json
from functools import cache
from pathlib import Path

FORMAT = "arbiter-tournament"
VERSION = 2
SCHEMA_PATHS = {1: Path(__file__).with_name("schema-v1.json"), 2: Path(__file__).with_name("schema.json")}


@cache
def schema(version: int = VERSION) -> dict:
    return json.loads(SCHEMA_PATHS[version].read_text(encoding="utf-8"))


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

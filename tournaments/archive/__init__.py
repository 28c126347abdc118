"""The tournament archive: a whole tournament as JSON (format ``arbiter-tournament``, version 1).

The format is a public contract that users script against (docs/archive.md): extend it only
compatibly. ``schema.json`` is shipped for them and also validates every import here.
"""

import json
from functools import cache
from pathlib import Path

FORMAT = "arbiter-tournament"
VERSION = 1
SCHEMA_PATH = Path(__file__).with_name("schema.json")


@cache
def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


@cache
def validation_schema() -> dict:
    """The schema with every ``$ref`` to ``$defs`` written out in place, for validating imports.

    Same meaning, but jsonschema no longer resolves a reference for each of 4,400 boards: that
    resolution was half the validation time of a 200-team archive (docs/performance.md).
    """
    definitions = schema().get("$defs", {})

    def inline(node):
        if isinstance(node, dict):
            reference = node.get("$ref", "")
            if reference.startswith("#/$defs/") and len(node) == 1:
                return inline(definitions[reference.removeprefix("#/$defs/")])
            return {key: inline(value) for key, value in node.items()}
        if isinstance(node, list):
            return [inline(value) for value in node]
        return node

    return inline(schema())

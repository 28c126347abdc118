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

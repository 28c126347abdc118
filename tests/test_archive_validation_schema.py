import copy
import json
from pathlib import Path

import jsonschema_rs
import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from tournaments.archive import schema, validation_schema

EXAMPLE = json.loads(
    (Path(__file__).resolve().parent.parent / "fixtures" / "frankenwald-playoff.json").read_text("utf-8")
)


def _broken(path, value):
    document = copy.deepcopy(EXAMPLE)
    *parents, last = path
    node = document
    for key in parents:
        node = node[key]
    node[last] = value
    return document


def test_the_validation_schema_has_no_references_left_in_its_body():
    for version in (1, 2):
        body = {key: value for key, value in validation_schema(version).items() if key != "$defs"}
        assert "$ref" not in json.dumps(body)
        assert "$ref" in json.dumps(schema(version))  # the shipped schema keeps its definitions


DOCUMENTS = [
    EXAMPLE,
    _broken(["rounds", 0, "matches", 0, "boards", 1, "board"], 0),
    _broken(["rounds", 0, "matches", 0, "second"], 7),
    _broken(["teams", 1, "players", 0, "name"], ""),
    _broken(["tournament", "boards"], "four"),
]


@pytest.mark.parametrize("document", DOCUMENTS)
def test_it_judges_every_document_exactly_as_the_shipped_schema(document):
    def verdict(schema_):
        error = best_match(Draft202012Validator(schema_).iter_errors(document))
        return None if error is None else (list(error.absolute_path), error.message)

    assert verdict(validation_schema(1)) == verdict(schema(1))
    assert (verdict(schema(1)) is None) == (document is EXAMPLE)


# Where a compiled validator could read the schema otherwise than jsonschema: ``$`` before a final
# newline, ``\\d`` and other scripts' digits, a float for an integer, a huge number, types
# beside the type asked for, a format ("date") jsonschema does not assert.
EDGES = [
    _broken(["tournament", "slug"], "kronach-2026\n"),
    _broken(["tournament", "slug"], "Kronach"),
    _broken(["tournament", "start_date"], "2026-11-28\n"),
    _broken(["tournament", "start_date"], "\u0662\u0660\u0662\u0666-\u0661\u0661-\u0662\u0668"),
    _broken(["tournament", "start_date"], "2026-02-30"),
    _broken(["tournament", "colour_pattern"], "BWBW\n"),
    _broken(["tournament", "boards"], 4.0),
    _broken(["tournament", "boards"], 4.5),
    _broken(["tournament", "boards"], 10**30),
    _broken(["tournament", "boards"], True),
    _broken(["teams", 0, "seed"], None),
    _broken(["teams", 0, "players", 0, "rating"], "2100"),
    _broken(["rounds", 0, "matches", 0, "boards", 0, "result"], "1-0\n"),
    _broken(["rounds", 0, "matches", 0, "boards"], {}),
    _broken(["teams"], []),
]


@pytest.mark.parametrize("document", DOCUMENTS + EDGES)
def test_what_the_compiled_check_passes_jsonschema_passes_too(document):
    """services/archive.py trusts the compiled check's pass and asks jsonschema only about a
    refusal (to name its error): a pass jsonschema would refuse would let an invalid archive in."""
    for version in (1, 2):
        compiled = jsonschema_rs.Draft202012Validator(validation_schema(version)).is_valid(document)
        reference = Draft202012Validator(validation_schema(version)).is_valid(document)
        assert not compiled or reference, (version, document)
    assert jsonschema_rs.Draft202012Validator(validation_schema(1)).is_valid(EXAMPLE)  # the fast path is taken

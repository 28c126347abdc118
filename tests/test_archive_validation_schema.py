import copy
import json
from pathlib import Path

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


@pytest.mark.parametrize(
    "document",
    [
        EXAMPLE,
        _broken(["rounds", 0, "matches", 0, "boards", 1, "board"], 0),
        _broken(["rounds", 0, "matches", 0, "second"], 7),
        _broken(["teams", 1, "players", 0, "name"], ""),
        _broken(["tournament", "boards"], "four"),
    ],
)
def test_it_judges_every_document_exactly_as_the_shipped_schema(document):
    def verdict(schema_):
        error = best_match(Draft202012Validator(schema_).iter_errors(document))
        return None if error is None else (list(error.absolute_path), error.message)

    assert verdict(validation_schema(1)) == verdict(schema(1))
    assert (verdict(schema(1)) is None) == (document is EXAMPLE)

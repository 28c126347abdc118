"""Property-based run of schemathesis against our own OpenAPI schema, as a director, an arbiter
and an anonymous client (every role sees other answers: 403s, 404s, blanked results).

Bounded (a few examples per operation) so the suite stays fast; the checks are: no 5xx, and
every response matches the documented status codes, content type and schema. Path parameters
are pointed at a real tournament, match, team and audit entry so the calls reach the services.
"""

import os

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tournaments.models import AuditEntry, Match
from tournaments.services.incidents import incident_record

MAX_EXAMPLES = int(os.environ.get("SCHEMATHESIS_MAX_EXAMPLES", "8"))  # raise it locally to search harder


# Loaded at collection (pytest-django has set Django up by then); the schema view needs no database.
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())


@pytest.fixture
def keep_connection():
    """Schemathesis calls the WSGI app directly, whose request signals would close the test's
    database connection (and its transaction); Django's own test client detaches them the same way."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,  # no .hypothesis/ example store in the work tree
    suppress_health_check=list(HealthCheck),
)
@pytest.mark.django_db
@pytest.mark.parametrize("who", ["director_a", "arbiter_a", None], ids=["director", "arbiter", "anonymous"])
def test_the_api_never_fails_and_matches_its_schema(case, who, world, keep_connection):
    # Earlier examples may have unpaired rounds or revoked roles: look the targets up afresh.
    match = Match.objects.filter(round__tournament=world.a).order_by("round__number", "table").first()
    team = world.a.teams.order_by("seed").first()
    entry = AuditEntry.objects.filter(tournament=world.a).order_by("id").first()
    real = {
        "slug": world.a.slug,
        "number": 1,
        "username": "arbiter_a",
    }
    path = case.operation.path
    if "{id}" in path:
        if "/matches/" in path and match is not None:
            real["id"] = match.pk
        elif "/teams/" in path and team is not None:
            real["id"] = team.pk
        elif "/audit/" in path and entry is not None:
            real["id"] = entry.pk
        elif "/incidents/" in path and match is not None:
            real["id"] = incident_record(match=match, board=1, side="first", kind="touch-move").pk
    for name in case.path_parameters or {}:
        if name in real:
            case.path_parameters[name] = real[name]
    case.call_and_validate(
        headers={"Authorization": f"Token {world.tokens[who]}"} if who else {},
        checks=[not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance],
    )

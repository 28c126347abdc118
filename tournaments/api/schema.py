"""Schema post-processing (every operation documents the shared error shape) and enum names.

Errors are produced by one handler (tournaments/api/exceptions.py) for every view, so they are
declared here once instead of on each view.
"""

from tournaments.domain.eligibility import Check
from tournaments.domain.penalties import IncidentKind, Penalty

FIELD_ERROR = {
    "type": "object",
    "properties": {
        "field": {"type": "string", "nullable": True, "description": "Where: a field name or a place like “board 2”."},
        "detail": {"type": "string", "description": "What is wrong and which rule, in the user's language."},
    },
    "required": ["field", "detail"],
}
ERROR = {
    "type": "object",
    "properties": {
        **FIELD_ERROR["properties"],
        "rule": {"type": "string", "nullable": True},
        "errors": {"type": "array", "items": {"$ref": "#/components/schemas/FieldError"}},
    },
    "required": ["field", "detail", "errors"],
}
STATUSES = {
    "400": "Bad input: the field and the rule it breaks",
    "401": "Not logged in (send “Authorization: Token <key>” or a session cookie)",
    "403": "Your role in this tournament does not allow this",
    "404": "Not found, or private data of a tournament where you have no role",
    "406": "Not acceptable: the API answers JSON only",
    "415": "Send JSON",
    "429": "Too many failed logins from your address",
}


def add_error_responses(result, generator, request, public):
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas["FieldError"] = FIELD_ERROR
    schemas["Error"] = ERROR
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            for code, description in STATUSES.items():
                responses.setdefault(
                    code,
                    {
                        "description": description,
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                    },
                )
    return result


def incident_kinds() -> list[str]:
    """ENUM_NAME_OVERRIDES: one ``IncidentKindEnum`` for every field holding an incident kind."""
    return [kind.value for kind in IncidentKind]


def penalties() -> list[str]:
    """ENUM_NAME_OVERRIDES: one ``PenaltyEnum`` for the proposed, decided and requested penalty."""
    return [penalty.value for penalty in Penalty]


def eligibility_checks() -> list[str]:
    """ENUM_NAME_OVERRIDES: one ``EligibilityCheckEnum`` for what each eligibility rule does."""
    return [check.value for check in Check]

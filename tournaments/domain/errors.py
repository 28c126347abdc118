"""Errors of the domain core, carrying an untranslated message and its parameters.

The domain cannot import Django's gettext, so messages are marked with ``gettext_noop`` (which
``makemessages`` extracts) and translated by the caller: ``error.text(gettext)`` translates the
message, the rule and the field's name (``field_labels``).
"""

from .field_labels import field_label
from .i18n import gettext_noop

__all__ = ["RuleViolation", "RuleViolations", "gettext_noop"]


class RuleViolation(ValueError):
    """Input that breaks a rule; ``field`` names where (e.g. ``board 2``), ``message`` the rule.

    A message about a number of things has a ``plural`` form, used unless ``count`` is 1: German
    and English, the shipped languages, both take the singular for exactly one, so the two forms
    are translated as two entries and no language gets "1 Ergebnis(se)".
    """

    def __init__(self, message: str, *, field: str = "", rule: str = "", plural: str = "", **params):
        self.message = message
        self.plural = plural
        self.field = field
        self.rule = rule
        self.params = params
        super().__init__(self.text())

    @property
    def violations(self) -> list["RuleViolation"]:
        """Every violation this error reports (one; several for ``RuleViolations``)."""
        return [self]

    def text(self, translate=None) -> str:
        """``field: message (rule)``, with ``translate`` applied to the field, message and rule.

        The field reads as a person's words where ``translate`` is given (``field_labels``: "from
        round", "seat 2", none for a version), as its path without (the domain's own tests, logs).
        """
        label = field_label(self.field, translate) if self.field else ""
        body = self.body(translate)
        return f"{label}: {body}" if label else body

    def body(self, translate=None) -> str:
        """``message (rule)`` without the field: where the page shows the error at its field
        already (a form's field), naming it again is noise.

        Most rule citations ("Blitz §16") read the same in every language and are not in the
        catalogue, so translating them returns them unchanged; "Blitz preamble" is translated.
        """
        translate = translate or (lambda message: message)
        template = self.plural if self.plural and self.params.get("count") != 1 else self.message
        body = translate(template) % self.params if self.params else translate(template)
        if self.rule:
            rule = translate(self.rule)
            body = f"{body[:-1]} ({rule})." if body.endswith(".") else f"{body} ({rule})"
        return body


class RuleViolations(RuleViolation):
    """Several violations found in one pass (every line of a roster), reported together.

    It reads as its first violation wherever one error is expected; forms and the API list all.
    """

    def __init__(self, violations: list[RuleViolation]):
        self.all = list(violations)
        first = self.all[0]
        super().__init__(first.message, field=first.field, rule=first.rule, plural=first.plural, **first.params)

    @property
    def violations(self) -> list[RuleViolation]:
        return self.all

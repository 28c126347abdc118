"""Errors of the domain core, carrying an untranslated message and its parameters.

The domain cannot import Django's gettext, so messages are marked with ``gettext_noop`` (which
``makemessages`` extracts) and translated by the caller: ``gettext(error.message) % error.params``.
"""


def gettext_noop(message: str) -> str:
    """Mark a string for translation without translating it (picked up by makemessages)."""
    return message


class RuleViolation(ValueError):
    """Input that breaks a rule; ``field`` names where (e.g. ``board 2``), ``message`` the rule."""

    def __init__(self, message: str, *, field: str = "", rule: str = "", **params):
        self.message = message
        self.field = field
        self.rule = rule
        self.params = params
        super().__init__(self.text())

    def text(self, translate=lambda message: message) -> str:
        """``field: message (rule)``, with ``translate`` applied to the message template and the rule.

        Most rule citations ("Blitz §16") read the same in every language and are not in the
        catalogue, so translating them returns them unchanged; "Blitz preamble" is translated.
        """
        body = translate(self.message) % self.params if self.params else translate(self.message)
        if self.rule:
            rule = translate(self.rule)
            body = f"{body[:-1]} ({rule})." if body.endswith(".") else f"{body} ({rule})"
        return f"{self.field}: {body}" if self.field else body


class RuleViolations(RuleViolation):
    """Several violations found together (e.g. every setting refused in one change), each named.

    Behaves as the first for callers that show one; ``violations`` lists them all.
    """

    def __init__(self, violations: list[RuleViolation]):
        self.violations = list(violations)
        first = self.violations[0]
        super().__init__(first.message, field=first.field, rule=first.rule, **first.params)

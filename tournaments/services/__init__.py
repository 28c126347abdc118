"""Every write to a tournament goes through a function here: ``entity_action(*, ...)``.

Each runs in one transaction, checks the rules through the domain core, raises
``RuleViolation`` (naming the field and the rule) on bad input, and records what it changed in
the audit trail.
"""

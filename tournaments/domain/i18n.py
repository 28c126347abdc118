"""Marking text for translation in the domain core, which cannot import Django's gettext."""


def gettext_noop(message: str) -> str:
    """Mark a string for translation without translating it (picked up by makemessages)."""
    return message

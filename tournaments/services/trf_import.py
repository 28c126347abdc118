"""Importing a TRF-2026 or TRF16 team file as a new tournament, through the archive import."""

from tournaments.domain.errors import RuleViolation
from tournaments.domain.presets import get_preset
from tournaments.domain.tiebreaks import get_tiebreak
from tournaments.domain.trf.reader import decode, read_trf
from tournaments.domain.trf.to_archive import archive_from_trf
from tournaments.models import Tournament

from .archive import tournament_import


def tournament_import_trf(
    *, data: bytes, preset: str = "fide-team", tiebreaks: list[str] | None = None, user=None, source: str = "import"
) -> Tournament:
    """All or nothing: the file is read and checked before the archive import writes anything.

    ``tiebreaks``: the chain to rank by instead of the file's 202 list (a list naming a code we
    do not compute is refused otherwise)."""
    event = read_trf(decode(data))
    archive = archive_from_trf(event, get_preset(preset), known_codes=known_tiebreak, chain=tiebreaks)
    return tournament_import(archive=archive, user=user, source=source)


def known_tiebreak(code: str) -> bool:
    try:
        get_tiebreak(code)
    except RuleViolation:
        return False
    return True

"""Importing a SwissChess team tournament (.SWT) as a new tournament: read as TRF data, then the
TRF import's rules and the archive import, all or nothing."""

from tournaments.domain.presets import get_preset
from tournaments.domain.swt import read_swt
from tournaments.domain.trf.to_archive import archive_from_trf
from tournaments.models import Tournament

from .archive import tournament_import
from .trf_import import known_tiebreak


def tournament_import_swt(*, data: bytes, preset: str = "fide-team", user=None, source: str = "import") -> Tournament:
    """SwissChess's tie-breaks are not read (their codes are SwissChess's own): the preset's
    chain ranks the event, shown on the rule-set page like every setting."""
    archive = archive_from_trf(read_swt(data), get_preset(preset), known_codes=known_tiebreak)
    return tournament_import(archive=archive, user=user, source=source)

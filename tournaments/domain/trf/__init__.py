"""TRF-2026 (FIDE Handbook, Tournament Report File, applied from 1 September 2025): plain data
describing an event, and the writer that turns it into the file's fixed columns."""

from .event import TRF_TEAMS, TrfEvent, TrfForfeit, TrfGame, TrfLineup, TrfPlayer, TrfTeam, size_refusal
from .writer import write_trf

__all__ = [
    "TRF_TEAMS",
    "TrfEvent",
    "TrfForfeit",
    "TrfGame",
    "TrfLineup",
    "TrfPlayer",
    "TrfTeam",
    "size_refusal",
    "write_trf",
]

"""The round bundle: the pairing list and every match report form of a round, one PDF to print.

The two documents are rendered on their own (each keeps its header and "page x of y") and joined.
"""

from io import BytesIO

from pypdf import PdfWriter

from tournaments.selectors.pairings import RoundPairings

from .match_report import MatchReportDocument
from .pairing_list import PairingListDocument
from .seat_cards import SeatCardsDocument


class RoundBundleDocument:
    """The pairing list, then the forms the discipline prints per round: match report forms, or a
    seat card per four-player table (``cards``: a callable giving them, read only where printed)."""

    def __init__(self, pairings: RoundPairings, *, per_page: int = 2, incidents=(), cards=lambda: []):
        round_ = pairings.round
        forms = {
            "match-reports": lambda: MatchReportDocument(pairings, per_page=per_page, incidents=incidents),
            "seat-cards": lambda: SeatCardsDocument(round_.tournament, round_number=round_.number, cards=cards()),
        }
        self.parts = [PairingListDocument(pairings), *(forms[name]() for name in round_.tournament.discipline_rules.round_prints)]

    def render(self) -> bytes:
        writer = PdfWriter()
        for part in self.parts:
            writer.append(BytesIO(part.render()))
        buffer = BytesIO()
        writer.write(buffer)
        return buffer.getvalue()

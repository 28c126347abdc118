"""The round bundle: the pairing list and every match report form of a round, one PDF to print.

The two documents are rendered on their own (each keeps its header and "page x of y") and joined.
"""

from io import BytesIO

from pypdf import PdfWriter

from tournaments.selectors.pairings import RoundPairings

from .match_report import MatchReportDocument
from .pairing_list import PairingListDocument


class RoundBundleDocument:
    def __init__(self, pairings: RoundPairings, *, per_page: int = 2, incidents=()):
        self.parts = [PairingListDocument(pairings), MatchReportDocument(pairings, per_page=per_page, incidents=incidents)]

    def render(self) -> bytes:
        writer = PdfWriter()
        for part in self.parts:
            writer.append(BytesIO(part.render()))
        buffer = BytesIO()
        writer.write(buffer)
        return buffer.getvalue()

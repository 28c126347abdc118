"""The round bundle: the round's list and every form of a round, one PDF to print.

The documents are rendered on their own (each keeps its header and "page x of y") and joined.
"""

from io import BytesIO

from pypdf import PdfWriter

from tournaments.selectors.pairings import RoundPairings

from .match_report import MatchReportDocument
from .pairing_list import PairingListDocument
from .seat_cards import SeatCardsDocument, table_cards
from .table_list import TableListDocument


class RoundBundleDocument:
    """The round's list as the discipline lays an encounter out (the pairing list, or the table
    list of seats), then the forms it prints per round: match report forms, or a seat card per
    four-player table. ``requested_byes``: the teams not paired in the round, under the pairing
    list."""

    def __init__(self, pairings: RoundPairings, *, per_page: int = 2, incidents=(), requested_byes=()):
        round_ = pairings.round
        tournament = round_.tournament
        lists = {
            "boards": lambda: PairingListDocument(pairings, requested_byes=requested_byes),
            "table": lambda: TableListDocument(tournament, round_number=round_.number, lines=pairings.matches),
        }
        forms = {
            "match-reports": lambda: MatchReportDocument(pairings, per_page=per_page, incidents=incidents),
            "seat-cards": lambda: SeatCardsDocument(
                tournament, round_number=round_.number, cards=table_cards(pairings.matches)
            ),
        }
        discipline = tournament.discipline_rules
        self.parts = [lists[discipline.layout](), *(forms[name]() for name in discipline.round_prints)]

    def render(self) -> bytes:
        writer = PdfWriter()
        for part in self.parts:
            writer.append(BytesIO(part.render()))
        buffer = BytesIO()
        writer.write(buffer)
        return buffer.getvalue()

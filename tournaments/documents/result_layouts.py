"""Where a printed match puts its results, as the layout registry (``tournaments/layouts.py``
``result_pdf``) names it for each kind of discipline. Every board has its own result
(team blitz, FIDE team: a result box per board and one for the total, Blitz §16), or the boards
carry none and the match has one result with the board that decided it and how (tandem,
Tandem §1.3). The match report form and the pairing list's board lists ask the layout, never the
discipline's name; a new kind adds its layout here.
"""

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Spacer, Table, TableStyle

from tournaments.arbiter_labels import decision_text

from .base import GRID, para
from .match_decision import decision_box


def _result_box():
    return para(":", "centre", fontSize=12, leading=14)


class ResultPerBoard:
    """Each board has its own result; the match score is their sum (Blitz §16)."""

    def report_columns(self) -> list[str]:
        """The match report form's columns after the players: a result box per board."""
        return [_("Result")]

    def report_boxes(self) -> list:
        return [_result_box()]

    def report_table(self, rows: list, widths: list[float], style: list) -> Table:
        """The boards, then a total row with its own box for the match score."""
        rows = rows + [["", "", para(_("Total"), "cell", bold=True), "", "", _result_box()]]
        table = Table(rows, colWidths=widths, repeatRows=1)
        last = len(rows) - 1
        table.setStyle(
            TableStyle(
                style
                + [
                    ("GRID", (0, 0), (-1, last - 1), 0.5, GRID),
                    ("BOX", (-1, last), (-1, last), 1.2, GRID),
                    ("LINEABOVE", (0, last), (-1, last), 1.2, GRID),
                    ("SPAN", (2, last), (4, last)),
                ]
            )
        )
        return table

    def report_decision(self, line) -> list:
        """Nothing below the boards: their boxes and the total are the result."""
        return []

    def pairing_rows(self, line) -> list:
        """Nothing after a board list's boards: each board shows its own result."""
        return []


class ResultPerMatch:
    """The boards carry no result; the match has one, decided on one board (Tandem §1.3)."""

    def report_columns(self) -> list[str]:
        return []

    def report_boxes(self) -> list:
        return []

    def report_table(self, rows: list, widths: list[float], style: list) -> Table:
        table = Table(rows, colWidths=widths, repeatRows=1)
        table.setStyle(TableStyle(style + [("GRID", (0, 0), (-1, -1), 0.5, GRID)]))
        return table

    def report_decision(self, line) -> list:
        """Below the boards, the boxes for the match result, the deciding board and how."""
        return [
            decision_box(line.first_team.name, line.second_team.name, len(line.games), line.discipline),
            Spacer(1, 3 * mm),
        ]

    def pairing_rows(self, line) -> list:
        """After a board list's boards, the match result with where and how it was decided."""
        if not line.result:
            return []
        decision = decision_text(deciding_board=line.deciding_board, decided_by=line.decided_by)
        return [
            [
                "",
                "",
                para(_("Match result"), "cell", bold=True),
                "",
                para(decision, "cell"),
                para(line.result, "cell", bold=True),
            ]
        ]


PER_BOARD = ResultPerBoard()
PER_MATCH = ResultPerMatch()

"""The part of a match report form where a match has one result (tandem, Tandem §1.3).

The captains tick the match result, the board that decided it and how; the ways are the
domain's list, so a new one shows up here without touching the form.
"""

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Table, TableStyle

from .base import BOLD, GRID, REGULAR, fitted_widths, in_every_language, para, widest_word

BOX = "☐"


def decision_box(first: str, second: str, boards: int, discipline) -> Table:
    """Match result (from the first-named team's view), deciding board, and how: boxes to tick.

    The ways are the discipline's endings; a discipline without a deciding board (Viererschach:
    one game at one table, Vierer §1) leaves that row empty."""
    results = "    ".join(f"{BOX} {text}" for text in ("1-0", "½-½", "0-1", "+-", "-+", "--"))
    board_boxes = "    ".join(f"{BOX} {board}" for board in discipline.deciding_boards(boards)) or "–"
    ways = [f"{BOX} {_(ending.label)}" for ending in discipline.endings]
    half = (len(ways) + 1) // 2
    rows = [
        [
            para(_("Match result"), "cell", bold=True),
            para(f"{first} – {second}", "cell"),
            para(results, "cell", fontSize=10.5, leading=13),
        ],
        [para(_("Deciding board"), "cell", bold=True), "", para(board_boxes, "cell", fontSize=10.5, leading=13)],
        [para(_("How"), "cell", bold=True), para("   ".join(ways[:half]), "cell"), ""],
        ["", para("   ".join(ways[half:]), "cell"), ""],
    ]
    labels = in_every_language(lambda: [_("Match result"), _("Deciding board"), _("How")])
    need = widest_word([label for texts in labels for label in texts], BOLD)
    table = Table(rows, colWidths=fitted_widths([30 * mm, 70 * mm, 80 * mm], [need, 0, 0], 180 * mm, flexible=[1]))
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), REGULAR),
                ("BOX", (0, 0), (-1, -1), 1.2, GRID),
                ("LINEBELOW", (0, 0), (-1, 1), 0.5, GRID),
                ("SPAN", (0, 1), (1, 1)),
                ("SPAN", (1, 2), (2, 2)),
                ("SPAN", (1, 3), (2, 3)),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 0), (-1, -1), 4),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    return table

"""The crosstable (Kreuztabelle): every team's match score against every opponent, MP, BP, rank.

Teams stand in standings order; a column is the opponent with that row number, or for a big
event a round (the opponent's row number and the score), so 2,000 teams make a long table over
many pages rather than a grid of 4 million cells. More than ten columns turn the page to landscape.
"""

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Table, TableStyle

from tournaments.domain.formatting import place, points
from tournaments.selectors.crosstable import Crosstable

from .base import BOLD, GRID, MARGIN, REGULAR, SHADE, A4Document, para

PORTRAIT_UP_TO = 10  # teams


class CrosstableDocument(A4Document):
    def __init__(self, tournament, crosstable: Crosstable):
        super().__init__(tournament, round_number=crosstable.standings.after_round or None)
        self.crosstable = crosstable

    def document_title(self) -> str:
        return _("Crosstable")

    def is_landscape(self) -> bool:
        return self._columns() > PORTRAIT_UP_TO

    def story(self) -> list:
        return [para(self.document_title(), "heading"), self.table()]

    def _columns(self) -> int:
        """A column per opponent, or beyond ``GRID_MAX_TEAMS`` per round (teams × rounds cells, not teams²)."""
        return len(self.crosstable.rows) if self.crosstable.grid else len(self.crosstable.rounds)

    def table(self) -> Table:
        rows = self.crosstable.rows
        grid = self.crosstable.grid
        count = self._columns()
        size = 8.5 if count <= 12 else 7
        cell = dict(fontSize=size, leading=size + 2)
        shown = self.crosstable.standings.columns  # totals after MP: board points, or none (Tandem §1.3)
        totals = [_(self.tournament.discipline_rules.score_code)] + [_(column.code) for column in shown]
        columns = (
            [str(n) for n in range(1, count + 1)]
            if grid
            else [_("R%(number)s") % {"number": n} for n in self.crosstable.rounds]
        )
        header = ["#", _(self.tournament.discipline_rules.entrant_label)] + columns + totals + [_("Rank")]
        data = [[para(text, "centre", bold=True, **cell) for text in header]]
        for index, row in enumerate(rows):
            line = [para(index + 1, "centre", **cell), para(row.team.name, "cell", bold=True, **cell)]
            if grid:
                for opponent in rows:
                    encounters = row.cells.get(opponent.team.id, [])
                    line.append(para(" / ".join(e.short_text for e in encounters), "centre", **cell))
            else:  # the opponent's number in this table, then the score
                for legs in row.by_round:
                    line.append(para(" / ".join(f"{number} {e.text}" for number, e in legs) or "–", "centre", **cell))
            line.append(para(points(row.mp), "centre", bold=True, **cell))
            line += [para(points(column.value(row)), "centre", **cell) for column in shown]
            line.append(para(place(row.rank, row.rank_to), "centre", **cell))
            data.append(line)
        width = self.page_size()[0] - 2 * MARGIN
        fixed = [10 * mm, 0] + [12 * mm] * len(totals) + [15 * mm]
        score = max(8 * mm, min(14 * mm if grid else 20 * mm, (width - sum(fixed) - 45 * mm) / max(count, 1)))
        fixed[1] = width - sum(fixed) - score * count
        table = Table(data, colWidths=fixed[:2] + [score] * count + fixed[2:], repeatRows=1)
        styles = [
            ("FONT", (0, 0), (-1, -1), REGULAR),
            ("FONT", (0, 0), (-1, 0), BOLD),
            ("GRID", (0, 0), (-1, -1), 0.4, GRID),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (2, 0), (-1, -1), 1.5),
            ("RIGHTPADDING", (2, 0), (-1, -1), 1.5),
        ]
        if grid:  # a team's own cell
            styles += [("BACKGROUND", (2 + i, 1 + i), (2 + i, 1 + i), GRID) for i in range(count)]
        table.setStyle(TableStyle(styles))
        return table

"""The table list of a round, for the wall (four-player chess, issue 15): per table its form,
every seat in move order with its colour (where the rules name colours), player and entrant
(where the player is not the entrant itself), and where the result is a finishing order, once
the round is published (or on the desk's own copy), each seat's finishing place and points; a
Viererschach match names its two teams with their colours and gives its one result and how it
ended (Vierer §2, §13). The lines are the read model's encounters
(``selectors.encounters.EncounterView``); a table bye says what it scores (``tables.byes``)."""

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Spacer, Table

from tournaments.arbiter_labels import decision_text
from tournaments.domain.formatting import points

from .base import BOLD, A4Document, fitted_widths, grid_table_style, in_every_language, para, widest_word
from .seat_cards import card_sides, seat_colour, side_label


class TableListDocument(A4Document):
    def __init__(self, tournament, *, round_number: int, lines):
        super().__init__(tournament, round_number=round_number)
        self.lines = list(lines)

    def document_title(self) -> str:
        return _("Tables")

    def story(self) -> list:
        heading = _("Tables – round %(number)d") % {"number": self.round_number}
        story = [para(heading, "heading", fontSize=20, leading=25)]
        if self.withheld:
            return [*story, *self.withheld_notice()]
        for line in self.lines:
            story += [KeepTogether(self.table(line)), Spacer(1, 4 * mm)]
        return story

    def title(self, line) -> str:
        parts = [_("Table %(table)d") % {"table": line.table}]
        if self.tournament.double_rounds:
            parts.append(_("Leg %(leg)d") % {"leg": line.leg})
        if line.is_bye:
            scored = _("Points") + f": {points(line.bye_points)}"
            return " · ".join(parts) + f": {line.first_team.name} – " + _("bye") + f" ({scored})"
        parts.append(line.form)
        if not line.finishing_order:
            parts.append(" – ".join(side_label(side) for side in card_sides(line)))
        if line.places:
            parts.append(_("Finishing order (places per seat): %(places)s") % {"places": line.places})
        if line.result:
            decision = decision_text(deciding_board=None, decided_by=line.decided_by)
            parts.append(_("Result") + f": {line.result}" + (f" ({decision})" if decision else ""))
        return " · ".join(parts)

    def table(self, line) -> list:
        if line.is_bye:
            return [para(self.title(line), "subheading")]
        seats = line.seats
        columns = [  # (heading, width, words it must fit besides the heading, cell)
            (_("Seat"), 12 * mm, lambda: [], lambda seat: para(str(seat.position), "cell", bold=True, fontSize=12)),
        ]
        if line.coloured:
            columns.append((_("Colour"), 18 * mm, lambda: [seat_colour("Y"), seat_colour("W")], self.colour))
        entrants = line.entrants_apart
        columns.append((_("Player"), 0, lambda: [], lambda seat: self.player(seat, entrants)))
        if entrants:
            columns.append((_("Entrant"), 0, lambda: [], lambda seat: para(seat.entrant, "cell")))
        if line.finishing_order:
            columns += [
                (_("Finishing place"), 20 * mm, lambda: [_("absent")], self.place),
                (_("Points"), 14 * mm, lambda: [], self.score),
            ]
        rows = [[para(heading, "cell", bold=True) for heading, *_rest in columns]]
        rows += [[cell(seat) for *_rest, cell in columns] for seat in seats]
        needs = [
            widest_word(sum(column, []), BOLD)
            for column in zip(*in_every_language(lambda: [[heading, *words()] for heading, _w, words, _c in columns]))
        ]
        flexible = [index for index, column in enumerate(columns) if column[1] == 0]
        widths = fitted_widths([width for _h, width, *_rest in columns], needs, 180 * mm, flexible=flexible)
        table = Table(rows, colWidths=widths, repeatRows=1)
        table.setStyle(grid_table_style())
        return [para(self.title(line), "subheading"), table]

    @staticmethod
    def colour(seat):
        return para(seat_colour(seat.colour), "cell")

    @staticmethod
    def player(seat, entrants: bool):
        """The player; an empty seat "—", naming the absent entrant where no column does."""
        name = seat.player.name if seat.player else ("—" if entrants else f"— ({seat.entrant})")
        return para(name, "cell", bold=True, fontSize=12, leading=15)

    @staticmethod
    def place(seat):
        return para(_("absent") if seat.absent else ("" if seat.place is None else f"{seat.place}."), "cell")

    @staticmethod
    def score(seat):
        return para("" if seat.points is None else points(seat.points), "cell")

"""The table list of a round, for the wall (four-player chess, issue 15): per table its form,
every seat in move order with its colour, player and entrant, and once the round is published
(or on the desk's own copy) each seat's finishing place and points; a Viererschach match its
one result and how it ended (Vierer §2, §13). The lines are the read model's encounters
(``selectors.encounters.EncounterView``)."""

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Spacer, Table

from tournaments.arbiter_labels import decision_text
from tournaments.domain.formatting import points

from .base import BOLD, A4Document, fitted_widths, grid_table_style, in_every_language, para, widest_word
from .seat_cards import seat_colour


class TableListDocument(A4Document):
    def __init__(self, tournament, *, round_number: int, lines):
        super().__init__(tournament, round_number=round_number)
        self.lines = list(lines)

    def document_title(self) -> str:
        return _("Tables")

    def story(self) -> list:
        heading = _("Tables – round %(number)d") % {"number": self.round_number}
        story = [para(heading, "heading", fontSize=20, leading=25)]
        for line in self.lines:
            story += [KeepTogether(self.table(line)), Spacer(1, 4 * mm)]
        return story

    def title(self, line) -> str:
        parts = [_("Table %(table)d") % {"table": line.table}]
        if self.tournament.double_rounds:
            parts.append(_("Leg %(leg)d") % {"leg": line.leg})
        if line.is_bye:
            return " · ".join(parts) + f": {line.first_team.name} – " + _("bye")
        parts.append(line.form)
        if line.places:
            parts.append(_("Finishing order (places per seat): %(places)s") % {"places": line.places})
        if line.result:
            decision = decision_text(deciding_board=None, decided_by=line.decided_by)
            parts.append(_("Result") + f": {line.result}" + (f" ({decision})" if decision else ""))
        return " · ".join(parts)

    def table(self, line) -> list:
        if line.is_bye:
            return [para(self.title(line), "subheading")]
        header = [_("Seat"), _("Colour"), _("Player"), _("Entrant"), _("Finishing place"), _("Points")]
        rows = [[para(text, "cell", bold=True) for text in header]]
        for seat in line.seats:
            place = _("absent") if seat.absent else ("" if seat.place is None else f"{seat.place}.")
            rows.append(
                [
                    para(str(seat.position), "cell", bold=True, fontSize=12, leading=15),
                    para(seat_colour(seat.colour), "cell"),
                    para(seat.player.name if seat.player else "—", "cell", bold=True, fontSize=12, leading=15),
                    para(seat.entrant, "cell"),
                    para(place, "cell"),
                    para("" if seat.points is None else points(seat.points), "cell"),
                ]
            )
        needs = [
            widest_word(sum(column, []), BOLD)
            for column in zip(
                *in_every_language(
                    lambda: [
                        [_("Seat")],
                        [_("Colour"), seat_colour("Y"), seat_colour("W")],
                        [],
                        [],
                        [_("Finishing place"), _("absent")],
                        [_("Points")],
                    ]
                )
            )
        ]
        widths = fitted_widths([12 * mm, 18 * mm, 0, 0, 20 * mm, 14 * mm], needs, 180 * mm, flexible=[2, 3])
        table = Table(rows, colWidths=widths, repeatRows=1)
        table.setStyle(grid_table_style())
        return [para(self.title(line), "subheading"), table]

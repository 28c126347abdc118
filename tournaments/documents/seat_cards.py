"""Seat cards for four-player tables (issue 15): one card per table, laid on the table before play.

Each card names the round and table, the table's form (Schach4 V1, Vierer §1 …), and per seat in
move order (seat 1 moves first, then clockwise; Schach4 "Der Spielbeginn", Vierer §4) its colour
where the rules name one, the player and the entrant. Boxes take the order of elimination as it
happens and the place each seat finished in; the players sign. Two cards per A4 page with a cut
line, like the match report forms. The cards take plain data, so the selector decides what a
table holds and the document only prints.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Frame, FrameBreak, KeepInFrame, Spacer, Table, TableStyle

from tournaments.domain.seat_plan import COLOUR_NAMES

from .base import BOLD, GRID, REGULAR, SHADE, A4Document, fitted_widths, in_every_language, para, widest_word

GAP = 8 * mm
BOX = "☐"


@dataclass(frozen=True, slots=True)
class CardSeat:
    position: int  # the move order: seat 1 moves first
    colour: str  # "W", "R", "B", "Y" or "" where the rules name none
    player: str  # "" for an empty seat
    entrant: str = ""  # the team (team events); empty where the player is the entrant


@dataclass(frozen=True, slots=True)
class TableCard:
    table: int
    form: str  # the table's form as the rulebook names it, e.g. "Schach4 V5"
    seats: tuple[CardSeat, ...]
    leg: int = 1


def table_cards(lines) -> list[TableCard]:
    """Cards from a round's tables (the read model's encounters); the entrant is named where it is
    not the player itself (a team event)."""
    return [
        TableCard(line.table, line.form, tuple(_card_seat(seat) for seat in line.seats), line.leg)
        for line in lines
        if not line.is_bye
    ]


def _card_seat(seat) -> CardSeat:
    player = seat.player.name if seat.player else ""
    return CardSeat(seat.position, seat.colour, player, seat.entrant if seat.entrant != player else "")


def seat_colour(colour: str) -> str:
    return _(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else "–"


class SeatCardsDocument(A4Document):
    """The cards of every table of a round (a bye has none), two to a page."""

    def __init__(self, tournament, *, round_number: int, cards: list[TableCard]):
        super().__init__(tournament, round_number=round_number)
        self.cards = [card for card in cards if len(card.seats) > 1]

    def document_title(self) -> str:
        return _("Seat cards")

    def frames(self, template) -> list[Frame]:
        half = (template.height - GAP) / 2
        left, bottom, width = template.leftMargin, template.bottomMargin, template.width
        return [Frame(left, bottom + half + GAP, width, half, id="upper"), Frame(left, bottom, width, half, id="lower")]

    def on_page(self, canvas, template) -> None:
        y = template.bottomMargin + template.height / 2
        canvas.saveState()
        canvas.setDash(4, 3)
        canvas.setStrokeColor(GRID)
        canvas.line(template.leftMargin + 6 * mm, y, template.leftMargin + template.width, y)
        canvas.setFont(REGULAR, 11)
        canvas.drawString(template.leftMargin, y - 1.5 * mm, "✂")
        canvas.restoreState()

    def story(self) -> list:
        if not self.cards:
            return [para(_("This round has no tables."), "body")]
        story = []
        for index, card in enumerate(self.cards):
            if index:
                story.append(FrameBreak())
            story.append(KeepInFrame(0, 0, self.card(card), mode="shrink"))
        return story

    def card(self, card: TableCard) -> list:
        facts = [_("Round %(number)d") % {"number": self.round_number}, _("Table %(table)d") % {"table": card.table}]
        if card.leg != 1:
            facts.append(_("Leg %(leg)d") % {"leg": card.leg})
        title = Table(
            [
                [para(_("Seat card"), "heading", spaceAfter=0), para(" · ".join(facts), "subheading", alignment=2)],
                [para(self.tournament.name, "body"), para(card.form, "body", alignment=2)],
            ],
            colWidths=["50%", "50%"],
        )
        title.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
        return [
            title,
            Spacer(1, 2 * mm),
            self.seats_table(card),
            Spacer(1, 3 * mm),
            para(_("Order of elimination (seat numbers, first out first):"), "small"),
            self.elimination_boxes(len(card.seats)),
            Spacer(1, 2 * mm),
            para(_("Shared places after a draw: circle the seats still in."), "small"),
            Spacer(1, 3 * mm),
            self.signatures(card),
        ]

    def seats_table(self, card: TableCard) -> Table:
        header = [_("Seat"), _("Moves"), _("Colour"), _("Player"), _("Finishing place"), _("Signature")]
        rows = [[para(text, "cell", bold=True) for text in header]]
        for seat in card.seats:
            player = seat.player or _("(empty seat)")
            name = f"{player} ({seat.entrant})" if seat.entrant else player
            rows.append(
                [
                    para(str(seat.position), "cell", bold=True, fontSize=13, leading=15),
                    para(_("%(order)d.") % {"order": seat.position}, "cell"),
                    para(seat_colour(seat.colour), "cell"),
                    para(name, "cell"),
                    "",
                    "",
                ]
            )
        texts = [
            sum(column, [])
            for column in zip(
                *in_every_language(
                    lambda: [
                        [_("Seat")],
                        [_("Moves")],
                        [_("Colour"), *(_(n) for n in COLOUR_NAMES.values())],
                        [],
                        [_("Finishing place")],
                        [],
                    ]
                )
            )
        ]
        needs = [widest_word(column, BOLD, 9) for column in texts]
        widths = fitted_widths([14 * mm, 16 * mm, 20 * mm, 0, 16 * mm, 40 * mm], needs, 180 * mm, flexible=[3])
        table = Table(rows, colWidths=widths, rowHeights=[None] + [11 * mm] * len(card.seats))
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), REGULAR),
                    ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                    ("GRID", (0, 0), (-1, -1), 0.5, GRID),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ]
            )
        )
        return table

    def elimination_boxes(self, seats: int) -> Table:
        cells = [para(f"{index}. {BOX} ______", "body") for index in range(1, seats)]
        table = Table([cells], colWidths=[180 * mm / max(1, seats - 1)] * max(1, seats - 1))
        table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), REGULAR), ("TOPPADDING", (0, 0), (-1, -1), 4)]))
        return table

    def signatures(self, card: TableCard) -> Table:
        table = Table(
            [["", "", ""], [para(_("Arbiter"), "small"), "", para(_("Result entered"), "small")]],
            colWidths=[70 * mm, 40 * mm, 70 * mm],
            rowHeights=[10 * mm, None],
        )
        table.setStyle(TableStyle([("LINEBELOW", (column, 0), (column, 0), 0.6, GRID) for column in (0, 2)]))
        return table

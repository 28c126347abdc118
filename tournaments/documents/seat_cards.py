"""Seat cards for four-player tables (issue 15): one card per table, laid on the table before play.

Each card names the round and table, the table's form (Schach4 V1, Vierer §1 …), and per seat in
move order (seat 1 moves first, then as the form's cycle goes; Schach4 "Der Spielbeginn", Vierer
§4) when it moves in the cycle, its colour where the rules name one, or else the piece sets it
commands and its partners (Schach4 Vn: "Zwischen den Spielfiguren im Team sind Bedrohungen
unwirksam"), the player and the entrant; then the move cycle. Where the result is a finishing
order (Schach4 "Ende des Spiels") boxes take the order of elimination and each seat's place; where
it is the team's (Viererschach: a mated player is not out, Vierer §12) the card names the two
teams and takes the team result and how it ended (§2, §13). The players sign. Two cards per A4
page with a cut line, like the match report forms. The cards take plain data, so the selector
decides what a table holds and the document only prints.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.lib.units import mm
from reportlab.platypus import Frame, FrameBreak, KeepInFrame, Spacer, Table, TableStyle

from tournaments.domain.seat_plan import COLOUR_NAMES

from .base import BOLD, GRID, REGULAR, SHADE, A4Document, fitted_widths, in_every_language, para, widest_word
from .qr import match_report_url, qr_code

GAP = 8 * mm
QR_SIZE = 22 * mm  # the table's report page for the captains' phones (issue 30)
BOX = "☐"


@dataclass(frozen=True, slots=True)
class CardSeat:
    position: int  # the move order: seat 1 moves first
    colour: str  # "W", "R", "B", "Y" or "" where the rules name none
    player: str  # "" for an empty seat
    entrant: str = ""  # the team (team events); empty where the player is the entrant
    moves: tuple[int, ...] = ()  # when the seat moves in one cycle of play (1-based); () : its position
    sets: int = 1  # piece sets the player commands (Schach4 V7, V8, V10 …)
    partners: tuple[int, ...] = ()  # the other seats of its side


@dataclass(frozen=True, slots=True)
class CardSide:
    """A team at a table whose result is the team's: its name, and its seats' colours (or seats)."""

    name: str
    colours: tuple[str, ...]
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardEnding:
    label: str  # untranslated
    rule: str = ""


@dataclass(frozen=True, slots=True)
class TableCard:
    table: int
    form: str  # the table's form as the rulebook names it, e.g. "Schach4 V5"
    seats: tuple[CardSeat, ...]
    leg: int = 1
    cycle: tuple[int, ...] = ()  # one cycle of play by seat number; () : the seats in order
    finishing_order: bool = True  # False: the result is the team's (Vierer §2, §12)
    sides: tuple[CardSide, ...] = ()  # the teams, where the result is theirs
    endings: tuple[str, ...] = ()  # untranslated: how a match with one result may end
    result_rule: str = ""  # where the rulebook defines the result and endings
    match_id: int = 0  # for the QR code of the table's report page (issue 30)


def table_byes(lines) -> tuple[str, ...]:
    """Who has a table bye this round (the read model's encounters of one side): printed under
    the cards, so the hall sees who sits out (rules/README §4)."""
    return tuple(line.sides[0].name for line in lines if line.is_bye)


def table_cards(lines) -> list[TableCard]:
    """Cards from a round's tables (the read model's encounters); the entrant is named where it is
    not the player itself (a team event)."""
    return [_card(line) for line in lines if not line.is_bye]


def _card(line) -> TableCard:
    variant = line.variant
    return TableCard(
        line.table,
        line.form,
        tuple(_card_seat(seat, variant) for seat in line.seats),
        line.leg,
        cycle=variant.turns if variant else (),
        finishing_order=line.finishing_order,
        sides=() if line.finishing_order else card_sides(line),
        endings=tuple(ending.label for ending in line.discipline.endings),
        result_rule=variant.result_rule if variant else "",
        match_id=line.id,
    )


def card_sides(line) -> tuple[CardSide, ...]:
    """The teams at a table whose result is theirs (Viererschach), with their seats' colours."""
    return tuple(
        CardSide(side.name, tuple(seat.colour for seat in seats if seat.colour), tuple(s.position for s in seats))
        for side, seats in line.sides_seated
    )


def _card_seat(seat, variant) -> CardSeat:
    player = seat.player.name if seat.player else ""
    entrant = seat.entrant if seat.entrant != player else ""
    if variant is None:
        return CardSeat(seat.position, seat.colour, player, entrant)
    sets = variant.seats[seat.position - 1].sets
    return CardSeat(
        seat.position,
        seat.colour,
        player,
        entrant,
        variant.moves_of(seat.position),
        sets,
        variant.partners_of(seat.position),
    )


def seat_colour(colour: str) -> str:
    return _(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else "–"


def side_label(side: CardSide) -> str:
    """ "Kronacher Kreuz (White + Yellow)", or where the rules name no colours its seats."""
    if side.colours:
        return f"{side.name} ({' + '.join(seat_colour(colour) for colour in side.colours)})"
    seats = " + ".join(str(seat) for seat in side.seats)
    return f"{side.name} (" + ngettext("seat %(seats)s", "seats %(seats)s", len(side.seats)) % {"seats": seats} + ")"


class SeatCardsDocument(A4Document):
    """The cards of every table of a round (a bye has none), two to a page."""

    def __init__(
        self,
        tournament,
        *,
        round_number: int,
        cards: list[TableCard],
        drawn_by_lot: bool = False,
        site: str = "",
        byes: tuple[str, ...] = (),
    ):
        super().__init__(tournament, round_number=round_number)
        self.cards = [card for card in cards if len(card.seats) > 1]
        self.byes = byes  # the entrants with a table bye, named under the last card
        self.drawn_by_lot = drawn_by_lot  # the seats, and so the first mover, drawn by lot
        self.site = site  # where the QR code of each table points (issue 30); "" prints none

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
        if self.byes:
            byes = _("Bye (no table this round): %(entrants)s") % {"entrants": ", ".join(self.byes)}
            story.append(KeepInFrame(0, 0, [para(byes, "body", spaceBefore=6)], mode="shrink"))
        return story

    def card(self, card: TableCard) -> list:
        facts = [_("Round %(number)d") % {"number": self.round_number}, _("Table %(table)d") % {"table": card.table}]
        if card.leg != 1:
            facts.append(_("Leg %(leg)d") % {"leg": card.leg})
        if self.drawn_by_lot:
            facts.append(_("Seats drawn by lot (Schach4 “Der Spielbeginn”)"))
        url = match_report_url(self.site, self.tournament.slug, card.match_id) if self.site else ""
        code = [qr_code(url, QR_SIZE)] if url else []
        title = Table(
            [
                [
                    para(_("Seat card"), "heading", spaceAfter=0),
                    para(" · ".join(facts), "subheading", alignment=2),
                    *code,
                ],
                [para(self.tournament.name, "body"), para(card.form, "body", alignment=2), *([""] if code else [])],
            ],
            colWidths=["42%", "43%", "15%"] if code else ["50%", "50%"],
        )
        spans = [("SPAN", (2, 0), (2, 1)), ("ALIGN", (2, 0), (2, 1), "RIGHT")] if code else []
        title.setStyle(
            TableStyle([("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("LEFTPADDING", (0, 0), (-1, -1), 0), *spans])
        )
        story = [title]
        if card.sides:
            story.append(para(" – ".join(side_label(side) for side in card.sides), "body", bold=True))
        story += [Spacer(1, 2 * mm), self.seats_table(card), Spacer(1, 2 * mm), para(self.cycle(card), "small")]
        story += [Spacer(1, 3 * mm), *(self.elimination(card) if card.finishing_order else self.team_result(card))]
        return [*story, Spacer(1, 3 * mm), self.signatures(card)]

    def cycle(self, card: TableCard) -> str:
        """The move cycle by seat number: "1 → 2 → 3 → 2 → 4 → 2, then 1 again (Schach4 V3)"."""
        turns = card.cycle or tuple(seat.position for seat in card.seats)
        return _("Move cycle: %(turns)s, then %(first)d again (%(rule)s)") % {
            "turns": " → ".join(str(turn) for turn in turns),
            "first": turns[0],
            "rule": card.form,
        }

    def elimination(self, card: TableCard) -> list:
        return [
            para(_("Order of elimination (seat numbers, first out first):"), "small"),
            self.elimination_boxes(len(card.seats)),
            Spacer(1, 2 * mm),
            para(_("Shared places after a draw: circle the seats still in."), "small"),
        ]

    def team_result(self, card: TableCard) -> list:
        """The team's result and how it ended, ticked (Vierer §2: the team that has taken both
        enemy kings wins; §12: a mated player is not out; §13: the draws)."""
        first, second = (side_label(side) for side in card.sides[:2])
        wins = [
            _("%(team)s wins") % {"team": first},
            _("draw"),
            _("%(team)s wins") % {"team": second},
        ]
        lines = [_("Result:") + " " + " ".join(f"{BOX} {text}" for text in wins)]
        if card.endings:
            ways = " ".join(f"{BOX} {_(label)}" for label in card.endings)
            lines.append(_("How it ended (%(rule)s):") % {"rule": card.result_rule} + " " + ways)
        return [para(line, "body", spaceAfter=4) for line in lines]

    def seats_table(self, card: TableCard) -> Table:
        """Seat, when it moves, its colour where the rules name colours (the colours say who
        partners whom, Vierer §1) or else its sets and partners, the player, the place where the
        result is a finishing order, the signature."""
        coloured = any(seat.colour for seat in card.seats)
        columns = [  # (heading, width, words it must fit besides the heading, cell)
            (
                _("Seat"),
                14 * mm,
                lambda: [],
                lambda seat: para(str(seat.position), "cell", bold=True, fontSize=13, leading=15),
            ),
            (_("Moves"), 20 * mm, lambda: [], lambda seat: para(self.moves(seat), "cell")),
        ]
        if coloured:
            columns.append(
                (
                    _("Colour"),
                    20 * mm,
                    lambda: [_(name) for name in COLOUR_NAMES.values()],
                    lambda seat: para(seat_colour(seat.colour), "cell"),
                )
            )
        else:
            columns += [
                (_("Sets"), 14 * mm, lambda: [], lambda seat: para(str(seat.sets), "cell")),
                (_("Partners"), 18 * mm, lambda: [], lambda seat: para(self.partners(seat), "cell")),
            ]
        columns.append((_("Player"), 0, lambda: [], lambda seat: para(self.player(seat), "cell")))
        if card.finishing_order:
            columns.append((_("Finishing place"), 16 * mm, lambda: [], lambda seat: ""))
        columns.append((_("Signature"), 40 * mm, lambda: [], lambda seat: ""))
        rows = [[para(heading, "cell", bold=True) for heading, *_rest in columns]]
        rows += [[cell(seat) for *_rest, cell in columns] for seat in card.seats]
        texts = [
            sum(column, [])
            for column in zip(*in_every_language(lambda: [[heading, *words()] for heading, _w, words, _c in columns]))
        ]
        needs = [widest_word(column, BOLD, 9) for column in texts]
        flexible = [len(columns) - (3 if card.finishing_order else 2)]
        widths = fitted_widths([width for _h, width, *_rest in columns], needs, 180 * mm, flexible=flexible)
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

    @staticmethod
    def number(seat: CardSeat):
        return para(str(seat.position), "cell", bold=True, fontSize=13, leading=15)

    @staticmethod
    def moves(seat: CardSeat) -> str:
        """ "1." for the first mover; "2., 4., 6." for Schach4 V3's single, who moves after each."""
        return ", ".join(_("%(order)d.") % {"order": turn} for turn in seat.moves or (seat.position,))

    @staticmethod
    def partners(seat: CardSeat) -> str:
        return ", ".join(str(partner) for partner in seat.partners) or "–"

    @staticmethod
    def player(seat: CardSeat) -> str:
        player = seat.player or _("(empty seat)")
        return f"{player} ({seat.entrant})" if seat.entrant else player

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

"""Match report forms ("Partieformular", Blitz §18): one per table, filled in and signed by hand.

Each form names the tournament, round, date and table, both teams, and per board the colour of
each side (the tournament's colour pattern) and both players (the round's lineup, which pairing
fills from the rosters); the result boxes stay empty for the captains. One or two forms per A4
page, as the TD chooses; with two, a cut line runs across the middle. Where a match has one
result (tandem), the boards carry no result boxes; a box for the match result, the deciding board
and how takes their place (``result_layouts.py``), and a double round's leg is named with the table.
A QR code of the match's report page (issue 30) lets the captains report from their phones; it
carries no captain code, so the form alone can never report a result.
"""

from django.utils import formats
from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Frame, FrameBreak, KeepInFrame, Spacer, Table, TableStyle

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.layouts import layout_of
from tournaments.selectors.encounters import EncounterView
from tournaments.selectors.pairings import RoundPairings

from .base import (
    BOLD,
    GRID,
    REGULAR,
    SHADE,
    A4Document,
    fitted_widths,
    in_every_language,
    one_line_size,
    para,
    widest_word,
)
from .incidents import incident_line
from .pairing_list import colour_name, withdrawn_note
from .qr import match_report_url, qr_code

FORMS_PER_PAGE = (1, 2)
GAP = 8 * mm  # between the two forms of a page, around the cut line
COLOUR_MARK = {"W": "□", "B": "■"}
QR_SIZE = 22 * mm  # the match's report page for the captains' phones (issue 30)


class MatchReportDocument(A4Document):
    """The forms of all real matches of a round (a bye has no form)."""

    def __init__(self, pairings: RoundPairings, *, per_page: int = 2, incidents=(), site: str = ""):
        if per_page not in FORMS_PER_PAGE:
            raise RuleViolation(gettext_noop("choose 1 or 2 forms per page."), field="per_page")
        super().__init__(
            pairings.round.tournament, round_number=pairings.round.number, playoff=pairings.round.is_playoff
        )
        self.pairings = pairings
        self.per_page = per_page
        self.site = site  # where the QR code of each match points (issue 30); "" prints none
        self.incidents = {}  # match pk -> its incidents, printed in the remarks box
        for incident in incidents:
            self.incidents.setdefault(incident.match_id, []).append(incident)

    def document_title(self) -> str:
        return _("Match report forms")

    def frames(self, template) -> list[Frame]:
        if self.per_page == 1:
            return super().frames(template)
        half = (template.height - GAP) / 2
        left, bottom, width = template.leftMargin, template.bottomMargin, template.width
        return [
            Frame(left, bottom + half + GAP, width, half, id="upper"),
            Frame(left, bottom, width, half, id="lower"),
        ]

    def on_page(self, canvas, template) -> None:
        if self.per_page == 1:
            return
        y = template.bottomMargin + (template.height) / 2
        canvas.saveState()
        canvas.setDash(4, 3)
        canvas.setStrokeColor(GRID)
        canvas.line(template.leftMargin + 6 * mm, y, template.leftMargin + template.width, y)
        canvas.setFont(REGULAR, 11)
        canvas.drawString(template.leftMargin, y - 1.5 * mm, "✂")
        canvas.restoreState()

    def story(self) -> list:
        matches = [line for line in self.pairings.matches if not line.is_bye]
        if not matches:
            return [para(_("This round has no matches to report."), "body")]
        story = []
        for index, line in enumerate(matches):
            if index:
                story.append(FrameBreak())
            story.append(KeepInFrame(0, 0, self.form(line), mode="shrink"))
        return story

    def form(self, line: EncounterView) -> list:
        tournament = self.tournament
        date = formats.date_format(tournament.start_date, "SHORT_DATE_FORMAT") if tournament.start_date else "_" * 12
        facts = " · ".join(
            [
                self.round_name(),
                _("Table %(table)d") % {"table": line.table},
                *([_("Leg %(leg)d") % {"leg": line.leg}] if tournament.double_rounds else []),
                _("Date: %(date)s") % {"date": date},
            ]
        )
        url = match_report_url(self.site, tournament.slug, line.id) if self.site else ""
        code = [qr_code(url, QR_SIZE)] if url else []
        title = Table(
            [
                [para(_("Match report form"), "heading", spaceAfter=0), para(facts, "body", alignment=2), *code],
                [para(tournament.name, "body"), "", *([""] if code else [])],
            ],
            colWidths=["40%", "45%", "15%"] if code else ["45%", "55%"],
        )
        spans = [("SPAN", (2, 0), (2, 1)), ("ALIGN", (2, 0), (2, 1), "RIGHT")] if code else []
        title.setStyle(
            TableStyle([("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("LEFTPADDING", (0, 0), (-1, -1), 0), *spans])
        )
        # Long names shrink to one line rather than make the form taller: a taller form was shrunk
        # to its half page, narrower and indented, out of line with the other form (issue 28 item 9).
        names = f"{line.first_team.name}  –  {line.second_team.name}"
        size = one_line_size([names], BOLD, 13, 180 * mm, floor=9)
        teams = para(names, "subheading", fontSize=size, leading=size + 3)
        story = [title, teams, self.boards_table(line), Spacer(1, 3 * mm)]
        story += layout_of(line.discipline).result_pdf.report_decision(line)
        return story + [self.remarks(line.id), Spacer(1, 3 * mm), self.signatures()]

    def boards_table(self, line: EncounterView) -> Table:
        """Boards, colours and players, then what the discipline's layout adds: a result box per
        board and a total, or nothing where the match has one result (Tandem §1.3), which then
        goes in the decision box below."""
        layout = layout_of(line.discipline).result_pdf
        widths = board_widths(layout)
        header = [_("Board"), _("Colour"), line.first_team.name, _("Colour"), line.second_team.name]
        header += layout.report_columns()
        rows = [[para(text, "cell", bold=True, fontSize=8.5) for text in header]]
        for column in (2, 4):  # a team's name over its players, on one line where it can be
            size = one_line_size([header[column]], BOLD, 8.5, widths[column], floor=NAME_FLOOR)
            rows[0][column] = para(header[column], "cell", bold=True, fontSize=size, leading=size + 1)
        # The header row keeps its height whatever the names (two lines of the smallest type fit it,
        # with less padding): the forms of one page keep one height and line up.
        tallest = max(cell.wrap(width - 12, 1000)[1] for cell, width in zip(rows[0], widths))
        padding = max(0.5, (HEADER_ROW - tallest) / 2)
        # a withdrawn team's empty seats say why (they were blank, as if a player were to be written in)
        empty = [withdrawn_note() if side.withdrawn_in(line.round) else "" for side in line.sides[:2]]
        for game in line.games:
            row = [
                para(game.board, "cell", fontSize=11, leading=13),
                para(coloured(game.first_colour), "cell"),
                para(game.first_player.name if game.first_player else empty[0], "cell", fontSize=10.5, leading=13),
                para(coloured(game.second_colour), "cell"),
                para(game.second_player.name if game.second_player else empty[1], "cell", fontSize=10.5, leading=13),
            ]
            rows.append(row + layout.report_boxes())
        style = [
            ("FONT", (0, 0), (-1, -1), REGULAR),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 1), (-1, -1), 5),
            ("BOTTOMPADDING", (0, 1), (-1, -1), 5),
            ("TOPPADDING", (0, 0), (-1, 0), padding),
            ("BOTTOMPADDING", (0, 0), (-1, 0), padding),
        ]
        return layout.report_table(rows, widths, style)

    def remarks(self, match_id: int) -> Table:
        """The remarks box, with the incidents the arbiter already recorded for this match."""
        lines = [para(_("Remarks (incidents, protests):"), "small")]
        rules = self.tournament.penalties[0]
        lines += [para(incident_line(incident, rules), "small") for incident in self.incidents.get(match_id, [])]
        box = Table([[lines]], colWidths=[180 * mm], rowHeights=[15 * mm] if len(lines) == 1 else None)
        box.setStyle(TableStyle([("BOX", (0, 0), (-1, -1), 0.5, GRID), ("VALIGN", (0, 0), (-1, -1), "TOP")]))
        return box

    def signatures(self) -> Table:
        labels = [_("Captain, first-named team"), "", _("Captain, second-named team"), "", _("Arbiter")]
        table = Table(
            [[""] * 5, [para(text, "small") if text else "" for text in labels]],
            colWidths=[56 * mm, 6 * mm, 56 * mm, 6 * mm, 56 * mm],
            rowHeights=[10 * mm, None],
        )
        table.setStyle(TableStyle([("LINEBELOW", (column, 0), (column, 0), 0.6, GRID) for column in (0, 2, 4)]))
        return table


NAME_FLOOR = 6.5  # pt: the smallest type of a team's name over its players
HEADER_ROW = 17  # pt: the boards' header row, one line of 8.5 pt type (11 pt) and 3 pt above and below


def coloured(colour: str) -> str:
    """ "■ Schwarz": the mark and the word kept on one line."""
    return f"{COLOUR_MARK[colour]}\u00a0{colour_name(colour)}"


def board_widths(layout) -> list[float]:
    """Board, colour and the layout's result columns as wide as their words in every language;
    the players' columns share the rest of the 180 mm."""

    def fixed_texts():
        colours = [coloured(c) for c in COLOUR_MARK]
        return [
            [_("Board")],
            [_("Colour"), *colours],
            [],
            [_("Colour"), *colours],
            [],
            *([text] for text in layout.report_columns()),
        ]

    texts = [sum(column, []) for column in zip(*in_every_language(fixed_texts))]
    needs = [widest_word(column, BOLD, 8.5) for column in texts]
    widths = [15 * mm, 21 * mm, 0, 21 * mm, 0, *(19 * mm for _column in layout.report_columns())]
    return fitted_widths(widths, needs, 180 * mm, flexible=[2, 4])

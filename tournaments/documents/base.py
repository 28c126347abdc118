"""The A4 document every printout derives from: fonts, styles, header and footer, "page x of y".

A subclass gives its title and its story (the flowables); the header/footer hooks are small
methods it may override. ``render()`` runs in the tournament's language, so every label a
subclass passes through gettext comes out in German or English as the tournament is set.
"""

import re
from contextvars import ContextVar
from functools import lru_cache
from io import BytesIO
from xml.sax.saxutils import escape

from django.conf import settings
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph, TableStyle

from .fonts import BOLD, REGULAR, register_fonts

# Page streams stay zlib-compressed binary, without reportlab's ASCII85 layer on top: that layer
# only made 7-bit-safe files (a quarter larger) and its encoder is pure Python, a tenth of a round
# bundle's time (docs/performance.md). Every PDF reader and pypdf read binary streams.
rl_config.useA85 = 0

MARGIN = 15 * mm
HEADER = 14 * mm  # from the top margin down to the body
FOOTER = 10 * mm  # from the bottom margin up to the body
GRID = colors.Color(0.55, 0.55, 0.55)
SHADE = colors.Color(0.9, 0.9, 0.9)
PADDING = 12  # points: a table cell's left and right padding together (reportlab's default)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def safe(value) -> str:
    """Text ready for a Paragraph: markup escaped, control characters dropped (names are user input)."""
    return escape(_CONTROL.sub("", str(value)))


def grid_table_style(*, valign: str = "MIDDLE") -> TableStyle:
    """The list tables' look: shaded bold header row, a thin line under every row."""
    return TableStyle(
        [
            ("FONT", (0, 0), (-1, -1), REGULAR),
            ("FONT", (0, 0), (-1, 0), BOLD),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, GRID),
            ("VALIGN", (0, 0), (-1, -1), valign),
        ]
    )


def in_every_language(label) -> list[str]:
    """``label()`` in every shipped language: a column is made wide enough for its heading in
    all of them, so German ("Wettkämpfe", "Durchgang") fits where English ("Matches", "Leg") does."""
    texts = []
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            texts.append(label())
    return texts


def widest_word(texts, font: str = REGULAR, size: float = 9, padding: float = PADDING) -> float:
    """The width a cell needs for the longest word of ``texts`` (measured in the font, padding
    included): any narrower, and the word would have to be broken in the middle."""
    words = [word for text in texts for word in re.split(r"[ \t\n]+", str(text))]  # "\xa0" binds
    return max((stringWidth(word, font, size) for word in words), default=0) + padding


def fitted_widths(widths: list[float], needs: list[float], total: float, flexible: list[int]) -> list[float]:
    """Each column widened to what it ``needs``; the ``flexible`` columns (names) share the rest
    of the ``total`` width equally."""
    fitted = [max(width, need) for width, need in zip(widths, needs)]
    rest = (total - sum(width for index, width in enumerate(fitted) if index not in flexible)) / len(flexible)
    return [rest if index in flexible else width for index, width in enumerate(fitted)]


def fitting_size(texts, font: str, size: float, width: float, padding: float = PADDING) -> float:
    """The largest font size up to ``size`` at which the longest word of ``texts`` fits ``width``."""
    need = widest_word(texts, font, size, padding=0)
    return size if need + padding <= width else max(6, size * (width - padding) / need)


def one_line_size(texts, font: str, size: float, width: float, floor: float) -> float:
    """The largest font size up to ``size`` at which each of ``texts`` fits ``width`` on one line,
    but not below ``floor`` (a longer text wraps there), nor above what its longest word allows."""
    whole = fitting_size([str(text).replace(" ", "\xa0") for text in texts], font, size, width)
    return min(fitting_size(texts, font, size, width), max(whole, floor))


def style(name: str = "body", **overrides) -> ParagraphStyle:
    """The paragraph styles of the documents, all in the shipped TrueType font.

    Lines break at spaces only (``splitLongWords=0``): the tables make every column as wide as
    its longest word, so no name or label is printed broken in the middle. Made once per name and
    overrides (a round's forms ask thousands of times); reportlab never changes a style."""
    return _style(name, tuple(sorted(overrides.items())))


@lru_cache(maxsize=256)
def _style(name: str, overrides: tuple) -> ParagraphStyle:
    base = {
        "body": dict(fontName=REGULAR, fontSize=9.5, leading=12),
        "small": dict(fontName=REGULAR, fontSize=8, leading=10),
        "cell": dict(fontName=REGULAR, fontSize=9, leading=11),
        "heading": dict(fontName=BOLD, fontSize=15, leading=19, spaceAfter=3 * mm),
        "subheading": dict(fontName=BOLD, fontSize=11.5, leading=14, spaceBefore=2 * mm, spaceAfter=1.5 * mm),
        "centre": dict(fontName=REGULAR, fontSize=9, leading=11, alignment=TA_CENTER),
    }[name]
    return ParagraphStyle(name, **{"splitLongWords": 0, **base, **dict(overrides)})


class _Paragraph(Paragraph):
    """A Paragraph that keeps its lines for the width it was last wrapped to.

    A table wraps each cell to measure its rows, KeepInFrame wraps a whole match report form again
    to fit it to its half page, and the table wraps each cell once more to draw it, nearly always
    at the same width. reportlab's ``wrap`` depends on the width alone (not on the height), so the
    lines are broken once per width instead of three or four times (unless reportlab dropped them: its
    ``split`` does when no line fits the rest of a page)."""

    _wrapped_width = None

    def wrap(self, availWidth, availHeight):
        if availWidth == self._wrapped_width and hasattr(self, "blPara"):
            return self.width, self.height
        size = super().wrap(availWidth, availHeight)
        self._wrapped_width = availWidth if size[0] == availWidth else None
        return size


# While a document renders: its paragraphs by text and style, so a label printed on every form
# ("Board", "Total", the signature lines) is parsed once. A table re-wraps a cell right before
# drawing it, so one Paragraph may stand in many cells (as the match report's result boxes do).
_shared: ContextVar[dict | None] = ContextVar("shared_paragraphs", default=None)


def para(value, name: str = "body", **overrides) -> Paragraph:
    """A Paragraph of plain text (escaped); ``<b>``-style markup only via ``bold=True``."""
    bold = overrides.pop("bold", False)
    if bold:
        overrides["fontName"] = BOLD
    text = safe(value)
    shared = _shared.get()
    if shared is None:
        return _Paragraph(text, style(name, **overrides))
    key = (text, name, tuple(sorted(overrides.items())))
    paragraph = shared.get(key)
    if paragraph is None:
        paragraph = shared[key] = _Paragraph(text, style(name, **overrides))
    return paragraph


class A4Document:
    """An A4 printout of one tournament; subclasses give ``document_title()`` and ``story()``."""

    landscape = False
    # A copy for the desk of what the public does not see yet (a round's unpublished pairings):
    # every page says so across it, so a draft on the wall is never taken for the real thing.
    draft = False
    withheld = False  # the public's copy of a round whose pairings are not published yet

    def __init__(self, tournament, *, round_number: int | None = None, playoff: bool = False):
        self.tournament = tournament
        self.round_number = round_number
        self.playoff_round = playoff  # a round of the play-off for first place (Blitz §16)
        self.generated_at = timezone.localtime()

    def render(self) -> bytes:
        register_fonts()
        shared = _shared.set({})
        try:
            return self._render()
        finally:
            _shared.reset(shared)

    def _render(self) -> bytes:
        with translation.override(self.tournament.language):
            buffer = BytesIO()
            width, height = self.page_size()
            template = BaseDocTemplate(
                buffer,
                pagesize=(width, height),
                title=f"{self.tournament.name} – {self.document_title()}",
                author="Arbiter",
                # the same data gives the same bytes (no creation time, a fixed ID): a publication
                # sends a PDF again only when it changed (services/publication.py)
                invariant=True,
                leftMargin=MARGIN,
                rightMargin=MARGIN,
                topMargin=MARGIN + HEADER,
                bottomMargin=MARGIN + FOOTER,
            )
            template.addPageTemplates(
                [PageTemplate(id="page", frames=self.frames(template), onPage=self.on_page, pagesize=(width, height))]
            )
            template.build(self.story(), canvasmaker=self._canvas_class())
            return buffer.getvalue()

    def withheld_notice(self) -> list:
        """What a round's public list says instead of its encounters before they are published."""
        return [para(_("The pairings of this round are not published yet."), "cell", fontSize=13, leading=17)]

    # --- hooks a document may override -------------------------------------------------------

    def document_title(self) -> str:
        raise NotImplementedError

    def story(self) -> list:
        raise NotImplementedError

    def is_landscape(self) -> bool:
        return self.landscape

    def page_size(self) -> tuple[float, float]:
        return landscape(A4) if self.is_landscape() else A4

    def frames(self, template: BaseDocTemplate) -> list[Frame]:
        """The body area of a page; a match report form sheet splits it in two."""
        return [Frame(template.leftMargin, template.bottomMargin, template.width, template.height, id="body")]

    def on_page(self, canvas: Canvas, template: BaseDocTemplate) -> None:
        """Drawn on every page before its body (e.g. a cut line); nothing by default."""

    def header_left(self) -> str:
        return self.tournament.name

    def header_centre(self) -> str:
        return self.document_title()

    def header_right(self) -> str:
        return self.round_name() if self.round_number else ""

    def round_name(self) -> str:
        """ "Round 3"; a play-off round says so, "Play-off, round 10" (Blitz §16), as the desk does."""
        template = _("Play-off, round %(number)d") if self.playoff_round else _("Round %(number)d")
        return template % {"number": self.round_number}

    def footer_left(self) -> str:
        generated = formats.date_format(self.generated_at, "SHORT_DATETIME_FORMAT")
        return _("Generated %(when)s") % {"when": generated}

    def footer_right(self, page: int, pages: int) -> str:
        return _("Page %(page)d of %(pages)d") % {"page": page, "pages": pages}

    # --- header and footer, drawn once the page count is known ------------------------------

    def draw_header_footer(self, canvas: Canvas, page: int, pages: int) -> None:
        width, height = self.page_size()
        top, bottom = height - MARGIN, MARGIN
        canvas.saveState()
        canvas.setFont(BOLD, 10)
        canvas.drawString(MARGIN, top - 4 * mm, _fit(self.header_left(), BOLD, 10, width / 2.6))
        canvas.drawCentredString(width / 2, top - 4 * mm, _fit(self.header_centre(), BOLD, 10, width / 3.2))
        canvas.drawRightString(width - MARGIN, top - 4 * mm, self.header_right())
        canvas.setStrokeColor(GRID)
        canvas.setLineWidth(0.6)
        canvas.line(MARGIN, top - 6.5 * mm, width - MARGIN, top - 6.5 * mm)
        canvas.line(MARGIN, bottom + 5 * mm, width - MARGIN, bottom + 5 * mm)
        canvas.setFont(REGULAR, 8)
        canvas.drawString(MARGIN, bottom + 1.5 * mm, self.footer_left())
        canvas.drawRightString(width - MARGIN, bottom + 1.5 * mm, self.footer_right(page, pages))
        if self.draft:
            self.draw_draft_mark(canvas, width, height)
        canvas.restoreState()

    def draw_draft_mark(self, canvas: Canvas, width: float, height: float) -> None:
        """ "DRAFT – not published" across the page, light enough to read the page through it."""
        mark = _("DRAFT – not published")
        size = min(60.0, 0.9 * (width**2 + height**2) ** 0.5 / max(stringWidth(mark, BOLD, 1), 1))
        canvas.saveState()
        canvas.setFillColorRGB(0.75, 0.1, 0.1, alpha=0.18)
        canvas.translate(width / 2, height / 2)
        canvas.rotate(55 if height > width else 35)
        canvas.setFont(BOLD, size)
        canvas.drawCentredString(0, -size / 3, mark)
        canvas.restoreState()
        canvas.setFont(BOLD, 10)
        canvas.setFillColorRGB(0.75, 0.1, 0.1)
        canvas.drawRightString(width - MARGIN, height - MARGIN + 1.5 * mm, mark)

    def _canvas_class(self):
        document = self

        class NumberedCanvas(Canvas):
            """Holds the pages back until the end, so each footer can say "page x of y"."""

            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                self._pages = []

            def showPage(self):
                self._pages.append(dict(self.__dict__))
                self._startPage()

            def save(self):
                for number, state in enumerate(self._pages, start=1):
                    self.__dict__.update(state)
                    document.draw_header_footer(self, number, len(self._pages))
                    super().showPage()
                super().save()

        return NumberedCanvas


def _fit(text: str, font: str, size: float, width: float) -> str:
    """Shorten a header text with an ellipsis so it never runs into its neighbour."""
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"

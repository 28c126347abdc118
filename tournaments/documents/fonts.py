"""The TrueType font every document uses: DejaVu Sans, shipped beside this module (LICENSE there).

It covers German and the names TDs meet at the board (Łukasz Dvořák, Ayşe Şahin, Nguyễn Văn An);
reportlab's standard fonts do not. A character the font lacks is drawn as its empty box instead
of failing the render.
"""

from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
_DIR = Path(__file__).resolve().parent / "fonts"


def register_fonts() -> None:
    """Register the regular and bold faces once per process, as one family (so <b> works)."""
    if REGULAR in pdfmetrics.getRegisteredFontNames():
        return
    pdfmetrics.registerFont(TTFont(REGULAR, _DIR / "DejaVuSans.ttf"))
    pdfmetrics.registerFont(TTFont(BOLD, _DIR / "DejaVuSans-Bold.ttf"))
    addMapping(REGULAR, 0, 0, REGULAR)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 0, 1, REGULAR)
    addMapping(REGULAR, 1, 1, BOLD)

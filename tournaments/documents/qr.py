"""A QR code as a PDF flowable (reportlab's own encoder: no further dependency), and the address
of a match's report page it carries (issue 30: a captain's phone opens it from the form)."""

from django.urls import reverse
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing


def qr_code(text: str, size: float) -> Drawing:
    widget = QrCodeWidget(text, barLevel="M")
    left, bottom, right, top = widget.getBounds()
    drawing = Drawing(size, size, transform=[size / (right - left), 0, 0, size / (top - bottom), 0, 0])
    drawing.add(widget)
    return drawing


def match_report_url(site: str, slug: str, match_id: int) -> str:
    """The match's report page at ``site`` (``https://arbiter.example.org``)."""
    return site.rstrip("/") + reverse("tournaments:match_report", args=[slug, match_id])

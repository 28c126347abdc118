"""Reading a rendered PDF back: its text (pypdf) and a PNG of its first page for a reviewer."""

import re
import shutil
import subprocess
from io import BytesIO
from pathlib import Path

from pypdf import PdfReader

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "pdf"


def pages(pdf: bytes) -> list[str]:
    """Each page's text with runs of whitespace folded to one space."""
    return [re.sub(r"\s+", " ", page.extract_text()) for page in PdfReader(BytesIO(pdf)).pages]


def text(pdf: bytes) -> str:
    return " ".join(pages(pdf))


def page_size(pdf: bytes) -> tuple[float, float]:
    box = PdfReader(BytesIO(pdf)).pages[0].mediabox
    return float(box.width), float(box.height)


def snapshot(pdf: bytes, name: str) -> Path | None:
    """Page 1 as ``test-artifacts/pdf/<name>.png`` (git-ignored); ``None`` without pdftoppm."""
    if shutil.which("pdftoppm") is None:
        return None
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    source = ARTIFACTS / f"{name}.pdf"
    source.write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile", str(source), str(ARTIFACTS / name)],
        check=True,
        timeout=60,
    )
    return ARTIFACTS / f"{name}.png"

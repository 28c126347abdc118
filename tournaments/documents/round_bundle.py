"""The round bundle: the round's list and every form of a round, one PDF to print.

The documents are rendered on their own (each keeps its header and "page x of y") and joined.
"""

from io import BytesIO

from pypdf import PdfWriter

from .registry import PrintJob, round_bundle_parts


class RoundBundleDocument:
    """The round's list as the discipline lays an encounter out (the pairing list with the
    requested byes, or the table list of seats), then the forms it prints per round
    (``registry.round_bundle_parts``): match report forms (``per_page`` of the job's options, the round's
    incidents in their remarks), or a seat card per four-player table. The parts read the round's
    encounters once."""

    def __init__(self, job: PrintJob):
        self.job = job
        self.parts = round_bundle_parts(job.tournament)

    def render(self) -> bytes:
        writer = PdfWriter()
        for document in self.parts:
            writer.append(BytesIO(document.pdf(self.job)))
        buffer = BytesIO()
        writer.write(buffer)
        return buffer.getvalue()

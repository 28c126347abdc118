"""Captain cards (issue 30): one per team with its captain code, printed only in the answer to the
desk's request that issued the codes (only their digests are kept, so a card cannot be printed
again later: a lost card is replaced by issuing a new code). Handed to each captain alone, never
on a sheet the opponent sees."""

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle

from .base import BOLD, GRID, A4Document, para

CODE_SIZE = 18


class CaptainCardsDocument(A4Document):
    def __init__(self, tournament, issued: list[tuple[str, str]]):
        """``issued``: (team name, captain code) per team, in seed order."""
        super().__init__(tournament)
        self.issued = issued

    def document_title(self) -> str:
        return _(self.tournament.discipline_rules.words.phone.cards_title)

    def story(self) -> list:
        words = self.tournament.discipline_rules.words.phone
        story = []
        for team, code in self.issued:
            card = Table(
                [
                    [para(self.tournament.name, "body")],
                    [para(_(words.card_of) % {"team": team}, "subheading")],
                    [para(code, "body", fontName=BOLD, fontSize=CODE_SIZE, leading=CODE_SIZE + 4)],
                    [para(_(words.card_note), "body")],
                ]
            )
            card.setStyle(TableStyle([("BOX", (0, 0), (-1, -1), 1, GRID), ("TOPPADDING", (0, 0), (-1, -1), 4)]))
            story += [KeepTogether(card), Spacer(1, 6 * mm)]
        return story

"""Team rosters for the arbiter's table: each team's fixed board order and its substitutes.

Beyond the tournament's boards a registered player is a substitute, who may stand in only on the
substitute boards (Blitz preamble: board 4).
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Table

from .base import BOLD, A4Document, fitted_widths, grid_table_style, in_every_language, para, widest_word


class RostersDocument(A4Document):
    def __init__(self, tournament, teams: list):
        super().__init__(tournament)
        self.teams = teams

    def document_title(self) -> str:
        return _(self.tournament.discipline_rules.words.rosters_print)

    def story(self) -> list:
        return [para(self.document_title(), "heading")] + [KeepTogether(self.team(team)) for team in self.teams]

    def substitute_note(self) -> str:
        boards = self.tournament.substitute_boards
        if not boards:
            return _("Substitute")
        text = ngettext("Substitute (board %(boards)s)", "Substitute (boards %(boards)s)", len(boards))
        return text % {"boards": ", ".join(str(b) for b in boards)}

    @staticmethod
    def header() -> list[str]:
        return [_("Board"), _("Name"), _("Rating"), _("FIDE ID"), _("Federation ID"), ""]

    def widths(self) -> list[float]:
        """Board, rating and the IDs as wide as their headings in any language; the names take the rest."""
        needs = [widest_word(texts, BOLD) for texts in zip(*in_every_language(self.header))]
        needs[-1] = widest_word(in_every_language(self.substitute_note), size=8)
        widths = [16 * mm, 58 * mm, 16 * mm, 24 * mm, 28 * mm, 38 * mm]
        return fitted_widths(widths, needs, sum(widths), flexible=[1])

    def team(self, team) -> list:
        heading = f"{team.seed}. {team.name}" + (f" ({team.short_name})" if team.short_name else "")
        rows = [[para(text, "cell", bold=True) for text in self.header()]]
        for player in team.players.all():
            substitute = player.position > self.tournament.boards
            rows.append(
                [
                    para("" if substitute else player.position, "cell"),
                    para(player.name, "cell", bold=not substitute),
                    para(player.rating or "", "cell"),
                    para(player.fide_id, "cell"),
                    para(player.federation_id, "cell"),
                    para(self.substitute_note() if substitute else "", "small"),
                ]
            )
        table = Table(rows, colWidths=self.widths(), repeatRows=1)
        table.setStyle(grid_table_style())
        return [para(heading, "subheading"), table]

"""The arbiter's incident list of a round (Blitz §7, §9a, §11): what happened, proposed, decided.

One row per incident by table, board and time, with the rule the proposal came from, so the
arbiter's decisions can be checked afterwards (and an override's reason is on paper).
"""

from django.utils import timezone
from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Table

from tournaments.arbiter_labels import kind_label, penalty_label

from .base import BOLD, A4Document, fitted_widths, grid_table_style, in_every_language, para, widest_word


def incident_line(incident, rules: str) -> str:
    """One incident in a sentence, for the match report form's remarks; ``rules``: the tournament's
    ``PenaltyRules`` (the Blitz paragraph is cited only under them)."""
    time = timezone.localtime(incident.occurred_at).strftime("%H:%M")
    player = incident.player.name if incident.player else "—"
    parts = [
        f"{_('Board %(board)d') % {'board': incident.board}}, {time}: {kind_label(incident.kind, rules)} – {player}"
    ]
    if incident.decided_penalty:
        parts.append(_("decided: %(penalty)s") % {"penalty": penalty_label(incident.decided_penalty)})
        if incident.overridden:
            parts.append(
                _("overriding %(penalty)s: %(reason)s")
                % {"penalty": penalty_label(incident.proposed_penalty), "reason": incident.override_reason}
            )
    elif incident.proposed_penalty:
        parts.append(_("proposed: %(penalty)s") % {"penalty": penalty_label(incident.proposed_penalty)})
    if incident.rule:
        parts.append(f"({_(incident.rule)})")  # "Blitz, Präambel" in a German PDF (issue 28 item 9)
    if incident.note:
        parts.append(incident.note)
    return " · ".join(parts)


class IncidentListDocument(A4Document):
    landscape = True

    def __init__(self, round_, incidents):
        super().__init__(round_.tournament, round_number=round_.number, playoff=round_.is_playoff)
        self.round = round_
        self.incidents = incidents

    def document_title(self) -> str:
        return _("Incident list")

    def story(self) -> list:
        story = [para(f"{_('Incident list')} · {self.round}", "heading")]
        if not self.incidents:
            return story + [para(_("No incidents in this round."), "body")]
        return story + [self.table()]

    @staticmethod
    def header() -> list[str]:
        return [
            _("Table"),
            _("Board"),
            _("Time"),
            _("Team"),
            _("Player"),
            _("Kind"),
            _("Proposed"),
            _("Rule"),
            _("Decided"),
            _("Note"),
        ]

    def table(self) -> Table:
        rows = [[para(text, "cell", bold=True) for text in self.header()]]
        rules = self.tournament.penalties[0]
        for incident in self.incidents:
            match = incident.match
            team = match.first_team if incident.side == "first" else match.second_team
            decided = penalty_label(incident.decided_penalty)
            if incident.overridden:
                decided = f"{decided} – {incident.override_reason}"
            rows.append(
                [
                    para(match.table, "cell"),
                    para(incident.board, "cell"),
                    para(timezone.localtime(incident.occurred_at).strftime("%H:%M"), "cell"),
                    para(team.name if team else "", "cell"),
                    para(incident.player.name if incident.player else "—", "cell"),
                    para(kind_label(incident.kind, rules), "cell"),
                    para(penalty_label(incident.proposed_penalty) or "—", "cell"),
                    para(_(incident.rule) if incident.rule else "", "cell"),
                    para(decided or _("open"), "cell", bold=not decided),
                    para(incident.note, "small"),
                ]
            )
        labels = list(zip(*in_every_language(self.header)))
        needs = [widest_word(texts, BOLD) for texts in labels]
        widths = [w * mm for w in (15, 15, 15, 32, 32, 40, 28, 20, 35, 35)]
        table = Table(rows, colWidths=fitted_widths(widths, needs, sum(widths), flexible=[9]), repeatRows=1)
        table.setStyle(grid_table_style(valign="TOP"))
        return table

"""Standings after any round (Blitz §16): rank with shared places as "5.–6.", MP, BP, tie-breaks."""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.units import mm
from reportlab.platypus import Spacer, Table, TableStyle

from tournaments.arbiter_labels import playoff_criterion_label
from tournaments.domain.formatting import place, points
from tournaments.selectors.standings import Standings

from .base import (
    BOLD,
    GRID,
    REGULAR,
    SHADE,
    A4Document,
    fitted_widths,
    grid_table_style,
    in_every_language,
    para,
    widest_word,
)

SHOWN_ANYWAY = {"MP", "BP"}  # always their own columns, never repeated as a tie-break


def tiebreak_value(value) -> str:
    """A tie-break value as printed: points, a per-board series "3–2½–1–2", or "–" when unused."""
    if value is None:
        return "–"
    if isinstance(value, tuple):
        return "–".join(points(v) for v in value)
    return points(value)


class StandingsDocument(A4Document):
    def __init__(self, tournament, standings: Standings):
        super().__init__(tournament, round_number=standings.after_round or None)
        self.standings = standings

    def document_title(self) -> str:
        return _("Standings")

    def heading(self) -> str:
        if self.standings.final:
            return _("Final standings")
        if not self.standings.after_round:
            return _("Standings before the first round")
        return _("Standings after round %(number)d") % {"number": self.standings.after_round}

    def codes(self) -> list:
        return [tb for tb in self.standings.tiebreaks if tb.code not in SHOWN_ANYWAY]

    def story(self) -> list:
        story = [para(self.heading(), "heading"), self.table()]
        if self.standings.playoff_required:
            story += [
                Spacer(1, 3 * mm),
                para(
                    _("* Tied for first place after the tie-breaks for first place: a play-off decides the winner."),
                    "body",
                    bold=True,
                ),
            ]
        story += self.reasons() + self.playoff() + self.withdrawals()
        story += [Spacer(1, 5 * mm), para(_("Legend"), "subheading"), self.legend()]
        return story

    def reasons(self) -> list:
        """Issue 16, standings that explain themselves: for each row below the first, the criterion
        that put it below the row above, with both values, or that nothing separated them."""
        lines = [
            para(f"{place(entry.row.rank, entry.row.rank_to)} {entry.team.name}: {entry.row.reason.text(_)}", "small")
            for entry in self.standings.rows
            if entry.row.reason is not None
        ]
        return [Spacer(1, 4 * mm), para(_("Why each place"), "subheading"), *lines] if lines else []

    def playoff(self) -> list:
        """Blitz §16: the play-off table, with the criterion that decided each place."""
        if not self.standings.playoff:
            return []

        def header():
            return [
                _("Rank"),
                _("Team"),
                pgettext("abbreviation", "MP"),
                pgettext("abbreviation", "BW"),
                _("Decided by"),
            ]

        rows = [[para(text, "cell", bold=True) for text in header()]]
        for entry in self.standings.playoff:
            row = entry.row
            rows.append(
                [
                    para(place(row.rank, row.rank_to), "cell"),
                    para(entry.team.name, "cell", bold=True),
                    para(points(row.mp), "cell"),
                    para(points(row.bw), "cell"),
                    para(playoff_criterion_label(row.decided_by), "cell"),
                ]
            )
        needs = [widest_word(texts, BOLD) for texts in zip(*in_every_language(header))]
        widths = [18 * mm, 70 * mm, 15 * mm, 15 * mm, 62 * mm]
        table = Table(rows, colWidths=fitted_widths(widths, needs, sum(widths), flexible=[1]))
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), REGULAR),
                    ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.4, GRID),
                ]
            )
        )
        story = [Spacer(1, 4 * mm), para(_("Play-off for first place (Blitz §16)"), "subheading"), table]
        if self.standings.playoff_void:
            story.append(
                para(
                    _(
                        "This play-off is void: a regular result changed after it was paired, and the tie for first "
                        "place it was to decide no longer exists. It does not count for the standings."
                    ),
                    "small",
                )
            )
        elif not self.standings.playoff_complete:
            story.append(para(_("The play-off is not finished yet."), "small"))
        return story

    def withdrawals(self) -> list:
        """Which withdrawal rule the standings applied to each withdrawn team."""
        if not self.standings.withdrawals:
            return []
        story = [Spacer(1, 4 * mm), para(_(self.tournament.discipline_rules.words.withdrawn), "subheading")]
        return story + [para(f"{w.team.name} {w.note.text(_)}", "body") for w in self.standings.withdrawals]

    def header(self) -> list[str]:
        """The totals after the match points are the discipline's (board points, or none: Tandem §1.3)."""
        totals = [_(column.code) for column in self.standings.columns]
        discipline = self.tournament.discipline_rules
        return [
            _("Rank"),
            _(discipline.entrant_label),
            _(discipline.encounters_label),
            _(discipline.score_code),
            *totals,
            *(tb.code for tb in self.codes()),
        ]

    def table(self) -> Table:
        codes = self.codes()
        columns = self.standings.columns
        rows = [[para(text, "cell", bold=True) for text in self.header()]]
        for entry in self.standings.rows:
            row = entry.row
            rank = place(row.rank, row.rank_to) + (" *" if row.playoff_required else "")
            rows.append(
                [
                    para(rank, "cell"),
                    para(entry.team.name, "cell", bold=True),
                    para(row.played, "cell"),
                    para(points(row.mp), "cell", bold=True),
                    *(para(points(column.value(row)), "cell") for column in columns),
                ]
                + [para(tiebreak_value(row.tiebreaks.get(tb.code)), "cell") for tb in codes]
            )
        widths = [18 * mm, 0, 21 * mm, 13 * mm, *(13 * mm for _column in columns)]
        widths += [(30 if tb.code == "FWB" else 14) * mm for tb in codes]
        needs = [widest_word(texts, BOLD) for texts in zip(*in_every_language(self.header))]
        for column, values in enumerate(zip(*[[p.getPlainText() for p in row] for row in rows[1:]]), start=0):
            needs[column] = max(needs[column], widest_word(values, BOLD))
        table = Table(rows, colWidths=fitted_widths(widths, needs, 180 * mm, flexible=[1]), repeatRows=1)
        table.setStyle(grid_table_style())
        return table

    def legend(self) -> Table:
        discipline = self.tournament.discipline_rules
        entries = [
            (
                _(discipline.score_code),
                _(discipline.score_name),
                _(discipline.score_description)
                % {
                    "win": points(float(self.tournament.mp_win)),
                    "draw": points(float(self.tournament.mp_draw)),
                    "place_points": self.tournament.place_points or "–",
                },
            ),
        ]
        entries += [(_(column.code), _(column.name), _(column.description)) for column in self.standings.columns]
        entries += [(tb.code, _(tb.name), _(tb.description)) for tb in self.codes()]
        rows = [
            [para(code, "small", bold=True), para(name, "small", bold=True), para(text, "small")]
            for code, name, text in entries
        ]
        # codes and names as wide as they are ("BH:MP/C1" ran into "Buchholz", issue 28 item 9)
        codes = widest_word([code for code, _name, _text in entries], BOLD, 8)
        names = widest_word([name for _code, name, _text in entries], BOLD, 8)
        table = Table(
            rows, colWidths=fitted_widths([14 * mm, 40 * mm, 126 * mm], [codes, names, 0], 180 * mm, flexible=[2])
        )
        table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
        return table

"""The pairing list of a round, for the wall: large type, one line per table (Blitz §18 colours),
then the teams not paired in it by request or as late entries (TRF-2026 record 240)."""

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle

from tournaments.layouts import layout_of
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


def withdrawn_note() -> str:
    return _("withdrawn – forfeit")


def team_name(side, line) -> str:
    """A team's name, and that it withdrew where its seats are empty for that reason (its match was
    printed as a normal one with blank players, issue 28 item 9)."""
    return f"{side.name} ({withdrawn_note()})" if side.withdrawn_in(line.round) else side.name


def colour_name(colour: str) -> str:
    """ "W"/"B" of the colour pattern as a printed word."""
    return _("White") if colour == "W" else _("Black")


def match_score(line) -> str:
    """ "2½ : 1½" once every board has a result (published, in a public print), or the match
    result itself ("1-0") where the match has one (Tandem §1.3); else empty."""
    if not line.games or line.missing_results:
        return ""
    return line.score_text.replace(" ", "\xa0")  # one unit: never "2½ :" above "1½" (issue 28 item 9)


class PairingListDocument(A4Document):
    """Table, first-named team – second-named team, the first-named team's colour on board 1.

    ``with_boards`` adds, per match, each board's players and colours. With double rounds a
    column names the leg (the return leg is played with colours swapped). ``requested_byes``
    (``selectors.requested_byes.requested_byes_for_round``) are listed under the table, as the
    public pairings and the desk's grid list them: a team looking for its name finds why it
    has no table.
    """

    def __init__(self, pairings: RoundPairings, *, with_boards: bool = False, requested_byes=()):
        super().__init__(
            pairings.round.tournament, round_number=pairings.round.number, playoff=pairings.round.is_playoff
        )
        self.pairings = pairings
        self.with_boards = with_boards
        self.requested_byes = requested_byes

    def document_title(self) -> str:
        return _("Pairings")

    def story(self) -> list:
        heading = _("Pairings – round %(number)d") % {"number": self.round_number}
        if self.withheld:
            return [para(heading, "heading", fontSize=20, leading=25), *self.withheld_notice()]
        story = [para(heading, "heading", fontSize=20, leading=25), self.overview(), *self.byes()]
        if self.with_boards:
            story.append(Spacer(1, 6 * mm))
            story += [KeepTogether(self.board_list(line)) for line in self.pairings.matches if not line.is_bye]
        return story

    def byes(self) -> list:
        """ "SC Tettau: bye requested: half point (entered later)", one line per team, in seed order."""
        if not self.requested_byes:
            return []
        lines = [
            f"{bye.team.name}: {_(bye.label)}" + (f" ({_('entered later')})" if bye.late_entry else "")
            for bye in self.requested_byes
        ]
        return [Spacer(1, 4 * mm), *(para(line, "cell", fontSize=13, leading=17) for line in lines)]

    def header(self) -> list[str]:
        legs = [_("Leg")] if self.tournament.double_rounds else []
        return [_("Table"), *legs, _("First-named team"), "–", _("Second-named team"), _("Board 1"), _("Result")]

    def overview_widths(self) -> tuple[list[float], float]:
        """The columns around the team names as wide as their longest word (heading in every
        language, or content); the two team columns share the rest. The names' type shrinks from
        14 pt until every name fits on one line, but not below 10 pt (a longer name wraps there),
        and further only if a word of a name would not fit: a wrapped name left half its row
        empty (issue 28 item 9)."""
        legs = self.tournament.double_rounds
        lines = self.pairings.matches
        needs = [widest_word(texts, BOLD) for texts in zip(*in_every_language(self.header))]
        contents = [
            widest_word([line.table for line in lines], BOLD, 14),
            *([widest_word([line.leg for line in lines], REGULAR, 14)] if legs else []),
            0,
            widest_word(["–"], REGULAR, 14),
            0,
            widest_word(in_every_language(lambda: [colour_name("W"), colour_name("B")]), REGULAR, 12),
            widest_word([match_score(line) for line in lines], REGULAR, 13),
        ]
        widths = [14 * mm, *([10 * mm] if legs else []), 0, 6 * mm, 0, 18 * mm, 20 * mm]
        first = 2 if legs else 1
        widths = fitted_widths(
            widths, [max(a, b) for a, b in zip(needs, contents)], 180 * mm, flexible=[first, first + 2]
        )
        names = [team_name(line.first_team, line) for line in lines]
        names += [team_name(line.second_team, line) for line in lines if line.second_team]
        return widths, one_line_size(names, BOLD, 14, widths[first], floor=10)

    def overview(self) -> Table:
        widths, size = self.overview_widths()
        large = dict(fontSize=14, leading=17)
        name = dict(fontSize=size, leading=size + 3)
        legs = self.tournament.double_rounds
        header = ["" if text == "–" else text for text in self.header()]
        rows = [[para(text, "cell", bold=True) for text in header]]
        for line in self.pairings.matches:
            if line.is_bye:
                second, colour = para(_("bye"), "cell", **large), ""
            else:
                second = para(team_name(line.second_team, line), "cell", bold=True, **name)
                colour = colour_name(line.games[0].first_colour) if line.games else ""
            rows.append(
                [
                    para(line.table, "cell", bold=True, **large),
                    *([para(line.leg, "cell", **large)] if legs else []),
                    para(team_name(line.first_team, line), "cell", bold=True, **name),
                    para("–", "cell", **large),
                    second,
                    para(colour, "cell", fontSize=12, leading=15),
                    para(match_score(line), "cell", fontSize=13, leading=16),
                ]
            )
        table = Table(rows, colWidths=widths, repeatRows=1)
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), REGULAR),
                    ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.5, GRID),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("TOPPADDING", (0, 1), (-1, -1), 5),
                    ("BOTTOMPADDING", (0, 1), (-1, -1), 5),
                ]
            )
        )
        return table

    def board_list(self, line) -> list:
        title = _("Table %(table)d: %(first)s – %(second)s") % {
            "table": line.table,
            "first": team_name(line.first_team, line),
            "second": team_name(line.second_team, line),
        }
        if self.tournament.double_rounds:
            title += " · " + _("Leg %(leg)d") % {"leg": line.leg}
        rows = [
            [
                para(text, "cell", bold=True)
                for text in (_("Board"), "", line.first_team.name, "", line.second_team.name, _("Result"))
            ]
        ]
        for game in line.games:
            rows.append(
                [
                    para(game.board, "cell"),
                    para(colour_name(game.first_colour), "cell"),
                    para(_player(game.first_player), "cell"),
                    para(colour_name(game.second_colour), "cell"),
                    para(_player(game.second_player), "cell"),
                    para(game.result, "cell"),
                ]
            )
        rows += layout_of(line.discipline).result_pdf.pairing_rows(line)
        table = Table(rows, colWidths=board_list_widths([game.result for game in line.games] + [line.result or ""]))
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), REGULAR),
                    ("FONT", (0, 0), (-1, 0), BOLD),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.4, GRID),
                    ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                ]
            )
        )
        return [para(title, "subheading"), table]


def board_list_widths(results: list[str]) -> list[float]:
    """Board, colours and result as wide as their words in every language; players share the rest."""

    def fixed_texts():
        colours = [colour_name("W"), colour_name("B")]
        return [[_("Board")], colours, [], colours, [], [_("Result"), *results]]

    needs = [widest_word(sum(column, []), BOLD) for column in zip(*in_every_language(fixed_texts))]
    return fitted_widths([16 * mm, 17 * mm, 0, 17 * mm, 0, 22 * mm], needs, 180 * mm, flexible=[2, 4])


def _player(player) -> str:
    return player.name if player is not None else "—"

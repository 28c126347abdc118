"""The tie-break registry: each criterion is a plain function, registered under its code.

A criterion maps the teams of a tied group to comparable values, higher is better. Criteria that
look only at the tied group (direct encounter) are applied again inside every subgroup they
leave tied, as the FIDE rules for direct encounter prescribe.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from .errors import RuleViolation, gettext_noop
from .tally import Tally

Value = float | tuple[float, ...] | None


@dataclass(frozen=True, slots=True)
class TieBreak:
    code: str
    name: str
    description: str
    compute: Callable[[Tally, Sequence[int]], dict[int, Value]]
    within_group: bool = False
    board_based: bool = False  # meaningless without board points (a tandem match has none)


def total_match_points(tally: Tally, group: Sequence[int]) -> dict[int, Value]:
    return {team: tally.teams[team].mp for team in group}


def total_board_points(tally: Tally, group: Sequence[int]) -> dict[int, Value]:
    """Blitz §16: the larger number of board points (win 1, draw ½)."""
    return {team: tally.teams[team].bp for team in group}


def direct_encounter(tally: Tally, group: Sequence[int]) -> dict[int, Value]:
    """Match points scored in the matches among the tied teams (Blitz §16).

    It applies only when every pair of the group has met equally often; otherwise it separates
    nobody (every value ``None``).
    """
    counts = {tally.encounter(a, b)[1] for a, b in combinations(group, 2)}
    if len(counts) != 1 or counts == {0}:
        return {team: None for team in group}
    return {
        team: sum(tally.encounter(team, other)[0] for other in group if other != team)
        for team in group
    }


def berliner_wertung(tally: Tally, group: Sequence[int]) -> dict[int, Value]:
    """Berliner Wertung: a board point on board b of n is worth n + 1 − b (Blitz §16)."""
    n = tally.boards
    return {
        team: sum(points * (n - index) for index, points in enumerate(tally.teams[team].board_points))
        for team in group
    }


def first_won_board(tally: Tally, group: Sequence[int]) -> dict[int, Value]:
    """Points per board, compared from board 1 on: the first board that differs decides."""
    return {team: tuple(tally.teams[team].board_points) for team in group}


def sonneborn_berger_match_points(tally: Tally, group: Sequence[int]) -> dict[int, Value]:
    """Σ over opponents of the opponent's final match points × match points scored against them.

    A bye has no opponent and adds nothing; in a double round each match counts on its own.
    Each team reads only its own encounters, so the whole table costs time linear in the teams.
    """
    return {
        team: sum(
            tally.encounters[(team, opponent)][0] * tally.teams[opponent].mp
            for opponent in tally.opponents.get(team, ())
        )
        for team in group
    }


def matches_won(tally: Tally, group: Sequence[int]) -> dict[int, Value]:
    """The number of matches won (forfeit wins included; a bye is not a won match)."""
    return {team: tally.teams[team].won for team in group}


TIEBREAKS: dict[str, TieBreak] = {
    tb.code: tb
    for tb in (
        TieBreak("MP", gettext_noop("Match points"), gettext_noop("2 for a won match, 1 for a drawn one."), total_match_points),
        TieBreak(
            "BP",
            gettext_noop("Board points"),
            gettext_noop("1 for a won game, ½ for a draw, 1 for a forfeit win."),
            total_board_points,
            board_based=True,
        ),
        TieBreak(
            "DE",
            gettext_noop("Direct encounter"),
            gettext_noop("Match points in the matches among the tied teams, if all of them have met equally often."),
            direct_encounter,
            within_group=True,
        ),
        TieBreak(
            "BW",
            gettext_noop("Berliner Wertung"),
            gettext_noop("Board points weighted by board: with four boards, board 1 counts 4, board 2 counts 3, board 3 counts 2, board 4 counts 1."),
            berliner_wertung,
            board_based=True,
        ),
        TieBreak(
            "FWB",
            gettext_noop("First won board"),
            gettext_noop("Points per board compared from board 1 down; the first board that differs decides."),
            first_won_board,
            board_based=True,
        ),
        TieBreak(
            "SB",
            gettext_noop("Sonneborn-Berger (match points)"),
            gettext_noop("For every opponent: its final match points times the match points scored against it."),
            sonneborn_berger_match_points,
        ),
        TieBreak("WIN", gettext_noop("Matches won"), gettext_noop("The number of matches won."), matches_won),
    )
}


def get_tiebreak(code: str) -> TieBreak:
    try:
        return TIEBREAKS[code]
    except KeyError:
        raise RuleViolation(
            gettext_noop("unknown tie-break “%(value)s”; known: %(known)s"),
            field="tiebreaks",
            value=code,
            known=", ".join(TIEBREAKS),
        ) from None

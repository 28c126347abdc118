"""The tie-break registry: each criterion is a plain function, registered under its code.

A criterion maps the teams of a tied group to comparable values, higher is better unless the
criterion is ``ascending`` (C.07's board count). Criteria that look only at the tied group (direct
encounter) are applied again inside every subgroup they leave tied, as the FIDE rules for direct
encounter prescribe. Codes are FIDE's (C.07, TRF-2026 record 202), with a score type and
modifiers where C.07 allows them: ``BH:MP/C1``.

Board-by-board criteria (BW, FWB, TBR, BC, BBE) count the games on the boards only, never a bye's
notional points. Berliner Wertung is ours (Blitz §16, not in C.07): with n boards,
BW = (n + 1)·GP − BC over the same games.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache, partial
from itertools import combinations

from . import team_tiebreaks
from .errors import RuleViolation, gettext_noop
from .presets import DirectEncounter
from .tally import Tally
from .tiebreak_codes import parse_code

Value = float | tuple[float, ...] | None


@dataclass(frozen=True, slots=True)
class TieBreak:
    code: str
    name: str
    description: str
    compute: Callable[[Tally, Sequence[int]], dict[int, Value]]
    within_group: bool = False
    board_based: bool = False  # meaningless without board points (a tandem match has none)
    ascending: bool = False  # the lower value prevails (BC)


def total_match_points(tally: Tally, group: Sequence[int]) -> dict[int, Value]:
    return {team: tally.teams[team].mp for team in group}


def total_board_points(tally: Tally, group: Sequence[int]) -> dict[int, Value]:
    """Blitz §16: the larger number of board points (win 1, draw ½)."""
    return {team: tally.teams[team].bp for team in group}


def direct_encounter(tally: Tally, group: Sequence[int]) -> dict[int, Value]:
    """Match points scored in the matches among the tied teams, as the discipline reads it.

    Blitz §16 (``DirectEncounter.BLITZ``): only when every pair of the group has met equally
    often; otherwise it separates nobody (every value ``None``). C.07 Art. 6 (``C07``, TRF's
    ``DE``, a FIDE event): the match points among the tied from the encounters so far, in a Swiss
    a team not all of them met placed above the rest only if none could have caught it
    (Art. 6.2). A Swiss (pairings not fixed in advance) reads C.07 in either discipline. In a
    complete round robin both order alike (everyone met equally often). A team that has not met
    every other one of the group settles that from its own encounters, so the pairs are compared only
    in a group no larger than the rounds played plus one (a large tie in a big event stays linear).
    """
    if tally.direct_encounter == DirectEncounter.C07 or not tally.predetermined:
        return team_tiebreaks.extended_direct_encounter(tally, group, parse_code("DE"))
    members = set(group)
    if any(sum(1 for other in tally.opponents.get(team, ()) if other in members) < len(group) - 1 for team in group):
        return {team: None for team in group}
    counts = {tally.encounter(a, b)[1] for a, b in combinations(group, 2)}
    if len(counts) != 1 or counts == {0}:
        return {team: None for team in group}
    return {team: sum(tally.encounter(team, other)[0] for other in group if other != team) for team in group}


def berliner_wertung(tally: Tally, group: Sequence[int]) -> dict[int, Value]:
    """Berliner Wertung: a point in a game on board b of n is worth n + 1 − b (Blitz §16)."""
    n, boards = tally.boards, tally.board_points()
    return {team: sum(points * (n - index) for index, points in enumerate(boards[team])) for team in group}


def first_won_board(tally: Tally, group: Sequence[int]) -> dict[int, Value]:
    """Points in games per board, compared from board 1 on: the first board that differs decides."""
    boards = tally.board_points()
    return {team: tuple(boards[team]) for team in group}


def sonneborn_berger_match_points(tally: Tally, group: Sequence[int]) -> dict[int, Value]:
    """Σ over opponents of the opponent's final match points × match points scored against them.

    A bye has no opponent and adds nothing; in a double round each match counts on its own.
    Each team reads only its own encounters, so the whole table costs time linear in the teams.
    """
    teams = tally.teams
    return {
        team: sum(entry[0] * teams[opponent].mp for opponent, entry in tally.opponents.get(team, {}).items())
        for team in group
    }


def opposition(tally: Tally, group: Sequence[int]) -> dict[int, Value]:
    """Σ over every encounter of the final points of everyone else in it (rules/README §4: at a
    table, everyone else seated there, absent players included)."""
    return {
        team: sum(entry[1] * tally.teams[other].mp for other, entry in tally.opponents.get(team, {}).items())
        for team in group
    }


def matches_won(tally: Tally, group: Sequence[int]) -> dict[int, Value]:
    """The number of matches won (forfeit wins included; a bye is not a won match)."""
    return {team: tally.teams[team].won for team in group}


TIEBREAKS: dict[str, TieBreak] = {
    tb.code: tb
    for tb in (
        TieBreak(
            "MP",
            gettext_noop("Match points"),
            gettext_noop("2 for a won match, 1 for a drawn one."),
            total_match_points,
        ),
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
            gettext_noop(
                "Match points in the matches among the tied teams: in a FIDE team event (C.07 Art. 6) from the "
                "matches played so far, otherwise once all of them have met equally often (Blitz §16)."
            ),
            direct_encounter,
            within_group=True,
        ),
        TieBreak(
            "BW",
            gettext_noop("Berliner Wertung"),
            gettext_noop(
                "Points in games weighted by board: with four boards, board 1 counts 4, board 2 counts 3, board 3 "
                "counts 2, board 4 counts 1; (n + 1) × board points − board count. A bye's points lie on no board."
            ),
            berliner_wertung,
            board_based=True,
        ),
        TieBreak(
            "FWB",
            gettext_noop("First won board"),
            gettext_noop(
                "Points in games per board compared from board 1 down; the first board that differs decides. A bye's "
                "points lie on no board."
            ),
            first_won_board,
            board_based=True,
        ),
        TieBreak(
            "SB",
            gettext_noop("Sonneborn-Berger (match points)"),
            gettext_noop("For every opponent: its final match points times the match points scored against it."),
            sonneborn_berger_match_points,
        ),
        TieBreak(
            "WIN",
            gettext_noop("Wins"),
            gettext_noop("The number of matches won; at a table, the first places not shared."),
            matches_won,
        ),
        TieBreak(
            "OPP",
            gettext_noop("Opposition"),
            gettext_noop(
                "The final points of everyone met, summed over every game (at a table: everyone else seated there)."
            ),
            opposition,
        ),
    )
}

# C.07 criteria that take a score type and modifiers: name -> (template, score types, modifiers)
PARAMETRIC: dict[str, tuple[TieBreak, frozenset[str], frozenset[str]]] = {
    tb.code: (tb, frozenset(types), frozenset(modifiers))
    for tb, types, modifiers in (
        (
            TieBreak(
                "BH",
                gettext_noop("Buchholz"),
                gettext_noop(
                    "The sum of the opponents' scores (C.07 Art. 8.1); /C1 cuts the lowest, /M1 the lowest and the "
                    "highest, /P counts a forfeited encounter as played."
                ),
                team_tiebreaks.buchholz,
            ),
            ("MP", "GP"),
            "CMP",
        ),
        *(
            (
                TieBreak(
                    name,
                    gettext_noop("Extended Sonneborn-Berger"),
                    gettext_noop(
                        "For every opponent: its score times the score made against it (C.07 Art. 8.3); E, then M or "
                        "G for the opponent's score, M or G for the own."
                    ),
                    team_tiebreaks.extended_sonneborn_berger,
                ),
                (),
                "CP",
            )
            for name in ("EMMSB", "EMGSB", "EGMSB", "EGGSB")
        ),
        (
            TieBreak(
                "EDE",
                gettext_noop("Extended direct encounter"),
                gettext_noop(
                    "Among the tied teams, the match points against each other, else the game points; applied again "
                    "inside every group it leaves tied (C.07 Art. 6)."
                ),
                team_tiebreaks.extended_direct_encounter,
                within_group=True,
            ),
            (),
            "P",
        ),
        *(
            (
                TieBreak(
                    name,
                    gettext_noop("Extended direct encounter with board criteria"),
                    gettext_noop(
                        "As EDE; two teams still level are then separated by their direct games: board count (C), "
                        "board by board from the top (T), without the bottom boards (B), in the order the code names "
                        "them."
                    ),
                    team_tiebreaks.extended_direct_encounter,
                    within_group=True,
                ),
                (),
                "P",
            )
            for name in ("EDEC", "EDET", "EDEB", "EDEBT", "EDEBB")
        ),
        (
            TieBreak(
                "MPVGP",
                gettext_noop("Game points (MPvGP)"),
                gettext_noop("The score that is not primary: with match points primary, the game points."),
                team_tiebreaks.mp_versus_gp,
            ),
            (),
            "",
        ),
        (
            TieBreak(
                "BC",
                gettext_noop("Board count"),
                gettext_noop(
                    "Σ board number × points in games on that board; the lower sum prevails (C.07 Art. 9.3). A bye's "
                    "points lie on no board."
                ),
                team_tiebreaks.board_count,
                board_based=True,
                ascending=True,
            ),
            (),
            "",
        ),
        (
            TieBreak(
                "TBR",
                gettext_noop("Top board result"),
                gettext_noop(
                    "Points in games on board 1, then board 2, …; the first board that differs decides (C.07 Art. "
                    "9.4). A bye's points lie on no board."
                ),
                team_tiebreaks.top_board_result,
                board_based=True,
            ),
            (),
            "",
        ),
        (
            TieBreak(
                "BBE",
                gettext_noop("Bottom board elimination"),
                gettext_noop(
                    "Points in games without the bottom board, then without the two bottom boards, …; the first that "
                    "differs decides (C.07 Art. 9.5). A bye's points lie on no board."
                ),
                team_tiebreaks.bottom_board_elimination,
                board_based=True,
            ),
            (),
            "",
        ),
        (
            TieBreak(
                "SSSC",
                gettext_noop("Score strength combination"),
                gettext_noop(
                    "Game points plus the match-point Buchholz divided by the win's match points × rounds ÷ boards "
                    "(C.07)."
                ),
                team_tiebreaks.score_strength_combination,
                board_based=True,
            ),
            (),
            "",
        ),
    )
}


@cache
def get_tiebreak(code: str) -> TieBreak:
    """The criterion a code names; a C.07 code with a score type or modifiers is bound to them
    (once per code: standings ask for each criterion of the chain in every tied group)."""
    if code in TIEBREAKS:
        return TIEBREAKS[code]
    parsed = parse_code(code) if code.split(":")[0].split("/")[0].upper() in PARAMETRIC else None
    if parsed is None:
        raise RuleViolation(
            gettext_noop("unknown tie-break “%(value)s”; known: %(known)s"),
            field="tiebreaks",
            value=code,
            known=", ".join([*TIEBREAKS, *PARAMETRIC]),
        )
    template, types, modifiers = PARAMETRIC[parsed.name]
    if (parsed.points and parsed.points not in types) or any(m[0] not in modifiers for m in parsed.modifiers):
        raise RuleViolation(
            gettext_noop("“%(value)s”: %(name)s takes no such score type or modifier."),
            field="tiebreaks",
            value=code,
            name=parsed.name,
        )
    bound = partial(template.compute, code=parsed)
    return replace(template, code=str(parsed), compute=lambda tally, group: bound(tally, group))

"""Rule presets: the data that makes one competition's rules, never code paths.

A tournament copies a preset's values into its own fields when it is created, so a TD can adjust
them and an archive stays meaningful even if a preset changes later.
"""

from dataclasses import dataclass, field
from enum import StrEnum

from .eligibility import Eligibility
from .errors import RuleViolation, gettext_noop
from .tables.variants import SCHACH4

# The stored discipline values: team blitz, FIDE team, tandem, Viererschach and its Schach4 V2
# team form (and the retired V4 and V8 team forms, which old tournaments keep), and one per
# Schach4 variant (the variant fixes the table, issue 15).
Discipline = StrEnum(
    "Discipline",
    {
        "TEAM_BLITZ": "team-blitz",
        "TEAM": "team",
        "TANDEM": "tandem",
        "VIERER": "vierer",
        "SCHACH4_V2_TEAM": "schach4-v2-team",
        "SCHACH4_V4_TEAM": "schach4-v4-team",
        "SCHACH4_V8_TEAM": "schach4-v8-team",
        **{key.upper().replace("-", "_"): key for key in SCHACH4},
    },
)


class PairingSystem(StrEnum):
    ROUND_ROBIN = "round-robin"
    DOUBLE_ROUND_ROBIN = "double-round-robin"
    TABLES_BY_SCORE = "tables-by-score"  # a "Swiss in fours": entrants grouped into tables (tables.grouping)
    TABLE_GROUPS = "table-groups"  # fixed groups of size², a round robin of tables (Latin squares)
    SWISS_FIDE_TEAM = "swiss-fide-team"  # FIDE Handbook C.04.6 (applied from 1 February 2026)


class TiebreakEdition(StrEnum):
    """Which edition of C.07 values unplayed rounds: 2026 (applied from 1 March 2026) caps a
    virtual opponent's score (Art. 16.4.1: by the forfeiting opponent's, 16.4.2: by a draw in
    every round); the 2024 edition takes the team's own score uncapped. gacrux knows both
    (``/V2024``, ``/V2026``)."""

    C07_2026 = "2026"
    C07_2024 = "2024"


class DirectEncounter(StrEnum):
    """Which reading of the direct encounter (``DE``) a discipline ranks by, where the two differ:
    a round robin whose tied teams have not all met yet.

    ``blitz``: Blitz §16, it separates only teams that have all met each other equally often
    (our reading for the disciplines of the German rulebooks). ``c07``: FIDE Handbook C.07
    Art. 6, the match points among the tied from the encounters so far, as FIDE's reference tool
    ranks a round robin (TRF's ``DE``). In a Swiss both are C.07's, with Art. 6.2.
    """

    BLITZ = "blitz"
    C07 = "c07"


class ColourModel(StrEnum):
    """C.04.6 art. 1.7: type A colour preferences unless the competition names type B, or none.

    Only the team Swiss reads it; a round robin's colours follow its Berger table.
    """

    TYPE_A = "type-a"
    TYPE_B = "type-b"
    NONE = "none"


class ByeScoring(StrEnum):
    """What a team paired against nobody scores (a round robin's dummy): by default nothing."""

    NOTHING = "nothing"
    DRAW = "draw"
    WIN = "win"


class BoardOrder(StrEnum):
    """How a lineup may depart from the registered board order.

    ``fixed``: board b is registered player b; a substitute may stand in only on the substitute
    boards (Blitz preamble). ``ascending``: any registered players in ascending registered order,
    so reserves move up (FIDE team practice). ``recorded``: any registered players in the order
    the team handed in, as a TRF-2026 300 record states a line-up that breaks the roster order
    (an imported event; a TD may choose it).
    """

    FIXED = "fixed"
    ASCENDING = "ascending"
    RECORDED = "recorded"


@dataclass(frozen=True, slots=True)
class MatchPoints:
    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0


VIERER_LINEUP_RULE = gettext_noop("tournament rule: fixed ranking")  # rules.md, Viererschach (our decision)


@dataclass(frozen=True, slots=True)
class RulePreset:
    key: str
    name: str
    discipline: Discipline
    boards: int
    colour_pattern: str
    substitute_boards: tuple[int, ...]
    max_substitutes: int
    board_order: BoardOrder = BoardOrder.FIXED
    match_points: MatchPoints = field(default_factory=MatchPoints)
    bye_scoring: ByeScoring = ByeScoring.NOTHING
    pairing: PairingSystem = PairingSystem.ROUND_ROBIN
    tiebreaks_first: tuple[str, ...] = ()
    tiebreaks_other: tuple[str, ...] = ()
    playoff_for_first: bool = False
    lineup_rule: str = ""  # the paragraph cited when a lineup is refused
    double_rounds: bool = False  # each round: two matches of the same pair, colours swapped
    colour_model: ColourModel = ColourModel.TYPE_A  # C.04.6 art. 1.7 (team Swiss only)
    rounds: int = 0  # a Swiss's number of rounds, set at creation; 0: the system plans them (round robin)
    place_points: str = ""  # a table's points per place by sides ("4: 3 2 1 0"); "": k − p (tables.place_points)
    table_bye_points: str = ""  # what a table bye scores ("1.5"); "": a shared middle place (tables.byes)
    eligibility: Eligibility = field(default_factory=Eligibility)  # a league's rating and category rules


def _schach4_team(variant: str, name: str) -> RulePreset:
    """A team match at a Schach4 table whose sides are pairs of the two teams."""
    return RulePreset(
        key=f"{variant}-team",
        name=name,
        discipline=Discipline(f"{variant}-team"),
        boards=2,
        colour_pattern="WW",  # the first-named team takes the side that moves first
        substitute_boards=(1, 2),
        max_substitutes=0,
        tiebreaks_first=("DE", "SB", "WIN"),
        tiebreaks_other=("DE", "SB", "WIN"),
        lineup_rule=SCHACH4[variant].rule,
    )


PRESETS: dict[str, RulePreset] = {
    preset.key: preset
    for preset in (
        RulePreset(
            key="blitz-frankenwald",
            name=gettext_noop("Team blitz (Frankenwaldpokal rules)"),
            discipline=Discipline.TEAM_BLITZ,
            boards=4,
            colour_pattern="BWBW",  # Blitz §18: first-named team Black on boards 1 and 3
            substitute_boards=(4,),  # Blitz preamble: the substitute plays board 4 only
            max_substitutes=1,
            tiebreaks_first=("DE",),  # Blitz §16, then a play-off
            tiebreaks_other=("BP", "DE", "BW", "FWB"),  # Blitz §16 and our reading (rules/README)
            playoff_for_first=True,
            lineup_rule=gettext_noop("Blitz preamble"),
        ),
        RulePreset(
            key="fide-team",
            name=gettext_noop("Team tournament (FIDE conventions)"),
            discipline=Discipline.TEAM,
            boards=4,
            colour_pattern="WBWB",
            substitute_boards=(1, 2, 3, 4),
            max_substitutes=1,
            board_order=BoardOrder.ASCENDING,
            # C.07 codes only, so gacrux checks every criterion. Among teams level on game points BC
            # orders exactly as Berliner Wertung (ours, not C.07): BW = (n + 1)·GP − BC.
            tiebreaks_first=("BP", "DE", "BC"),
            tiebreaks_other=("BP", "DE", "BC"),
        ),
        RulePreset(
            key="fide-team-swiss",
            name=gettext_noop("Team Swiss (FIDE C.04.6)"),
            discipline=Discipline.TEAM,
            boards=4,
            colour_pattern="WBWB",  # C.04.6 art. 4 type A: the first-named team's colour on board 1 alternates down
            substitute_boards=(1, 2, 3, 4),
            max_substitutes=1,
            board_order=BoardOrder.ASCENDING,
            bye_scoring=ByeScoring.DRAW,  # C.04.6 art. 1.4: the PAB scores a drawn match unless the rules say otherwise
            pairing=PairingSystem.SWISS_FIDE_TEAM,
            rounds=9,
            tiebreaks_first=("BH:MP/C1", "EMGSB", "BP"),
            tiebreaks_other=("BH:MP/C1", "EMGSB", "BP"),
        ),
        RulePreset(
            key="tandem-swiss",
            name=gettext_noop("Tandem Swiss (bughouse, C.04.6 without colours)"),
            discipline=Discipline.TANDEM,
            boards=2,
            colour_pattern="BW",  # Tandem §8.2
            substitute_boards=(1, 2),
            max_substitutes=0,
            bye_scoring=ByeScoring.DRAW,
            pairing=PairingSystem.SWISS_FIDE_TEAM,
            colour_model=ColourModel.NONE,  # a tandem match has no team colour to balance
            rounds=7,
            # our decision (docs/rules.md): SB as C.07's EMMSB, unplayed rounds valued by Art. 16
            tiebreaks_first=("BH:MP/C1", "EMMSB", "WIN"),
            tiebreaks_other=("BH:MP/C1", "EMMSB", "WIN"),
            lineup_rule="Tandem §8.1",
        ),
        RulePreset(
            key="tandem-dsb",
            name=gettext_noop("Tandem (bughouse)"),
            discipline=Discipline.TANDEM,
            boards=2,
            colour_pattern="BW",  # Tandem §8.2: the first-named team has Black on board 1
            substitute_boards=(1, 2),  # only once a TD allows substitutes (max_substitutes)
            max_substitutes=0,
            tiebreaks_first=("DE", "SB", "WIN"),
            tiebreaks_other=("DE", "SB", "WIN"),
            lineup_rule="Tandem §8.1",  # the declared ranking holds all tournament
        ),
        # Four-player chess (issue 15). Viererschach: teams of two, ranked as tandem (rules/README §3);
        # both players of a team sit on one side, the first-named team on White + Yellow ("WW").
        RulePreset(
            key="vierer-team",
            name=gettext_noop("Viererschach (teams of two)"),
            discipline=Discipline.VIERER,
            boards=2,
            colour_pattern="WW",
            substitute_boards=(1, 2),  # only once a TD allows substitutes (max_substitutes)
            max_substitutes=0,
            tiebreaks_first=("DE", "SB", "WIN"),
            tiebreaks_other=("DE", "SB", "WIN"),
            # Vierer §1 only forms the teams; that the ranking is fixed is our tournament rule
            lineup_rule=VIERER_LINEUP_RULE,
        ),
        # issue 15: team events on Schach4 V2 (two pairs, partners diagonal) run as Viererschach
        _schach4_team("schach4-v2", gettext_noop("Schach4 V2 (teams of two)")),
        # Schach4 individual events, one per variant: every entrant a team of one player, grouped
        # into tables by score; standings by points, wins, opposition (rules/README §4).
        *(
            RulePreset(
                key=variant.key,
                name=variant.name,
                discipline=Discipline(variant.key),
                boards=1,
                colour_pattern="W",
                substitute_boards=(),
                max_substitutes=0,
                pairing=PairingSystem.TABLES_BY_SCORE,
                tiebreaks_first=("WIN", "OPP"),  # rules/README §4: points, wins, opposition
                tiebreaks_other=("WIN", "OPP"),
                lineup_rule=variant.rule,
            )
            for variant in SCHACH4.values()
        ),
    )
}


# Presets no longer offered (issue 25, docs/rules.md: our decision): Schach4 V4 and V8 have singles,
# so teams of two split into enemies (V4) or sit a player out (V8); individual events of V4 and V8
# form the pairs and singles per table instead. A tournament keeps the values its preset gave it,
# and an archive naming one still imports and ranks as before: ``get_preset`` still knows them.
RETIRED_PRESETS: dict[str, RulePreset] = {
    preset.key: preset
    for preset in (
        _schach4_team("schach4-v4", gettext_noop("Schach4 V4 (teams of two: a pair against two singles)")),
        _schach4_team("schach4-v8", gettext_noop("Schach4 V8 (teams of two: two sets against a pair)")),
    )
}
KNOWN_PRESETS: dict[str, RulePreset] = PRESETS | RETIRED_PRESETS


def get_preset(key: str) -> RulePreset:
    """The preset ``key``, offered or retired (an old tournament or archive names it)."""
    try:
        return KNOWN_PRESETS[key]
    except KeyError:
        raise RuleViolation(
            gettext_noop("unknown preset “%(value)s”; known presets: %(known)s"),
            field="preset",
            value=key,
            known=", ".join(sorted(PRESETS)),
        ) from None


def validate_colour_pattern(pattern: str, boards: int) -> str:
    """A pattern names the first-named team's colour on every board: one W or B per board."""
    if len(pattern) != boards or set(pattern) - {"W", "B"}:
        raise RuleViolation(
            gettext_noop("“%(value)s” must be one letter W or B for each of the %(boards)d boards."),
            field="colour_pattern",
            value=pattern,
            boards=boards,
        )
    return pattern


def validate_substitute_boards(substitute_boards, boards: int) -> tuple[int, ...]:
    result = tuple(sorted(set(substitute_boards)))
    if any(not isinstance(b, int) or not 1 <= b <= boards for b in result):
        raise RuleViolation(
            gettext_noop("every substitute board must be a board number from 1 to %(boards)d."),
            field="substitute_boards",
            boards=boards,
        )
    return result

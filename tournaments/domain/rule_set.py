"""The tournament's rule set, described once.

Every setting a tournament stores is defined here: its name, kind, default (from the preset),
validation, label and help, and whether it is fixed once play started (with the rule that fixes
it). The model's fields, the desk form, the API serializers, the archive import/export and the
archive's JSON Schema are all derived from ``RULE_SET``; tests check that none drifts.
"""

from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from enum import Enum, StrEnum

from .disciplines import DisciplineRules, get_discipline
from .eligibility import MAX_RATING, Category, Check
from .errors import RuleViolation, gettext_noop
from .moments import moment_in_range
from .pairing_systems import pairing_system
from .penalties import PenaltyRules, format_event_ladders, parse_event_ladders
from .presets import (
    BoardOrder,
    ByeScoring,
    ColourModel,
    DirectEncounter,
    PairingSystem,
    RulePreset,
    TiebreakEdition,
    validate_colour_pattern,
    validate_substitute_boards,
)
from .requested_byes import LateEntryRounds, LateEntrySeeding
from .tables.byes import format_bye_points, parse_bye_points
from .tables.place_points import format_place_points, parse_place_points
from .tables.seating import FirstMover
from .tiebreaks import get_tiebreak
from .withdrawal import WithdrawalRule

MAX_BOARDS = 16
PRINT_LANGUAGES = ("de", "en")  # the languages documents print in (the app's LANGUAGES)


class Kind(StrEnum):
    """How a value is written: each kind has one form field, one API field and one JSON type."""

    TEXT = "text"
    DATE = "date"
    WHOLE = "whole"
    BOOL = "bool"
    CHOICE = "choice"
    BOARDS = "boards"  # a list of board numbers
    CODES = "codes"  # a list of tie-break codes
    POINTS = "points"  # match points: win, draw, loss


@dataclass(frozen=True, slots=True)
class Setting:
    name: str  # in the services, the API and the archive
    kind: Kind
    label: str  # gettext_noop
    default: Callable[[RulePreset], object]
    help: str = ""  # gettext_noop
    attribute: str = ""  # the model field, when it is named otherwise
    options: tuple[str, ...] = ()  # the values of a CHOICE
    minimum: int = 0
    maximum: int = 0  # a WHOLE's bound, a TEXT's length
    pattern: str = ""  # a TEXT's JSON Schema pattern
    locked: str = ""  # gettext_noop: why it is fixed once play started (empty: never fixed)
    rule: str = ""  # the rule cited when a change is refused
    warning: str = ""  # gettext_noop: what the desk warns about before changing it mid-event

    @property
    def field(self) -> str:
        return self.attribute or self.name

    def read(self, tournament) -> object:
        """The stored value of ``tournament`` (any object with the model's attributes)."""
        if self.kind == Kind.POINTS:
            return {key: getattr(tournament, f"mp_{key}") for key in POINT_KEYS}
        value = getattr(tournament, self.field)
        return list(value) if self.kind in (Kind.BOARDS, Kind.CODES) else value

    def as_json(self, value):
        """The value as the archive and the API write it: dates in ISO, points without needless decimals."""
        if self.kind == Kind.DATE:
            return value.isoformat() if value else None
        if self.kind == Kind.POINTS:
            return {key: int(points) if points == int(points) else float(points) for key, points in value.items()}
        return value

    def store(self, tournament, value) -> None:
        if self.kind == Kind.POINTS:
            for key in POINT_KEYS:
                setattr(tournament, f"mp_{key}", value[key])
        else:
            setattr(tournament, self.field, value)


POINT_KEYS = ("win", "draw", "loss")


def _values(enum: type[Enum]) -> tuple[str, ...]:
    return tuple(member.value for member in enum)


RULE_SET: tuple[Setting, ...] = (
    Setting("venue", Kind.TEXT, gettext_noop("Venue"), lambda preset: "", maximum=200),
    Setting("start_date", Kind.DATE, gettext_noop("Start date"), lambda preset: None),
    Setting(
        "language",
        Kind.CHOICE,
        gettext_noop("Language of printed documents"),
        lambda preset: "de",
        options=PRINT_LANGUAGES,
    ),
    Setting(
        "boards",
        Kind.WHOLE,
        gettext_noop("Boards"),
        lambda preset: preset.boards,
        minimum=1,
        maximum=MAX_BOARDS,
        locked=gettext_noop(
            "cannot be changed once the tournament has started. Lineups and results are recorded on these boards."
        ),
        rule="Blitz preamble",
    ),
    Setting(
        "colour_pattern",
        Kind.TEXT,
        gettext_noop("Colour pattern"),
        lambda preset: preset.colour_pattern,
        help=gettext_noop("Colour of the first-named team on each board, e.g. BWBW."),
        maximum=MAX_BOARDS,
        pattern=f"^[WB]{{1,{MAX_BOARDS}}}$",
        locked=gettext_noop("cannot be changed once the tournament has started. The paired rounds' colours follow it."),
        rule="Blitz §18",
    ),
    Setting(
        "substitute_boards",
        Kind.BOARDS,
        gettext_noop("Boards a substitute may play"),
        lambda preset: list(preset.substitute_boards),
        help=gettext_noop("Board numbers separated by commas."),
    ),
    Setting(
        "max_substitutes",
        Kind.WHOLE,
        gettext_noop("Substitutes per match"),
        lambda preset: preset.max_substitutes,
        maximum=MAX_BOARDS,
    ),
    Setting(
        "board_order",
        Kind.CHOICE,
        gettext_noop("Board order"),
        lambda preset: preset.board_order.value,
        options=_values(BoardOrder),
    ),
    Setting(
        "lineup_rule",
        Kind.TEXT,
        gettext_noop("Lineup rule"),
        lambda preset: preset.lineup_rule,
        maximum=60,
        help=gettext_noop("The paragraph cited when a lineup is refused."),
    ),
    Setting(
        "rating_cap",
        Kind.WHOLE,
        gettext_noop("Rating cap per board"),
        lambda preset: preset.eligibility.rating_cap,
        maximum=MAX_RATING,
        help=gettext_noop("No player rated above it may play; unrated players may."),
    ),
    Setting(
        "rating_cap_check",
        Kind.CHOICE,
        gettext_noop("Rating cap per board: a lineup breaking it"),
        lambda preset: preset.eligibility.rating_cap_check.value,
        options=_values(Check),
    ),
    Setting(
        "average_cap",
        Kind.WHOLE,
        gettext_noop("Rating cap on the average"),
        lambda preset: preset.eligibility.average_cap,
        maximum=MAX_RATING,
        help=gettext_noop("The average rating of the rated players fielded may not exceed it."),
    ),
    Setting(
        "average_cap_check",
        Kind.CHOICE,
        gettext_noop("Rating cap on the average: a lineup breaking it"),
        lambda preset: preset.eligibility.average_cap_check.value,
        options=_values(Check),
    ),
    Setting(
        "rating_order_tolerance",
        Kind.WHOLE,
        gettext_noop("Board order by rating: tolerance"),
        lambda preset: preset.eligibility.rating_order_tolerance,
        maximum=MAX_RATING,
        help=gettext_noop("A player may be rated at most this much above a player on a higher board."),
    ),
    Setting(
        "rating_order_check",
        Kind.CHOICE,
        gettext_noop("Board order by rating: a lineup breaking it"),
        lambda preset: preset.eligibility.rating_order_check.value,
        options=_values(Check),
    ),
    Setting(
        "limited_category",
        Kind.CHOICE,
        gettext_noop("Limited category of players"),
        lambda preset: preset.eligibility.limited_category.value,
        options=_values(Category),
    ),
    Setting(
        "category_limit",
        Kind.WHOLE,
        gettext_noop("Players of that category per match"),
        lambda preset: preset.eligibility.category_limit,
        maximum=MAX_BOARDS,
    ),
    Setting(
        "category_limit_check",
        Kind.CHOICE,
        gettext_noop("Category limit: a lineup breaking it"),
        lambda preset: preset.eligibility.category_limit_check.value,
        options=_values(Check),
    ),
    Setting(
        "match_points",
        Kind.POINTS,
        gettext_noop("Match points"),
        lambda preset: {key: getattr(preset.match_points, key) for key in POINT_KEYS},
        warning=gettext_noop("Changing the match points re-ranks every round already played."),
    ),
    Setting(
        "place_points",
        Kind.TEXT,
        gettext_noop("Points per place"),
        lambda preset: preset.place_points,
        maximum=60,
        pattern=r"^[0-9.:; ]{0,60}$",
        help=gettext_noop(
            "Four-player tables: points for each place by number of sides, e.g. 4: 3 2 1 0; 3: 2 1 0. Empty: k − p (4 "
            "sides 3/2/1/0)."
        ),
        warning=gettext_noop("Changing the points per place re-ranks every round already played."),
        rule="rules/README §4",
    ),
    Setting(
        "table_bye_points",
        Kind.TEXT,
        gettext_noop("Points of a table bye"),
        lambda preset: preset.table_bye_points,
        maximum=10,
        pattern=r"^[0-9.,]{0,10}$",
        help=gettext_noop(
            "Four-player tables without a smaller form: what an entrant left over scores, e.g. 1.5. Empty: the "
            "points of a shared middle place (two sides ½, three sides 1)."
        ),
        warning=gettext_noop("Changing the points of a table bye re-ranks every round already played."),
        rule="rules/README §4",
    ),
    Setting(
        "bye_scoring",
        Kind.CHOICE,
        gettext_noop("Bye scores"),
        lambda preset: preset.bye_scoring.value,
        options=_values(ByeScoring),
    ),
    Setting(
        "pairing",
        Kind.CHOICE,
        gettext_noop("Pairing system"),
        lambda preset: preset.pairing.value,
        attribute="pairing_system",
        options=_values(PairingSystem),
        locked=gettext_noop("cannot be changed once the tournament has started. The rounds are paired with it."),
        rule="FIDE C.05",
    ),
    Setting(
        "double_rounds",
        Kind.BOOL,
        gettext_noop("Double rounds"),
        lambda preset: preset.double_rounds,
        help=gettext_noop("Each round two matches of the same teams, colours swapped."),
        locked=gettext_noop("cannot be changed once the tournament has started. The paired rounds have their legs."),
        rule="FIDE C.05",
    ),
    Setting(
        "rounds",
        Kind.WHOLE,
        gettext_noop("Rounds"),
        lambda preset: preset.rounds,
        maximum=99,
        attribute="round_count",
        help=gettext_noop(
            "The number of rounds of a Swiss or of tables by score; 0 where the pairing system plans them (a round "
            "robin; tables by score: ⌈log₂ n⌉ + 1)."
        ),
        locked=gettext_noop(
            "cannot be changed once the tournament has started. The Swiss is paired towards its last rounds."
        ),
        rule="FIDE C.04.6 art. 2.3.4",
    ),
    Setting(
        "colour_model",
        Kind.CHOICE,
        gettext_noop("Colour preferences"),
        lambda preset: preset.colour_model.value,
        options=_values(ColourModel),
        help=gettext_noop("Team Swiss: type A, type B, or none (C.04.6 art. 1.7)."),
        locked=gettext_noop("cannot be changed once the tournament has started. The rounds were paired with it."),
        rule="FIDE C.04.6 art. 1.7",
    ),
    Setting(
        "tiebreaks_first",
        Kind.CODES,
        gettext_noop("Tie-breaks for first place"),
        lambda preset: list(preset.tiebreaks_first),
        help=gettext_noop("Codes separated by commas, e.g. DE."),
    ),
    Setting(
        "tiebreaks_other",
        Kind.CODES,
        gettext_noop("Tie-breaks for other places"),
        lambda preset: list(preset.tiebreaks_other),
        help=gettext_noop("Codes separated by commas, e.g. BP, DE, BW, FWB."),
    ),
    Setting(
        "playoff_for_first",
        Kind.BOOL,
        gettext_noop("Play-off for first place"),
        lambda preset: preset.playoff_for_first,
    ),
    Setting(
        "playoff_ranks_all",
        Kind.BOOL,
        gettext_noop("The play-off ranks all its teams"),
        lambda preset: False,
        help=gettext_noop(
            "Off (Blitz §16): the play-off decides first place only; its other teams are ranked by the tie-breaks "
            "for other places, board points first."
        ),
        rule="Blitz §16",
    ),
    Setting(
        "withdrawal_rule",
        Kind.CHOICE,
        gettext_noop("When a team withdraws"),
        lambda preset: WithdrawalRule.FORFEIT.value,
        options=_values(WithdrawalRule),
        help=gettext_noop("What the standings do with a withdrawn team."),
    ),
    Setting(
        "tiebreak_edition",
        Kind.CHOICE,
        gettext_noop("Tie-break rules (C.07 edition)"),
        lambda preset: TiebreakEdition.C07_2026.value,
        options=_values(TiebreakEdition),
        help=gettext_noop(
            "2026: unplayed rounds valued with the caps of Art. 16.4; 2024: the earlier edition, without them."
        ),
        rule="FIDE C.07 Art. 16.4",
    ),
    Setting(
        "direct_encounter",
        Kind.CHOICE,
        gettext_noop("Direct encounter in a round robin still running"),
        lambda preset: get_discipline(preset.discipline.value).direct_encounter.value,
        options=_values(DirectEncounter),
        help=gettext_noop(
            "C.07: the match points among the tied teams from their encounters so far (FIDE's reading); "
            "Blitz §16: it separates only teams that have all met each other."
        ),
        rule="FIDE C.07 Art. 6",
    ),
    Setting(
        "late_entry_rounds",
        Kind.CHOICE,
        gettext_noop("Rounds before a late entry"),
        lambda preset: LateEntryRounds.UNPAIRED.value,
        options=_values(LateEntryRounds),
        help=gettext_noop("Team Swiss: the rounds a late entry missed are unpaired (zero points) or half-point byes."),
    ),
    Setting(
        "late_entry_seeding",
        Kind.CHOICE,
        gettext_noop("Starting rank of a late entry"),
        lambda preset: LateEntrySeeding.RANKING.value,
        options=_values(LateEntrySeeding),
        help=gettext_noop(
            "Team Swiss: a late entry takes its place in the initial ranking, the teams below it moving down one "
            "(until the fourth round is paired), or the next number."
        ),
        rule="FIDE C.04.2 art. 2.5",
    ),
    Setting(
        "penalty_rules",
        Kind.CHOICE,
        gettext_noop("Penalties"),
        lambda preset: get_discipline(preset.discipline).penalty_rules.value,
        options=_values(PenaltyRules),
        help=gettext_noop("The ladders incidents are proposed from."),
    ),
    Setting(
        "penalty_rule",
        Kind.TEXT,
        gettext_noop("Penalty rule"),
        lambda preset: get_discipline(preset.discipline).penalty_rule,
        maximum=60,
        help=gettext_noop("The paragraph cited when penalties are at the arbiter's discretion."),
    ),
    Setting(
        "first_mover",
        Kind.CHOICE,
        gettext_noop("First mover at a table"),
        lambda preset: FirstMover.ROTATION.value,
        options=_values(FirstMover),
        help=gettext_noop(
            "Four-player tables: rotation (everyone holds each seat, and moves first, as evenly as possible; our "
            "decision) or lot (each round's seats drawn by lot, Schach4 “Der Spielbeginn”)."
        ),
        rule="Schach4 Der Spielbeginn",
    ),
    Setting(
        "penalty_event_ladders",
        Kind.TEXT,
        gettext_noop("Ladders counted over the event"),
        lambda preset: get_discipline(preset.discipline).penalty_event_ladders,
        maximum=60,
        pattern=r"^[a-z, -]{0,60}$",
        help=gettext_noop(
            "Incident kinds whose ladder counts a player's violations over the event, not per game, e.g. touch-move "
            "(Blitz §11d)."
        ),
        rule="Blitz §11d",
    ),
)

SETTINGS: dict[str, Setting] = {setting.name: setting for setting in RULE_SET}


def settings_used(discipline, system) -> tuple[Setting, ...]:
    """The settings a tournament of ``discipline`` paired by ``system`` reads, in ``RULE_SET`` order:
    the desk offers these (a round robin has no Swiss colour preferences, a Schach4 evening of
    single players no colour pattern or substitutes); the API and the archive keep every setting."""
    unused = discipline.unused_settings | system.unused_settings
    return tuple(setting for setting in RULE_SET if setting.name not in unused)


def rule_values(tournament) -> dict:
    """Every setting's stored value, by name."""
    return {setting.name: setting.read(tournament) for setting in RULE_SET}


def preset_rules(preset: RulePreset, names: Collection[str] = SETTINGS) -> dict:
    """Every setting's value as ``preset`` gives it: what a new tournament starts from
    (``names``: only those settings')."""
    return {setting.name: setting.default(preset) for setting in RULE_SET if setting.name in names}


@dataclass(frozen=True, slots=True)
class _Basis:
    defaults: dict  # the preset's values at creation, the stored ones on a change
    discipline: DisciplineRules  # which tie-breaks and play-offs make sense here


def resolve_rules(
    defaults: dict, given: dict, *, discipline: DisciplineRules, names: Collection[str] = SETTINGS
) -> dict:
    """``defaults`` with ``given`` applied, each validated; a RuleViolation names the field.

    A value of ``None`` keeps the default (except ``start_date``, where it clears the date).
    Settings are validated in ``RULE_SET`` order, so a colour pattern is checked against the
    boards given with it. ``names``: only these settings are resolved (``defaults`` need hold only
    them); they include those the checks together read (``TOGETHER``): what reads a handful of
    values does not validate the thirty others (the standings of an archive, issue 29).
    """
    unknown = given.keys() - SETTINGS.keys()
    if unknown:
        raise RuleViolation(
            gettext_noop("unknown setting: %(value)s"),
            plural=gettext_noop("unknown settings: %(value)s"),
            field="tournament",
            value=", ".join(sorted(unknown)),
            count=len(unknown),
        )
    basis = _Basis(defaults, discipline)
    values: dict = {}
    for setting in RULE_SET:
        if setting.name not in names:
            continue
        value = given.get(setting.name)
        if setting.name not in given or (value is None and setting.kind != Kind.DATE):
            value = defaults[setting.name]
        values[setting.name] = _VALIDATE[setting.kind](setting, value, values, basis)
    _check_together(values, basis)
    return values


def locked_changes(current: dict, changes: dict) -> list[RuleViolation]:
    """One violation per setting in ``changes`` that is fixed once play started and would change."""
    return [
        RuleViolation(setting.locked, field=setting.name, rule=setting.rule)
        for setting in RULE_SET
        if setting.locked
        and setting.name in changes
        and changes[setting.name] is not None
        and changes[setting.name] != current[setting.name]
    ]


def change_warnings(current: dict, changes: dict) -> list[Setting]:
    """The settings in ``changes`` that would change and deserve a warning mid-event (match points)."""
    return [
        setting
        for setting in RULE_SET
        if setting.warning
        and setting.name in changes
        and _differs(setting, current[setting.name], changes[setting.name])
    ]


def _differs(setting: Setting, old, new) -> bool:
    if setting.kind == Kind.POINTS:
        return any(Decimal(str(new.get(key, old[key]))) != Decimal(str(old[key])) for key in POINT_KEYS)
    return new != old


def _text(setting: Setting, value, values, basis: _Basis) -> str:
    if not isinstance(value, str):
        raise RuleViolation(gettext_noop("must be text."), field=setting.name)
    if setting.name == "colour_pattern":
        return validate_colour_pattern(value.upper(), values["boards"])
    if setting.name == "place_points":
        return format_place_points(parse_place_points(value, field=setting.name))
    if setting.name == "table_bye_points":
        return format_bye_points(parse_bye_points(value, field=setting.name))
    if setting.name == "penalty_event_ladders":
        return format_event_ladders(parse_event_ladders(value, field=setting.name))
    if len(value) > setting.maximum:
        raise RuleViolation(gettext_noop("at most %(max)d characters."), field=setting.name, max=setting.maximum)
    return value.strip()


def _date(setting: Setting, value, values, basis: _Basis):
    if value in (None, ""):
        return None
    if isinstance(value, str):
        try:
            value = date.fromisoformat(value)
        except ValueError:
            pass
    if isinstance(value, date):
        return moment_in_range(value, field=setting.name)
    raise RuleViolation(gettext_noop("not a date (YYYY-MM-DD)."), field=setting.name)


def _whole(setting: Setting, value, values, basis: _Basis) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not setting.minimum <= value <= setting.maximum:
        raise RuleViolation(
            gettext_noop("must be a whole number from %(min)d to %(max)d."),
            field=setting.name,
            min=setting.minimum,
            max=setting.maximum,
        )
    return value


def _bool(setting: Setting, value, values, basis: _Basis) -> bool:
    if not isinstance(value, bool):
        raise RuleViolation(gettext_noop("must be true or false."), field=setting.name)
    return value


def _choice(setting: Setting, value, values, basis: _Basis) -> str:
    if value not in setting.options:
        raise RuleViolation(
            gettext_noop("“%(value)s” is not one of %(known)s."),
            field=setting.name,
            value=value,
            known=", ".join(setting.options),
        )
    return str(value)


def _boards(setting: Setting, value, values, basis: _Basis) -> list[int]:
    if not isinstance(value, list | tuple):
        raise RuleViolation(gettext_noop("give a list of board numbers."), field=setting.name)
    return list(validate_substitute_boards(value, values["boards"]))


def _codes(setting: Setting, value, values, basis: _Basis) -> list[str]:
    """The codes as FIDE writes them (``bh:mp/c1`` is stored as ``BH:MP/C1``)."""
    if not isinstance(value, list | tuple) or not all(isinstance(c, str) for c in value):
        raise RuleViolation(gettext_noop("give a list of tie-break codes."), field=setting.name)
    stored = []
    for code in value:
        try:
            tiebreak = get_tiebreak(code)
        except RuleViolation as error:
            error.field = setting.name
            raise
        if refusal := basis.discipline.tiebreak_refusal(tiebreak, field=setting.name):
            raise refusal
        stored.append(tiebreak.code)
    return stored


def _points(setting: Setting, value, values, basis: _Basis) -> dict:
    if not isinstance(value, dict) or set(value) - set(POINT_KEYS):
        raise RuleViolation(gettext_noop("give match points as win, draw and loss."), field=setting.name)
    default = basis.defaults[setting.name]
    return {key: _half_points(value.get(key, default[key]), f"{setting.name}.{key}") for key in POINT_KEYS}


def _half_points(value, field: str) -> Decimal:
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        number = None
    if (
        isinstance(value, bool)
        or number is None
        or not number.is_finite()
        or number < 0
        or number > 99
        or number * 2 != int(number * 2)
    ):
        raise RuleViolation(gettext_noop("must be a number of points in halves, from 0 to 99."), field=field)
    return number


_VALIDATE = {
    Kind.TEXT: _text,
    Kind.DATE: _date,
    Kind.WHOLE: _whole,
    Kind.BOOL: _bool,
    Kind.CHOICE: _choice,
    Kind.BOARDS: _boards,
    Kind.CODES: _codes,
    Kind.POINTS: _points,
}


# the settings ``_check_together`` reads: any part of the rules that is resolved includes them
TOGETHER = frozenset(
    ("pairing", "boards", "colour_pattern", "playoff_for_first", "place_points", "table_bye_points", "rounds")
)


def _check_together(values: dict, basis: _Basis) -> None:
    """What the discipline and the pairing system say about the settings together: players per
    entrant, seats, pairing, play-off, the number of rounds."""
    discipline = basis.discipline
    system = pairing_system(values["pairing"], discipline.variant_key)
    refusals = (
        discipline.boards_refusal(values["boards"], field="boards"),
        discipline.colour_pattern_refusal(values["colour_pattern"], field="colour_pattern"),
        discipline.pairing_refusal(groups_tables=system.groups_tables, field="pairing"),
        discipline.playoff_refusal() if values["playoff_for_first"] else None,
        discipline.place_points_refusal(values["place_points"], field="place_points"),
        discipline.bye_points_refusal(values["table_bye_points"], field="table_bye_points"),
        system.rounds_refusal(0, values["rounds"]),
    )
    for refusal in refusals:
        if refusal is not None:
            raise refusal

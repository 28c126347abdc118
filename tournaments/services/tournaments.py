from decimal import Decimal, InvalidOperation

from django.conf import settings
from django.db import transaction
from django.utils.text import slugify

from tournaments.domain.choices import choice
from tournaments.domain.disciplines import DisciplineRules
from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.presets import (
    BoardOrder,
    ByeScoring,
    PairingSystem,
    get_preset,
    validate_colour_pattern,
    validate_substitute_boards,
)
from tournaments.domain.tiebreaks import get_tiebreak
from tournaments.domain.withdrawal import WithdrawalRule
from tournaments.models import AuditEntry, Tournament, TournamentRole

from .audit import AuditTarget, Target, audit_record, audit_value

MAX_BOARDS = 16


def tournament_create(
    *,
    name: str,
    preset: str = "blitz-frankenwald",
    slug: str | None = None,
    user=None,
    source: str = "command",
    **overrides,
) -> Tournament:
    """Create a tournament from a preset; ``overrides`` adjust the preset's values.

    Accepted overrides: boards, colour_pattern, substitute_boards, max_substitutes, board_order,
    match_points (dict win/draw/loss), bye_scoring, pairing, tiebreaks_first, tiebreaks_other,
    playoff_for_first, double_rounds, venue, start_date, withdrawal_rule, language (of printed
    documents: de or en). The creating ``user`` becomes the tournament's director.
    """
    with transaction.atomic():
        tournament = Tournament(name=_required_name(name), slug=_free_slug(slug or name, explicit=bool(slug)))
        _apply_rules(tournament, get_preset(preset), overrides)
        tournament.save()
        if user is not None and user.is_authenticated:
            TournamentRole.objects.create(tournament=tournament, user=user, role=TournamentRole.Role.DIRECTOR)
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.TOURNAMENT,
            target=AuditTarget(Target.TOURNAMENT, tournament.name),
            value_type=AuditEntry.ValueType.CREATED,
            new={"preset": preset, **audit_value(overrides)},
            user=user,
            source=source,
        )
        return tournament


def tournament_update(*, tournament: Tournament, user=None, source: str = "command", **changes) -> Tournament:
    """Adjust a tournament's name and rules; ``changes`` take the same keys as the overrides above.

    The preset stays the same; every change is validated as at creation. Rules that shape the
    schedule or the boards (boards, colour pattern, pairing) are fixed once the tournament runs.
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        before = _rule_values(tournament)
        name = changes.pop("name", None)
        old_name = tournament.name
        if tournament.rosters_locked:
            for key in _FIXED_WHEN_RUNNING & set(changes):
                if changes[key] != before[key]:
                    raise RuleViolation(
                        gettext_noop("cannot be changed once the tournament has started."), field=key
                    )
        _apply_rules(tournament, get_preset(tournament.preset), {**before, **changes})
        if name is not None:
            tournament.name = _required_name(name)
        tournament.save()
        after = _rule_values(tournament)
        changed = {k: (before[k], after[k]) for k in after if before[k] != after[k]}
        if tournament.name != old_name:
            changed["name"] = (old_name, tournament.name)
        if changed:
            audit_record(
                tournament=tournament,
                action=AuditEntry.Action.TOURNAMENT,
                target=AuditTarget(Target.SETTINGS, tournament.name),
                value_type=AuditEntry.ValueType.SETTINGS,
                old={k: audit_value(old) for k, (old, _) in changed.items()},
                new={k: audit_value(new) for k, (_, new) in changed.items()},
                user=user,
                source=source,
            )
        return tournament


def tournament_start(*, tournament: Tournament, user=None, source: str = "command") -> Tournament:
    """Start play: from now on the rosters are locked (Blitz preamble: order handed in before)."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.status != Tournament.Status.REGISTRATION:
            return tournament
        if tournament.teams.count() < 2:
            raise RuleViolation(gettext_noop("a tournament needs at least two teams to start."), field="teams")
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status", "updated_at"])
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.TOURNAMENT,
            target=AuditTarget(Target.TOURNAMENT, "status"),
            value_type=AuditEntry.ValueType.STATUS,
            old=Tournament.Status.REGISTRATION,
            new=Tournament.Status.RUNNING,
            user=user,
            source=source,
        )
        return tournament


def _required_name(name) -> str:
    name = str(name or "").strip()
    if not name:
        raise RuleViolation(gettext_noop("a tournament needs a name."), field="name")
    return name[:200]


def _free_slug(text: str, *, explicit: bool) -> str:
    base = slugify(text)[:70] or "tournament"
    if explicit and base != text:
        raise RuleViolation(
            gettext_noop("“%(value)s” is not a valid slug: use lower-case letters, digits and hyphens."),
            field="slug",
            value=text,
        )
    if explicit and Tournament.objects.filter(slug=base).exists():
        raise RuleViolation(gettext_noop("the slug “%(value)s” is already taken."), field="slug", value=text)
    slug, counter = base, 2
    while Tournament.objects.filter(slug=slug).exists():
        slug, counter = f"{base}-{counter}", counter + 1
    return slug


def _apply_rules(tournament: Tournament, preset, overrides: dict) -> None:
    """Copy the preset, then validate and apply each override, naming the field on error."""
    unknown = set(overrides) - _OVERRIDABLE
    if unknown:
        raise RuleViolation(
            gettext_noop("unknown setting(s): %(value)s"), field="tournament", value=", ".join(sorted(unknown))
        )
    values = {
        "boards": preset.boards,
        "colour_pattern": preset.colour_pattern,
        "substitute_boards": list(preset.substitute_boards),
        "max_substitutes": preset.max_substitutes,
        "board_order": preset.board_order.value,
        "match_points": {"win": preset.match_points.win, "draw": preset.match_points.draw, "loss": preset.match_points.loss},
        "bye_scoring": preset.bye_scoring.value,
        "pairing": preset.pairing.value,
        "tiebreaks_first": list(preset.tiebreaks_first),
        "tiebreaks_other": list(preset.tiebreaks_other),
        "playoff_for_first": preset.playoff_for_first,
        "double_rounds": preset.double_rounds,
        "venue": "",
        "start_date": None,
        "withdrawal_rule": WithdrawalRule.FORFEIT.value,
        "language": "de",
    }
    values.update({k: v for k, v in overrides.items() if v is not None or k == "start_date"})

    boards = values["boards"]
    if not isinstance(boards, int) or isinstance(boards, bool) or not 1 <= boards <= MAX_BOARDS:
        raise RuleViolation(gettext_noop("must be a whole number from 1 to %(max)d."), field="boards", max=MAX_BOARDS)
    tournament.preset = preset.key
    tournament.discipline = preset.discipline.value
    tournament.boards = boards
    tournament.colour_pattern = validate_colour_pattern(str(values["colour_pattern"]).upper(), boards)
    tournament.substitute_boards = list(validate_substitute_boards(values["substitute_boards"], boards))
    tournament.max_substitutes = _whole_number(values["max_substitutes"], "max_substitutes", maximum=MAX_BOARDS)
    tournament.board_order = choice(values["board_order"], BoardOrder, field="board_order")
    tournament.bye_scoring = choice(values["bye_scoring"], ByeScoring, field="bye_scoring")
    tournament.pairing_system = choice(values["pairing"], PairingSystem, field="pairing")
    points = values["match_points"]
    if not isinstance(points, dict) or set(points) - {"win", "draw", "loss"}:
        raise RuleViolation(gettext_noop("give match points as win, draw and loss."), field="match_points")
    tournament.mp_win = _points(points.get("win", preset.match_points.win), "match_points.win")
    tournament.mp_draw = _points(points.get("draw", preset.match_points.draw), "match_points.draw")
    tournament.mp_loss = _points(points.get("loss", preset.match_points.loss), "match_points.loss")
    tournament.tiebreaks_first = _tiebreaks(values["tiebreaks_first"], "tiebreaks_first", tournament.discipline_rules)
    tournament.tiebreaks_other = _tiebreaks(values["tiebreaks_other"], "tiebreaks_other", tournament.discipline_rules)
    tournament.playoff_for_first = bool(values["playoff_for_first"])
    if tournament.playoff_for_first and (refusal := tournament.discipline_rules.playoff_refusal()):
        raise refusal
    if not isinstance(values["double_rounds"], bool):
        raise RuleViolation(gettext_noop("must be true or false."), field="double_rounds")
    tournament.double_rounds = values["double_rounds"]
    tournament.venue = str(values["venue"] or "")[:200]
    tournament.start_date = values["start_date"] or None
    tournament.withdrawal_rule = choice(values["withdrawal_rule"], WithdrawalRule, field="withdrawal_rule")
    tournament.language = _language(values["language"])


def _rule_values(tournament: Tournament) -> dict:
    """The tournament's current settings in the shape ``_apply_rules`` takes."""
    return {
        "boards": tournament.boards,
        "colour_pattern": tournament.colour_pattern,
        "substitute_boards": list(tournament.substitute_boards),
        "max_substitutes": tournament.max_substitutes,
        "board_order": tournament.board_order,
        "match_points": {"win": tournament.mp_win, "draw": tournament.mp_draw, "loss": tournament.mp_loss},
        "bye_scoring": tournament.bye_scoring,
        "pairing": tournament.pairing_system,
        "tiebreaks_first": list(tournament.tiebreaks_first),
        "tiebreaks_other": list(tournament.tiebreaks_other),
        "playoff_for_first": tournament.playoff_for_first,
        "double_rounds": tournament.double_rounds,
        "venue": tournament.venue,
        "start_date": tournament.start_date,
        "withdrawal_rule": tournament.withdrawal_rule,
        "language": tournament.language,
    }


_FIXED_WHEN_RUNNING = {"boards", "colour_pattern", "pairing", "double_rounds"}

_OVERRIDABLE = {
    "boards", "colour_pattern", "substitute_boards", "max_substitutes", "board_order", "match_points",
    "bye_scoring", "pairing", "tiebreaks_first", "tiebreaks_other", "playoff_for_first", "venue", "start_date",
    "withdrawal_rule", "double_rounds", "language",
}


def _language(value) -> str:
    codes = [code for code, _ in settings.LANGUAGES]
    if value not in codes:
        raise RuleViolation(
            gettext_noop("“%(value)s” is not a language of this app; choose one of %(known)s."),
            field="language",
            value=value,
            known=", ".join(codes),
        )
    return value


def _whole_number(value, field: str, *, maximum: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= maximum:
        raise RuleViolation(gettext_noop("must be a whole number from 0 to %(max)d."), field=field, max=maximum)
    return value


def _points(value, field: str) -> Decimal:
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        number = None
    if isinstance(value, bool) or number is None or not number.is_finite() or number < 0 or number > 99 or number * 2 != int(number * 2):
        raise RuleViolation(gettext_noop("must be a number of points in halves, from 0 to 99."), field=field)
    return number


def _tiebreaks(codes, field: str, discipline: DisciplineRules) -> list[str]:
    """The codes as FIDE writes them (``bh:mp/c1`` is stored as ``BH:MP/C1``)."""
    if not isinstance(codes, list | tuple) or not all(isinstance(c, str) for c in codes):
        raise RuleViolation(gettext_noop("give a list of tie-break codes."), field=field)
    stored = []
    for code in codes:
        try:
            tiebreak = get_tiebreak(code)
        except RuleViolation as error:
            error.field = field
            raise
        if refusal := discipline.tiebreak_refusal(tiebreak, field=field):
            raise refusal
        stored.append(tiebreak.code)
    return stored

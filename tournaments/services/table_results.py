"""Recording a table's finishing order (four-player chess, Schach4 "Ende des Spiels"; issue 15).

The result of a table is each seat's place, typed as ``1 2 2 4`` (``-`` for a seat nobody took).
The domain checks it against the form the table plays (``TableScored.places``); the service
stores each side's place on its ``MatchSide`` and empties the seat of a player typed absent (an
empty seat is a forfeit everywhere: last place, 0 points). Versioned like every result: a writer
that names the version it read gets ``StaleMatch`` (the API's 409) instead of overwriting.
"""

from django.db import transaction

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.tables.entry import format_places, seat_places, stored_places
from tournaments.models import AuditEntry, Match, Seat

from .audit import audit_record, match_target
from .locks import lock_match, write_service
from .public import public_changed
from .results import StaleMatch


@write_service
def table_places_set(
    *,
    match: Match,
    places: str | None,
    expected_version: int | None = None,
    user=None,
    source: str = "command",
    reverts: AuditEntry | None = None,
) -> Match:
    """Record (or with ``None``/"" clear) the finishing order of one table, as places per seat."""
    with transaction.atomic():
        match = lock_match(match.pk)
        tournament = match.round.tournament
        if expected_version is not None and expected_version != match.version:
            raise StaleMatch(match)
        discipline = tournament.discipline_rules
        if refusal := discipline.places_entry_refusal(field="places"):
            raise refusal
        sides = list(match.sides.order_by("position"))
        if len(sides) < 2:
            raise RuleViolation(gettext_noop("a bye has no result to enter."), field="places")
        game = match.boards.get()
        seats = list(Seat.objects.filter(game=game).select_related("side").order_by("position"))
        old = table_places_text(sides, seats, discipline)
        new_seats: dict[int, int | None] = {}
        finish = None
        if places not in (None, ""):
            finish = discipline.places(
                places, players=len(seats), empty={s.position for s in seats if s.player_id is None}, field="places"
            )
            new_seats = seat_places(finish)
        new = format_places(finish) if finish is not None else ""
        if new == old:
            return match
        cleared = []
        for seat in seats:
            if finish is not None and new_seats[seat.position] is None and seat.player_id is not None:
                cleared.append({"seat": seat.position, "player": seat.player_id})
                seat.player = None
                seat.save(update_fields=["player"])
        stored = stored_places(finish) if finish is not None else {}
        for seat in seats:  # every entrant is its own side; partners (V2) store their side's place
            seat.side.place = stored.get(seat.position)  # 0: absent, a forfeit
            seat.side.save(update_fields=["place"])
        match.version += 1
        match.save(update_fields=["version"])
        audit_record(
            tournament=tournament,
            match=match,
            action=AuditEntry.Action.RESULT,
            target=match_target(match),
            value_type=AuditEntry.ValueType.FINISH,
            old={"places": old} if old else None,
            new={"places": new, "cleared": cleared} if new else None,
            user=user,
            source=source,
            reverts=reverts,
        )
        if match.round.published_at is not None:  # a draft round's results are not public
            public_changed(tournament_id=match.round.tournament_id)
        return match


def table_places_text(sides, seats, discipline) -> str:
    """The stored finishing order as typed (``1 - 3 2``), "" while none is recorded."""
    if all(side.place is None for side in sides):
        return ""
    typed = []
    for seat in seats:
        typed.append("-" if seat.player_id is None else str(seat.side.place))
    return " ".join(typed)


def table_places_revert(*, entry: AuditEntry, match: Match, later, user, source: str) -> Match:
    """Undo one finishing order change: the places before it, and the players a ``-`` emptied."""
    sides = list(match.sides.order_by("position"))
    seats = list(Seat.objects.filter(game__match=match).select_related("side").order_by("position"))
    current = table_places_text(sides, seats, match.round.tournament.discipline_rules)
    if later.exists() or current != (entry.new_value or {}).get("places", ""):
        raise RuleViolation(
            gettext_noop("this result was changed again since; revert the latest change first."), field="audit_entry"
        )
    for cleared in (entry.new_value or {}).get("cleared", []):
        Seat.objects.filter(game__match=match, position=cleared["seat"], player__isnull=True).update(
            player_id=cleared["player"]
        )
    old = (entry.old_value or {}).get("places", "")
    return table_places_set(match=match, places=old, user=user, source=source, reverts=entry)

"""A captain hands in the team's lineup from the match's page (issue 30).

The same form as the desk's (only the players the rules allow on each board, Blitz preamble:
fixed board order, a substitute on board 4 only) and the same writer, ``match_lineup_set``, with
source ``captain``: the captain's own team only, until the round's lineup deadline. A lineup
that breaks an eligibility rule set to warn comes back with the warnings and is saved only when
sent again unchanged with them confirmed; a refusal names its rule and saves nothing. The form
shows the captain's own players only, so the opponent learns the lineup with the pairing.
"""

from django.utils import timezone
from django.utils.translation import gettext

from tournaments.domain.errors import RuleViolation
from tournaments.domain.numbers import whole_number
from tournaments.forms.lineup import LineupForm
from tournaments.selectors.lineups import lineup_seats
from tournaments.services.lineups import UnconfirmedWarnings, match_lineup_set
from tournaments.services.results import StaleMatch

PREFIX = "lineup"


def lineup_open(round_) -> bool:
    """Whether captains may still hand in this round's lineups (the service decides again)."""
    deadline = round_.lineup_deadline
    return round_.published_at is None and (deadline is None or timezone.now() <= deadline)


def lineup_form(tournament, view, side, team, data=None) -> LineupForm:
    """The lineup form of ``team`` (playing ``side`` of ``view``), bound to ``data`` when posted."""
    discipline = tournament.discipline_rules
    games = [(game, game.seats) for game in view.games]
    seats = lineup_seats(games, lambda seat: seat.side == side.position, discipline)
    return LineupForm(
        data,
        roster=list(team.players.all()),
        rules=tournament.lineup_rules,
        current=[seat.player.position if seat.player else None for _, seat in seats],
        words=discipline.words,
        prefix=PREFIX,
    )


def _signature(positions) -> str:
    """The lineup as the confirmation of its warnings names it: a changed lineup is checked afresh."""
    return ",".join("" if position is None else str(position) for position in positions)


def lineup_hand_in(request, match, team, form) -> tuple[int, str, dict]:
    """Hand in the posted lineup: (status, message, what the page shows of it)."""
    version = whole_number(request.POST.get("version", ""))
    if not form.is_valid():
        return 400, gettext("The lineup was not handed in; see the boards below."), {}
    if version is None:
        return 400, gettext("The form was not sent as the page offers it; reload."), {}
    positions = form.positions()
    signature = _signature(positions)
    try:
        saved = match_lineup_set(
            match=match,
            team=team,
            positions=positions,
            expected_version=version,
            source="captain",
            until_deadline=True,
            warnings_confirmed=request.POST.get("confirmed") == signature,
        )
    except UnconfirmedWarnings as warnings:
        texts = [each.text(gettext) for each in warnings.violations]
        message = gettext("This lineup breaks rules that only warn. Hand it in anyway, or change it.")
        return 200, message, {"warnings": texts, "confirming": signature}
    except StaleMatch as stale:
        return 409, stale.text(gettext), {}
    except RuleViolation as error:
        for each in error.violations:
            board = form.board_field(each.field)
            form.add_error(board, each.body(gettext) if board else each.text(gettext))
        return 400, " ".join(each.text(gettext) for each in error.violations), {}
    texts = [each.text(gettext) for each in saved.warnings]
    words = match.round.tournament.discipline_rules.words.phone
    return 200, gettext(words.lineup_saved), {"warnings": texts, "saved": True}

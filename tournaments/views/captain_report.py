"""The match report page on a captain's phone (issue 30), no account needed.

Without a captain code the page shows the match and nothing more. With its team's code (typed
once, then kept in the session, per team, until the tournament ends or the desk revokes the
code) the first-named captain reports the results with one big button per board, and the
opposing captain confirms or disputes; before the round each captain may hand in the team's
lineup here (``captain_lineup.py``). The discipline says what a result is here (its result keys,
deciding boards, endings, places) and what the one who reports is called (a captain, or the
player); the services decide everything else.
"""

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache

from tournaments.domain.encounter import ResultEntry
from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.models import CaptainReport, Match
from tournaments.ratelimit import captain_write_allowed, client_address, token_blocked, token_failed
from tournaments.selectors.captain_codes import captain_code_in_force, signed_in_codes
from tournaments.selectors.encounters import encounter_view
from tournaments.services.captain_reports import (
    StaleReport,
    answers_report,
    captain_report_answer,
    captain_report_send,
)

from .captain_lineup import lineup_form, lineup_hand_in, lineup_open

SESSION_KEY = "captain_codes"  # {team id: code id} of the codes this phone has used
CODE_KIND = "captain-code-guess"


def _choices(keys) -> list[str]:
    """The results a discipline's keys stand for, each once, in key order: one button each."""
    return list(dict.fromkeys(keys.values()))


def _fields(discipline, view) -> dict:
    """What the captain enters here, as the discipline says (no discipline named in this view):
    each list is empty where the discipline takes no such entry."""
    return {
        "boards": _choices(discipline.board_result_keys),
        "match": _choices(discipline.match_result_keys),
        "deciding": list(discipline.deciding_boards(len(view.games))),
        "endings": discipline.endings,
        "places": _choices(discipline.place_result_keys),
    }


def _entries(post, fields: dict, view) -> list[ResultEntry]:
    """The report as sent, every value one of the page's buttons; a missing one names its field."""

    def chosen(name: str, allowed, refusal: str, **params) -> str:
        value = post.get(name, "")
        if value not in allowed:
            raise RuleViolation(refusal, field=name, **params)
        return value

    entries = []
    if fields["boards"]:
        for game in view.games:
            result = chosen(
                f"board-{game.board}",
                fields["boards"],
                gettext_noop("choose the result of board %(board)d."),
                board=game.board,
            )
            entries.append(ResultEntry(board=game.board, result=result))
    if fields["match"]:
        result = chosen("result", fields["match"], gettext_noop("choose the match result."))
        deciding = post.get("deciding_board") or None
        if deciding is not None:
            deciding = int(
                chosen(
                    "deciding_board", [str(n) for n in fields["deciding"]], gettext_noop("choose the deciding board.")
                )
            )
        ending = post.get("decided_by", "")
        if ending and ending not in [each.value for each in fields["endings"]]:
            raise RuleViolation(gettext_noop("choose how the match was decided."), field="decided_by")
        entries.append(ResultEntry(result=result, deciding_board=deciding, decided_by=ending))
    if fields["places"]:
        places = [
            chosen(
                f"place-{seat.position}",
                fields["places"],
                gettext_noop("choose the place of seat %(seat)d."),
                seat=seat.position,
            )
            for seat in view.seats
        ]
        entries.append(ResultEntry(places=" ".join(places)))
    return entries


def _signed_in(request, tournament, view):
    """The side (1, 2 …) this phone speaks for in the match with a code in force, and the code."""
    held = request.session.get(SESSION_KEY, {})
    codes = signed_in_codes(tournament=tournament, code_ids=held.values())
    for side in view.sides:
        code = codes.get(side.team_id)
        if code is not None and held.get(str(side.team_id)) == code.pk:
            return side, code
    return None, None


@never_cache
def match_report(request, slug: str, match_id: int):
    match = get_object_or_404(
        Match.objects.select_related("round__tournament"), pk=match_id, round__tournament__slug=slug
    )
    tournament = match.round.tournament
    view = encounter_view(tournament=tournament, match_id=match.pk, private=False)
    if view.is_bye:
        raise Http404
    status, message = 200, ""
    client = client_address(request)
    action = request.POST.get("action") if request.method == "POST" else None
    side, code = _signed_in(request, tournament, view)
    fields = _fields(tournament.discipline_rules, view)
    words = tournament.discipline_rules.words.phone
    report = CaptainReport.objects.filter(match=match).first()
    lineup, form = {}, None  # the lineup hand-in: its form, warnings, the lineup confirming them
    if action == "code":
        status, message, side, code = _sign_in(request, tournament, view, client)
    elif action == "signout" and side is not None:
        request.session[SESSION_KEY] = {
            k: v for k, v in request.session.get(SESSION_KEY, {}).items() if k != str(side.team_id)
        }
        side = code = None
    elif action in ("report", "confirm", "dispute", "lineup"):
        if side is None and _held_for(request, view):
            status, message = 403, gettext(words.code_revoked)
        elif side is None:
            status, message = 403, gettext(words.enter_code_first)
        elif not captain_write_allowed(code.pk, client):
            status, message = (
                429,
                gettext("Too many reports from this phone or this hall in a short time; wait a few minutes."),
            )
        elif action == "lineup":
            form = lineup_form(tournament, view, side, code.team, request.POST)
            status, message, lineup = lineup_hand_in(request, match, code.team, form)
            if lineup.get("saved"):
                match.refresh_from_db(fields=["version"])
                view = encounter_view(tournament=tournament, match_id=match.pk, private=False)
            if lineup.get("saved") or status == 409:  # show the lineup as it is now
                form = None
        else:
            status, message, report = _write(request, match, code.team, action, fields, view)
    if side is not None and lineup_open(match.round) and report is None:
        lineup["form"] = form or lineup_form(tournament, view, side, code.team)
    context = {
        "tournament": tournament,
        "view": view,
        "side": side,
        "fields": fields,
        "report": report,
        **_rows(view, _chosen(report)),
        "message": message,
        "status": status,
        "lineup": lineup,
        # a reported encounter keeps its players: say why the lineup form is gone
        "lineup_reported": side is not None and report is not None and lineup_open(match.round),
        "words": words,
        "answers": side is not None and answers_report(match, code.team),
        "match_version": match.version,
        "lineup_deadline": match.round.lineup_deadline,
        # the public sees a round's encounters once its pairings are published (selectors/pairings.py)
        "pairing_public": match.round.pairings_published_at is not None,
    }
    return render(request, "captains/report.html", context, status=status)


def _write(request, match, team, action: str, fields: dict, view):
    """Send the report, or the answer to it; (status, message, the report as it is now)."""
    try:
        expected = int(request.POST.get("version") or 0)
        if action == "report":
            entries = _entries(request.POST, fields, view)
            report = captain_report_send(match=match, team=team, entries=entries, expected_version=expected)
            return 200, gettext(match.round.tournament.discipline_rules.words.phone.reported), report
        confirm = action == "confirm"
        report = captain_report_answer(match=match, team=team, confirm=confirm, expected_version=expected)
        if confirm:
            return 200, gettext("Confirmed. The desk takes the result over."), report
        return 200, gettext("Disputed. Please go to the desk."), report
    except StaleReport as stale:
        return 409, stale.text(gettext), stale.current
    except RuleViolation as error:
        return 400, error.text(gettext), CaptainReport.objects.filter(match=match).first()
    except ValueError:  # a version that is not a number: not sent from this page
        message = gettext("The form was not sent as the page offers it; reload.")
        return 400, message, CaptainReport.objects.filter(match=match).first()


def _held_for(request, view) -> bool:
    """Whether this phone once signed in for a team of this match (its code no longer in force)."""
    held = request.session.get(SESSION_KEY, {})
    return any(str(side.team_id) in held for side in view.sides)


def _sign_in(request, tournament, view, client):
    """Check the typed code: wrong ones count against the address (as wrong API tokens do)."""
    words = tournament.discipline_rules.words.phone
    if token_blocked(client, kind=CODE_KIND):
        return 429, gettext(words.too_many_guesses), None, None
    code = captain_code_in_force(tournament=tournament, code=request.POST.get("code", ""))
    if code is None:
        token_failed(client, kind=CODE_KIND)
        return 403, gettext(words.wrong_code), None, None
    held = dict(request.session.get(SESSION_KEY, {}))
    held[str(code.team_id)] = code.pk
    request.session[SESSION_KEY] = held
    side = next((side for side in view.sides if side.team_id == code.team_id), None)
    if side is None:
        return (
            200,
            gettext(words.signed_in_elsewhere) % {"team": code.team.name},
            None,
            None,
        )
    return 200, "", side, code


def _chosen(report: CaptainReport | None) -> dict:
    """The report's values by the form's field names, to show the buttons pressed."""
    chosen = {}
    for entry in report.entries if report is not None else []:
        if entry.get("board") is not None:
            chosen[f"board-{entry['board']}"] = entry["result"]
        elif entry.get("places"):
            chosen.update({f"place-{n}": place for n, place in enumerate(entry["places"].split(), start=1)})
        else:
            chosen.update(
                result=entry["result"],
                deciding_board=str(entry.get("deciding_board") or ""),
                decided_by=entry.get("decided_by") or "",
            )
    return chosen


def _rows(view, chosen: dict) -> dict:
    """The form's rows with the report's values: boards with their players, seats, the match."""
    return {
        "board_rows": [(game, f"board-{game.board}", chosen.get(f"board-{game.board}", "")) for game in view.games],
        "seat_rows": [
            (seat, f"place-{seat.position}", chosen.get(f"place-{seat.position}", "")) for seat in view.seats
        ],
        "match_chosen": chosen,
    }

"""The result grid: every board of a round on one screen, each keystroke saved at once."""

from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tournaments.domain.errors import RuleViolation
from tournaments.domain.match_result import DECIDED_BY_LABELS, DecidedBy
from tournaments.models import BoardGame, Match
from tournaments.selectors.pairings import pairings_for_round
from tournaments.selectors.scores import match_line, match_score
from tournaments.services.results import StaleMatch, board_result_set, match_result_set
from tournaments.views.lookups import round_or_404

from .access import desk_required


# The key that picks each way a match is decided in the match-level grid (shown beside its label).
DECIDED_BY_KEYS = {
    DecidedBy.CHECKMATE: "m",
    DecidedBy.RESIGNATION: "r",
    DecidedBy.TIME: "t",
    DecidedBy.TIME_NEIGHBOUR: "n",
    DecidedBy.ARBITER: "a",
    DecidedBy.AGREED_DRAW: "d",
    DecidedBy.DOUBLE_MATE: "b",
    DecidedBy.DOUBLE_TIME: "f",
}


@desk_required
def desk_results(request, tournament, number: int):
    """The blitz grid (a field per board), or one field per match where the discipline scores matches."""
    round_ = round_or_404(tournament, number)
    pairings = pairings_for_round(round_=round_)
    matches = [(line, match_score(line, tournament)) for line in pairings.matches]
    missing = sum(score.missing for line, score in matches if line.match.second_team_id)
    context = {
        "tournament": tournament,
        "round": round_,
        "matches": matches,
        "missing": missing,
        "has_next": tournament.rounds.filter(number=number + 1).exists(),
    }
    if tournament.discipline_rules.scores_boards:
        return render(request, "desk/results.html", context)
    context["decided_by_choices"] = [(d.value, gettext(DECIDED_BY_LABELS[d]), DECIDED_BY_KEYS[d]) for d in DecidedBy]
    return render(request, "desk/results_match_level.html", context)


@require_POST
@desk_required
def desk_result_set(request, tournament, number: int, board_id: int):
    """POST ``result`` (canonical or as typed; empty clears) and ``version``; answers JSON.

    200: the stored result, the match's score, match points and new version. 400: the rule
    broken. 409: someone else changed the match; nothing is overwritten and the current values
    come back so the TD can decide.
    """
    round_ = round_or_404(tournament, number)
    try:
        board = BoardGame.objects.select_related("match__round__tournament").get(pk=board_id, match__round=round_)
    except BoardGame.DoesNotExist:
        raise Http404 from None
    version = _posted_version(request)
    if version is None:
        return _missing_version()
    try:
        board_result_set(
            board=board, result=request.POST.get("result", ""), expected_version=version, user=request.user, source="desk"
        )
    except StaleMatch as error:
        line = match_line(match=board.match)
        current = next(b.result for b in line.boards if b.game.pk == board.pk)
        return JsonResponse(
            {
                "error": error.text(gettext),
                "conflict": True,
                "current": current,
                "boards": {str(b.game.pk): b.result for b in line.boards},
                "score": match_score(line, tournament).as_json(),
            },
            status=409,
        )
    except RuleViolation as error:
        return JsonResponse({"error": error.text(gettext), "field": error.field}, status=400)
    line = match_line(match=board.match)
    result = next(b.result for b in line.boards if b.game.pk == board.pk)
    return JsonResponse({"result": result, "score": match_score(line, tournament).as_json()})


@require_POST
@desk_required
def desk_match_result_set(request, tournament, number: int, match_id: int):
    """POST ``result``, ``deciding_board``, ``decided_by`` (empty result clears) and ``version``.

    Answers JSON like the board grid: 200 with the stored values and the match's score, 400 with
    the rule broken and the ``field`` it concerns, 409 with the current values when someone else
    changed the match (nothing is overwritten).
    """
    round_ = round_or_404(tournament, number)
    try:
        match = Match.objects.select_related("round__tournament").get(pk=match_id, round=round_)
    except Match.DoesNotExist:
        raise Http404 from None
    version = _posted_version(request)
    if version is None:
        return _missing_version()
    try:
        match_result_set(
            match=match,
            result=request.POST.get("result", ""),
            deciding_board=request.POST.get("deciding_board", "").strip() or None,
            decided_by=request.POST.get("decided_by", ""),
            expected_version=version,
            user=request.user,
            source="desk",
        )
    except StaleMatch as error:
        return JsonResponse({"error": error.text(gettext), "conflict": True, **_match_state(match, tournament)}, status=409)
    except RuleViolation as error:
        return JsonResponse({"error": error.text(gettext), "field": error.field}, status=400)
    return JsonResponse(_match_state(match, tournament))


def _posted_version(request) -> int | None:
    """The match version the grid saw when the TD typed; a write without it could overwrite."""
    try:
        return int(request.POST["version"])
    except (KeyError, ValueError):
        return None


def _missing_version() -> JsonResponse:
    return JsonResponse({"error": gettext("version: the match version you saw is missing."), "field": "version"}, status=400)


def _match_state(match: Match, tournament) -> dict:
    line = match_line(match=match)
    return {
        "result": line.result,
        "deciding_board": line.deciding_board,
        "decided_by": line.decided_by,
        "score": match_score(line, tournament).as_json(),
    }

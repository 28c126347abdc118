"""Lineups, the result grid's saves (the API's result endpoint, incl. conflicts) and publishing."""

import pytest

from tests.builders import enter_board
from tournaments.models import AuditEntry, BoardGame

pytestmark = pytest.mark.django_db


def board(tournament, round_number, table, number):
    return BoardGame.objects.get(
        match__round__tournament=tournament, match__round__number=round_number, match__table=table, board=number
    )


def result_url(tournament, match_id):
    return f"/api/v1/tournaments/{tournament.slug}/matches/{match_id}/result/"


def post(desk, tournament, match_id, data):
    """What the result grid sends: the desk's session, JSON to the API (one write protocol)."""
    return desk.post(result_url(tournament, match_id), data, content_type="application/json")


def save(desk, tournament, game, result, version):
    return post(desk, tournament, game.match_id, {"board": game.board, "result": result, "version": version})


def test_a_result_is_saved_and_the_match_score_and_points_come_back(desk, running):
    games = [board(running, 3, 1, n) for n in (1, 2, 3, 4)]
    version = games[0].match.version
    data = None
    for game, result in zip(games, ["1-0", "½-½", "+-", "0-1"]):
        response = save(desk, running, game, result, version)
        assert response.status_code == 200
        data = response.json()
        version = data["version"]
    assert data["boards"][3]["result"] == "0-1"
    assert data["score"] == {"first": 2.5, "second": 1.5, "first_mp": 2.0, "second_mp": 0.0, "missing": 0}
    assert data["version"] == 5
    assert AuditEntry.objects.filter(action="result", source="desk").count() == 4


def test_typed_spellings_are_stored_canonically_and_an_empty_result_clears(desk, running):
    game = board(running, 3, 1, 2)
    first = save(desk, running, game, "1/2-1/2", game.match.version).json()
    assert first["boards"][1]["result"] == "½-½" and first["score"]["missing"] == 3
    cleared = save(desk, running, game, "", first["version"]).json()
    assert cleared["boards"][1]["result"] == "" and cleared["score"]["first"] == 0


def test_a_stale_version_is_a_conflict_showing_the_current_value(desk, running):
    game = board(running, 3, 2, 1)
    seen = game.match.version
    enter_board(board=game, result="0-1", source="api")  # another TD, meanwhile
    response = save(desk, running, game, "1-0", seen)
    assert response.status_code == 409
    data = response.json()
    assert data["field"] == "version" and data["current"]["boards"][0]["result"] == "0-1"
    assert "changed by someone else" in data["detail"]
    assert data["current"]["version"] == seen + 1
    game.refresh_from_db()
    assert game.result == "0-1"  # not overwritten


@pytest.mark.parametrize(
    "sent", [{"result": "2-0", "version": "{v}"}, {"result": "1-0"}, {"result": "1-0", "version": "abc"}]
)
def test_bad_results_and_versions_are_400_naming_the_problem(desk, running, sent):
    game = board(running, 3, 1, 3)
    data = {"board": 3, **{k: v.format(v=game.match.version) for k, v in sent.items()}}
    response = post(desk, running, game.match_id, data)
    assert response.status_code == 400
    assert response.json()["detail"].startswith(("board 3: “2-0” is not a board result", "version:"))
    assert response.json()["field"] in ("board 3", "version")  # the grid marks the field
    game.refresh_from_db()
    assert game.result == ""


def test_a_board_the_match_does_not_have_is_404(desk, running):
    game = board(running, 3, 1, 1)
    assert (
        post(desk, running, game.match_id, {"board": 9, "result": "1-0", "version": game.match.version}).status_code
        == 404
    )
    assert post(desk, running, 999999, {"board": 1, "result": "1-0", "version": 1}).status_code == 404


def test_result_grid_marks_missing_boards_with_fixed_queries(desk, running, django_assert_max_num_queries):
    with django_assert_max_num_queries(14):
        response = desk.get(f"/desk/{running.slug}/rounds/3/results/")
    assert response.status_code == 200
    assert "8 boards without a result." in response.text
    assert response.text.count("result missing") == 8


def test_publishing_with_missing_results_asks_first(desk, running):
    response = desk.post(f"/desk/{running.slug}/rounds/3/publish/")
    assert response.status_code == 200
    assert "8 boards still have no result:" in response.text
    assert running.rounds.get(number=3).published_at is None
    response = desk.post(f"/desk/{running.slug}/rounds/3/publish/", {"confirm": "yes"})
    assert response.status_code == 302
    assert running.rounds.get(number=3).published_at is not None


def test_publish_then_unpublish_changes_what_the_public_sees(desk, client, running):
    public = f"/t/{running.slug}/results/2/"
    assert "not published yet" in client.get(public).text
    assert desk.post(f"/desk/{running.slug}/rounds/2/publish/").status_code == 302  # complete: no confirm step
    assert "½-½" in client.get(public).text
    assert desk.post(f"/desk/{running.slug}/rounds/2/unpublish/").status_code == 302
    assert "not published yet" in client.get(public).text


def test_publishing_an_unknown_round_is_404(desk, running):
    assert desk.post(f"/desk/{running.slug}/rounds/7/publish/").status_code == 404


def _lineup_data(match, side, positions, version=None):
    """What the lineup form posts: the match, the side, the version it showed, a choice per board."""
    data = {"match": match.pk, "side": side, "version": match.version if version is None else version}
    for number, position in enumerate(positions, start=1):
        data[f"m{match.pk}-{side}-board_{number}"] = "" if position is None else position
    return data


def test_a_substitute_on_board_four_is_saved_and_an_empty_board_becomes_a_forfeit(desk, running):
    match = running.rounds.get(number=3).matches.get(table=1)
    response = desk.post(f"/desk/{running.slug}/rounds/3/lineups/", _lineup_data(match, "second", [1, 2, None, 5]))
    assert response.status_code == 302
    boards = {b.board: b for b in match.boards.prefetch_related("seats__player")}
    assert boards[4].second_player.position == 5
    assert boards[3].second_player is None and boards[3].result == "+-"


def test_a_substitute_on_board_two_is_not_offered_and_refused_inline(desk, running):
    match = running.rounds.get(number=3).matches.get(table=1)
    page = desk.get(f"/desk/{running.slug}/rounds/3/lineups/")
    assert page.text.count("(substitute)") == 4  # board 4 of both teams at both tables only
    response = desk.post(f"/desk/{running.slug}/rounds/3/lineups/", _lineup_data(match, "first", [1, 5, 3, 4]))
    assert response.status_code == 400
    assert "a substitute may only play board 4 (Blitz preamble)." in response.text
    assert match.boards.get(board=2).first_player.position == 2


def test_a_lineup_change_on_a_board_with_a_result_is_refused_naming_the_board(desk, running):
    match = running.rounds.get(number=1).matches.get(table=1)
    response = desk.post(f"/desk/{running.slug}/rounds/1/lineups/", _lineup_data(match, "first", [1, 2, 3, 5]))
    assert response.status_code == 400
    assert "this board already has a result; clear it before changing the player." in response.text


def test_a_lineup_post_for_an_unknown_match_is_400(desk, running):
    response = desk.post(f"/desk/{running.slug}/rounds/3/lineups/", {"match": "999999", "side": "first"})
    assert response.status_code == 400


@pytest.mark.parametrize("sent", [{"result": "1-0"}, {"result": "1-0", "version": "²"}])
def test_a_missing_version_names_the_field_as_the_match_grid_does(desk, running, sent):
    game = board(running, 3, 1, 3)
    response = post(desk, running, game.match_id, {"board": 3, **sent})
    assert response.status_code == 400 and response.json()["field"] == "version"


def test_a_stale_lineup_save_is_a_conflict_showing_the_current_lineup(desk, running):
    match = running.rounds.get(number=3).matches.get(table=1)
    seen = match.version
    changed = desk.put(
        f"/api/v1/tournaments/{running.slug}/matches/{match.pk}/lineup/",
        {"team": match.second_team_id, "positions": [1, 2, 3, 5], "version": seen},
        content_type="application/json",
    )  # another arbiter, meanwhile: the second team's substitute on board 4
    assert changed.status_code == 200
    response = desk.post(f"/desk/{running.slug}/rounds/3/lineups/", _lineup_data(match, "first", [1, 2, None, 4], seen))
    assert response.status_code == 409
    assert "changed by someone else" in response.text and "nothing was saved" in response.text
    boards = {b.board: b for b in match.boards.prefetch_related("seats__player")}
    assert boards[3].first_player.position == 3 and boards[3].result == ""  # nothing written: no forfeit
    form = response.context["blocks"][0]["sides"][1]["form"]
    assert not form.is_bound and form["board_4"].value() == 5  # the current lineup, as the other arbiter left it


def test_a_lineup_save_without_the_version_is_refused(desk, running):
    match = running.rounds.get(number=3).matches.get(table=1)
    data = _lineup_data(match, "second", [1, 2, None, 5])
    del data["version"]
    response = desk.post(f"/desk/{running.slug}/rounds/3/lineups/", data)
    assert (
        response.status_code == 400
        and "The page did not say which state of the match you saw; reload it" in response.text
    )
    assert "version:" not in response.text  # issue 28 item 10: no field path in a message
    assert match.boards.get(board=3).second_player is not None


@pytest.mark.parametrize("sent", ["99", "abc"])
def test_a_forged_lineup_value_is_refused_and_stays_selected_not_empty(desk, running, sent):
    """Issue 18 item 19: re-rendered as "empty", saving again would have recorded a forfeit."""
    match = running.rounds.get(number=3).matches.get(table=1)
    data = _lineup_data(match, "first", [1, 2, 3, 4])
    data[f"m{match.pk}-first-board_2"] = sent
    response = desk.post(f"/desk/{running.slug}/rounds/3/lineups/", data)
    assert response.status_code == 400
    form = response.context["blocks"][0]["sides"][0]["form"]
    assert list(form.errors) == ["board_2"]
    select = response.text.split(f'name="m{match.pk}-first-board_2"')[1].split("</select>")[0]
    assert f'<option value="{sent}" selected>' in select
    assert '<option value="" selected>' not in select
    assert match.boards.get(board=2).first_player.position == 2


def test_a_lineup_post_leaving_out_a_board_is_refused_not_read_as_empty(desk, running):
    match = running.rounds.get(number=3).matches.get(table=1)
    data = _lineup_data(match, "first", [1, 2, 3, 4])
    del data[f"m{match.pk}-first-board_3"]
    response = desk.post(f"/desk/{running.slug}/rounds/3/lineups/", data)
    assert response.status_code == 400
    assert "board 3: no player was chosen; choose one or “empty”." in response.text
    board = match.boards.get(board=3)
    assert board.first_player.position == 3 and board.result == ""


def test_the_grid_shows_a_bye_without_fields_and_says_which_keys_work(desk):
    from tests.builders import make_paired

    odd = make_paired(teams=5)
    page = desk.get(f"/desk/{odd.slug}/rounds/1/results/").text
    bye = page.split("– bye")[1].split("</section>")[0]
    assert 'data-field="result"' not in bye
    assert page.count('data-field="result"') == 8  # two real matches of four boards
    assert 'id="grid-spec"' in page and "<kbd>x</kbd> <kbd>X</kbd> --" in page

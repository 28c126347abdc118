"""The result grid in a real browser: a conflict drops what was typed for that board before it
(never re-sent on the fresh version), another board of the match is no conflict, a write that only
met another one at the same moment is sent again, and keys or text the grid does not take are
refused where the TD can see it."""

import time

import pytest

from tests.builders import enter_board
from tournaments.api.views import matches as api
from tournaments.models import BoardGame
from tournaments.services.locks import WriteConflict

from .test_browser import _session_cookie

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

IDLE = "document.getElementById('grid').dataset.pending === '0'"


def _grid(browser, live_server, td, tournament, number):
    context = browser.new_context(
        locale="en-GB", viewport={"width": 1280, "height": 900}, bypass_csp=True
    )  # wait_for_function strings need eval; test_csp.py checks the policy
    context.add_cookies([_session_cookie(live_server, td)])
    page = context.new_page()
    page.goto(f"{live_server.url}/desk/{tournament.slug}/rounds/{number}/results/")
    page.wait_for_function("document.activeElement && document.activeElement.classList.contains('result')")
    return context, page


def _boards(tournament):
    return {
        b.board: b.result
        for b in BoardGame.objects.filter(match__round__tournament=tournament, match__round__number=3, match__table=1)
    }


def test_keys_queued_before_a_conflict_are_dropped_and_the_other_change_is_shown(
    browser, live_server, running, td, monkeypatch
):
    context, page = _grid(browser, live_server, td, running, 3)
    other = BoardGame.objects.get(match__round__tournament=running, match__round__number=3, match__table=1, board=1)
    enter_board(board=other, result="½-½", source="api")  # the second arbiter, after the page was loaded
    sent = []
    service = api.encounter_result_set

    def slow_service(**kwargs):  # hall Wi-Fi: the 409 arrives after the TD has typed the next keys
        sent.append(kwargs["entry"].board)
        time.sleep(0.6)
        return service(**kwargs)

    monkeypatch.setattr(api, "encounter_result_set", slow_service)
    # board 1 (changed since the page was loaded: 409), back to board 1 again (queued behind it,
    # typed against the same stale board), then board 2 (another board: no conflict)
    page.keyboard.type("1", delay=100)
    page.keyboard.press("ArrowUp")
    page.keyboard.type("00", delay=100)
    page.wait_for_function(IDLE)
    assert sent == [1, 2]  # the queued key of board 1 was never sent, not even with the fresh version
    assert _boards(running) == {1: "½-½", 2: "0-1", 3: "", 4: ""}
    values = [page.input_value(f"section.match >> nth=0 >> input.result >> nth={n}") for n in range(4)]
    assert values == ["½-½", "0-1", "", ""]
    status = page.inner_text("section.match >> nth=0 >> .status")
    assert status == "saved"  # board 2's answer came last
    assert page.inner_text("section.match >> nth=0 >> [data-role=score]") == "½ : 1½"
    context.close()


def test_a_write_that_met_another_at_the_same_moment_is_sent_again_not_dropped(
    browser, live_server, running, td, monkeypatch
):
    """Issue 27 item 2: the grid dropped the key when the write lost a deadlock (then 503)."""
    context, page = _grid(browser, live_server, td, running, 3)
    sent = []
    service = api.encounter_result_set

    def unlucky_once(**kwargs):
        sent.append(kwargs["entry"].board)
        if len(sent) == 1:
            raise WriteConflict()
        return service(**kwargs)

    monkeypatch.setattr(api, "encounter_result_set", unlucky_once)
    page.keyboard.type("1")
    page.wait_for_function(IDLE)
    assert sent == [1, 1]
    assert _boards(running) == {1: "1-0", 2: "", 3: "", 4: ""}
    assert page.inner_text("section.match >> nth=0 >> .status") == "saved"
    context.close()


def test_two_arbiters_on_different_boards_of_one_match_both_save(browser, live_server, running, td):
    """Issue 28 item 5: the second arbiter's key is no conflict (it was refused with 409 and
    dropped); each grid shows the other's result with its next answer."""
    first_context, first = _grid(browser, live_server, td, running, 3)
    second_context, second = _grid(browser, live_server, td, running, 3)
    first.keyboard.type("1")  # board 1
    first.wait_for_function(IDLE)
    second.click("section.match >> nth=0 >> input.result >> nth=1")
    second.keyboard.type("0")  # board 2, on the version read before board 1 was saved
    second.wait_for_function(IDLE)
    assert second.inner_text("section.match >> nth=0 >> .status") == "saved"
    assert _boards(running) == {1: "1-0", 2: "0-1", 3: "", 4: ""}
    assert second.input_value("section.match >> nth=0 >> input.result >> nth=0") == "1-0"
    first.keyboard.type("=")  # board 2 for the first arbiter: changed since they read it
    first.wait_for_function(IDLE)
    assert "changed by someone else" in first.inner_text("section.match >> nth=0 >> .status")
    assert _boards(running)[2] == "0-1"
    assert first.input_value("section.match >> nth=0 >> input.result >> nth=1") == "0-1"
    first_context.close()
    second_context.close()


def test_the_grid_says_which_keys_work_and_refuses_anything_else(browser, live_server, running, td):
    context, page = _grid(browser, live_server, td, running, 3)
    assert "½-½" in page.inner_text("#keys-help") and "Backspace" in page.inner_text("#keys-help")
    page.keyboard.type("q")
    status = page.inner_text("section.match >> nth=0 >> .status")
    assert status.startswith("“q” is not a key here. Keys: ") and status.endswith(" · Backspace")
    assert sorted(status.split("Keys: ")[1].split(" · ")[0].split()) == sorted("1 0 = r R 5 + - x X".split())
    assert "error" in page.get_attribute("section.match >> nth=0 >> .status", "class")
    assert page.input_value("input.result >> nth=0") == ""
    # pasted text, or text arriving any other way, is refused and never left standing unsaved
    page.evaluate("""() => {
        const input = document.querySelector('input.result');
        const data = new DataTransfer();
        data.setData('text/plain', '1-0');
        input.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));
    }""")
    assert page.inner_text("section.match >> nth=0 >> .status").startswith("Pasted text is not accepted")
    page.keyboard.insert_text("1-0 0-1")
    assert page.input_value("input.result >> nth=0") == ""
    assert page.inner_text("section.match >> nth=0 >> .status").startswith("Pasted text is not accepted")
    page.wait_for_function(IDLE)
    assert _boards(running) == {1: "", 2: "", 3: "", 4: ""}
    assert page.get_attribute("#missing-count", "data-missing") == "8"
    context.close()


def _round_3(tournament) -> dict[int, dict[int, str]]:
    return {
        table: {
            b.board: b.result
            for b in BoardGame.objects.filter(match__round__number=3, match__table=table).filter(
                match__round__tournament=tournament
            )
        }
        for table in (1, 2)
    }


def test_boards_that_cannot_take_a_key_are_skipped_and_a_refused_key_never_moves_the_cursor(
    browser, live_server, running, td
):
    """Issue 28 item 4: a withdrawn team's boards (empty seats, forfeits already) were in the
    keyboard path and refused every key while the cursor moved on, so four results typed for the
    next table landed on the forfeit boards and that table stayed empty."""
    from tournaments.models import Match
    from tournaments.services.withdrawals import team_withdraw

    table_1 = Match.objects.with_sides().get(round__tournament=running, round__number=3, table=1)
    team_withdraw(team=table_1.first_team, from_round=3)
    assert _round_3(running)[1] == {1: "-+", 2: "-+", 3: "-+", 4: "-+"}
    context, page = _grid(browser, live_server, td, running, 3)
    # the cursor starts on table 2: table 1's boards are out of the keyboard path
    assert page.evaluate("document.activeElement.closest('section.match').dataset.match") == str(
        Match.objects.get(round__tournament=running, round__number=3, table=2).pk
    )
    page.keyboard.type("10=1", delay=50)
    page.wait_for_function(IDLE)
    assert _round_3(running) == {1: {1: "-+", 2: "-+", 3: "-+", 4: "-+"}, 2: {1: "1-0", 2: "0-1", 3: "½-½", 4: "1-0"}}
    # up from table 2's first board skips table 1 too (nowhere to go: the cursor stays)
    page.click("section.match >> nth=1 >> input.result >> nth=0")
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.closest('td').dataset.board") == "1"
    assert page.evaluate("document.activeElement.closest('section.match').dataset.match") != str(table_1.pk)
    # a forfeit board chosen with the mouse takes only what its empty seat allows; any other key is
    # refused on the spot, saves nothing and leaves the cursor where it is
    page.click("section.match >> nth=0 >> input.result >> nth=1")
    page.keyboard.type("1")
    status = page.inner_text("section.match >> nth=0 >> .status")
    assert status == (
        "board 2: nobody plays here for one side, so the result can only be -+ or --. "
        "“1” is not a key here. Keys: - x X · Backspace"
    )
    assert page.evaluate("document.activeElement.closest('td').dataset.board") == "2"
    assert page.input_value("section.match >> nth=0 >> input.result >> nth=1") == "-+"
    # the next save (table 2) replaces the refusal: one message at a time
    page.click("section.match >> nth=1 >> input.result >> nth=3")
    page.keyboard.type("0")
    page.wait_for_function(IDLE)
    assert page.inner_text("section.match >> nth=0 >> .status") == ""
    assert page.inner_text("section.match >> nth=1 >> .status") == "saved"
    # x (both absent) is a result the forfeit board takes
    page.click("section.match >> nth=0 >> input.result >> nth=2")
    page.keyboard.type("x")
    page.wait_for_function(IDLE)
    assert _round_3(running) == {1: {1: "-+", 2: "-+", 3: "--", 4: "-+"}, 2: {1: "1-0", 2: "0-1", 3: "½-½", 4: "0-1"}}
    context.close()


def test_back_to_the_grid_shows_what_is_stored_and_saves_without_a_conflict(
    browser_with_back_cache, live_server, running, td
):
    """Issue 28 item 5: after the browser's Back button the grid showed the results of when it
    was left and blamed "someone else" for the TD's own change made on another desk page."""
    context, page = _grid(browser_with_back_cache, live_server, td, running, 3)
    page.keyboard.type("1")  # board 1
    page.wait_for_function(IDLE)
    page.goto(f"{live_server.url}/desk/{running.slug}/audit/")
    board = BoardGame.objects.get(match__round__tournament=running, match__round__number=3, match__table=1, board=1)
    enter_board(board=board, result="½-½", source="desk")  # the TD's own correction, on the other page
    page.go_back(wait_until="commit")  # a page from the back-forward cache fires no load event
    page.wait_for_function("document.activeElement && document.activeElement.classList.contains('result')")
    assert page.input_value("section.match >> nth=0 >> input.result >> nth=0") == "½-½"
    page.click("section.match >> nth=0 >> input.result >> nth=0")
    page.keyboard.type("0")
    page.wait_for_function(IDLE)
    assert page.inner_text("section.match >> nth=0 >> .status") == "saved"
    assert _boards(running)[1] == "0-1"
    context.close()

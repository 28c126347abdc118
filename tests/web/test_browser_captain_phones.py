"""Captains at phone size (issue 30, 390 × 844): a tandem match and four-player tables reported
and confirmed, then accepted at the desk; a dispute flagged there and never applied; a lineup
handed in from a phone. Every press is a tap on a button of the discipline's results."""

import pytest

from tests.builders import make_paired
from tests.test_four_player import schach4, vierer
from tournaments.models import AuditEntry, BoardGame, CaptainReport, Match, MatchSide, Seat
from tournaments.services.captain_codes import captain_code_issue
from tournaments.services.pairing import round_pair_next

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "device_scale_factor": 1}


@pytest.fixture
def phones(browser, live_server):
    """Phones in German, opened per team; ``phones(team, match)`` signs one in on the match's page."""
    contexts = []

    def open_phone(team, match):
        context = browser.new_context(locale="de-DE", **PHONE)
        contexts.append(context)
        page = context.new_page()
        page.goto(f"{live_server.url}/t/{match.round.tournament.slug}/report/{match.pk}/")
        page.fill("#captain-code", captain_code_issue(team=team)[1])
        with page.expect_navigation():  # the answer loaded before the page is measured
            page.get_by_role("button", name="Anmelden").click()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing off the screen
        return page

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture
def arbiter(browser, live_server, td):
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "td")
    page.fill("input[name=password]", "arbiter")
    page.click("form.stacked button[type=submit]")
    page.wait_for_load_state()
    yield page
    context.close()


def tap(page, name: str, value: str) -> None:
    """Press the big button of ``value`` for field ``name``: a thumb's target on the screen."""
    button = page.locator(f"input[name='{name}'][value='{value}']").locator("xpath=..")
    box = button.bounding_box()
    assert box["height"] >= 40 and box["x"] + box["width"] <= 390
    button.click()


def sides(match):
    return [side.team for side in MatchSide.objects.filter(match=match).select_related("team").order_by("position")]


def confirm(page, shown: str) -> None:
    assert shown in page.locator("#report-entries").inner_text()
    page.get_by_role("button", name="Bestätigen").click()
    assert "Bestätigt." in page.locator("#report-message").inner_text()


def accept(arbiter, live_server, match) -> None:
    arbiter.goto(f"{live_server.url}/desk/{match.round.tournament.slug}/rounds/{match.round.number}/reports/")
    row = arbiter.locator(f"#report-{match.table}")
    assert "bestätigt" in row.inner_text()
    row.get_by_role("button", name="Übernehmen").click()
    assert "übernommen" in arbiter.locator(f"#report-{match.table}").inner_text()


def test_a_tandem_match_result_and_deciding_board_reported_confirmed_and_accepted(
    phones, arbiter, live_server, artifacts
):
    tournament = make_paired(preset="tandem-dsb", name="Tandem-Open", players=2, teams=4)
    match = tournament.rounds.get(number=1).matches.get(table=1)
    home, away = sides(match)
    phone = phones(home, match)
    tap(phone, "result", "1-0")
    tap(phone, "deciding_board", "2")
    phone.screenshot(path=str(artifacts / "captain-tandem-phone.png"), full_page=True)
    phone.get_by_role("button", name="Meldung senden").click()
    assert "Gemeldet." in phone.locator("#report-message").inner_text()
    confirm(phones(away, match), "1-0")
    assert Match.objects.get(pk=match.pk).result == ""  # the desk decides
    accept(arbiter, live_server, match)
    stored = Match.objects.get(pk=match.pk)
    assert (stored.result, stored.deciding_board) == ("1-0", 2)


def test_a_schach4_finishing_order_reported_by_one_player_confirmed_by_another_and_accepted(
    phones, arbiter, live_server, artifacts
):
    tournament = schach4(players=4)
    match = round_pair_next(tournament=tournament).matches.get()
    anna, bernd, *_ = sides(match)
    phone = phones(anna, match)
    for seat, place in ((1, "2"), (2, "1"), (3, "4"), (4, "3")):
        tap(phone, f"place-{seat}", place)
    phone.screenshot(path=str(artifacts / "captain-schach4-phone.png"), full_page=True)
    phone.get_by_role("button", name="Meldung senden").click()
    confirm(phones(bernd, match), "1")
    accept(arbiter, live_server, match)
    places = MatchSide.objects.filter(match=match).order_by("position").values_list("place", flat=True)
    assert list(places) == [2, 1, 4, 3]


def test_a_viererschach_team_result_reported_confirmed_and_accepted(phones, arbiter, live_server):
    tournament = vierer()
    round_pair_next(tournament=tournament)
    match = tournament.rounds.get(number=1).matches.get(table=1)
    home, away = sides(match)
    phone = phones(home, match)
    tap(phone, "result", "0-1")
    phone.get_by_role("button", name="Meldung senden").click()
    confirm(phones(away, match), "0-1")
    accept(arbiter, live_server, match)
    assert Match.objects.get(pk=match.pk).result == "0-1"


def test_a_dispute_is_flagged_at_the_desk_and_never_applied(phones, arbiter, live_server, artifacts):
    tournament = make_paired(teams=4)
    match = tournament.rounds.get(number=1).matches.get(table=2)
    home, away = sides(match)
    phone = phones(home, match)
    for board in range(1, 5):
        tap(phone, f"board-{board}", "1-0")
    phone.get_by_role("button", name="Meldung senden").click()
    other = phones(away, match)
    other.get_by_role("button", name="Bestreiten").click()
    assert "Bestritten." in other.locator("#report-message").inner_text()
    arbiter.goto(f"{live_server.url}/desk/{tournament.slug}/rounds/1/reports/")
    row = arbiter.locator("#report-2")
    assert "bestritten" in row.inner_text() and "flagged" in row.get_attribute("class")
    assert row.get_by_role("button").count() == 0  # nothing to accept
    arbiter.screenshot(path=str(artifacts / "captain-dispute-desk.png"), full_page=True)
    assert CaptainReport.objects.get(match=match).state == "disputed"
    assert set(BoardGame.objects.filter(match=match).values_list("result", flat=True)) == {""}


def test_a_captain_hands_in_the_lineup_from_the_phone_and_the_desk_sees_it(phones, arbiter, live_server, artifacts):
    tournament = make_paired(teams=4)
    match = tournament.rounds.get(number=2).matches.get(table=1)
    home, _away = sides(match)
    phone = phones(home, match)
    board_4 = phone.locator("#id_lineup-board_4")
    board_4.select_option(label=f"{home.players.get(position=5).name} (Ersatzspieler)")
    assert phone.locator("#id_lineup-board_2 option").count() == 2  # the fixed order: player 2 or nobody
    phone.screenshot(path=str(artifacts / "captain-lineup-phone.png"), full_page=True)
    phone.get_by_role("button", name="Aufstellung abgeben").click()
    assert "Aufstellung abgegeben." in phone.locator("#report-message").inner_text()
    seats = Seat.objects.filter(game__match=match, side__team=home).order_by("game__board")
    assert [seat.player.position for seat in seats.select_related("player")] == [1, 2, 3, 5]
    assert AuditEntry.objects.get(action=AuditEntry.Action.LINEUP).source == "captain"
    arbiter.goto(f"{live_server.url}/desk/{tournament.slug}/rounds/2/lineups/")
    assert arbiter.locator(".captain-hand-in").count() == 1

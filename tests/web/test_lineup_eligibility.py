"""The eligibility rules leagues add to a lineup, as warnings or refusals (issue 30).

The rosters of ``make_tournament`` are rated 2000, 1950, 1900, 1850 on boards 1-4 and 1800 for
the substitute (registered player 5), none with a federation ID.
"""

import json
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest
from django.utils import translation
from django.utils.translation import gettext

from tests.builders import make_paired
from tournaments.domain import presets
from tournaments.domain.eligibility import Category, Check, Eligibility, eligibility_findings
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry
from tournaments.selectors.archive import archive_for_tournament
from tournaments.services.archive import tournament_import
from tournaments.services.lineups import match_lineup_set
from tournaments.services.round_dates import round_lineup_deadline_set

pytestmark = pytest.mark.django_db


def player(rating, federation_id="", fide_id=""):
    return SimpleNamespace(rating=rating, federation_id=federation_id, fide_id=fide_id)


def test_the_domain_names_each_broken_rule_on_its_board():
    rules = Eligibility(
        rating_cap=2100,
        rating_cap_check=Check.REFUSAL,
        rating_order_tolerance=50,
        rating_order_check=Check.WARNING,
    )
    lineup = [player(2150), player(1900), None, player(1960), player(None)]
    found = [(f.violation.field, f.violation.text(), f.refuses) for f in eligibility_findings(lineup, rules)]
    assert found == [
        ("board 1", "board 1: rated 2150, above the cap of 2100 (rating cap per board).", True),
        ("board 4", "board 4: rated 1960, more than 50 above the 1900 on board 2 (board order by rating).", False),
    ]  # 1960 is within 2150 + 50, but not within 1900 + 50; the unrated player passes (our decision)


def test_rules_that_are_off_find_nothing():
    assert eligibility_findings([player(2900), player(None), player(2950)], Eligibility(rating_cap=1000)) == []


def _first_match(**rules):
    tournament = make_paired(**rules)
    return tournament, tournament.rounds.get(number=1).matches.get(table=1)


def _board_positions(match):
    return [board.first_player.position for board in match.boards.prefetch_related("seats__player").order_by("board")]


@pytest.mark.parametrize(
    ("rules", "positions", "message"),
    [
        (
            {"rating_cap": 1950, "rating_cap_check": "refusal"},
            [1, 2, 3, 5],
            "board 1: rated 2000, above the cap of 1950 (rating cap per board).",
        ),
        (
            {"average_cap": 1910, "average_cap_check": "refusal"},
            [1, 2, 3, 5],  # (2000 + 1950 + 1900 + 1800) / 4 = 1912.5
            "lineup: the players' average rating is 1912.5, above the cap of 1910 (rating cap on the average).",
        ),
        (
            {"rating_order_tolerance": 0, "rating_order_check": "refusal"},
            [2, 1, 3, 4],  # a fixed order refuses this too; the substitute case is below
            "board 2: rated 2000, more than 0 above the 1950 on board 1 (board order by rating).",
        ),
        (
            {"category_limit": 2, "category_limit_check": "refusal", "limited_category": "no-federation-id"},
            [1, 2, 3, 5],
            "lineup: this lineup fields 4 players without a federation ID; at most 2 may play (category limit).",
        ),
    ],
)
def test_a_lineup_breaking_a_rule_set_to_refuse_is_refused_and_nothing_saved(rules, positions, message):
    tournament, match = _first_match(board_order="recorded", **rules)
    with pytest.raises(RuleViolation) as refused:
        match_lineup_set(match=match, team=match.first_team, positions=positions)
    assert message in [violation.text() for violation in refused.value.violations]
    assert _board_positions(match) == [1, 2, 3, 4]


def test_a_substitute_rated_above_the_tolerance_is_refused_and_one_within_it_saved():
    tournament, match = _first_match(rating_order_tolerance=100, rating_order_check="refusal")
    match.first_team.players.filter(position=5).update(rating=2050)  # 150 above board 3's 1900
    with pytest.raises(RuleViolation) as refused:
        match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, 5])
    assert (
        refused.value.text() == "board 4: rated 2050, more than 100 above the 1900 on board 3 (board order by rating)."
    )
    match.first_team.players.filter(position=5).update(rating=2000)  # 100 above: within the tolerance
    saved = match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, 5])
    assert saved.warnings == [] and _board_positions(match) == [1, 2, 3, 5]


def test_a_player_with_a_federation_id_brings_the_lineup_within_the_category_limit():
    tournament, match = _first_match(category_limit=3, category_limit_check="refusal")
    with pytest.raises(RuleViolation):
        match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, 5])
    match.first_team.players.filter(position=1).update(federation_id="10234567")
    match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, 5])
    assert _board_positions(match) == [1, 2, 3, 5]


def test_a_rule_set_to_warn_saves_the_lineup_and_returns_the_warning():
    tournament, match = _first_match(rating_cap=1950, rating_cap_check="warning")
    saved = match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, 5])
    assert [warning.text() for warning in saved.warnings] == [
        "board 1: rated 2000, above the cap of 1950 (rating cap per board)."
    ]
    assert _board_positions(match) == [1, 2, 3, 5]


def test_the_desk_shows_the_warning_with_the_saved_lineup_in_german(desk, settings):
    tournament, match = _first_match(rating_cap=1950, rating_cap_check="warning")
    data = {"match": match.pk, "side": "first", "version": match.version}
    data |= {f"m{match.pk}-first-board_{n}": position for n, position in enumerate([1, 2, 3, 5], start=1)}
    with translation.override("de"):
        response = desk.post(f"/desk/{tournament.slug}/rounds/1/lineups/", data, follow=True, HTTP_ACCEPT_LANGUAGE="de")
        expected = gettext("rated %(rating)d, above the cap of %(cap)d.") % {"rating": 2000, "cap": 1950}
        rule = gettext("rating cap per board")
    assert response.status_code == 200
    assert expected != "rated 2000, above the cap of 1950." and rule != "rating cap per board"
    assert expected[:-1] in response.text and rule in response.text
    assert _board_positions(match) == [1, 2, 3, 5]


def test_the_api_answers_a_warned_lineup_with_its_warnings(desk):
    tournament, match = _first_match(average_cap=1900, average_cap_check="warning")
    response = desk.put(
        f"/api/v1/tournaments/{tournament.slug}/matches/{match.pk}/lineup/",
        {"team": match.first_team_id, "positions": [1, 2, 3, 5], "version": match.version},
        content_type="application/json",
    )
    assert response.status_code == 200
    assert response.json()["warnings"] == [
        "lineup: the players' average rating is 1912.5, above the cap of 1900 (rating cap on the average)."
    ]


def test_a_preset_sets_the_rule_the_tournament_copies(monkeypatch):
    league = replace(
        presets.PRESETS["blitz-frankenwald"],
        key="league-under-2000",
        eligibility=Eligibility(rating_cap=1999, rating_cap_check=Check.REFUSAL, limited_category=Category.UNRATED),
    )
    monkeypatch.setitem(presets.PRESETS, league.key, league)
    monkeypatch.setitem(presets.KNOWN_PRESETS, league.key, league)  # what ``get_preset`` reads
    tournament, match = _first_match(preset=league.key)
    assert (tournament.rating_cap, tournament.rating_cap_check, tournament.limited_category) == (
        1999,
        "refusal",
        "unrated",
    )
    with pytest.raises(RuleViolation) as refused:
        match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, 5])
    assert refused.value.text() == "board 1: rated 2000, above the cap of 1999 (rating cap per board)."


def test_an_archive_whose_lineups_break_a_refusing_rule_still_imports_and_the_rule_holds_after():
    """A tournament's own export must import again though its rules were tightened later (our decision)."""
    tournament, match = _first_match(rating_cap=1950, rating_cap_check="refusal")  # the paired lineups field 2000
    imported = tournament_import(archive=json.dumps(archive_for_tournament(tournament=tournament)))
    assert (imported.rating_cap, imported.rating_cap_check) == (1950, "refusal")
    match = imported.rounds.get(number=1).matches.get(table=1)
    with pytest.raises(RuleViolation) as refused:
        match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, 5])
    assert refused.value.field == "board 1"


def test_the_desk_lists_late_and_missing_lineups_against_the_round_deadline(desk):
    tournament, match = _first_match(teams=4)
    url = f"/desk/{tournament.slug}/rounds/1/lineups/"
    assert "Late or missing lineups" not in desk.get(url).text  # no deadline: nothing is due
    match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, 5])  # in time
    response = desk.post(f"/desk/{tournament.slug}/rounds/1/lineup-deadline/", {"deadline": "2026-11-01T19:00"})
    assert response.status_code == 302
    round_ = tournament.rounds.get(number=1)
    assert round_.lineup_deadline.isoformat() == "2026-11-01T18:00:00+00:00"  # 19:00 in Berlin, passed
    AuditEntry.objects.filter(match=match).update(created_at=round_.lineup_deadline - timedelta(minutes=5))
    late = tournament.rounds.get(number=1).matches.get(table=2)
    match_lineup_set(match=late, team=late.second_team, positions=[1, 2, 3, 5])  # now: after the deadline
    due = [(entry.table, entry.team.name, entry.handed_in is not None) for entry in desk.get(url).context["due"]]
    assert due == [
        (1, match.second_team.name, False),
        (2, late.first_team.name, False),
        (2, late.second_team.name, True),
    ]
    page = desk.get(url).text
    assert "Late or missing lineups" in page and "missing" in page and "late, set" in page
    assert 'name="deadline" value="2026-11-01T19:00"' in page  # shown back as the hall's clock says


def test_the_lineup_deadline_round_trips_through_the_archive():
    tournament, _match = _first_match()
    round_ = tournament.rounds.get(number=1)
    round_ = round_lineup_deadline_set(round_=round_, deadline=datetime(2026, 11, 1, 18, 0, tzinfo=UTC))
    archive = archive_for_tournament(tournament=tournament)
    assert archive["rounds"][0]["lineup_deadline"] == "2026-11-01T18:00:00+00:00"
    assert "lineup_deadline" not in archive["rounds"][1]  # none set: the archive reads as before
    imported = tournament_import(archive=json.dumps(archive))
    assert imported.rounds.get(number=1).lineup_deadline == round_.lineup_deadline
    assert archive_for_tournament(tournament=imported) == archive

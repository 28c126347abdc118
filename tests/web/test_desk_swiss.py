"""The desk runs a team Swiss: pair the next round, see gacrux's verdict, publish the pairings."""

import pytest

from tests.builders import make_tournament
from tournaments.services.pairing_check import round_pairing_check

pytestmark = pytest.mark.django_db


def test_the_director_pairs_reviews_and_publishes_a_swiss_round(desk, client):
    swiss = make_tournament(teams=6, preset="fide-team-swiss", name="Open", rounds=3)
    response = desk.post(f"/desk/{swiss.slug}/pair/", follow=True)
    assert response.status_code == 200
    round_ = swiss.rounds.get(number=1)
    round_pairing_check(round_id=round_.pk)
    page = desk.get(f"/desk/{swiss.slug}/rounds/1/results/").text
    assert "Paired by gacrux 1.11.65 (FIDE C.04.6)." in page
    assert "Confirmed by the pairing checker of gacrux 1.11.65." in page
    assert 'id="publish-pairings"' in page and "The public does not see these pairings" in page
    response = desk.post(f"/desk/{swiss.slug}/rounds/1/publish-pairings/", follow=True)
    assert "The pairings of round 1 are published." in response.text
    assert 'id="publish-pairings"' not in desk.get(f"/desk/{swiss.slug}/rounds/1/results/").text
    round_.refresh_from_db()
    assert round_.pairings_published_at is not None


def test_the_director_exchanges_two_teams_only_after_confirming_the_warning(desk):
    swiss = make_tournament(teams=6, preset="fide-team-swiss", name="Open", rounds=3)
    desk.post(f"/desk/{swiss.slug}/pair/")
    page = desk.get(f"/desk/{swiss.slug}/rounds/1/results/").text
    assert 'id="exchange"' in page
    four, five = swiss.teams.get(seed=4), swiss.teams.get(seed=5)
    url = f"/desk/{swiss.slug}/rounds/1/exchange/"
    response = desk.post(url, {"first": four.pk, "second": five.pk}, follow=True)
    assert "Choose two teams and confirm" in response.text
    assert swiss.rounds.get(number=1).pairing_departures == []
    response = desk.post(url, {"first": four.pk, "second": five.pk, "confirm": "yes"}, follow=True)
    assert "The pairing then departs from FIDE C.04.6" in response.text
    assert swiss.rounds.get(number=1).pairing_departures == [{"tables": [1, 2], "teams": [four.name, five.name]}]


def test_the_director_prints_the_pairing_list_of_a_round_before_publishing_it_marked_as_a_draft(desk, client):
    """Issue 28 item 6: the "Paarungsliste" of a paired, unpublished Swiss round was an empty sheet,
    even for the director (the desk linked the public list, which hides the round)."""
    from tests.documents.pdf import text
    from tournaments.models import Match

    swiss = make_tournament(teams=6, preset="fide-team-swiss", name="Open", rounds=3)
    desk.post(f"/desk/{swiss.slug}/pair/")
    first = Match.objects.with_sides().filter(round__tournament=swiss, round__number=1).order_by("table").first()
    overview = desk.get(f"/desk/{swiss.slug}/").text
    link = f'href="/desk/{swiss.slug}/pdf/rounds/1/pairings.pdf">Paarungsliste</a> (Entwurf)'
    assert link in overview.replace("Pairing list", "Paarungsliste").replace("(draft)", "(Entwurf)")
    draft = text(desk.get(f"/desk/{swiss.slug}/pdf/rounds/1/pairings.pdf").content)
    assert "Paarungen – Runde 1" in draft and "ENTWURF – nicht veröffentlicht" in draft
    assert first.first_team.name in draft and first.second_team.name in draft
    public = text(client.get(f"/t/{swiss.slug}/pdf/pairings/1.pdf").content)  # the public sees no tables yet
    assert "Die Paarungen dieser Runde sind noch nicht veröffentlicht." in public
    assert first.first_team.name not in public
    desk.post(f"/desk/{swiss.slug}/rounds/1/publish-pairings/")
    published = text(desk.get(f"/desk/{swiss.slug}/pdf/rounds/1/pairings.pdf").content)
    assert "ENTWURF" not in published and first.first_team.name in published
    assert first.first_team.name in text(client.get(f"/t/{swiss.slug}/pdf/pairings/1.pdf").content)

"""The desk and the API record byes in advance and late entries through the same services."""

import pytest

from tests.builders import make_tournament
from tournaments.models import RequestedBye
from tournaments.services.pairing import rounds_pair_due

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss():
    return make_tournament(teams=6, preset="fide-team-swiss", name="Open", rounds=4)


def test_the_director_requests_and_withdraws_a_bye_at_the_desk(desk, swiss):
    team = swiss.teams.get(seed=2)
    response = desk.post(
        f"/desk/{swiss.slug}/byes/request/", {"team": team.pk, "round_number": 2, "kind": "H"}, follow=True
    )
    assert f"“{team.name}” is not paired in round 2." in response.text
    assert f'<td class="num">2</td><td>{team.name}</td>\n    <td>bye requested: half point</td>' in response.text
    response = desk.post(f"/desk/{swiss.slug}/byes/request/", {"team": team.pk, "round_number": 2, "kind": "F"})
    assert response.status_code == 400 and "this team already has a bye in round 2." in response.text
    response = desk.post(f"/desk/{swiss.slug}/byes/{team.pk}/2/withdraw/", follow=True)
    assert f"“{team.name}” is paired in round 2 after all." in response.text
    assert not RequestedBye.objects.exists()


def test_the_director_enters_a_late_team_at_the_desk(desk, swiss):
    rounds_pair_due(tournament=swiss)
    data = {"name": "SC Kulmbach", "from_round": 2, "players": "Anna Roth, 1850\nBen Graf\nCem Aydın, 1700\nDora Weiß"}
    response = desk.post(f"/desk/{swiss.slug}/late-entry/", data, follow=True)
    assert "“SC Kulmbach” enters late, seeded 7, paired from round 2." in response.text
    late = swiss.teams.get(name="SC Kulmbach")
    assert list(late.players.values_list("name", "rating")) == [
        ("Anna Roth", 1850),
        ("Ben Graf", None),
        ("Cem Aydın", 1700),
        ("Dora Weiß", None),
    ]
    assert "bye requested: zero points (entered later)" in response.text  # round 1, unpaired by default
    response = desk.post(f"/desk/{swiss.slug}/late-entry/", {**data, "name": "SK Bayreuth", "from_round": 1})
    assert response.status_code == 400 and "round 1 is already paired" in response.text
    response = desk.post(f"/desk/{swiss.slug}/late-entry/", {**data, "name": "SK Hof", "players": "Eva Lang, stark"})
    assert response.status_code == 400 and "the rating after the comma must be a whole number" in response.text


def test_the_api_lists_requests_and_withdraws_byes_and_enters_late_teams(desk, swiss):
    team = swiss.teams.get(seed=3)
    api = f"/api/v1/tournaments/{swiss.slug}"
    created = desk.post(f"{api}/byes/", {"team": team.pk, "round": 1, "kind": "Z"}, content_type="application/json")
    assert created.status_code == 201
    assert created.json() == {"team": team.pk, "team_name": team.name, "round": 1, "kind": "Z", "late_entry": False}
    refused = desk.post(f"{api}/byes/", {"team": team.pk, "round": 1, "kind": "Q"}, content_type="application/json")
    assert refused.status_code == 400 and refused.json()["field"] == "kind"
    assert desk.get(f"{api}/byes/").json()["results"] == [created.json()]
    assert desk.delete(f"{api}/byes/{team.pk}/1/").status_code == 204
    assert desk.get(f"{api}/byes/").json()["results"] == []
    rounds_pair_due(tournament=swiss)
    late = desk.post(
        f"{api}/late-entries/",
        {"name": "SC Kulmbach", "from_round": 2, "players": [{"name": "Anna Roth"}]},
        content_type="application/json",
    )
    assert late.status_code == 201 and (late.json()["seed"], late.json()["name"]) == (7, "SC Kulmbach")
    paired = desk.post(f"{api}/byes/", {"team": team.pk, "round": 1, "kind": "H"}, content_type="application/json")
    assert (
        paired.status_code == 400 and paired.json()["field"] == "round" and "already paired" in paired.json()["detail"]
    )


def test_a_bye_written_on_a_stale_version_is_refused_by_the_service_the_api_and_the_desk(desk, swiss):
    """Every write is version-checked (as lineups and results): the byes are one list with one
    version; a request or withdrawal based on an older one is refused, 409, and changes nothing."""
    from tournaments.services.requested_byes import StaleByes, bye_request, bye_withdraw

    two, three = swiss.teams.get(seed=2), swiss.teams.get(seed=3)
    api = f"/api/v1/tournaments/{swiss.slug}"
    listed = desk.get(f"{api}/byes/")
    assert listed["ETag"] == f'"b{swiss.pk}v1"'
    bye_request(team=two, round_number=2, kind="H", expected_version=1)  # someone else: version 2 now
    with pytest.raises(StaleByes) as stale:
        bye_withdraw(team=two, round_number=2, expected_version=1)
    assert (stale.value.field, stale.value.current) == ("version", 2)
    # API: the body's version, then If-Match with the list's ETag
    refused = desk.post(
        f"{api}/byes/", {"team": three.pk, "round": 2, "kind": "Z", "version": 1}, content_type="application/json"
    )
    assert refused.status_code == 409 and refused["ETag"] == f'"b{swiss.pk}v2"'
    assert refused.json()["field"] == "version" and refused.json()["current"] == {"version": 2}
    assert "changed by someone else in the meantime (now version 2)" in refused.json()["detail"]
    refused = desk.delete(f"{api}/byes/{two.pk}/2/", HTTP_IF_MATCH=listed["ETag"])
    assert refused.status_code == 409
    assert list(RequestedBye.objects.values_list("team_id", "round_number")) == [(two.pk, 2)]  # nothing written
    created = desk.post(
        f"{api}/byes/",
        {"team": three.pk, "round": 2, "kind": "Z"},
        content_type="application/json",
        HTTP_IF_MATCH=refused["ETag"],
    )
    assert created.status_code == 201 and created["ETag"] == f'"b{swiss.pk}v3"'
    assert desk.delete(f"{api}/byes/{three.pk}/2/?version=3").status_code == 204
    # the desk: the page's hidden version; a stale one answers 409 with the list as it is now
    page = desk.get(f"/desk/{swiss.slug}/byes/").text
    assert '<input type="hidden" name="version" value="4"' in page
    bye_withdraw(team=two, round_number=2)  # someone else again: version 5
    response = desk.post(
        f"/desk/{swiss.slug}/byes/request/", {"team": three.pk, "round_number": 3, "kind": "H", "version": 4}
    )
    assert response.status_code == 409 and "changed by someone else in the meantime (now version 5)" in response.text
    assert 'name="version" value="5"' in response.text and not RequestedBye.objects.exists()
    response = desk.post(
        f"/desk/{swiss.slug}/byes/request/",
        {"team": three.pk, "round_number": 3, "kind": "H", "version": 5},
        follow=True,
    )
    assert f"“{three.name}” is not paired in round 3." in response.text
    response = desk.post(f"/desk/{swiss.slug}/byes/{three.pk}/3/withdraw/", {"version": 5})
    assert response.status_code == 409 and "now version 6" in response.text
    assert RequestedBye.objects.filter(team=three, round_number=3).exists()


def test_a_request_can_be_withdrawn_on_the_page_only_until_its_round_is_paired(desk, swiss):
    team = swiss.teams.get(seed=2)
    desk.post(f"/desk/{swiss.slug}/byes/request/", {"team": team.pk, "round_number": 1, "kind": "H"})
    assert "Withdraw the request" in desk.get(f"/desk/{swiss.slug}/byes/").text
    rounds_pair_due(tournament=swiss)
    page = desk.get(f"/desk/{swiss.slug}/byes/").text
    assert "bye requested: half point" in page and "Withdraw the request" not in page


def test_a_round_robin_says_why_it_takes_no_byes_instead_of_offering_forms(desk):
    tournament = make_tournament(teams=4)
    page = desk.get(f"/desk/{tournament.slug}/byes/").text
    assert (
        "this pairing system fixes every round from the start: no byes in advance and no late entries (FIDE C.05)."
        in page
    )
    assert 'id="bye-request"' not in page and 'id="late-entry"' not in page and "A team may ask" not in page
    assert "round: this pairing system" not in page  # about the page, no field (issue 28 item 10)
    german = desk.get(f"/desk/{tournament.slug}/byes/", HTTP_ACCEPT_LANGUAGE="de").text
    assert '<p class="note">Dieses Paarungssystem' in german or '<p class="note">dieses Paarungssystem' in german
    assert "Runde: dieses Paarungssystem" not in german

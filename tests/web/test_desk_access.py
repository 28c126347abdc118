"""Who may use the desk: per-tournament roles as in the API; bad slugs and numbers are 404, never 500.

A director does everything, an arbiter lineups, results, incidents, claims and match report forms;
a user without a role in the tournament gets 404 for its desk (as in the API), a role that is not
enough gets 403.
"""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

from tournaments.models import AuditEntry, Match, TournamentRole
from tournaments.services.incidents import incident_record

pytestmark = pytest.mark.django_db

DESK_PAGES = [
    "/desk/{slug}/",
    "/desk/{slug}/teams/",
    "/desk/{slug}/rounds/1/lineups/",
    "/desk/{slug}/rounds/1/results/",
    "/desk/{slug}/rounds/1/incidents/",
    "/desk/{slug}/standings/",
    "/desk/{slug}/claim/",
    "/desk/{slug}/pdf/rounds/1/reports.pdf",
]
DIRECTOR_PAGES = ["/desk/{slug}/roles/", "/desk/{slug}/audit/"]


def statuses(client, paths, slug):
    return {path: client.get(path.format(slug=slug)).status_code for path in paths}


def test_anonymous_visitors_are_sent_to_the_login(client, running):
    for path in ["/desk/", "/desk/new/", *DESK_PAGES, *DIRECTOR_PAGES]:
        response = client.get(path.format(slug=running.slug))
        assert response.status_code == 302
        assert response.headers["Location"].startswith("/accounts/login/?next=")


def test_pages_follow_the_role(client, running, named_users):
    expected = {
        "director": {**dict.fromkeys(DESK_PAGES, 200), **dict.fromkeys(DIRECTOR_PAGES, 200)},
        "arbiter": {**dict.fromkeys(DESK_PAGES, 200), **dict.fromkeys(DIRECTOR_PAGES, 403)},
        "outsider": {**dict.fromkeys(DESK_PAGES, 404), **dict.fromkeys(DIRECTOR_PAGES, 404)},
    }
    for name, user in named_users.items():
        client.force_login(user)
        assert statuses(client, DESK_PAGES + DIRECTOR_PAGES, running.slug) == expected[name], name


def test_the_desk_list_shows_only_the_users_tournaments(client, running, named_users, td):
    client.force_login(named_users["outsider"])
    page = client.get("/desk/").text
    assert "Anderes Turnier" in page and running.name not in page
    assert 'href="/desk/new/"' in page  # staff may create tournaments
    client.force_login(named_users["arbiter"])
    page = client.get("/desk/").text
    assert running.name in page and "Anderes Turnier" not in page
    assert 'href="/desk/new/"' not in page and client.get("/desk/new/").status_code == 403
    client.force_login(td)  # a superuser directs everything
    page = client.get("/desk/").text
    assert running.name in page and "Anderes Turnier" in page


def test_the_creator_of_a_tournament_becomes_its_director(client, named_users):
    outsider = named_users["outsider"]
    client.force_login(outsider)
    response = client.post("/desk/new/", {"name": "Neues Blitzturnier", "preset": "blitz-frankenwald"})
    assert response.status_code == 302, response.text
    role = TournamentRole.objects.get(user=outsider, tournament__name="Neues Blitzturnier")
    assert role.role == "director"
    assert client.get(response.headers["Location"]).status_code == 200


def test_an_arbiter_does_not_see_the_directors_buttons(client, running, named_users):
    client.force_login(named_users["arbiter"])
    overview, results = (
        client.get(f"/desk/{running.slug}/").text,
        client.get(f"/desk/{running.slug}/rounds/2/results/").text,
    )
    assert (
        "Save settings" not in overview
        and 'id="unpair"' not in overview
        and f'href="/desk/{running.slug}/roles/"' not in overview
    )
    assert 'id="publish"' not in results and f"/desk/{running.slug}/matches/" in results
    assert 'id="withdraw"' not in client.get(f"/desk/{running.slug}/standings/").text
    client.force_login(named_users["director"])
    overview, results = (
        client.get(f"/desk/{running.slug}/").text,
        client.get(f"/desk/{running.slug}/rounds/2/results/").text,
    )
    assert "Save settings" in overview and 'id="unpair"' in overview and 'id="publish"' in results
    assert 'id="withdraw"' in client.get(f"/desk/{running.slug}/standings/").text


def _post_endpoints(tournament):
    """Every desk POST endpoint of ``tournament`` with the role it needs; a fresh tournament each time."""
    match = Match.objects.filter(round__tournament=tournament, round__number=2).order_by("table").first()
    incident = incident_record(match=match, board=1, side="first", kind="clock-other-hand")
    entry = AuditEntry.objects.filter(match=match, action="result").order_by("-id").first()
    team = tournament.teams.order_by("seed").first()
    s = tournament.slug
    return (
        [
            (f"/desk/{s}/", "director"),
            (f"/desk/{s}/start/", "director"),
            (f"/desk/{s}/pair/", "director"),
            (f"/desk/{s}/teams/", "director"),
            (f"/desk/{s}/teams/{team.pk}/", "director"),
            (f"/desk/{s}/teams/import/", "director"),
            (f"/desk/{s}/rounds/2/publish/", "director"),
            (f"/desk/{s}/rounds/1/unpublish/", "director"),
            (f"/desk/{s}/playoff/", "director"),
            (f"/desk/{s}/playoff/lots/", "director"),
            (f"/desk/{s}/withdraw/", "director"),
            (f"/desk/{s}/byes/request/", "director"),
            (f"/desk/{s}/byes/{team.pk}/3/withdraw/", "director"),
            (f"/desk/{s}/late-entry/", "director"),
            (f"/desk/{s}/roles/", "director"),
            (f"/desk/{s}/matches/{match.pk}/audit/", "director"),
            (f"/desk/{s}/rounds/3/unpair/", "director"),
            (f"/desk/{s}/rounds/2/lineups/", "arbiter"),
            (f"/api/v1/tournaments/{s}/matches/{match.pk}/result/", "arbiter"),  # where the desk's result grid saves
            (f"/desk/{s}/rounds/2/incidents/", "arbiter"),
            (f"/desk/{s}/rounds/2/incidents/{incident.pk}/decide/", "arbiter"),
            (f"/desk/{s}/rounds/2/bundle/request", "arbiter"),
        ]
        if entry
        else []
    )


@pytest.mark.parametrize("who", ["director", "arbiter", "outsider"])
def test_every_desk_post_endpoint_follows_the_role(
    client, running, named_users, who, django_capture_on_commit_callbacks
):
    """Outsiders get 404 everywhere; arbiters 403 for the director's actions; allowed posts are
    answered (redirect, 200, or 400 for the empty form), never refused for rights, never 500."""
    endpoints = _post_endpoints(running)
    assert len(endpoints) == 22
    client.force_login(named_users[who])
    for path, needs in endpoints:
        json = {"content_type": "application/json"} if path.startswith("/api/") else {}
        status = client.post(path, {"version": "1"}, **json).status_code
        if who == "outsider":
            assert status == 404, path
        elif who == "arbiter" and needs == "director":
            assert status == 403, path
        else:
            assert status in (200, 202, 302, 400, 409), (path, status)


def test_unknown_tournaments_rounds_and_teams_are_404(desk, running):
    paths = [
        "/desk/nope/",
        "/desk/nope/teams/",
        "/desk/{slug}/rounds/9/lineups/",
        "/desk/{slug}/rounds/9/results/",
        "/desk/{slug}/teams/999999/",
        "/desk/{slug}/matches/999999/audit/",
    ]
    assert statuses(desk, paths, running.slug) == dict.fromkeys(paths, 404)


def test_actions_take_post_only(desk, running):
    paths = [
        "/desk/{slug}/start/",
        "/desk/{slug}/pair/",
        "/desk/{slug}/rounds/1/publish/",
        "/desk/{slug}/rounds/1/unpublish/",
        "/desk/{slug}/rounds/3/unpair/",
    ]
    assert statuses(desk, paths, running.slug) == dict.fromkeys(paths, 405)


def test_login_page_logs_the_td_in_and_leads_to_the_desk(client, td):
    page = client.get("/accounts/login/")
    assert page.status_code == 200
    response = client.post("/accounts/login/", {"username": "td", "password": "arbiter"})
    assert response.status_code == 302 and response.headers["Location"] == "/desk/"
    assert client.get("/desk/").status_code == 200


def test_a_wrong_password_keeps_the_form_with_an_error(client, td):
    response = client.post("/accounts/login/", {"username": "td", "password": "wrong"})
    assert response.status_code == 200
    assert 'value="td"' in response.text
    assert "errorlist" in response.text


def test_the_login_page_is_the_shipped_registration_template(client):
    page = client.get("/accounts/login/")
    assert [t.name for t in page.templates][0] == "registration/login.html"


def test_a_valid_login_does_not_reset_the_failure_count_of_the_address(client, td, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    cache.clear()  # other tests' failures from this address
    get_user_model().objects.create_user("guesser", password="mine")
    for _ in range(2):
        assert client.post("/accounts/login/", {"username": "td", "password": "guess"}).status_code == 200
    assert client.post("/accounts/login/", {"username": "guesser", "password": "mine"}).status_code == 302
    client.logout()
    assert client.post("/accounts/login/", {"username": "td", "password": "guess"}).status_code == 200
    assert client.post("/accounts/login/", {"username": "td", "password": "arbiter"}).status_code == 429


def test_a_user_without_any_role_sees_an_empty_desk(client, running):
    client.force_login(get_user_model().objects.create_user("visitor"))
    assert running.name not in client.get("/desk/").text
    assert statuses(client, DESK_PAGES, running.slug) == dict.fromkeys(DESK_PAGES, 404)


def test_only_the_director_sees_the_roster_form_an_arbiter_reads_the_roster(client, running, named_users):
    team = running.teams.order_by("seed").first()
    first = team.players.order_by("position").first()
    path = f"/desk/{running.slug}/teams/{team.pk}/"
    client.force_login(named_users["director"])
    page = client.get(path).text
    assert 'id="name"' in page and "Save roster" not in page  # the roster is locked since the start, the name not
    assert f"1. {first.name}" in page
    client.force_login(named_users["arbiter"])
    page = client.get(path).text
    assert 'id="name"' not in page and "Save roster" not in page
    assert f"1. {first.name}" in page and "Only the tournament's director can change the roster." in page
    assert client.post(path, {"players": ""}).status_code == 403  # what the hidden form would have met


def test_desk_pages_are_never_kept_by_the_browser(desk, running):
    """Issue 28 item 5: Back showed a desk page as it was when left (stale results, stale versions);
    every desk answer is no-store, so the browser loads it again."""
    for path in ["/desk/", *DESK_PAGES, *DIRECTOR_PAGES]:
        response = desk.get(path.format(slug=running.slug))
        assert response.status_code == 200, path
        assert "no-store" in response.headers["Cache-Control"], path


def test_a_wrong_password_is_said_once(client, td):
    """Issue 28 item 10: the login page showed the form's error twice."""
    response = client.post("/accounts/login/", {"username": "td", "password": "falsch"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert response.text.count("Please enter a correct username and password") == 1

"""The desk needs a login and staff rights; bad slugs and round numbers are 404, never 500."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

pytestmark = pytest.mark.django_db

DESK_PAGES = [
    "/desk/",
    "/desk/new/",
    "/desk/{slug}/",
    "/desk/{slug}/teams/",
    "/desk/{slug}/rounds/1/lineups/",
    "/desk/{slug}/rounds/1/results/",
]



def statuses(client, paths, slug):
    return {path: client.get(path.format(slug=slug)).status_code for path in paths}


def test_anonymous_visitors_are_sent_to_the_login(client, running):
    for path in DESK_PAGES:
        response = client.get(path.format(slug=running.slug))
        assert response.status_code == 302
        assert response.headers["Location"].startswith("/accounts/login/?next=")


def test_users_without_desk_rights_are_refused(client, running):
    client.force_login(get_user_model().objects.create_user("visitor", password="x"))
    assert statuses(client, DESK_PAGES, running.slug) == dict.fromkeys(DESK_PAGES, 403)


def test_every_desk_page_renders_for_a_td(desk, running):
    assert statuses(desk, DESK_PAGES, running.slug) == dict.fromkeys(DESK_PAGES, 200)


def test_unknown_tournaments_rounds_and_teams_are_404(desk, running):
    paths = [
        "/desk/nope/",
        "/desk/nope/teams/",
        "/desk/{slug}/rounds/9/lineups/",
        "/desk/{slug}/rounds/9/results/",
        "/desk/{slug}/teams/999999/",
    ]
    assert statuses(desk, paths, running.slug) == dict.fromkeys(paths, 404)


def test_actions_take_post_only(desk, running):
    paths = ["/desk/{slug}/start/", "/desk/{slug}/pair/", "/desk/{slug}/rounds/1/publish/", "/desk/{slug}/rounds/1/unpublish/"]
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

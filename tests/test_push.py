"""A public server receiving halls' pushes (issue 31): push tokens, PUT /api/v1/push/<slug>/, the mirror.

One database plays both parts: the demo is the hall's tournament, its public archive is pushed to
the slug ``kronach`` of "the server". The hostile pushes are refused with words and change nothing.
"""

import io
import json

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection  # noqa: F401 - read by the skipif condition
from django.test import Client

from tests.builders import enter_board
from tests.concurrency import held_then
from tournaments.domain.errors import RuleViolation
from tournaments.models import PublicVersion, PushToken, Tournament
from tournaments.selectors.archive import public_archive_for_tournament
from tournaments.services.publishing import round_publish
from tournaments.services.push_tokens import push_token_issue, push_token_revoke
from tournaments.services.tokens import token_digest

URL = "/api/v1/push/kronach/"


@pytest.fixture
def hall(db):
    call_command("demo", stdout=io.StringIO())  # rounds 1-5 published, round 6 has results but is a draft
    return Tournament.objects.get(slug="frankenwaldpokal-demo")


@pytest.fixture
def key(db):
    out = io.StringIO()
    call_command("push_token", "issue", "kronach", stdout=out)
    return out.getvalue().strip()


def _push(key: str, archive, url: str = URL):
    body = archive if isinstance(archive, bytes) else json.dumps(archive).encode()
    return Client().put(url, body, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {key}")


def _token_of_mirror() -> str:
    return PublicVersion.objects.get(tournament__slug="kronach").token


def test_a_token_is_shown_once_kept_as_its_digest_and_revocable(key):
    token = PushToken.objects.get()
    assert token.slug == "kronach" and token.digest == token_digest(key) and key not in token.prefix + token.digest
    listed = io.StringIO()
    call_command("push_token", "list", "kronach", stdout=listed)
    assert listed.getvalue().startswith(f"kronach\t{key[:12]}…\tin force\tnever used")
    _, second = push_token_issue(slug="kronach")  # a new token revokes the one in force
    assert PushToken.objects.filter(revoked_at__isnull=True).get().digest == token_digest(second)
    push_token_revoke(slug="kronach")
    with pytest.raises(RuleViolation, match="no push token in force"):
        push_token_revoke(slug="kronach")


def test_a_push_creates_the_mirror_which_the_server_renders_and_serves_as_its_own(hall, key):
    answer = _push(key, public_archive_for_tournament(tournament=hall))
    assert answer.status_code == 200, answer.content
    assert answer.json()["changed"] is True
    mirror = Tournament.objects.get(slug="kronach")
    assert mirror.mirror["version"] == hall.public_version.token
    standings = Client().get("/t/kronach/standings/").content.decode()
    first = Client().get(f"/api/v1/tournaments/{hall.slug}/standings/").json()["rows"][0]
    assert first["entrant"]["name"] in standings
    assert Client().get("/api/v1/tournaments/kronach/standings/").json()["rows"][0]["points"] == first["points"]
    assert not mirror.rounds.get(number=6).published_at  # the draft stayed in the hall
    # the same archive again changes nothing: no new public version, the cached pages stay
    version = _token_of_mirror()
    again = _push(key, public_archive_for_tournament(tournament=hall))
    assert (again.status_code, again.json()["changed"], _token_of_mirror()) == (200, False, version)
    assert PushToken.objects.get().last_used_at is not None


def test_a_newer_publication_replaces_the_mirror_and_an_older_one_is_refused(hall, key):
    old = public_archive_for_tournament(tournament=hall)
    round_publish(round_=hall.rounds.get(number=6))
    new = public_archive_for_tournament(tournament=hall)
    assert _push(key, new).status_code == 200
    version = _token_of_mirror()
    replay = _push(key, old)
    assert replay.status_code == 409
    assert replay.json()["field"] == "publication.changed_at" and "newer publication" in replay.json()["detail"]
    mirror = Tournament.objects.get(slug="kronach")
    assert mirror.rounds.get(number=6).published_at is not None and _token_of_mirror() == version


def test_a_newer_push_keeps_each_teams_page_at_its_address_a_renamed_team_too(hall, key):
    """A spectator's bookmarked team page on the public server still shows that team after the
    hall's next publication, also when the hall corrected the team's name."""
    from tournaments.services.teams import team_rename

    _push(key, public_archive_for_tournament(tournament=hall))
    before = dict(Tournament.objects.get(slug="kronach").teams.values_list("seed", "pk"))
    renamed = hall.teams.get(seed=2)
    team_rename(team=renamed, name="SV Renamed 1920")
    round_publish(round_=hall.rounds.get(number=6))
    assert _push(key, public_archive_for_tournament(tournament=hall)).json()["changed"] is True
    assert dict(Tournament.objects.get(slug="kronach").teams.values_list("seed", "pk")) == before
    page = Client().get(f"/t/kronach/teams/{before[2]}/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and "SV Renamed 1920" in page.content.decode()


def test_results_of_a_mirror_are_entered_in_the_hall_not_on_the_server(hall, key):
    _push(key, public_archive_for_tournament(tournament=hall))
    board = Tournament.objects.get(slug="kronach").rounds.get(number=6).matches.first().boards.first()
    with pytest.raises(RuleViolation, match="enter its results there"):
        enter_board(board=board, result="1-0")


def test_wrong_revoked_and_foreign_tokens_are_refused(hall, key):
    archive = public_archive_for_tournament(tournament=hall)
    assert _push("arbpush_guessed", archive).status_code == 401
    _, other = push_token_issue(slug="hof")
    foreign = _push(other, archive)
    assert (foreign.status_code, foreign.json()["field"]) == (403, "slug")
    push_token_revoke(slug="kronach")
    assert _push(key, archive).status_code == 401
    assert not Tournament.objects.filter(slug__in=["kronach", "hof"]).exists()


def test_an_oversize_body_is_refused_unread(hall, key, settings):
    settings.PUSH_MAX_BYTES = 4096
    answer = _push(key, public_archive_for_tournament(tournament=hall))
    assert answer.status_code == 413 and "4 KB" in answer.json()["detail"]
    assert not Tournament.objects.filter(slug="kronach").exists()


def test_a_schema_invalid_body_is_refused_naming_the_field(hall, key):
    archive = public_archive_for_tournament(tournament=hall)
    archive["teams"][0]["players"][0]["rating"] = "strong"
    answer = _push(key, archive)
    assert (answer.status_code, answer.json()["field"]) == (400, "teams[0].players[0].rating")
    del archive["publication"]
    archive["teams"][0]["players"][0]["rating"] = 1800
    assert _push(key, archive).json()["field"] == "publication"  # a full archive is not a public one
    assert _push(key, b"<html>").json()["field"] == "archive"
    assert not Tournament.objects.filter(slug="kronach").exists()


def test_markup_in_names_is_shown_as_text(hall, key):
    name = hall.teams.get(seed=1).name
    archive = json.dumps(public_archive_for_tournament(tournament=hall), ensure_ascii=False)
    hostile = archive.replace(name, "<script>alert(1)</script>")
    assert hostile != archive
    assert _push(key, hostile.encode()).status_code == 200
    for page in ("/t/kronach/standings/", "/t/kronach/", "/t/kronach/results/1/"):
        html = Client().get(page).content.decode()
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>alert(1)" not in html, page


def test_a_slug_of_a_tournament_run_here_gets_no_token_and_takes_no_push(hall, key):
    with pytest.raises(RuleViolation, match="run on this server"):
        push_token_issue(slug=hall.slug)
    PushToken.objects.create(slug=hall.slug, prefix="x", digest=token_digest("arbpush_x"))  # issued before it existed
    answer = _push("arbpush_x", public_archive_for_tournament(tournament=hall), url=f"/api/v1/push/{hall.slug}/")
    assert answer.status_code == 409 and hall.slug in answer.json()["detail"]
    assert Tournament.objects.get(slug=hall.slug).mirror is None


def test_pushes_per_token_are_limited(hall, key, settings):
    settings.PUSH_LIMIT = 2
    archive = public_archive_for_tournament(tournament=hall)
    assert [_push(key, archive).status_code for _ in range(3)] == [200, 200, 429]


def test_the_desk_issues_a_token_shown_once_and_revokes_it(db):
    staff = Client()
    staff.force_login(User.objects.create_user("server-td", password="x", is_staff=True))
    page = staff.post("/desk/push-tokens/", {"action": "issue", "slug": "kronach"}).content.decode()
    key = page.split('id="issued-token"')[1].split("<code>")[1].split("</code>")[0]
    assert PushToken.objects.get(revoked_at__isnull=True).digest == token_digest(key)
    listed = staff.get("/desk/push-tokens/").content.decode()
    assert key not in listed and f"{key[:12]}…" in listed
    staff.post("/desk/push-tokens/", {"action": "revoke", "slug": "kronach"})
    assert not PushToken.objects.filter(revoked_at__isnull=True).exists()
    refused = staff.post("/desk/push-tokens/", {"action": "issue", "slug": "Not A Slug"}, follow=True)
    assert "lower-case letters" in refused.content.decode()
    arbiter = Client()
    arbiter.force_login(User.objects.create_user("hall-arbiter", password="x"))
    assert arbiter.get("/desk/push-tokens/").status_code == 403


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="row locks: PostgreSQL")
def test_two_directors_issuing_at_once_leave_one_token_in_force_the_later_one():
    """The first issue has revoked nothing and inserted its token but not committed when the second
    revokes (it sees nothing yet) and inserts: the partial unique index makes it wait, then fail, and
    the service revokes the first one's token and inserts again."""
    keys = []

    def first_director():
        keys.append(push_token_issue(slug="kronach")[1])

    def second_director():
        keys.append(push_token_issue(slug="kronach")[1])

    assert held_then(first_director, second_director) == []
    in_force = PushToken.objects.filter(slug="kronach", revoked_at__isnull=True)
    assert [token.digest for token in in_force] == [token_digest(keys[1])]
    assert PushToken.objects.filter(slug="kronach").count() == 2

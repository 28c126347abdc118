"""PDF delivery in the pages: public download links, the desk's prints and the round bundle partial."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from tournaments.models import RoundBundle
from tournaments.views.desk.access import desk_allowed

pytestmark = pytest.mark.django_db


def url(name, tournament, *args):
    return reverse(f"tournaments:{name}", args=[tournament.slug, *args])


def test_public_pages_link_their_pdf(client, running):
    assert f'href="{url("pdf_pairings", running, 2)}"' in client.get(url("pairings", running, 2)).text
    assert f'href="{url("pdf_standings", running)}"' in client.get(url("standings", running)).text
    assert f'href="{url("pdf_crosstable", running)}"' in client.get(url("crosstable", running)).text


def test_the_desk_overview_offers_every_print(desk, running):
    page = desk.get(url("desk_overview", running)).text
    for name in ("pdf_rosters", "pdf_standings", "pdf_crosstable"):
        assert f'href="{url(name, running)}"' in page
    for number in (1, 2, 3):
        assert f'href="{url("pdf_desk_pairings", running, number)}"' in page  # the desk's copy: drafts too
        assert f'href="{url("pdf_match_reports", running, number)}?per_page=1"' in page
        assert f'href="{url("pdf_match_reports", running, number)}?per_page=2"' in page
        assert f'id="round-bundle-{number}" data-state="none"' in page
        assert f'hx-post="{url("round_bundle_request", running, number)}"' in page
    assert "hx-trigger" not in page  # nothing is being built, so nothing polls


def test_the_desk_overview_shows_each_rounds_bundle_state(desk, running, django_assert_max_num_queries):
    RoundBundle.objects.create(
        round=running.rounds.get(number=1), state=RoundBundle.State.FAILED, error="OSError: disk full"
    )
    RoundBundle.objects.create(round=running.rounds.get(number=2), state=RoundBundle.State.RUNNING)
    with django_assert_max_num_queries(20):
        page = desk.get(url("desk_overview", running)).text
    assert 'id="round-bundle-1" data-state="failed"' in page and "OSError: disk full" in page
    assert 'id="round-bundle-2" data-state="running"' in page
    assert page.count('hx-trigger="every 2s"') == 1


@pytest.mark.parametrize(
    ("state", "polls"),
    [
        (RoundBundle.State.QUEUED, True),
        (RoundBundle.State.RUNNING, True),
        (RoundBundle.State.READY, False),
        (RoundBundle.State.FAILED, False),
    ],
)
def test_the_bundle_partial_polls_only_while_the_bundle_is_being_built(desk, running, state, polls):
    RoundBundle.objects.create(
        round=running.rounds.get(number=1), state=state, error="boom" if state == "failed" else ""
    )
    partial = desk.get(url("round_bundle_status", running, 1)).text
    polling = f'hx-get="{url("round_bundle_status", running, 1)}" hx-trigger="every 2s" hx-swap="outerHTML"'
    assert (polling in partial) is polls
    assert (f'href="{url("round_bundle_download", running, 1)}"' in partial) is (state == RoundBundle.State.READY)


def test_printing_follows_the_desk_rule(client, running, named_users):
    """The TD's PDFs ask the desk's rule: arbiters and directors print, outsiders get 404."""
    users = [AnonymousUser(), *named_users.values()]
    assert [desk_allowed(u, running) for u in users] == [False, True, True, False]
    expected = {"director": 200, "arbiter": 200, "outsider": 404}
    for name, user in named_users.items():
        client.force_login(user)
        assert client.get(url("pdf_rosters", running)).status_code == expected[name], name
        assert client.get(url("pdf_match_reports", running, 1)).status_code == expected[name], name

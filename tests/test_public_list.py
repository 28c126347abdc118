"""The public list of tournaments (issue 31): a public server holds hundreds of events, so the list is
paged, newest first, and costs the same two queries whatever their number."""

from datetime import date, timedelta

import pytest
from django.test import Client

from tests.builders import make_tournament
from tournaments.views.public.overview import LIST_PAGE_SIZE

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("count", [3, LIST_PAGE_SIZE + 7])
def test_the_list_is_paged_newest_first_in_two_queries(count, django_assert_num_queries):
    for day in range(count):
        make_tournament(teams=0, name=f"Event {day:03d}", start_date=date(2026, 1, 1) + timedelta(days=day))
    undated = make_tournament(teams=0, name="Entered without a date")
    with django_assert_num_queries(2):  # how many, and the page
        first = Client().get("/").content.decode()
    newest = f"Event {count - 1:03d}"
    assert first.index(newest) < first.index(f"Event {count - 2:03d}")
    assert first.count('href="/t/') == min(count + 1, LIST_PAGE_SIZE)
    if count < LIST_PAGE_SIZE:
        assert 'id="list-pages"' not in first and undated.name in first
        return
    assert "Page 1 of 2" in first and 'href="?page=2"' in first
    second = Client().get("/", {"page": 2}).content.decode()
    assert second.count('href="/t/') == count + 1 - LIST_PAGE_SIZE
    assert "Event 000" in second and second.index("Event 000") < second.index(undated.name)  # no date: last
    assert Client().get("/", {"page": "x"}).status_code == 200  # a wrong page number shows the first

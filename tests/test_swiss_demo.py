"""`demo --swiss` (issue 16): the team Swiss demo shows a TD every step a Swiss takes at the desk.

The checks run inline here (tests/conftest.py); in `make run` they run in a thread after the demo
commits.
"""

import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from tournaments.models import RequestedBye, StandingsCheck, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss(django_capture_on_commit_callbacks):
    out = StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo", "--swiss", stdout=out)
    return Tournament.objects.get(slug=out.getvalue().strip())


def test_the_swiss_demo_pairs_round_by_round_and_gacrux_confirms_every_pairing(swiss):
    assert swiss.preset == "fide-team-swiss" and swiss.planned_rounds == 7
    assert swiss.teams.count() == 14  # 13 at the start, one late entry
    rounds = list(swiss.rounds.order_by("number"))
    assert [r.number for r in rounds] == [1, 2, 3, 4, 5]
    assert [r.published_at is not None for r in rounds] == [True, True, True, True, False]
    assert [r.pairings_published_at is not None for r in rounds] == [True, True, True, True, False]
    assert all(r.pairing_engine == "gacrux 1.11.65" and r.pairing_check["agrees"] is True for r in rounds)
    assert StandingsCheck.objects.get(tournament=swiss).verdict == "agrees"
    byes = sorted(
        RequestedBye.objects.filter(tournament=swiss).values_list("team__name", "round_number", "kind", "late_entry")
    )
    assert byes == [("SK Coburg", 4, "H", False), ("SV Helmbrechts", 1, "Z", True), ("SV Helmbrechts", 2, "Z", True)]


def test_the_public_sees_four_rounds_the_verdict_and_the_requested_bye(swiss):
    public = Client()
    standings = public.get(f"/t/{swiss.slug}/standings/", HTTP_ACCEPT_LANGUAGE="en").text
    assert "Checked against FIDE’s reference tool (gacrux 1.11.65)" in standings
    assert "after round 4" in standings.lower()
    round_5 = public.get(f"/t/{swiss.slug}/pairings/5/", HTTP_ACCEPT_LANGUAGE="en").text
    assert "The pairings of this round are not published yet." in round_5
    assert "SK Coburg" not in round_5 and "Pairing list (PDF)" not in round_5
    round_4 = public.get(f"/t/{swiss.slug}/pairings/4/", HTTP_ACCEPT_LANGUAGE="en").text
    assert "SK Coburg" in round_4 and "bye requested: half point" in round_4
    results_4 = public.get(f"/t/{swiss.slug}/results/4/", HTTP_ACCEPT_LANGUAGE="en").text
    assert "SK Coburg: bye requested: half point" in results_4  # the standings count it: the results say why
    pab = next(m for m in swiss.rounds.get(number=4).matches.with_sides() if m.second_team is None).first_team
    assert re.search(
        rf'<p class="match-bye">Table \d+:\s*<a href="[^"]+">{re.escape(pab.name)}</a> – bye '
        r"\(Match points: <strong>1</strong>\)</p>",  # the PAB's score as the standings count it
        round_4,
    )

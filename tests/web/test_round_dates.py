"""Each round's date and start time (issue 26): entered on the desk, kept in the archive, read
and written as TRF-2026 record 132 (a DWZ report needs every round's date)."""

import datetime

import pytest

from tests.trf.files import import_text, trf_text
from tournaments.domain.errors import RuleViolation
from tournaments.domain.trf import write_trf
from tournaments.models import AuditEntry, Round, Tournament
from tournaments.selectors.archive import archive_for_tournament
from tournaments.selectors.trf import trf_event
from tournaments.services.archive import tournament_import
from tournaments.services.round_dates import round_date_set

pytestmark = pytest.mark.django_db


def test_the_desk_saves_a_rounds_date_and_time_and_the_audit_keeps_it(desk, running):
    response = desk.post(f"/desk/{running.slug}/rounds/2/date/", {"date": "2026-04-12", "start_time": "19:30"})
    assert response.status_code == 302
    round_2 = running.rounds.get(number=2)
    assert (round_2.date, round_2.start_time) == (datetime.date(2026, 4, 12), datetime.time(19, 30))
    entry = AuditEntry.objects.filter(tournament=running, round_number=2).latest("pk")
    assert (entry.old_value, entry.new_value) == (None, "2026-04-12T19:30")
    assert 'value="2026-04-12"' in desk.get(f"/desk/{running.slug}/rounds/2/results/").content.decode()


def test_a_date_out_of_round_order_or_not_a_date_is_refused_with_the_reason(desk, running):
    round_date_set(round_=running.rounds.get(number=2), date=datetime.date(2026, 4, 12))
    with pytest.raises(RuleViolation) as refused:
        round_date_set(round_=running.rounds.get(number=1), date=datetime.date(2026, 4, 13))
    assert refused.value.text() == "date: round 2 is played on 2026-04-12, so this round cannot be on 2026-04-13."
    response = desk.post(f"/desk/{running.slug}/rounds/1/date/", {"date": "12.04.2026"}, follow=True)
    assert "“12.04.2026” is not a date (YYYY-MM-DD) or a time (HH:MM)." in response.content.decode()
    assert running.rounds.get(number=1).date is None


def test_dates_survive_the_archive_and_trf_132_both_ways(running, tmp_path):
    round_date_set(round_=running.rounds.get(number=1), date=datetime.date(2026, 4, 11), start_time=datetime.time(10))
    round_date_set(round_=running.rounds.get(number=2), date=datetime.date(2026, 4, 12))
    archive = archive_for_tournament(tournament=running)
    assert [(r["number"], r.get("date"), r.get("start_time")) for r in archive["rounds"]] == [
        (1, "2026-04-11", "10:00"),
        (2, "2026-04-12", None),
        (3, None, None),
    ]
    archive["tournament"]["name"] = "Kopie"
    copy = tournament_import(archive=archive)
    assert list(copy.rounds.order_by("number").values_list("date", "start_time")) == [
        (datetime.date(2026, 4, 11), datetime.time(10)),
        (datetime.date(2026, 4, 12), None),
        (None, None),
    ]
    text = write_trf(trf_event(tournament=running))
    (line,) = [line for line in text.splitlines() if line.startswith("132")]
    assert line[91:99] == "26/04/11" and line[101:109] == "26/04/12"


def test_trf_132_is_read(tmp_path):
    rounds = {1: {1: (3, "w", "1"), 2: (4, "b", "="), 3: (1, "b", "0"), 4: (2, "w", "=")}}
    header = ["012 Datum", "132" + " " * 88 + "25/10/04", "142 1", "192 FIDE_TEAM_TYPEA", "352 WB"]
    tournament = import_text(tmp_path, trf_text(header, rounds))
    assert tournament.rounds.get(number=1).date == datetime.date(2025, 10, 4)
    assert Round.objects.filter(tournament=tournament, date__isnull=True).count() == 0
    assert Tournament.objects.count() == 1

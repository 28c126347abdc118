"""The desk's workflow settings in the archive (issue 30): the hall screen's panels and seconds
and the captains' automatic acceptance travel with the tournament; an archive without them (every
archive written before) imports with the defaults, and bad values are refused with their field."""

import json

import pytest

from tests.builders import make_paired
from tournaments.domain.errors import RuleViolation
from tournaments.models import Tournament
from tournaments.selectors.archive import archive_for_tournament
from tournaments.services.archive import tournament_import
from tournaments.services.captain_reports import captain_reports_accepting_set
from tournaments.services.hall_screen import hall_screen_set

pytestmark = pytest.mark.django_db


def test_the_desk_settings_round_trip_through_the_archive():
    tournament = make_paired(teams=4)
    hall_screen_set(tournament=tournament, panels=["standings", "pairings"], seconds=45)
    captain_reports_accepting_set(tournament=tournament, accepted=True)
    archive = archive_for_tournament(tournament=Tournament.objects.get(pk=tournament.pk))
    assert archive["tournament"]["desk"] == {
        "screen_panels": ["standings", "pairings"],
        "screen_seconds": 45,
        "captain_reports_accepted": True,
    }
    imported = tournament_import(archive=json.dumps(archive))
    assert (imported.screen_panels, imported.screen_seconds, imported.captain_reports_accepted) == (
        ["standings", "pairings"],
        45,
        True,
    )
    assert archive_for_tournament(tournament=imported) == archive


def test_only_what_differs_from_the_defaults_is_written_and_an_old_archive_gets_the_defaults():
    tournament = make_paired(teams=4)
    archive = archive_for_tournament(tournament=tournament)
    assert "desk" not in archive["tournament"]  # never changed: the archive reads as before
    hall_screen_set(tournament=tournament, panels=["pairings", "results", "standings"], seconds=30)
    archive = archive_for_tournament(tournament=Tournament.objects.get(pk=tournament.pk))
    assert archive["tournament"]["desk"] == {"screen_seconds": 30}
    del archive["tournament"]["desk"]
    imported = tournament_import(archive=json.dumps(archive))
    assert (imported.screen_panels, imported.screen_seconds, imported.captain_reports_accepted) == (
        ["pairings", "results", "standings"],
        20,
        False,
    )


@pytest.mark.parametrize(
    ("desk", "field"),
    [
        ({"screen_panels": ["pairings", "pairings"]}, "tournament.desk.screen_panels"),
        ({"screen_panels": ["clock"]}, "tournament.desk.screen_panels[0]"),
        ({"screen_seconds": 2}, "tournament.desk.screen_seconds"),
        ({"captain_reports_accepted": "yes"}, "tournament.desk.captain_reports_accepted"),
        ({"screen_colour": "red"}, "tournament.desk"),
    ],
)
def test_bad_desk_settings_are_refused_with_their_field_and_nothing_is_written(desk, field):
    archive = archive_for_tournament(tournament=make_paired(teams=4))
    archive["tournament"]["desk"] = desk
    count = Tournament.objects.count()
    with pytest.raises(RuleViolation) as refused:
        tournament_import(archive=json.dumps(archive))
    assert refused.value.field == field
    assert Tournament.objects.count() == count

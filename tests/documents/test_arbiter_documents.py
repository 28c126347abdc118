"""The arbiter's paper: the incident list, incidents in the match report remarks, play-off and
withdrawals on the standings PDF — read back with pypdf."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.builders import make_paired, play_round
from tournaments.documents.incidents import IncidentListDocument
from tournaments.documents.match_report import MatchReportDocument
from tournaments.documents.standings import StandingsDocument
from tournaments.selectors.incidents import incidents_for_round
from tournaments.selectors.pairings import pairings_for_round
from tournaments.selectors.standings import standings_for_tournament
from tournaments.services.incidents import incident_decide, incident_record
from tournaments.services.playoff import playoff_create, playoff_lots_record
from tournaments.services.publishing import round_publish
from tournaments.services.withdrawals import team_withdraw

from .pdf import pages, snapshot, text

pytestmark = pytest.mark.django_db


def at(hour: int, minute: int):
    return timezone.make_aware(datetime.datetime(2026, 3, 14, hour, minute))


@pytest.fixture
def incidents(played):
    """Round 2 of ``played``: a §11 ladder on table 1 board 3, a §9a override on table 2 board 1."""
    round_ = played.rounds.get(number=2)
    first, second = round_.matches.order_by("table")
    for minute in (5, 9):
        incident_decide(
            incident=incident_record(match=first, board=3, side="first", kind="touch-move", occurred_at=at(14, minute))
        )
    knocked = incident_record(
        match=second, board=1, side="second", kind="clock-knocked-over", note="Uhr umgestoßen", occurred_at=at(14, 20)
    )
    incident_decide(incident=knocked, penalty="warning", reason="Versehen, Uhr sofort aufgestellt")
    incident_record(match=first, board=3, side="first", kind="touch-move", occurred_at=at(14, 30))
    return round_


def test_the_incident_list_prints_each_incident_with_proposal_rule_and_decision(incidents):
    pdf = IncidentListDocument(incidents, incidents_for_round(round_=incidents)).render()
    content = text(pdf)
    assert "Incident list · Round 2" in content
    assert content.count("Touch-move violation (Blitz §11)") == 3
    assert "14:05" in content and "14:09" in content and "14:30" in content
    # The ladder: warning (§11a), one minute (§11b), then loss of the game (§11c) still open.
    assert "Warning Blitz §11a Warning" in content
    assert "One minute for the opponent Blitz §11b One minute for the opponent" in content
    assert "Loss of the game Blitz §11c open" in content
    assert "Warning – Versehen, Uhr sofort aufgestellt" in content and "Uhr umgestoßen" in content
    assert content.index("14:30") < content.index("14:20")  # by table, then time
    snapshot(pdf, "incident-list")


def test_an_empty_incident_list_says_so(played):
    round_ = played.rounds.get(number=3)
    assert "No incidents in this round." in text(IncidentListDocument(round_, []).render())


def test_the_match_report_form_carries_the_incidents_in_its_remarks(incidents):
    pdf = MatchReportDocument(
        pairings_for_round(round_=incidents), incidents=incidents_for_round(round_=incidents)
    ).render()
    first_form, second_form = text(pdf).split("Match report form")[1:3]
    assert "Board 3, 14:05: Touch-move violation (Blitz §11)" in first_form
    assert "decided: Warning · (Blitz §11a)" in first_form
    assert "proposed: Loss of the game · (Blitz §11c)" in first_form
    assert "Board 1, 14:20: Clock knocked over (Blitz §9a)" in second_form
    assert "overriding One minute for the opponent: Versehen, Uhr sofort aufgestellt" in second_form
    assert "Touch-move" not in second_form


def test_the_desk_prints_the_incident_list_and_the_forms_with_remarks(client, incidents):
    slug = incidents.tournament.slug
    assert client.get(f"/desk/{slug}/pdf/rounds/2/incidents.pdf").status_code == 302  # to the login
    client.force_login(get_user_model().objects.create_user("td", is_staff=True, is_superuser=True))
    response = client.get(f"/desk/{slug}/pdf/rounds/2/incidents.pdf")
    assert response["Content-Type"] == "application/pdf"
    assert "Clock knocked over (Blitz §9a)" in text(response.content)
    forms = client.get(f"/desk/{slug}/pdf/rounds/2/reports.pdf")
    assert "Board 1, 14:20: Clock knocked over (Blitz §9a)" in text(forms.content)
    assert client.get(f"/desk/{slug}/pdf/rounds/9/incidents.pdf").status_code == 404


def test_the_standings_pdf_shows_the_play_off_and_the_lots():
    tournament = make_paired(teams=2, language="en")
    play_round(tournament.rounds.get(number=1), {1: "1-0 0-1 ½-½ ½-½"})
    rounds = playoff_create(tournament=tournament)
    play_round(rounds[0], {1: "½-½ ½-½ ½-½ ½-½"})
    running = text(StandingsDocument(tournament, standings_for_tournament(tournament=tournament)).render())
    assert "Play-off for first place (Blitz §16)" in running and "The play-off is not finished yet." in running
    play_round(rounds[1], {1: "½-½ ½-½ ½-½ ½-½"})
    kronach, kuesps = tournament.teams.order_by("seed")
    playoff_lots_record(tournament=tournament, order=[kuesps, kronach])
    tournament.refresh_from_db()
    content = text(StandingsDocument(tournament, standings_for_tournament(tournament=tournament)).render())
    assert "1. TSV Küps 2 10 drawn by lot 2. SK Kronach 2 10 Legend" in content  # BW: (4+3+2+1)·½ per match
    assert "play-off decides the winner" not in content


def test_blitz_16_the_forms_of_a_play_off_round_say_stichkampf():
    """The match report forms of a play-off round (Blitz §16) name the play-off, in German."""
    tournament = make_paired(teams=2)
    play_round(tournament.rounds.get(number=1), {1: "1-0 0-1 ½-½ ½-½"})
    playoff = playoff_create(tournament=tournament)[0]
    forms = text(MatchReportDocument(pairings_for_round(round_=playoff)).render())
    assert "Stichkampf, Runde 2 · Tisch 1" in forms
    regular = text(MatchReportDocument(pairings_for_round(round_=tournament.rounds.get(number=1))).render())
    assert "Runde 1 · Tisch 1" in regular and "Stichkampf" not in regular


def test_blitz_18_the_return_leg_form_names_the_other_team_first_with_black_on_boards_1_and_3():
    """Blitz §18: "Die zuerst genannte Mannschaft führt an den Brettern eins und drei die schwarzen
    … Steine" — on the return leg's form too, where the other team is named first."""
    tournament = make_paired(teams=2, double_rounds=True)
    pairings = pairings_for_round(round_=tournament.rounds.get(number=1))
    forms = pages(MatchReportDocument(pairings, per_page=1).render())
    assert "Runde 1 · Tisch 1 · Durchgang 2" in forms[1]
    assert "SK Kronach – TSV Küps" in forms[0] and "TSV Küps – SK Kronach" in forms[1]
    for leg in pairings.matches:
        assert "".join(game.first_colour for game in leg.games) == "BWBW"


def test_the_standings_pdf_says_which_withdrawal_rule_was_applied():
    tournament = make_paired(teams=4, language="en", withdrawal_rule="cancel-under-half")
    play_round(tournament.rounds.get(number=1), {1: "1-0 1-0 ½-½ ½-½", 2: "½-½ ½-½ ½-½ ½-½"})
    team_withdraw(team=tournament.teams.get(seed=4), from_round=2)
    round_publish(round_=tournament.rounds.get(number=1))
    response_pdf = StandingsDocument(
        tournament, standings_for_tournament(tournament=tournament, published_only=True)
    ).render()
    content = text(response_pdf)
    assert "Withdrawn teams" in content
    assert (
        "Schachfreunde Selb withdrew before round 2 after 1 of 3 matches, less than half: all its results are "
        "cancelled." in content
    )


def test_the_round_bundle_prints_the_incidents_in_the_forms_remarks(incidents, django_capture_on_commit_callbacks):
    from tournaments.services.documents import round_bundle_request

    with django_capture_on_commit_callbacks(execute=True):
        bundle = round_bundle_request(round_=incidents, per_page=2)
    bundle.refresh_from_db()
    assert bundle.state == "ready"
    content = text(bundle.file.open("rb").read())
    assert "Board 1, 14:20: Clock knocked over (Blitz §9a)" in content


def test_outside_blitz_the_papers_name_the_incident_without_a_blitz_paragraph():
    round_ = make_paired(teams=2, preset="fide-team", name="FIDE-Mannschaftsturnier", language="en").rounds.get(
        number=1
    )
    incident_record(match=round_.matches.get(), board=2, side="first", kind="touch-move", occurred_at=at(15, 10))
    incidents = incidents_for_round(round_=round_)
    listed = text(IncidentListDocument(round_, incidents).render())
    forms = text(MatchReportDocument(pairings_for_round(round_=round_), incidents=incidents).render())
    assert "Touch-move violation" in listed and "Board 2, 15:10: Touch-move violation" in forms
    assert "Blitz" not in listed and "Blitz" not in forms
    assert "FIDE Laws Art. 12.9" in listed  # the rule of the arbiter's discretion instead

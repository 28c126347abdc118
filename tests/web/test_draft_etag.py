"""What the public cannot see moves no public validator (issue 27 item 8): an incident in a round
whose results are private, an exchange or a lineup in a round whose pairings are private. A new
ETag would tell a watcher that something happened in the draft."""

import pytest

from tests.builders import make_paired, make_tournament
from tournaments.services.exchange import round_teams_exchange
from tournaments.services.incidents import incident_decide, incident_record
from tournaments.services.lineups import match_lineup_set
from tournaments.services.pairing import round_pair_next

pytestmark = pytest.mark.django_db


def etags(client, tournament) -> list[str]:
    pages = ["", "standings/", "pairings/1/", "results/1/", "pdf/pairings/1.pdf"]
    return [client.get(f"/t/{tournament.slug}/{page}")["ETag"] for page in pages]


def test_an_incident_in_an_unpublished_round_moves_no_etag(client):
    tournament = make_paired(teams=4)
    match = tournament.rounds.get(number=1).matches.order_by("table").first()
    before = etags(client, tournament)
    incident = incident_record(match=match, board=1, side="first", kind="touch-move")
    incident_decide(incident=incident, penalty=incident.proposed_penalty or "warning", reason="test")
    assert etags(client, tournament) == before


def test_an_exchange_and_a_lineup_of_private_pairings_move_no_etag(client):
    tournament = make_tournament(teams=6, preset="fide-team-swiss", name="Mannschafts-Open", rounds=5)
    round_ = round_pair_next(tournament=tournament)
    before = etags(client, tournament)
    one, two = (m.first_team for m in round_.matches.with_sides().order_by("table")[:2])
    round_teams_exchange(round_=round_, first=one, second=two)
    match = round_.matches.with_sides().order_by("table").first()
    match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, None])
    assert etags(client, tournament) == before

"""A Schach4 evening (issue 28 item 3): its rounds setting, a late player, the check-in."""

import pytest

from tests.builders import enter_places
from tests.test_four_player import schach4
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, Seat
from tournaments.selectors.standings import standings_for_tournament
from tournaments.services.pairing import round_pair_next
from tournaments.services.requested_byes import check_in_set, team_enter_late
from tournaments.services.tournaments import tournament_update

pytestmark = pytest.mark.django_db


def play(round_):
    for match in round_.matches.order_by("table"):
        seats = Seat.objects.filter(game__match=match).count()
        enter_places(match=match, places=" ".join(str(place) for place in range(1, seats + 1)))


def seated(round_) -> set[str]:
    return set(Seat.objects.filter(game__match__round=round_).values_list("player__name", flat=True))


def test_the_rounds_setting_is_honoured():
    tournament = schach4(players=8)
    tournament_update(tournament=tournament, rounds=3)
    for _ in range(3):
        play(round_pair_next(tournament=tournament))
    tournament.refresh_from_db()
    assert tournament.planned_rounds == 3  # not ⌈log₂ 8⌉ + 1 = 4
    with pytest.raises(RuleViolation) as error:
        round_pair_next(tournament=tournament)
    assert error.value.text() == "round: all 3 rounds of tables by score are already paired."
    assert standings_for_tournament(tournament=tournament).final


def test_an_absent_player_is_not_seated_and_scores_nothing():
    tournament = schach4(players=8)
    play(round_pair_next(tournament=tournament))
    heike = tournament.teams.get(name="Heike")
    check_in_set(tournament=tournament, round_number=2, absent=[heike])
    assert AuditEntry.objects.filter(tournament=tournament, action="bye").get().new_value == {"round": 2, "kind": "Z"}
    round_2 = round_pair_next(tournament=tournament)
    assert "Heike" not in seated(round_2) and len(seated(round_2)) == 7
    play(round_2)
    row = next(e.row for e in standings_for_tournament(tournament=tournament).rows if e.team.name == "Heike")
    assert row.played == 1  # the round she missed is no game
    with pytest.raises(RuleViolation) as error:  # round 2 is paired: its check-in is over
        check_in_set(tournament=tournament, round_number=2, absent=[])
    assert error.value.field == "round"


def test_a_player_marked_absent_by_mistake_is_seated_again():
    tournament = schach4(players=8)
    heike = tournament.teams.get(name="Heike")
    check_in_set(tournament=tournament, round_number=1, absent=[heike])
    check_in_set(tournament=tournament, round_number=1, absent=[])
    assert "Heike" in seated(round_pair_next(tournament=tournament))


def test_a_late_player_joins_from_the_next_round():
    tournament = schach4(players=8)
    play(round_pair_next(tournament=tournament))
    team_enter_late(tournament=tournament, name="Ivo", from_round=2, players=[{"name": "Ivo", "rating": 1700}])
    assert "Ivo" in seated(round_pair_next(tournament=tournament))


def test_the_desk_offers_byes_late_entry_and_the_check_in(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("td", is_staff=True, is_superuser=True))
    tournament = schach4(players=8)
    page = client.get(f"/desk/{tournament.slug}/byes/").text
    assert "fixes every round from the start" not in page and 'id="check-in"' in page and 'id="late-entry"' in page
    present = [str(t.pk) for t in tournament.teams.exclude(name="Heike")]
    response = client.post(f"/desk/{tournament.slug}/byes/check-in/", {"round": "1", "present": present})
    assert response.status_code == 302
    assert "Heike" not in seated(round_pair_next(tournament=tournament))

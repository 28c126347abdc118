import pytest
from django.contrib.auth import get_user_model

from tests.builders import make_tournament
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry
from tournaments.permissions import can_arbitrate, can_direct, can_view_private, role_for, tournaments_visible_privately
from tournaments.services.roles import role_grant, role_revoke
from tournaments.services.tournaments import tournament_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def people():
    users = get_user_model().objects
    return {name: users.create_user(name) for name in ("jürgen", "bärbel", "sören")}


def test_the_creator_directs_and_roles_decide_what_each_may_do(people):
    tournament = tournament_create(name="Frankenwaldpokal", user=people["jürgen"])
    role_grant(tournament=tournament, member=people["bärbel"], role="arbiter", user=people["jürgen"])
    assert [role_for(people[n], tournament) for n in ("jürgen", "bärbel", "sören")] == ["director", "arbiter", None]
    assert (can_direct(people["bärbel"], tournament), can_arbitrate(people["bärbel"], tournament)) == (False, True)
    assert not can_view_private(people["sören"], tournament)
    assert list(tournaments_visible_privately(people["bärbel"])) == [tournament]
    assert not tournaments_visible_privately(people["sören"]).exists()
    entry = AuditEntry.objects.filter(action="role").get()
    assert (entry.target, entry.old_value, entry.new_value, entry.user) == ("bärbel", None, "arbiter", people["jürgen"])


def test_a_superuser_directs_everywhere(people):
    tournament = make_tournament(teams=2)
    people["sören"].is_superuser = True
    assert can_direct(people["sören"], tournament)


def test_the_last_director_stays_and_unknown_roles_are_refused(people):
    tournament = tournament_create(name="Kreispokal", user=people["jürgen"])
    with pytest.raises(RuleViolation) as error:
        role_revoke(tournament=tournament, member=people["jürgen"])
    assert error.value.text() == "role: a tournament keeps at least one director."
    with pytest.raises(RuleViolation) as error:
        role_grant(tournament=tournament, member=people["sören"], role="kiebitz")
    assert error.value.field == "role"
    role_grant(tournament=tournament, member=people["bärbel"], role="director")
    role_revoke(tournament=tournament, member=people["jürgen"])
    assert role_for(people["jürgen"], tournament) is None

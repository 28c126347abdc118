"""The admin cannot bypass the rules: a superuser's POSTs to add, change and delete forms change nothing."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.builders import make_paired, play_round
from tournaments.models import (
    ApiToken,
    AuditEntry,
    BoardGame,
    Incident,
    Match,
    Player,
    Round,
    RoundBundle,
    Team,
    Tournament,
    TournamentRole,
)
from tournaments.services.documents import round_bundle_request
from tournaments.services.incidents import incident_record
from tournaments.services.roles import role_grant
from tournaments.services.tokens import token_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def record():
    tournament = make_paired(teams=2)
    round_ = tournament.rounds.get(number=1)
    play_round(round_, {1: "1-0 ½-½ 0-1 1-0"})
    match = round_.matches.get()
    director = get_user_model().objects.create_user("leiter", password="x")
    role_grant(tournament=tournament, member=director, role="director")
    incident_record(match=match, board=1, side="first", kind="touch-move")
    round_bundle_request(round_=round_, per_page=2)
    return tournament


@pytest.fixture
def superuser_client():
    boss = get_user_model().objects.create_superuser("chef", password="x")
    client = Client()
    client.force_login(boss)
    return client


def _snapshot():
    """Every row the admin could touch, as plain values, plus the match versions."""
    models = [Tournament, Team, Player, Round, Match, BoardGame, AuditEntry, Incident, RoundBundle, TournamentRole]
    return {model.__name__: sorted(map(repr, model.objects.values())) for model in models}


CHANGES = {
    "tournament": {"name": "Umbenannt", "mp_win": "3", "status": "finished"},
    "team": {"name": "Umbenannt", "seed": "9"},
    "player": {"name": "Umbenannt", "position": "9"},
    "round": {"number": "7", "published_at_0": "2026-01-01", "published_at_1": "10:00"},
    "match": {"result": "1-0", "table": "5", "version": "99"},
    "boardgame": {"result": "0-1", "board": "1"},
    "auditentry": {"target": "gefälscht", "new_value": '"0-1"', "action": "result", "source": "desk"},
    "incident": {"decided_penalty": "exclusion", "board": "1"},
    "roundbundle": {"state": "failed", "forms_per_page": "1"},
    "tournamentrole": {"role": "arbiter"},
}
MODELS = {
    "tournament": Tournament,
    "team": Team,
    "player": Player,
    "round": Round,
    "match": Match,
    "boardgame": BoardGame,
    "auditentry": AuditEntry,
    "incident": Incident,
    "roundbundle": RoundBundle,
    "tournamentrole": TournamentRole,
}


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_a_superuser_sees_the_record_but_cannot_add_change_or_delete_it(record, superuser_client, name):
    pk = MODELS[name].objects.order_by("pk").values_list("pk", flat=True).first()
    base = f"/admin/tournaments/{name}/"
    assert superuser_client.get(base).status_code == 200
    page = superuser_client.get(f"{base}{pk}/change/")
    assert page.status_code == 200
    assert 'name="_save"' not in page.text and "deletelink" not in page.text
    before = _snapshot()
    assert superuser_client.post(f"{base}{pk}/change/", CHANGES[name]).status_code == 403
    assert superuser_client.post(f"{base}{pk}/delete/", {"post": "yes"}).status_code == 403
    assert superuser_client.post(f"{base}add/", CHANGES[name]).status_code == 403
    action = superuser_client.post(base, {"action": "delete_selected", "_selected_action": [pk], "post": "yes"})
    assert action.status_code in (200, 302)
    assert _snapshot() == before


def test_revoking_a_token_in_the_admin_goes_through_the_service(record, superuser_client):
    token, _ = token_create(user=get_user_model().objects.get(username="leiter"), name="Laptop")
    assert superuser_client.post(f"/admin/tournaments/apitoken/{token.pk}/change/", {"name": "x"}).status_code == 403
    assert superuser_client.post(f"/admin/tournaments/apitoken/{token.pk}/delete/", {"post": "yes"}).status_code == 302
    assert not ApiToken.objects.filter(pk=token.pk).exists()


def test_users_are_deactivated_not_deleted_so_no_role_disappears_unrecorded(record, superuser_client):
    director = get_user_model().objects.get(username="leiter")
    assert superuser_client.post(f"/admin/auth/user/{director.pk}/delete/", {"post": "yes"}).status_code == 403
    assert TournamentRole.objects.filter(user=director, role="director").exists()

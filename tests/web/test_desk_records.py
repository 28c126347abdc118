"""The record on the desk: roles by username, the audit trail per match with reverts, unpairing."""

import pytest
from django.contrib.auth import get_user_model

from tests.builders import enter_board, enter_match, make_paired
from tournaments.models import AuditEntry, BoardGame, Match, Round, TournamentRole
from tournaments.services.publishing import round_publish

pytestmark = pytest.mark.django_db


def test_the_director_grants_and_revokes_roles_by_username(client, running, named_users):
    client.force_login(named_users["director"])
    url = f"/desk/{running.slug}/roles/"
    get_user_model().objects.create_user("helferin")
    assert client.post(url, {"username": "helferin", "role": "arbiter"}).status_code == 302
    assert TournamentRole.objects.get(tournament=running, user__username="helferin").role == "arbiter"
    page = client.get(url).text
    assert "helferin" in page and "schiri" in page
    unknown = client.post(url, {"username": "niemand", "role": "arbiter"})
    assert unknown.status_code == 400 and "no user with this name." in unknown.text
    assert client.post(url, {"revoke": "helferin"}).status_code == 302
    assert not TournamentRole.objects.filter(tournament=running, user__username="helferin").exists()
    nobody = client.post(url, {"revoke": "niemand"})
    assert nobody.status_code == 400 and "revoke: no user with this name." in nobody.text
    last = client.post(url, {"revoke": "direktorin"}, follow=True)
    assert "a tournament keeps at least one director." in last.text
    assert TournamentRole.objects.filter(tournament=running, user__username="direktorin", role="director").exists()
    entries = AuditEntry.objects.filter(tournament=running, action="role", user=named_users["director"], source="desk")
    assert [(e.target, e.old_value, e.new_value) for e in entries.order_by("id")] == [
        ("helferin", None, "arbiter"),
        ("helferin", "arbiter", None),
    ]


def test_the_match_history_shows_who_when_source_and_old_to_new(client, running, named_users):
    match = Match.objects.get(round__tournament=running, round__number=2, table=1)
    board = match.boards.get(board=1)
    enter_board(board=board, result="0-1", user=named_users["arbiter"], source="api")
    client.force_login(named_users["arbiter"])
    results = client.get(f"/desk/{running.slug}/rounds/2/results/").text
    assert f'href="/desk/{running.slug}/matches/{match.pk}/audit/"' in results
    page = client.get(f"/desk/{running.slug}/matches/{match.pk}/audit/").text
    assert "schiri" in page and "api" in page and "1-0 → 0-1" in page and "R2 T1 B1" in page
    assert 'name="revert"' not in page  # arbiters look, directors revert
    latest = AuditEntry.objects.filter(match=match).latest("id")
    assert client.post(f"/desk/{running.slug}/matches/{match.pk}/audit/", {"revert": latest.pk}).status_code == 403


def test_the_director_reverts_the_latest_change_and_sees_refusals(client, running, named_users):
    match = Match.objects.get(round__tournament=running, round__number=2, table=1)
    board = match.boards.get(board=1)
    enter_board(board=board, result="0-1")
    enter_board(board=board, result="½-½")
    older, newer = list(AuditEntry.objects.filter(match=match, target="R2 T1 B1").order_by("id"))[-2:]
    client.force_login(named_users["director"])
    url = f"/desk/{running.slug}/matches/{match.pk}/audit/"
    page = client.get(url).text
    assert page.count('name="revert"') == 4  # the latest change of each of the four boards
    refused = client.post(url, {"revert": older.pk}, follow=True)
    assert "this result was changed again since; revert the latest change first." in refused.text
    client.post(url, {"revert": newer.pk})
    board.refresh_from_db()
    assert board.result == "0-1"
    revert = AuditEntry.objects.filter(match=match).latest("id")
    assert (revert.reverts, revert.user, revert.source) == (newer, named_users["director"], "desk")
    assert client.post(url, {"revert": "x"}).status_code == 400


def test_the_tournament_audit_page_lists_every_change_for_directors_only(client, running, named_users):
    client.force_login(named_users["director"])
    rows = client.get(f"/desk/{running.slug}/audit/?action=result").text.split('id="audit"')[1]
    assert "R1 T1 B1" in rows and "Round paired" not in rows
    assert "Role changed" in client.get(f"/desk/{running.slug}/audit/").text.split('id="audit"')[1]
    client.force_login(named_users["arbiter"])
    assert client.get(f"/desk/{running.slug}/audit/").status_code == 403


def test_unpairing_needs_the_explicit_delete_results_confirmation(client, running, named_users):
    client.force_login(named_users["director"])
    round_3 = running.rounds.get(number=3)
    enter_board(board=BoardGame.objects.filter(match__round=round_3).first(), result="1-0")
    refused = client.post(f"/desk/{running.slug}/rounds/3/unpair/", follow=True)
    assert "round 3 already has 1 result; delete it explicitly to pair the round again." in refused.text
    assert running.rounds.filter(number=3).exists()
    assert client.post(f"/desk/{running.slug}/rounds/3/unpair/", {"delete_results": "yes"}).status_code == 302
    assert not running.rounds.filter(number=3).exists()
    entry = AuditEntry.objects.filter(tournament=running, action="pairing").latest("id")
    assert entry.new_value is None and list(entry.old_value["results"].values()) == ["1-0"]


def test_a_tandem_match_result_is_reverted_from_the_desk(client, td):
    tournament = make_paired(preset="tandem-dsb", name="Tandem-Open", players=2, teams=2)
    match = tournament.rounds.get(number=1).matches.get()
    enter_match(match=match, result="1-0", deciding_board=1, decided_by="checkmate")
    client.force_login(td)
    url = f"/desk/{tournament.slug}/matches/{match.pk}/audit/"
    assert "decided_by" in client.get(url).text
    client.post(url, {"revert": AuditEntry.objects.filter(match=match).latest("id").pk})
    match.refresh_from_db()
    assert match.result == ""


def test_a_revert_in_a_published_round_asks_first_naming_what_it_voids(client, running, named_users):
    """Issue 28 item 1: the revert of a published round's result, with a play-off paired, is not
    applied at once; the desk names the public change and the play-off that may become void."""
    match = Match.objects.get(round__tournament=running, round__number=2, table=1)
    board = match.boards.get(board=1)
    enter_board(board=board, result="0-1")
    latest = AuditEntry.objects.filter(match=match, target="R2 T1 B1").latest("id")
    round_publish(round_=match.round)
    running.rounds.create(number=running.rounds.count() + 1, kind=Round.Kind.PLAYOFF)
    client.force_login(named_users["director"])
    url = f"/desk/{running.slug}/matches/{match.pk}/audit/"
    asked = client.post(url, {"revert": latest.pk})
    board.refresh_from_db()
    assert asked.status_code == 200 and board.result == "0-1"  # nothing changed yet
    effects = asked.text.split('id="revert-effects"')[1].split("</ul>")[0]
    assert "Round 2 is published: the public sees the change at once" in effects
    assert "the play-off becomes void" in effects
    assert 'name="confirm" value="yes"' in asked.text
    assert client.post(url, {"revert": latest.pk, "confirm": "yes"}).status_code == 302
    board.refresh_from_db()
    assert board.result == "1-0"

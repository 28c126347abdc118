"""Captain codes (issue 30): issued and revoked from the desk, stored hashed, one team's only."""

import re

import pytest

from tests.builders import make_tournament
from tournaments.domain.captain_code import code_digest, normalized_code
from tournaments.models import AuditEntry, CaptainCode
from tournaments.selectors.captain_codes import captain_code_team
from tournaments.services.captain_codes import captain_code_issue, captain_code_revoke

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return make_tournament(teams=4)


def test_a_code_has_more_than_128_bits_is_stored_hashed_and_speaks_for_its_team_only(event):
    kronach, kueps = event.teams.get(seed=1), event.teams.get(seed=2)
    issued, code = captain_code_issue(team=kronach)
    assert re.fullmatch(r"[A-Z2-7]{4}(-[A-Z2-7]{4}){6}", code)  # 28 base32 letters: 140 bits ≥ 17 bytes
    assert len(normalized_code(code)) * 5 >= 136
    assert issued.digest == code_digest(code) and normalized_code(code) not in issued.digest
    assert captain_code_team(tournament=event, code=code) == kronach
    assert captain_code_team(tournament=event, code=code.lower().replace("-", " ")) == kronach  # as typed
    assert captain_code_team(tournament=event, code=code[:-1] + ("A" if code[-1] != "A" else "B")) is None
    other = make_tournament(teams=2, name="Other")
    assert captain_code_team(tournament=other, code=code) is None  # scoped to one tournament
    _, second = captain_code_issue(team=kueps)
    assert second != code and captain_code_team(tournament=event, code=second) == kueps


def test_reissuing_revokes_the_old_code_and_revoking_is_audited(event):
    team = event.teams.get(seed=1)
    _, old = captain_code_issue(team=team)
    _, new = captain_code_issue(team=team)
    assert captain_code_team(tournament=event, code=old) is None
    assert captain_code_team(tournament=event, code=new) == team
    captain_code_revoke(team=team)
    assert captain_code_team(tournament=event, code=new) is None
    assert CaptainCode.objects.filter(team=team, revoked_at__isnull=True).count() == 0
    entries = AuditEntry.objects.filter(action=AuditEntry.Action.CAPTAIN_CODE, team=team).order_by("pk")
    assert [(e.old_value is None, e.new_value is None) for e in entries] == [
        (True, False),
        (False, False),
        (False, True),
    ]
    with pytest.raises(Exception, match="no captain code to revoke"):
        captain_code_revoke(team=team)


def test_the_director_issues_and_revokes_at_the_desk_and_the_code_is_shown_once(desk, event):
    team = event.teams.get(seed=3)
    page = desk.get(f"/desk/{event.slug}/captains/")
    assert page.status_code == 200 and team.name in page.text and 'id="issued-code"' not in page.text
    assert f"<title>Captain codes · {event.name} · Arbiter</title>" in page.text
    assert page.text.count('id="captain-cards"') == 1 and page.text.count('id="captain-accepting"') == 1
    response = desk.post(f"/desk/{event.slug}/captains/{team.pk}/", {"action": "issue"})
    code = re.search(r'<strong class="captain-code">([A-Z2-7-]+)</strong>', response.text).group(1)
    assert captain_code_team(tournament=event, code=code) == team
    again = desk.get(f"/desk/{event.slug}/captains/")
    assert code not in again.text and "Issue a new code" in again.text
    public = desk.get(f"/t/{event.slug}/")
    assert code not in public.text
    response = desk.post(f"/desk/{event.slug}/captains/{team.pk}/", {"action": "revoke"}, follow=True)
    assert f"The captain code of {team.name} is revoked." in response.text
    assert captain_code_team(tournament=event, code=code) is None


def test_an_arbiter_without_the_director_role_cannot_issue(client, event, django_user_model):
    from tournaments.services.roles import role_grant

    user = django_user_model.objects.create_user("arbiter", password="pw-arbiter-1")
    role_grant(tournament=event, member=user, role="arbiter")
    client.force_login(user)
    team = event.teams.get(seed=1)
    assert client.post(f"/desk/{event.slug}/captains/{team.pk}/", {"action": "issue"}).status_code == 403
    assert not CaptainCode.objects.exists()


def test_the_cards_print_every_teams_new_code_once_in_german(desk, event):
    from tests.documents.pdf import text as pdf_text

    old = captain_code_issue(team=event.teams.get(seed=1))[1]
    response = desk.post(f"/desk/{event.slug}/captains/cards/", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    codes = re.findall(r"[A-Z2-7]{4}(?:-[A-Z2-7]{4}){6}", text)
    assert len(codes) == 4 and old not in codes
    assert [captain_code_team(tournament=event, code=code).seed for code in codes] == [1, 2, 3, 4]
    assert "Mannschaftsführer-Karte von SK Kronach" in text
    assert captain_code_team(tournament=event, code=old) is None

"""Text that cannot be stored or that disguises a name is refused with the field named, never a
500 (domain/text.py), and roster files say what they accept (domain/roster_csv.py)."""

import html
import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from tests.builders import make_tournament
from tournaments.domain.errors import RuleViolation
from tournaments.models import Team, Tournament
from tournaments.services.archive import tournament_import
from tournaments.services.teams import team_create
from tournaments.services.tokens import token_create

pytestmark = pytest.mark.django_db
EXAMPLE = Path(__file__).resolve().parent.parent.parent / "fixtures" / "frankenwald-playoff.json"


@pytest.fixture
def api(db):
    user = get_user_model().objects.create_superuser("chef")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_create(user=user, name='t')[1]}")
    return client


@pytest.mark.parametrize("escape", ["\\u0000", "\\ud800"])
def test_archive_strings_with_nul_or_lone_surrogates_are_refused_by_place(api, escape):
    text = EXAMPLE.read_text(encoding="utf-8").replace('"Jürgen Müller"', f'"Jürgen{escape}Müller"', 1)
    response = api.generic("POST", "/api/v1/archives/", text.encode(), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["field"].startswith("teams[") and "cannot be stored" in response.json()["detail"]
    assert not Tournament.objects.exists()


def test_an_archive_key_with_a_nul_byte_is_refused():
    archive = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    archive["tournament"]["ven\x00ue"] = "x"
    with pytest.raises(RuleViolation) as error:
        tournament_import(archive=archive)
    assert error.value.field == "tournament"


@pytest.mark.parametrize("name", ["SV\u202eNeudrossenfeld", "SV\u2066Neu\u2069"])
def test_names_with_bidi_overrides_are_refused_everywhere(api, desk, name):
    tournament = make_tournament(teams=0)
    with pytest.raises(RuleViolation) as error:
        team_create(tournament=tournament, name=name, players=[{"name": "Jörg Größer"}])
    assert error.value.field == "name"
    response = api.post(
        f"/api/v1/tournaments/{tournament.slug}/teams/", {"name": "SV Neu", "players": [{"name": name}]}, format="json"
    )
    assert response.status_code == 400 and response.json()["field"] == "players[1].name"
    page = desk.post(f"/desk/{tournament.slug}/teams/", {"name": "SV Neu", "players": name})
    assert page.status_code == 400 and "text-direction override" in html.unescape(page.text)
    assert not Team.objects.exists()


def test_control_characters_are_taken_out_of_names():
    tournament = make_tournament(teams=0)
    team = team_create(tournament=tournament, name="SV\x07 Neu\tdrossenfeld\r\n", players=[{"name": "Jörg\x1b Größer"}])
    assert (team.name, team.players.get().name) == ("SV Neu drossenfeld", "Jörg Größer")


def test_role_names_with_nul_bytes_are_field_errors(api, desk):
    tournament = make_tournament(teams=0, user=get_user_model().objects.get(username="chef"))
    response = api.delete(f"/api/v1/tournaments/{tournament.slug}/roles/a%00b/")
    assert response.status_code == 400 and response.json()["field"] == "username"
    page = desk.post(f"/desk/{tournament.slug}/roles/", {"revoke": "a\x00b"})
    assert page.status_code == 400 and "revoke: contains a character that cannot be stored" in html.unescape(page.text)


def test_a_csv_upload_with_a_nul_byte_and_a_long_name_shows_both_in_the_preview(desk):
    tournament = make_tournament(teams=0)
    long_name = "Maximilian Alexander " * 7  # 147 characters
    data = f"team,board,name,rating\nSK Kronach,1,Jürgen\x00Müller,2010\nSK Kronach,2,{long_name},1900\n".encode()
    preview = desk.post(
        f"/desk/{tournament.slug}/teams/import/", {"file": SimpleUploadedFile("t.csv", data), "action": "preview"}
    )
    page = html.unescape(preview.text)
    assert preview.status_code == 400
    assert "line 2, name: contains a character that cannot be stored" in page
    assert f"line 3, name: at most 120 characters; this one has {len(long_name.strip())}." in page
    assert not Team.objects.exists()


def test_a_shift_jis_upload_is_refused_naming_the_accepted_encodings_and_line_endings(desk):
    tournament = make_tournament(teams=0)
    data = "team,board,name,rating\nKronach,1,山田太郎,2010\n".encode("shift_jis")
    preview = desk.post(
        f"/desk/{tournament.slug}/teams/import/", {"file": SimpleUploadedFile("t.csv", data), "action": "preview"}
    )
    page = html.unescape(preview.text)
    assert preview.status_code == 400
    assert "UTF-8 or Windows-1252" in page and "LF, CR LF or CR" in page


def test_a_cr_only_upload_is_read(desk):
    tournament = make_tournament(teams=0)
    data = "team,board,name,rating\rKronach,1,Jürgen Müller,2010\r".encode("cp1252")
    preview = desk.post(
        f"/desk/{tournament.slug}/teams/import/", {"file": SimpleUploadedFile("t.csv", data), "action": "preview"}
    )
    assert preview.status_code == 200 and "Jürgen Müller" in preview.text


def test_the_api_refuses_a_fide_id_of_14_digits(api):
    tournament = make_tournament(teams=0)
    body = {"name": "SV Neu", "players": [{"name": "Jörg Größer", "fide_id": "46123451234567"}]}
    response = api.post(f"/api/v1/tournaments/{tournament.slug}/teams/", body, format="json")
    assert response.status_code == 400 and response.json()["field"] == "players[1].fide_id"

"""The desk's publication page (views/desk/publication.py): targets added, changed and sent from forms
generated from their transport's fields, each target's state in words, the secret never sent back (issue 31)."""

import json

import pytest

from arbiter.sealed import unseal
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, PublicationTarget
from tournaments.services.publication_outbox import publication_send
from tournaments.services.publication_targets import publication_target_create
from tournaments.transports import TRANSPORTS, Transport, TransportError, TransportField

SECRET = "s3cret-Passwort"


@pytest.fixture
def vault(monkeypatch):
    """A transport with a password, failing while ``failing`` is set."""
    state = {"failing": False}

    def send(*, local, config, secret):
        if state["failing"]:
            raise TransportError("the server refused the user name or password")

    fields = (
        TransportField(name="host", label="Server"),
        TransportField(name="password", label="Password", secret=True),
    )
    monkeypatch.setitem(TRANSPORTS, "vault", Transport(kind="vault", label="Vault", fields=fields, send=send))
    return state


def test_the_director_adds_a_folder_target_and_sees_it_up_to_date(
    desk, running, tmp_path, django_capture_on_commit_callbacks
):
    page = desk.get(f"/desk/{running.slug}/")
    assert f'href="/desk/{running.slug}/publication/"' in page.content.decode()  # in the desk's navigation
    form = desk.get(f"/desk/{running.slug}/publication/new/folder/")
    assert 'name="path"' in form.content.decode()

    refused = desk.post(
        f"/desk/{running.slug}/publication/new/folder/", {"name": "Share", "path": "site", "enabled": "on"}
    )
    assert refused.status_code == 400
    assert "Give the whole path, starting at the drive or at /." in refused.content.decode()
    assert not PublicationTarget.objects.exists()

    with django_capture_on_commit_callbacks(execute=True):  # the first send goes once the target is saved
        saved = desk.post(
            f"/desk/{running.slug}/publication/new/folder/", {"name": "Share", "path": str(tmp_path), "enabled": "on"}
        )
    assert saved.status_code == 302
    assert json.loads((tmp_path / "version.json").read_text())["version"]
    page = desk.get(f"/desk/{running.slug}/publication/").content.decode()
    assert "Up to date at " in page and "Share" in page and str(tmp_path) in page


def test_the_secret_is_never_sent_back_and_kept_when_left_empty(desk, running, vault):
    target = publication_target_create(
        tournament=running, kind="vault", name="Club", config={"host": "club.example"}, secret=SECRET
    )
    form = desk.get(f"/desk/{running.slug}/publication/{target.pk}/").content.decode()
    assert SECRET not in form
    assert 'type="password" name="password"' in form and 'placeholder="unchanged"' in form
    saved = desk.post(
        f"/desk/{running.slug}/publication/{target.pk}/", {"name": "Club", "host": "www.club.example", "password": ""}
    )
    assert saved.status_code == 302
    target.refresh_from_db()
    assert (unseal(target.secret), target.config, target.enabled) == (SECRET, {"host": "www.club.example"}, False)
    assert SECRET not in desk.get(f"/desk/{running.slug}/audit/").content.decode()
    assert not AuditEntry.objects.filter(new_value__icontains=SECRET).exists()


def test_a_failing_target_shows_the_error_in_words_in_german_and_english(desk, running, vault):
    vault["failing"] = True
    target = publication_target_create(
        tournament=running, kind="vault", name="Club", config={"host": "club.example"}, secret=SECRET
    )
    publication_send(target_id=target.pk)
    english = desk.get(f"/desk/{running.slug}/publication/").content.decode()
    assert "not sent yet, last try " in english
    assert "failed: “the server refused the user name or password”, next try " in english
    german = desk.get(f"/desk/{running.slug}/publication/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "noch nicht gesendet, letzter Versuch " in german
    PublicationTarget.objects.update(sent_at=target.created_at, changes=3)
    german = desk.get(f"/desk/{running.slug}/publication/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "3 Änderungen warten, letzter Versuch " in german
    assert "fehlgeschlagen: „the server refused the user name or password“" in german  # a test's words, untranslated
    assert 'http-equiv="refresh"' in english  # the page follows the outbox while something waits


def test_arbiters_see_the_state_and_only_the_director_changes_targets(client, running, named_users, vault):
    target = publication_target_create(
        tournament=running, kind="vault", name="Club", config={"host": "club.example"}, secret=SECRET
    )
    client.force_login(named_users["arbiter"])
    page = client.get(f"/desk/{running.slug}/publication/").content.decode()
    assert "Club" in page and "Send now" not in page
    assert client.get(f"/desk/{running.slug}/publication/{target.pk}/").status_code == 403
    assert client.post(f"/desk/{running.slug}/publication/{target.pk}/send/").status_code == 403
    assert client.post(f"/desk/{running.slug}/publication/{target.pk}/delete/").status_code == 403
    client.force_login(named_users["outsider"])
    assert client.get(f"/desk/{running.slug}/publication/").status_code == 404
    client.force_login(named_users["director"])
    assert client.post(f"/desk/{running.slug}/publication/{target.pk}/delete/").status_code == 302
    assert not PublicationTarget.objects.exists()


def test_a_folder_on_the_server_is_for_its_administrators_only(client, running, named_users, tmp_path):
    director = named_users["director"]  # directs this tournament, but is no administrator of the server
    client.force_login(director)
    page = client.get(f"/desk/{running.slug}/publication/").content.decode()
    assert 'data-kind="folder"' not in page
    assert client.get(f"/desk/{running.slug}/publication/new/folder/").status_code == 404
    with pytest.raises(RuleViolation) as refused:
        publication_target_create(
            tournament=running, kind="folder", name="Etc", config={"path": str(tmp_path)}, user=director
        )
    assert refused.value.field == "kind"
    assert refused.value.body() == "only an administrator of this server may send to a folder on it."
    target = publication_target_create(tournament=running, kind="folder", name="Share", config={"path": str(tmp_path)})
    assert client.get(f"/desk/{running.slug}/publication/{target.pk}/").status_code == 404
    page = client.get(f"/desk/{running.slug}/publication/").content.decode()
    assert "Share" in page and f'/publication/{target.pk}/"' not in page  # seen and sent, not changed

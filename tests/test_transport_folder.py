"""The transport registry and the ``folder`` transport (tournaments/transports/): a publication copied into
a folder whole, entry points last, only changed files travelling, and failures in words (issue 31)."""

import errno
import hashlib
import json
import os
import threading

import pytest

from tests.builders import make_paired, play_round
from tournaments.domain.errors import RuleViolation
from tournaments.services.publication import publication_build
from tournaments.services.publishing import round_publish
from tournaments.transports import TRANSPORTS, Transport, TransportError, register, transport_get
from tournaments.transports import folder as folder_transport


@pytest.fixture
def event(db):
    tournament = make_paired(teams=4)
    play_round(tournament.rounds.get(number=1), {1: "1-0 1-0 ½-½ 0-1", 2: "0-1 0-1 0-1 ½-½"})
    round_publish(round_=tournament.rounds.get(number=1))
    return tournament


def _send(local, remote):
    transport_get("folder").send(local=local, config={"path": str(remote)}, secret="")


def _version(folder):
    return json.loads((folder / "version.json").read_text())["version"]


def test_the_registry_knows_the_folder_and_refuses_a_kind_twice():
    transport = transport_get("folder")
    assert [(field.name, field.secret, field.required) for field in transport.fields] == [("path", False, True)]
    assert transport.secret_field is None
    with pytest.raises(ValueError, match="registered twice"):
        register(Transport(kind="folder", label="again", fields=(), send=transport.send))
    assert TRANSPORTS["folder"] is transport
    with pytest.raises(KeyError):
        transport_get("carrier-pigeon")


def test_a_relative_path_is_refused_naming_the_field():
    with pytest.raises(RuleViolation) as refused:
        transport_get("folder").check({"path": "results/site"})
    assert refused.value.field == "path"
    assert "whole path" in refused.value.body()


def test_the_folder_gets_the_publication_and_only_changed_files_travel(event, tmp_path):
    local, remote = tmp_path / "local", tmp_path / "remote"
    remote.mkdir()
    first = publication_build(target=local)
    _send(local, remote)
    assert _version(remote) == first
    for path in local.rglob("*"):
        if path.is_file():
            assert (remote / path.relative_to(local)).read_bytes() == path.read_bytes(), path

    round_publish(round_=event.rounds.get(number=2))
    second = publication_build(target=local)
    _send(local, remote)
    assert _version(remote) == second
    old, new = remote / "v" / first, remote / "v" / second
    pdf = f"de/t/{event.slug}/pdf/pairings/1.pdf"
    assert (new / pdf).samefile(old / pdf)  # unchanged: linked on the folder's side, not copied again
    standings = f"de/t/{event.slug}/standings/index.html"
    assert (
        (new / standings).read_bytes()
        == (local / "v" / second / standings).read_bytes()
        != (old / standings).read_bytes()
    )

    round_publish(round_=event.rounds.get(number=3))
    third = publication_build(target=local)
    _send(local, remote)
    assert sorted(path.name for path in (remote / "v").iterdir()) == sorted([second, third])


def test_a_send_cut_off_leaves_the_previous_publication_and_the_next_one_converges(event, tmp_path, monkeypatch):
    local, remote = tmp_path / "local", tmp_path / "remote"
    remote.mkdir()
    first = publication_build(target=local)
    _send(local, remote)
    round_publish(round_=event.rounds.get(number=2))
    second = publication_build(target=local)

    writes = []

    def write_then_die(self, path, data):
        if len(writes) == 5:
            raise OSError(errno.EIO, "Input/output error")
        writes.append(path)
        return original(self, path, data)

    original = folder_transport.FolderRemote.write
    monkeypatch.setattr(folder_transport.FolderRemote, "write", write_then_die)
    with pytest.raises(TransportError) as failed:
        _send(local, remote)
    assert failed.value.text() == f"writing into the folder {remote} failed: Input/output error"
    assert _version(remote) == first and not (remote / "v" / second).exists()
    assert (remote / "v" / first / "manifest.json").is_file()

    monkeypatch.setattr(folder_transport.FolderRemote, "write", original)
    _send(local, remote)
    assert _version(remote) == second
    assert sorted(path.name for path in (remote / "v").iterdir()) == sorted([first, second])


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (PermissionError(errno.EACCES, "Permission denied"), "Arbiter may not write into the folder {}"),
        (OSError(errno.ENOSPC, "No space left on device"), "the disk of the folder {} is full"),
    ],
)
def test_failures_are_words(event, tmp_path, monkeypatch, error, words):
    local, remote = tmp_path / "local", tmp_path / "remote"
    remote.mkdir()
    publication_build(target=local)

    def refuse(*args, **kwargs):
        raise error

    monkeypatch.setattr(folder_transport.FolderRemote, "write", refuse)
    with pytest.raises(TransportError) as failed:
        _send(local, remote)
    assert str(failed.value) == words.format(remote)


def test_a_missing_folder_is_named(event, tmp_path):
    publication_build(target=tmp_path / "local")
    with pytest.raises(TransportError) as failed:
        _send(tmp_path / "local", tmp_path / "unmounted")
    assert str(failed.value) == f"the folder {tmp_path / 'unmounted'} does not exist or is not mounted"


def test_a_reader_polling_the_folder_never_sees_a_page_of_another_version(event, tmp_path):
    """The reader reads version.json, then pages the way a browser follows it: the stable entry, the version's
    copy; every page it gets must belong to the version it read (the version's own manifest says so)."""
    local, remote = tmp_path / "local", tmp_path / "remote"
    remote.mkdir()
    publication_build(target=local)
    _send(local, remote)
    page = f"en/t/{event.slug}/standings/index.html"
    seen, mixed, done = set(), [], threading.Event()

    def reader():
        while not done.is_set():
            version = _version(remote)
            copy = remote / "v" / version
            try:
                manifest = json.loads((copy / "manifest.json").read_text())
                content = (copy / page).read_bytes()
            except FileNotFoundError:  # two sends while this reader slept: its version was pruned, not mixed
                assert version not in {path.name for path in (remote / "v").iterdir()}
                continue
            if manifest[page] != hashlib.sha256(content).hexdigest():
                mixed.append(version)
            seen.add(version)

    thread = threading.Thread(target=reader)
    thread.start()
    try:
        for number in (2, 3):
            round_publish(round_=event.rounds.get(number=number))
            publication_build(target=local)
            _send(local, remote)
    finally:
        done.set()
        thread.join()
    assert mixed == []
    assert len(seen) >= 2
    assert not [name for name in os.listdir(remote / "v") if name.startswith(".")]

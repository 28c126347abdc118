"""SFTP, FTPS and WebDAV publication targets against real servers on loopback (tests/transports/servers.py):
the publication arrives whole and only changed files travel, a server dying mid-transfer leaves the previous
publication readable and the next try converges, spectators never see a mix of two versions, and every
failure a TD meets comes out in words."""

import hashlib
import json
import posixpath
import re
import shutil
import subprocess
import threading
import urllib.error
import urllib.request

import pytest

from tests.transports import servers
from tournaments.transports import TransportError, ftps, sftp, transport_get, webdav
from tournaments.transports.remote import Sent

REMOTES = {"sftp": sftp.SftpRemote, "ftps": ftps.FtpsRemote, "webdav": webdav.WebdavRemote}
pytestmark = pytest.mark.django_db  # the publications are built in the test database (conftest.py)
LINKS = re.compile(r'(?:href|src)="([^"]*)"')


def send(target, publication, *, config=None, secret=None) -> Sent:
    """The target's transport sends, as the outbox does; ``config`` changes some of its settings."""
    config, secret = {**target.config, **(config or {})}, target.secret if secret is None else secret
    return transport_get(target.kind).send(local=publication, config=config, secret=secret)


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, b""


def tree(folder) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def version(publication) -> str:
    return json.loads((publication / "version.json").read_text())["version"]


def manifest(publication, name=None) -> dict:
    return json.loads((publication / "v" / (name or version(publication)) / "manifest.json").read_text())


def assert_served(target, publication):
    """Every file of the publication's version answers through nginx with its bytes, every page's links stay
    inside that version, and the entry points lead there."""
    current = version(publication)
    assert json.loads(get(target.public + "version.json")[1])["version"] == current
    assert f"v/{current}/" in get(target.public + "index.html")[1].decode()
    files = manifest(publication)
    for path, digest in files.items():
        status, body = get(f"{target.public}v/{current}/{path}")
        assert status == 200 and hashlib.sha256(body).hexdigest() == digest, path
        if path.endswith(".html"):
            for link in LINKS.findall(body.decode()):
                if link.startswith(("/", "?", "#", "http")):
                    continue  # the desk and login of a running Arbiter
                goal = posixpath.normpath(posixpath.join(posixpath.dirname(path), link.split("#")[0]))
                goal = f"{goal}/index.html" if link.endswith("/") else goal
                assert goal in files, (path, link)
        if path.endswith("/index.html") and path.startswith(("de/", "en/")):
            assert get(target.public + path)[0] == 200  # its stable address


def test_the_first_publication_arrives_complete(target, publications):
    sent = send(target, publications[0])
    assert sent.version == version(publications[0])
    assert tree(target.folder) == tree(publications[0])
    assert_served(target, publications[0])
    assert send(target, publications[0]) == Sent(sent.version)  # nothing changed: nothing travels


def test_a_second_publication_sends_only_changed_files(target, publications):
    first, second = publications[0], publications[1]
    send(target, first)
    old, new = manifest(first), manifest(second)
    changed = [path for path, digest in new.items() if old.get(path) != digest]
    entries = [p for p in new if p not in old and p.endswith("/index.html") and p.startswith(("de/", "en/"))]
    assert 0 < len(changed) < len(new) and entries  # round 2's pages are new, some files are not
    sent = send(target, second)
    if target.kind == "ftps":  # vsftpd has no copy: every file of the new version is sent (ftps.py)
        assert (sent.written, sent.copied) == (len(new) + 1 + len(entries) + 2, 0)
    else:  # changed files, the manifest, the new pages' stable addresses, version.json and index.html
        assert (sent.written, sent.copied) == (len(changed) + 1 + len(entries) + 2, len(new) - len(changed))
    assert tree(target.folder) == tree(second)
    assert_served(target, second)
    send(target, publications[2])
    assert tree(target.folder) == tree(publications[2])  # the first version is pruned, the second kept


@pytest.mark.parametrize("moment", ["among the files", "before version.json", "before index.html"])
def test_a_server_killed_mid_transfer_leaves_the_previous_publication_and_the_next_try_converges(
    target, publications, monkeypatch, moment
):
    first, second = publications[0], publications[1]
    send(target, first)
    remote, calls = REMOTES[target.kind], []
    method = "write" if moment == "among the files" else "rename"
    original = getattr(remote, method)

    def dying(self, *args):
        calls.append(args)
        if moment == "among the files" and len(calls) == 4 or args[-1] == moment.split()[-1]:
            target.server.kill()
        return original(self, *args)

    monkeypatch.setattr(remote, method, dying)
    with pytest.raises(TransportError, match="broke off"):
        send(target, second)
    monkeypatch.undo()
    target.server.start()
    now = version(first) if moment != "before index.html" else version(second)
    assert json.loads((target.folder / "version.json").read_text())["version"] == now
    assert_served(target, first) if now == version(first) else None
    for path, content in tree(first).items():  # the first publication is all there, as it was
        assert (target.folder / path).read_bytes() == content or path in ("version.json", "index.html"), path
    send(target, second)
    assert tree(target.folder) == tree(second)
    assert_served(target, second)


def test_a_reader_never_sees_two_publications_mixed(target, publications):
    order = [0, 1, 2, 0, 1, 2]  # the first comes back after being pruned: sent again
    started, completed = [-1], [0]  # the upload under way (its index in ``order``), the uploads done
    seen, errors, done = set(), [], threading.Event()

    def read():
        """Each round: version.json, then every file its version's manifest names, each with its digest."""
        while not done.is_set():
            at, published = started[0], completed[0]  # before the request: an upload may finish during it
            status, body = get(target.public + "version.json")
            if status != 200:
                errors.extend([("version.json", status)] if published else [])
                continue
            current = json.loads(body)["version"]
            seen.add(current)
            status, body = get(f"{target.public}v/{current}/manifest.json")
            files = json.loads(body) if status == 200 else {"manifest.json": None}
            for path, digest in files.items():
                status, page = get(f"{target.public}v/{current}/{path}")
                if status == 404 and started[0] > at:
                    break  # pruned since, two publications later: a reader this slow reloads the page
                if status != 200 or digest and hashlib.sha256(page).hexdigest() != digest:
                    errors.append((current, path, status))

    reader = threading.Thread(target=read)
    reader.start()
    try:
        for index, number in enumerate(order):
            started[0] = index
            send(target, publications[number])
            completed[0] += 1
    finally:
        done.set()
        reader.join()
    assert not errors
    assert len(seen) >= 2  # it read while the publication changed
    assert tree(target.folder) == tree(publications[2])


def test_wrong_credentials_are_refused_in_words(target, publications):
    with pytest.raises(TransportError, match=f"refused the login of {target.config['user']}"):
        send(target, publications[0], secret="wrong password")
    assert not list(target.folder.iterdir())


@pytest.mark.parametrize("target", ["sftp"], indirect=True)
def test_a_key_the_server_does_not_know_is_refused_in_words(target, publications, tmp_path):
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", tmp_path / "other"], check=True)
    with pytest.raises(TransportError, match="refused the login of root"):
        send(target, publications[0], secret=(tmp_path / "other").read_text())
    with pytest.raises(TransportError, match="private key could not be read"):
        send(target, publications[0], secret="-----BEGIN OPENSSH PRIVATE KEY-----\nnot a key\n")


def test_a_folder_the_user_may_not_write_is_said_in_words(target, publications):
    """Over SFTP and FTPS the host's user (password login) meets a folder of root's; nginx denies writes below
    /read-only/."""
    if target.kind == "webdav":
        (target.folder.parent / "read-only").mkdir(exist_ok=True)
        changes = {"url": target.config["url"].rsplit("/", 2)[0] + "/read-only/"}
    else:
        shutil.chown(target.folder, "root")
        changes = {"user": servers.FTP_USER}
    with pytest.raises(TransportError, match="does not let this user write"):
        send(target, publications[0], config=changes, secret=servers.PASSWORD)
    assert not list(target.folder.iterdir())


@pytest.mark.disk_size("48k")
def test_a_full_disk_is_said_in_words_and_leaves_no_version(target, publications):
    with pytest.raises(TransportError, match="full"):
        send(target, publications[0])
    assert not (target.folder / "version.json").exists()
    assert not (target.folder / "v" / version(publications[0])).exists()


def test_a_server_with_another_key_or_certificate_gets_nothing(target, publications):
    field = "host_key" if target.kind == "sftp" else "certificate"
    wrong = "SHA256:" + "A" * 43 if target.kind == "sftp" else ":".join(["AB"] * 32)
    with pytest.raises(TransportError, match="not the one configured") as mismatch:
        send(target, publications[0], config={field: wrong})
    assert target.config[field] in str(mismatch.value)  # the key the server showed, to compare with the host's
    if target.kind == "sftp":
        with pytest.raises(TransportError, match="not the one configured"):
            send(target, publications[0], config={field: ""})  # never trusted on first use
    else:
        with pytest.raises(TransportError, match=f"not trusted .* fingerprint {target.config[field]}"):
            send(target, publications[0], config={field: ""})  # self-signed: refused as a browser does
    assert not list(target.folder.iterdir())


def test_an_unreachable_server_is_said_in_words(target, publications):
    port = servers.free_port()
    changes = {"url": f"https://127.0.0.1:{port}/x/"} if target.kind == "webdav" else {"port": str(port)}
    with pytest.raises(TransportError, match=f"refused the connection on port {port}"):
        send(target, publications[0], config=changes)
    with pytest.raises(TransportError, match="is not known"):
        name = (
            {"url": "https://no-such-host.invalid/x/"} if target.kind == "webdav" else {"host": "no-such-host.invalid"}
        )
        send(target, publications[0], config=name)

"""Fixtures for the transports' tests: publications built once, and the real servers they travel to."""

import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.test import override_settings
from django.utils import translation

from tests.builders import make_paired, play_round
from tests.transports import servers
from tournaments.services.publication import publication_build
from tournaments.services.publishing import round_publish

RESULTS = {1: "1-0 1-0 ½-½ 0-1", 2: "0-1 0-1 0-1 ½-½"}


@pytest.fixture(scope="session")
def publications(django_db_setup, django_db_blocker, tmp_path_factory) -> list[Path]:
    """Three publications of one event, each with one round more, as the hall's folders; built once and the
    data rolled back (building takes seconds; the tests only send them)."""
    root = tmp_path_factory.mktemp("publications")
    build, built = root / "build", []
    as_every_test = override_settings(  # what tests/conftest.py's fixtures set for each test
        STATIC_ROOT=None,
        WHITENOISE_USE_FINDERS=True,
        STORAGES={
            **settings.STORAGES,
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        },
        LANGUAGE_CODE="en",
        TASKS_IN_THREAD=False,
        PUBLIC_VERSION_CACHED=True,
    )
    with django_db_blocker.unblock(), as_every_test, translation.override("en"), transaction.atomic():
        cache.clear()
        tournament = make_paired(teams=4)
        for number in (1, 2, 3):
            round_ = tournament.rounds.get(number=number)
            play_round(round_, RESULTS)
            round_publish(round_=round_)
            publication_build(target=build)
            built.append(shutil.copytree(build, root / str(number), symlinks=True))
        transaction.set_rollback(True)
    cache.clear()
    return built


@pytest.fixture(scope="session")
def tls(tmp_path_factory):
    return servers.certificate(tmp_path_factory.mktemp("tls"))


@pytest.fixture(scope="session")
def site() -> Path:
    """The folder every server writes into and nginx serves to spectators, one subfolder per test; outside
    pytest's tmp folder, which only root may enter (the FTP user writes here)."""
    folder = Path(tempfile.mkdtemp(prefix="arbiter-site-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def sshd(tmp_path_factory):
    if reason := servers.missing("/usr/sbin/sshd"):
        pytest.skip(reason)
    server, key, fingerprint = servers.sshd(tmp_path_factory.mktemp("x") / "sshd")
    yield server, key, fingerprint
    server.kill()


@pytest.fixture(scope="session")
def vsftpd(tmp_path_factory, tls):
    if reason := servers.missing("/usr/sbin/vsftpd"):
        pytest.skip(reason)
    server = servers.vsftpd(tmp_path_factory.mktemp("x") / "vsftpd", tls[0], tls[1])
    yield server
    server.kill()


@pytest.fixture(scope="session")
def nginx(tmp_path_factory, tls, site):
    if reason := servers.missing("/usr/sbin/nginx", "/usr/lib/nginx/modules/ngx_http_dav_ext_module.so"):
        pytest.skip(reason)
    server, public, dav = servers.nginx(tmp_path_factory.mktemp("x") / "nginx", site, tls[0], tls[1])
    server.start()
    yield server, public, dav
    server.kill()


@dataclass
class Target:
    """One publication target on a real server: what the desk stores and where spectators read it."""

    kind: str
    config: dict
    secret: str
    folder: Path  # on disk, as the server writes it
    public: str  # its address for spectators, through nginx
    server: servers.Server


@pytest.fixture(params=["sftp", "ftps", "webdav"])
def target(request, site, nginx, tls) -> Target:
    """A target of each kind, its server running, writing into a fresh folder nginx serves."""
    kind, name = request.param, f"{request.param}-{request.node.name.split('[')[0][-40:]}"
    folder = site / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    if marker := request.node.get_closest_marker("disk_size"):
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={marker.args[0]}", "tmpfs", str(folder)])
        if mounted.returncode:
            pytest.skip("a full disk is made with a small tmpfs, and mount was refused here")
        request.addfinalizer(lambda: subprocess.run(["umount", str(folder)]))
    public = f"http://127.0.0.1:{nginx[1]}/{name}/"
    if kind == "sftp":
        server, key, fingerprint = request.getfixturevalue("sshd")
        config = {"host": "127.0.0.1", "port": str(server.port), "user": "root", "path": str(folder),
                  "host_key": fingerprint}  # fmt: skip
        target = Target(kind, config, key, folder, public, server)
    elif kind == "ftps":
        server = request.getfixturevalue("vsftpd")
        shutil.chown(folder, servers.FTP_USER)
        config = {"host": "127.0.0.1", "port": str(server.port), "user": servers.FTP_USER, "path": str(folder),
                  "certificate": tls[2]}  # fmt: skip
        target = Target(kind, config, servers.PASSWORD, folder, public, server)
    else:
        server = nginx[0]
        config = {"url": f"https://127.0.0.1:{nginx[2]}/{name}/", "user": "publisher", "certificate": tls[2]}
        target = Target(kind, config, servers.PASSWORD, folder, public, server)
    server.start()
    return target

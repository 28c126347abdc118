"""The ``webdav`` transport: a web space reached over WebDAV (RFC 4918), HTTPS or HTTP, with Basic auth.

One keep-alive connection carries the publication: ``PUT`` for files, ``MKCOL`` for folders, ``COPY`` for
files the new version shares with the current one (only changed files travel), ``MOVE`` with
``Overwrite: T`` for the switch, ``PROPFIND`` (depth 1) to list, ``DELETE`` to prune. Over HTTPS the
certificate is checked as a browser does, or against a configured SHA-256 fingerprint for a self-signed one.
"""

import http.client
import posixpath
import ssl
import xml.etree.ElementTree as ElementTree
from base64 import b64encode
from urllib.parse import quote, unquote, urlsplit

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from tournaments.domain.errors import RuleViolation

from . import Transport, TransportError, TransportField, register
from .network import broken_off, certificate_refused, check_certificate, tls_context, unreachable
from .remote import upload

TIMEOUT = 30


def send(*, local, config: dict, secret: str):
    remote = WebdavRemote(config["url"], config["user"], secret, config.get("certificate", ""))
    try:
        return upload(local=local, remote=remote)
    finally:
        remote.close()


def check(config: dict) -> None:
    parts = urlsplit(config.get("url", ""))
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise RuleViolation(
            gettext_noop("Give the folder's whole address, starting with https:// (or http://)."), field="url"
        )


class _CheckedHTTPS(http.client.HTTPSConnection):
    """HTTPS whose certificate is checked on every connect: http.client connects again by itself when the
    server ends a keep-alive connection (nginx does after 1,000 requests), and a configured fingerprint
    must hold for that connection too."""

    def __init__(self, host: str, port: int, fingerprint: str):
        super().__init__(host, port, timeout=TIMEOUT, context=tls_context(fingerprint))
        self.fingerprint = fingerprint

    def connect(self):
        super().connect()
        check_certificate(self.sock, self.fingerprint, self.host)


class WebdavRemote:
    """The ``Remote`` of ``remote.py`` over one HTTP connection; every failure raised in words."""

    def __init__(self, url: str, user: str, password: str, fingerprint: str):
        parts = urlsplit(url)
        self.host, self.https, self.fingerprint = parts.hostname, parts.scheme == "https", fingerprint
        self.port = parts.port or (443 if self.https else 80)
        self.base = parts.path.rstrip("/") + "/"
        self.origin = f"{parts.scheme}://{parts.netloc}"
        self.auth = "Basic " + b64encode(f"{user}:{password}".encode()).decode()
        self.user, self.connection = user, None

    def _connect(self) -> http.client.HTTPConnection:
        if self.connection is None:
            if self.https:
                self.connection = _CheckedHTTPS(self.host, self.port, self.fingerprint)
            else:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT)
            try:
                self.connection.connect()
            except ssl.SSLError as error:
                self.close()
                raise certificate_refused(error, self.host, self._certificate) from error
            except (OSError, TransportError) as error:
                self.close()
                raise unreachable(self.host, self.port, error) from error
        return self.connection

    def _certificate(self) -> bytes:
        """The server's certificate, unchecked, for its fingerprint (nothing is sent)."""
        return ssl.PEM_cert_to_DER_cert(ssl.get_server_certificate((self.host, self.port), timeout=TIMEOUT))

    def _url(self, path: str) -> str:
        return quote(self.base + path)

    def _request(self, method: str, path: str, body: bytes = b"", ok=(200, 201, 204), **headers) -> tuple[int, bytes]:
        connection = self._connect()
        headers = {"Authorization": self.auth, "Content-Length": str(len(body)), **headers}
        try:
            connection.request(method, self._url(path), body=body, headers=headers)
            response = connection.getresponse()
            content = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.close()
            raise broken_off(error) from error
        if response.status not in ok:
            raise self._in_words(response.status, method, path)
        return response.status, content

    def read(self, path):
        status, content = self._request("GET", path, ok=(200, 404))
        return content if status == 200 else None

    def write(self, path, data):
        self._request("PUT", path, data)

    def mkdir(self, path):
        self._request("MKCOL", path.rstrip("/") + "/", ok=(201, 405))  # 405: there already

    def rename(self, source, destination):
        self._request("MOVE", source, Destination=self.origin + self._url(destination), Overwrite="T")

    def copy(self, source, destination):
        status, _ = self._request(
            "COPY", source, ok=(201, 204, 405, 501), Destination=self.origin + self._url(destination), Overwrite="T"
        )
        return status in (201, 204)

    def listdir(self, path):
        folder = path.rstrip("/") + "/"
        status, content = self._request("PROPFIND", folder, ok=(207, 404), Depth="1")
        if status == 404:
            return []
        hrefs = (unquote(href.text or "") for href in ElementTree.fromstring(content).iter("{DAV:}href"))
        own = self.base + folder
        return [
            posixpath.basename(href.rstrip("/")) for href in hrefs if urlsplit(href).path.rstrip("/") != own.rstrip("/")
        ]

    def remove_tree(self, path):
        self._request("DELETE", path.rstrip("/") + "/", ok=(200, 204, 404))

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def _in_words(self, status: int, method: str, path: str) -> TransportError:
        if status == 401:
            return TransportError(
                gettext_noop("the server refused the login of %(user)s: check the user name and the password"),
                user=self.user,
            )
        if status == 403:
            return TransportError(gettext_noop("the server does not let this user write %(path)s"), path=path)
        if status in (507, 413):  # 507 Insufficient Storage (RFC 4918), 413: larger than the space allows
            return TransportError(
                gettext_noop("the web space is full: %(path)s could not be stored (HTTP %(status)s)"),
                path=path,
                status=status,
            )
        if status == 500 and method == "PUT":  # nginx answers a full disk so, without saying why
            return TransportError(
                gettext_noop("the server could not store %(path)s (HTTP 500): most often the web space is full"),
                path=path,
            )
        if status in (404, 409):
            return TransportError(
                gettext_noop("the folder %(path)s does not exist on the server (HTTP %(status)s)"),
                path=self.base + path,
                status=status,
            )
        return TransportError(
            gettext_noop("the server answered %(method)s %(path)s with HTTP %(status)s"),
            method=method,
            path=path,
            status=status,
        )


register(
    Transport(
        kind="webdav",
        label=_("WebDAV (a web space or cloud folder over HTTPS)"),
        fields=(
            TransportField(
                name="url",
                label=_("Address"),
                help=_(
                    "The WebDAV address of the folder the public site is served from, e.g. "
                    "https://webdav.club-host.de/html/results/."
                ),
            ),
            TransportField(name="user", label=_("User name")),
            TransportField(
                name="certificate",
                label=_("Certificate fingerprint"),
                required=False,
                help=_("Only for a self-signed certificate: its SHA-256 fingerprint (AB:CD:…)."),
            ),
            TransportField(name="secret", label=_("Password"), secret=True),
        ),
        send=send,
        check=check,
    )
)

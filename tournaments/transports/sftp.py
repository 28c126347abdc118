"""The ``sftp`` transport: a web space reached over SSH (OpenSSH's SFTP server and those of most hosts).

The server is trusted by the fingerprint of its host key the TD types in (``SHA256:…``, as ``ssh-keygen -lf``
and the host's control panel show it), never on first use: a hall's network is where a first connection
would be intercepted (*our decision*). Without one, or with another, nothing is sent and the error names
the key the server showed, to compare with the host's. The login is a password or a private key (OpenSSH
or PEM text, unencrypted) in the one secret field. Unchanged files are hard-linked on the server
(``hardlink@openssh.com``), so only changed ones travel; renames replace (``posix-rename@openssh.com``).
"""

import base64
import errno
import hashlib
import io
import posixpath
import stat

import paramiko
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop
from paramiko.sftp import CMD_EXTENDED

from . import Transport, TransportError, TransportField, register
from .network import broken_off, checked_port, connected, unreachable
from .remote import upload

TIMEOUT = 30  # seconds without an answer before a send gives up
KEY_TYPES = (paramiko.Ed25519Key, paramiko.ECDSAKey, paramiko.RSAKey)


def send(*, local, config: dict, secret: str):
    host, port = config["host"], int(config.get("port") or 22)
    with connected(host, port, TIMEOUT) as sock, paramiko.Transport(sock) as transport:
        try:
            transport.start_client(timeout=TIMEOUT)
            _check_host_key(transport.get_remote_server_key(), config.get("host_key", ""), host)
            _log_in(transport, config["user"], secret)
            client = paramiko.SFTPClient.from_transport(transport)
        except (paramiko.SSHException, EOFError, OSError) as error:
            raise unreachable(host, port, error) from error
        client.get_channel().settimeout(TIMEOUT)
        remote = SftpRemote(client, config["path"])
        try:
            return upload(local=local, remote=remote)
        finally:
            remote.close()


def check(config: dict) -> None:
    checked_port(config)


def fingerprint(key: paramiko.PKey) -> str:
    """OpenSSH's form of a host key's fingerprint: ``SHA256:`` and the digest in base64 without padding."""
    return "SHA256:" + base64.b64encode(hashlib.sha256(key.asbytes()).digest()).decode().rstrip("=")


def _check_host_key(key: paramiko.PKey, expected: str, host: str) -> None:
    shown = fingerprint(key)
    if expected.strip().removeprefix("SHA256:").rstrip("=") != shown.removeprefix("SHA256:"):
        raise TransportError(
            gettext_noop(
                "the server %(host)s showed the host key %(shown)s, not the one configured (%(expected)s): "
                "compare it with the fingerprint your host publishes before you enter it"
            ),
            host=host,
            shown=shown,
            expected=expected.strip() or "–",
        )


def _log_in(transport: paramiko.Transport, user: str, secret: str) -> None:
    key = _private_key(secret)
    try:
        if key:
            transport.auth_publickey(user, key)
        else:
            transport.auth_password(user, secret)
    except paramiko.AuthenticationException as error:
        raise TransportError(
            gettext_noop("the server refused the login of %(user)s: check the user name and the password or key"),
            user=user,
        ) from error


def _private_key(secret: str) -> paramiko.PKey | None:
    if "PRIVATE KEY-----" not in secret:
        return None  # a password
    for kind in KEY_TYPES:
        try:
            return kind.from_private_key(io.StringIO(secret))
        except (paramiko.SSHException, ValueError):
            continue
    raise TransportError(gettext_noop("the private key could not be read (it must be unencrypted)"))


class SftpRemote:
    """The ``Remote`` of ``remote.py`` over one SFTP session; every failure raised in words."""

    def __init__(self, client: paramiko.SFTPClient, root: str):
        self.client, self.root, self.can_link = client, root, True

    def _path(self, path: str) -> str:
        return posixpath.join(self.root, path.rstrip("/"))

    def read(self, path):
        try:
            with self.client.open(self._path(path), "rb") as file:
                return file.read()
        except FileNotFoundError:
            return None
        except (OSError, paramiko.SSHException, EOFError) as error:
            raise self._in_words(error, path) from error

    def write(self, path, data):
        try:
            with self.client.open(self._path(path), "wb") as file:
                file.write(data)
                file.flush()  # unpipelined: a write refused raises here (paramiko's close swallows errors)
        except (OSError, paramiko.SSHException, EOFError) as error:
            raise self._in_words(error, path, size=len(data)) from error

    def mkdir(self, path):
        try:
            self.client.mkdir(self._path(path))
        except OSError as error:
            if not self._is_folder(path):
                raise self._in_words(error, path) from error
        except (paramiko.SSHException, EOFError) as error:
            raise self._in_words(error, path) from error

    def rename(self, source, destination):
        try:
            self.client.posix_rename(self._path(source), self._path(destination))
        except (OSError, paramiko.SSHException, EOFError) as error:
            raise self._in_words(error, destination) from error

    def listdir(self, path):
        try:
            return self.client.listdir(self._path(path))
        except FileNotFoundError:
            return []
        except (OSError, paramiko.SSHException, EOFError) as error:
            raise self._in_words(error, path) from error

    def remove_tree(self, path):
        try:
            self._remove(self._path(path))
        except FileNotFoundError:
            return
        except (OSError, paramiko.SSHException, EOFError) as error:
            raise self._in_words(error, path) from error

    def _remove(self, path: str) -> None:
        for entry in self.client.listdir_attr(path):
            inner = posixpath.join(path, entry.filename)
            self._remove(inner) if stat.S_ISDIR(entry.st_mode) else self.client.remove(inner)
        self.client.rmdir(path)

    def copy(self, source, destination):
        if not self.can_link:
            return False
        try:
            self.client._request(CMD_EXTENDED, "hardlink@openssh.com", self._path(source), self._path(destination))
        except OSError:  # no such extension on this server (or the file is gone): the file is sent
            self.can_link = False
            return False
        except (paramiko.SSHException, EOFError) as error:
            raise self._in_words(error, destination) from error
        return True

    def close(self):
        self.client.close()

    def _is_folder(self, path: str) -> bool:
        try:
            return stat.S_ISDIR(self.client.stat(self._path(path)).st_mode)
        except OSError:
            return False

    def _in_words(self, error: Exception, path: str, size: int = 0) -> TransportError:
        if isinstance(error, (paramiko.SSHException, EOFError)) or not self.client.sock.get_transport().is_active():
            return broken_off(error)
        if isinstance(error, PermissionError):
            return TransportError(gettext_noop("the server does not let this user write %(path)s"), path=path)
        if size and self._free(path) < size + 4096:
            return TransportError(gettext_noop("the web space is full: %(path)s could not be stored"), path=path)
        if getattr(error, "errno", None) == errno.ENOENT:
            return TransportError(gettext_noop("the folder of %(path)s does not exist on the server"), path=path)
        return TransportError(
            gettext_noop("the server could not store %(path)s: %(reason)s"), path=path, reason=str(error)
        )

    def _free(self, path: str) -> float:
        """Bytes free where ``path`` goes (``statvfs@openssh.com``); infinite where the server cannot tell:
        OpenSSH reports a full disk as a bare failure."""
        try:
            _, message = self.client._request(
                CMD_EXTENDED, "statvfs@openssh.com", self._path(posixpath.dirname(path) or ".")
            )
            _block, fragment, _blocks, _free, available = (message.get_int64() for _ in range(5))
        except (OSError, paramiko.SSHException, EOFError):
            return float("inf")
        return fragment * available


register(
    Transport(
        kind="sftp",
        label=_("SFTP (a web space reached over SSH)"),
        fields=(
            TransportField(name="host", label=_("Server"), help=_("The SSH server's name, e.g. ssh.club-host.de.")),
            TransportField(name="port", label=_("Port"), required=False, help=_("Empty for 22.")),
            TransportField(name="user", label=_("User name")),
            TransportField(
                name="path",
                label=_("Folder"),
                help=_("The folder on the server the public site is served from, e.g. /html/results."),
            ),
            TransportField(
                name="host_key",
                label=_("Host key fingerprint"),
                required=False,
                help=_("SHA256:… as your host publishes it; the first try without one names the key the server shows."),
            ),
            TransportField(
                name="secret",
                label=_("Password or private key"),
                secret=True,
                help=_("The password, or the whole unencrypted private key (-----BEGIN … PRIVATE KEY-----)."),
            ),
        ),
        send=send,
        check=check,
    )
)

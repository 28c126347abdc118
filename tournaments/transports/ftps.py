"""The ``ftps`` transport: a web space reached over FTP with explicit TLS (``AUTH TLS``), in passive mode.

Plain FTP is not offered: it would send the password through the hall's network in clear. The server's
certificate is checked as a browser does, or, for a host with a self-signed one, against the SHA-256
fingerprint the TD types in, before the password is sent. Data connections reuse the control
connection's TLS session, as vsftpd and ProFTPD demand by default.

FTP has no standard copy. Unchanged files are copied on the server with ``SITE CPFR``/``SITE CPTO``
where it has them (ProFTPD's mod_copy); elsewhere, vsftpd among them, they are sent again from the hall,
so a publication over FTPS sends every file of the new version (the previous one is still never touched).
"""

import ftplib
import io
import posixpath
import ssl

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from . import Transport, TransportError, TransportField, register
from .network import (
    broken_off,
    certificate_refused,
    check_certificate,
    checked_port,
    tls_context,
    unreachable,
)
from .remote import upload

TIMEOUT = 30


class _SessionReusingFTP(ftplib.FTP_TLS):
    """``FTP_TLS`` whose data connections resume the control connection's TLS session."""

    def ntransfercmd(self, cmd, rest=None):
        conn, size = ftplib.FTP.ntransfercmd(self, cmd, rest)
        if self._prot_p:
            conn = self.context.wrap_socket(conn, server_hostname=self.host, session=self.sock.session)
        return conn, size


def send(*, local, config: dict, secret: str):
    host, port = config["host"], int(config.get("port") or 21)
    fingerprint = config.get("certificate", "")
    ftp = _SessionReusingFTP(context=tls_context(fingerprint), timeout=TIMEOUT)
    try:
        ftp.connect(host, port)
        ftp.auth()
        check_certificate(ftp.sock, fingerprint, host)
        _log_in(ftp, config["user"], secret)
        ftp.prot_p()
        ftp.set_pasv(True)
    except ssl.SSLError as error:
        ftp.close()
        raise certificate_refused(error, host, lambda: _certificate(host, port)) from error
    except (OSError, EOFError, ftplib.Error, TransportError) as error:
        ftp.close()
        raise unreachable(host, port, error) from error
    remote = FtpsRemote(ftp, config["path"])
    try:
        return upload(local=local, remote=remote)
    finally:
        remote.close()


def _certificate(host: str, port: int) -> bytes:
    """The server's certificate, unchecked, for its fingerprint; the session ends after ``AUTH TLS``."""
    ftp = ftplib.FTP_TLS(context=tls_context("unchecked"), timeout=TIMEOUT)
    try:
        ftp.connect(host, port)
        ftp.auth()
        return ftp.sock.getpeercert(binary_form=True)
    finally:
        ftp.close()


def check(config: dict) -> None:
    checked_port(config)


def _log_in(ftp: ftplib.FTP_TLS, user: str, secret: str) -> None:
    try:
        ftp.login(user, secret)
    except ftplib.error_perm as error:
        raise TransportError(
            gettext_noop("the server refused the login of %(user)s: check the user name and the password"),
            user=user,
        ) from error


class FtpsRemote:
    """The ``Remote`` of ``remote.py`` over one FTPS session; every failure raised in words."""

    def __init__(self, ftp: ftplib.FTP_TLS, root: str):
        self.ftp, self.root, self.can_copy = ftp, root, True

    def _path(self, path: str) -> str:
        return posixpath.join(self.root, path.rstrip("/"))

    def read(self, path):
        buffer = io.BytesIO()
        try:
            self.ftp.retrbinary(f"RETR {self._path(path)}", buffer.write)
        except ftplib.error_perm as error:
            if str(error).startswith("550"):
                return None
            raise self._in_words(error, path) from error
        except (OSError, EOFError, ftplib.Error) as error:
            raise self._in_words(error, path) from error
        return buffer.getvalue()

    def write(self, path, data):
        self._do(path, self.ftp.storbinary, f"STOR {self._path(path)}", io.BytesIO(data))

    def mkdir(self, path):
        try:
            self.ftp.mkd(self._path(path))
        except ftplib.error_perm as error:
            if self._entries(posixpath.dirname(path)).get(posixpath.basename(path)) is not True:
                raise self._in_words(error, path) from error
        except (OSError, EOFError, ftplib.Error) as error:
            raise self._in_words(error, path) from error

    def rename(self, source, destination):
        self._do(destination, self.ftp.rename, self._path(source), self._path(destination))

    def listdir(self, path):
        return list(self._entries(path))

    def remove_tree(self, path):
        entries = self._entries(path.rstrip("/"))
        if not entries and posixpath.basename(path) not in self._entries(posixpath.dirname(path)):
            return
        for name, folder in entries.items():
            inner = f"{path}/{name}"
            self.remove_tree(inner) if folder else self._do(inner, self.ftp.delete, self._path(inner))
        self._do(path, self.ftp.rmd, self._path(path))

    def copy(self, source, destination):
        if not self.can_copy:
            return False
        try:
            self.ftp.sendcmd(f"SITE CPFR {self._path(source)}")
            self.ftp.sendcmd(f"SITE CPTO {self._path(destination)}")
        except ftplib.error_perm:  # 500/502/504: no copy on this server (vsftpd); the file is sent
            self.can_copy = False
            return False
        except (OSError, EOFError, ftplib.Error) as error:
            raise self._in_words(error, destination) from error
        return True

    def close(self):
        try:
            self.ftp.quit()
        except (OSError, EOFError, ftplib.Error):
            self.ftp.close()

    def _entries(self, path: str) -> dict[str, bool]:
        """A folder's names (hidden ones too), each with whether it is a folder; empty when there is none.

        From ``LIST -a`` in the Unix ``ls -l`` form every Unix FTP server answers in (vsftpd, ProFTPD,
        Pure-FTPd); ``MLSD`` would be cleaner but vsftpd has none."""
        lines: list[str] = []
        try:
            self.ftp.retrlines(f"LIST -a {self._path(path)}", lines.append)
        except ftplib.error_perm:
            return {}
        except (OSError, EOFError, ftplib.Error) as error:
            raise self._in_words(error, path) from error
        entries = {}
        for line in lines:
            parts = line.split(None, 8)
            if len(parts) == 9 and parts[8] not in (".", ".."):
                entries[parts[8]] = line.startswith("d")
        return entries

    def _do(self, path: str, command, *args):
        try:
            return command(*args)
        except (OSError, EOFError, ftplib.Error) as error:
            raise self._in_words(error, path) from error

    def _in_words(self, error: Exception, path: str) -> TransportError:
        reply = str(error)
        if not isinstance(error, ftplib.Error):
            return broken_off(error)
        if reply.startswith(("552", "452")) or reply.startswith("451") and "writing" in reply.lower():
            # 552/452: quota or disk; vsftpd answers a full disk with "451 Failure writing to local file"
            return TransportError(
                gettext_noop("the web space is full: %(path)s could not be stored (%(reply)s)"), path=path, reply=reply
            )
        if reply.startswith("550") or reply.startswith("553"):
            return TransportError(
                gettext_noop("the server does not let this user write %(path)s (%(reply)s)"), path=path, reply=reply
            )
        return TransportError(gettext_noop("the server could not store %(path)s: %(reason)s"), path=path, reason=reply)


register(
    Transport(
        kind="ftps",
        label=_("FTPS (FTP with TLS, a club's web space)"),
        fields=(
            TransportField(name="host", label=_("Server"), help=_("The FTP server's name, e.g. ftp.club-host.de.")),
            TransportField(name="port", label=_("Port"), required=False, help=_("Empty for 21.")),
            TransportField(name="user", label=_("User name")),
            TransportField(
                name="path",
                label=_("Folder"),
                help=_("The folder on the server the public site is served from, e.g. /html/results."),
            ),
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

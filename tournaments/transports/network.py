"""What the network transports (SFTP, FTPS, WebDAV) share: reaching the server and saying why not, in words."""

import contextlib
import hashlib
import socket
import ssl
from collections.abc import Callable

from django.utils.translation import gettext_noop

from tournaments.domain.errors import RuleViolation

from . import TransportError


def checked_port(config: dict) -> None:
    """A port is empty (the protocol's own) or a whole number a server can listen on."""
    port = str(config.get("port") or "").strip()
    if port and not (port.isdigit() and 0 < int(port) < 65536):
        raise RuleViolation(gettext_noop("A port is a whole number from 1 to 65535, or empty."), field="port")


@contextlib.contextmanager
def connected(host: str, port: int, timeout: float):
    """A TCP connection to the server, closed after; the reason in words when there is none."""
    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except OSError as error:
        raise unreachable(host, port, error) from error
    with sock:
        yield sock


def unreachable(host: str, port: int, error: Exception) -> TransportError:
    if isinstance(error, TransportError):
        return error
    if isinstance(error, socket.gaierror):
        return TransportError(gettext_noop("the server name %(host)s is not known (no internet?)"), host=host)
    if isinstance(error, ConnectionRefusedError):
        return TransportError(
            gettext_noop("the server %(host)s refused the connection on port %(port)s: is the port right?"),
            host=host,
            port=port,
        )
    if isinstance(error, TimeoutError):
        return TransportError(
            gettext_noop("the server %(host)s did not answer on port %(port)s (no internet, or a firewall)"),
            host=host,
            port=port,
        )
    return TransportError(
        gettext_noop("the server %(host)s could not be reached on port %(port)s: %(reason)s"),
        host=host,
        port=port,
        reason=str(error) or type(error).__name__,
    )


def broken_off(error: Exception) -> TransportError:
    return TransportError(
        gettext_noop("the connection to the server broke off: %(reason)s"), reason=str(error) or type(error).__name__
    )


def tls_context(fingerprint: str) -> ssl.SSLContext:
    """Certificates checked as a browser does, or, with a fingerprint, a self-signed one accepted by it alone."""
    context = ssl.create_default_context()
    if fingerprint.strip():  # (``peek`` passes any, to read a certificate's fingerprint, and sends nothing)
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE  # checked by ``check_certificate`` before a password is sent
    return context


def certificate_fingerprint(certificate: bytes) -> str:
    """SHA-256 of the certificate as browsers and ``openssl x509 -fingerprint -sha256`` show it (AB:CD:…)."""
    return ":".join(f"{byte:02X}" for byte in hashlib.sha256(certificate).digest())


def check_certificate(sock: ssl.SSLSocket, fingerprint: str, host: str) -> None:
    """A configured fingerprint must be the certificate's; nothing is sent before it is."""
    if not fingerprint.strip():
        return  # verified by the context, as a browser does
    shown = certificate_fingerprint(sock.getpeercert(binary_form=True))
    if _normal(fingerprint) != _normal(shown):
        raise TransportError(
            gettext_noop("the server %(host)s showed the certificate %(shown)s, not the one configured (%(expected)s)"),
            host=host,
            shown=shown,
            expected=fingerprint.strip(),
        )


def certificate_refused(error: ssl.SSLError, host: str, peek: Callable[[], bytes]) -> TransportError:
    """Why TLS failed; for a certificate a browser would refuse, also its fingerprint (``peek`` fetches it
    again without checking it, nothing else is sent), to compare with the one the host publishes."""
    if isinstance(error, ssl.SSLCertVerificationError):
        try:
            shown = certificate_fingerprint(peek())
        except (OSError, EOFError, ValueError):
            shown = "?"
        return TransportError(
            gettext_noop(
                "the certificate of %(host)s is not trusted (%(reason)s); it has the fingerprint %(shown)s: "
                "if your host publishes that one for a self-signed certificate, enter it"
            ),
            host=host,
            reason=error.verify_message or str(error),
            shown=shown,
        )
    return TransportError(
        gettext_noop("the encrypted connection to %(host)s failed: %(reason)s"), host=host, reason=str(error)
    )


def _normal(fingerprint: str) -> str:
    return fingerprint.strip().upper().removeprefix("SHA256").replace(":", "").replace(" ", "").lstrip("=")

"""Real servers on loopback for the transports' tests: OpenSSH (SFTP), vsftpd (FTPS) and nginx (WebDAV, and
the spectators' static site), each from Debian's package with a configuration written into a tmp folder.

They run as root (as the tests do here and in CI): sshd lets root in by key only, vsftpd needs a system
user with a password (it logs in through PAM), nginx reads and writes as root. Ports are free ones found
at start, so parallel runs on one machine do not meet.
"""

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

FTP_USER = "arbiter-publish"
PASSWORD = "s3cret-Publish"  # the FTP user's and the WebDAV user's


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def free_ports(count: int) -> int:
    """The first of ``count`` consecutive free ports (vsftpd takes its passive ports as a range)."""
    for _ in range(50):
        first = free_port()
        if first + count < 65536 and all(_is_free(first + n) for n in range(count)):
            return first
    raise RuntimeError("no range of free ports")


def _is_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def missing(*binaries: str) -> str:
    """Why these servers cannot run here, or ``""``."""
    if os.geteuid() != 0:
        return "the transport servers run as root (as CI runs the tests)"
    absent = [binary for binary in binaries if not Path(binary).exists()]
    return (
        f"not installed: {', '.join(absent)} (Debian: openssh-server vsftpd nginx libnginx-mod-http-dav-ext)"
        if absent
        else ""
    )


class Server:
    """One server process (its own process group, so a kill takes its session processes too)."""

    def __init__(self, command: list[str], port: int, log: Path):
        self.command, self.port, self.log, self.process = command, port, log, None

    def start(self) -> None:
        if self.process and self.process.poll() is None:
            return
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(self.command, stdout=log, stderr=log, start_new_session=True)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.command[0]} stopped: {self.log.read_text()[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"{self.command[0]} did not listen on {self.port}: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """Killed at once with every process it started (sshd's and vsftpd's sessions leave its process group):
        a server dying in the middle of a transfer."""
        if self.process and self.process.poll() is None:
            for pid in [self.process.pid, *_descendants(self.process.pid)]:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            self.process.wait()


def _descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, queue = [], [pid]
    while queue:
        kids = children.get(queue.pop(), [])
        found.extend(kids)
        queue.extend(kids)
    return found


def run(*command: str, input: str | None = None) -> str:
    return subprocess.run(command, check=True, capture_output=True, text=True, input=input).stdout


def certificate(folder: Path) -> tuple[Path, Path, str]:
    """A self-signed certificate for 127.0.0.1 and its SHA-256 fingerprint (AB:CD:…)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    run(
        "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
        "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert),
    )  # fmt: skip
    fingerprint = run("openssl", "x509", "-in", str(cert), "-noout", "-fingerprint", "-sha256").strip()
    return cert, key, fingerprint.split("=", 1)[1]


def user() -> None:
    """A system user with a password, as a host's customer is (vsftpd logs in through PAM)."""
    if subprocess.run(["id", FTP_USER], capture_output=True).returncode:
        run("useradd", "--no-create-home", "--home-dir", "/", "--shell", "/bin/bash", FTP_USER)
    run("chpasswd", input=f"{FTP_USER}:{PASSWORD}\n")


def sshd(folder: Path) -> tuple[Server, str, str]:
    """OpenSSH for SFTP only; root logs in with a key made here, the system user with its password. The
    server, the key's text, the host key's fingerprint."""
    folder.mkdir()
    user()
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(folder / "host"))
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(folder / "client"))
    shutil.copy(folder / "client.pub", folder / "authorized_keys")
    Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)  # sshd's privilege separation folder
    port = free_port()
    (folder / "sshd_config").write_text(
        f"Port {port}\nListenAddress 127.0.0.1\nHostKey {folder}/host\nPidFile {folder}/sshd.pid\n"
        f"AuthorizedKeysFile {folder}/authorized_keys\nPermitRootLogin prohibit-password\nStrictModes no\n"
        "UsePAM no\nPasswordAuthentication yes\nKbdInteractiveAuthentication no\n"
        "Subsystem sftp internal-sftp\nForceCommand internal-sftp\n"
    )
    server = Server(["/usr/sbin/sshd", "-D", "-e", "-f", str(folder / "sshd_config")], port, folder / "log")
    fingerprint = run("ssh-keygen", "-l", "-f", str(folder / "host.pub")).split()[1]
    return server, (folder / "client").read_text(), fingerprint


def vsftpd(folder: Path, cert: Path, key: Path) -> Server:
    """vsftpd with explicit TLS required for logins and data, passive mode; the FTP user made if missing."""
    folder.mkdir()
    user()
    Path("/var/run/vsftpd/empty").mkdir(parents=True, exist_ok=True)
    port, passive = free_port(), free_ports(6)
    config = folder / "vsftpd.conf"
    config.write_text(
        f"listen=YES\nlisten_ipv6=NO\nlisten_address=127.0.0.1\nlisten_port={port}\nbackground=NO\n"
        "anonymous_enable=NO\nlocal_enable=YES\nwrite_enable=YES\nlocal_umask=022\nseccomp_sandbox=NO\n"
        f"ssl_enable=YES\nrsa_cert_file={cert}\nrsa_private_key_file={key}\nforce_local_logins_ssl=YES\n"
        "force_local_data_ssl=YES\npasv_enable=YES\npasv_address=127.0.0.1\n"
        f"pasv_min_port={passive}\npasv_max_port={passive + 5}\npam_service_name=vsftpd\n"
        f"secure_chroot_dir=/var/run/vsftpd/empty\nxferlog_enable=NO\nvsftpd_log_file={folder}/xfer.log\n"
    )
    return Server(["/usr/sbin/vsftpd", str(config)], port, folder / "log")


def nginx(folder: Path, site: Path, cert: Path, key: Path) -> tuple[Server, int, int]:
    """nginx serving ``site`` twice: to spectators over HTTP (read only), and over HTTPS with WebDAV and
    Basic auth to the publisher, who may not write below ``/read-only/``. The server, the spectators' port,
    the WebDAV port."""
    folder.mkdir()
    public, dav = free_port(), free_port()
    password = run("openssl", "passwd", "-apr1", PASSWORD).strip()
    (folder / "htpasswd").write_text(f"publisher:{password}\n")
    (folder / "nginx.conf").write_text(
        f"daemon off;\nworker_processes 1;\nuser root;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
        "load_module /usr/lib/nginx/modules/ngx_http_dav_ext_module.so;\n"
        "events { worker_connections 64; }\n"
        "http {\n access_log off;\n"
        " types { text/html html; application/json json; application/pdf pdf; text/css css;"
        " text/javascript js; text/plain txt; }\n"
        f" client_body_temp_path {folder}/body;\n"
        f" server {{ listen 127.0.0.1:{public}; root {site}; }}\n"
        f" server {{ listen 127.0.0.1:{dav} ssl; ssl_certificate {cert}; ssl_certificate_key {key}; root {site};\n"
        "  dav_methods PUT DELETE MKCOL COPY MOVE; dav_ext_methods PROPFIND OPTIONS; dav_access user:rw all:r;\n"
        "  keepalive_requests 25;\n"  # the client connects again often, as after nginx's default 1,000
        f"  client_max_body_size 0; auth_basic publish; auth_basic_user_file {folder}/htpasswd;\n"
        "  location /read-only/ { limit_except GET HEAD PROPFIND { deny all; } } }\n"
        "}\n"
    )
    command = ["/usr/sbin/nginx", "-p", str(folder), "-e", str(folder / "error.log"), "-c", str(folder / "nginx.conf")]
    return Server(command, dav, folder / "log"), public, dav

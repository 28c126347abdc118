"""The `arbiter` command of the installed package (pyproject.toml): Arbiter on a TD's laptop without a checkout.

Club TDs run Windows or macOS and have neither make nor a shell habit, so the command does what
`make run` does in one step: `arbiter run` keeps the SQLite database, the secret key, the collected
static files and uploads in the user's data folder (ARBITER_DATA_DIR overrides it), migrates, and
serves with waitress, which is pure Python and runs on every platform; `arbiter demo` loads the demos;
`arbiter publish DIR` writes the publication (tournaments/services/publication.py).
"""

import argparse
import os
import sys
import threading
import webbrowser
from pathlib import Path


def data_dir() -> Path:
    """The platform's folder for an application's data, unless ARBITER_DATA_DIR names one."""
    if override := os.environ.get("ARBITER_DATA_DIR"):
        return Path(override)
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "Arbiter"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Arbiter"
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "arbiter"


def _setup() -> None:
    """Point the settings at the data folder, start Django, bring the database and the static files up to date
    (every page and the publication link the collected files' hashed names)."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    os.environ["ARBITER_DATA_DIR"] = str(folder)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)


def _demo(args) -> None:
    from django.core.management import call_command

    call_command("demo", "--all")


def _publish(args) -> None:
    from django.core.management import call_command

    call_command("publish_static", args.directory)


def _run(args) -> None:
    from django.conf import settings
    from django.core.management import call_command
    from waitress import create_server

    call_command("reap_background", "--all")  # tasks ran in threads of the last server: none survived it
    from arbiter.wsgi import application  # after collectstatic (_setup): WhiteNoise lists the static files once
    from tournaments.services.publication_outbox import publication_outbox_start

    server = create_server(application, host=args.host, port=args.port, threads=args.threads)
    url = f"http://{args.host}:{server.effective_port}/desk/"
    print(f"Arbiter is running at {url} (data: {settings.DATA_DIR}); Ctrl+C stops it.", flush=True)
    publication_outbox_start()  # what waited for the network while Arbiter was not running
    if not args.no_browser:
        threading.Timer(0.5, webbrowser.open, [url]).start()
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="arbiter", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="migrate the database and serve the desk")
    run.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    run.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000; 0: any free one)")
    run.add_argument("--threads", type=int, default=8, help="request threads (default 8)")
    run.add_argument("--no-browser", action="store_true", help="do not open the browser")
    run.set_defaults(handler=_run)
    demo = commands.add_parser("demo", help="load the demo tournaments (user td, password arbiter)")
    demo.set_defaults(handler=_demo)
    publish = commands.add_parser("publish", help="write the public view as static files into DIRECTORY")
    publish.add_argument("directory", type=Path)
    publish.set_defaults(handler=_publish)
    args = parser.parse_args(argv)
    _setup()
    args.handler(args)

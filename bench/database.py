"""A throw-away database for one benchmark run, never the developer's ``db.sqlite3``.

SQLite (the default) goes to a file in a fresh temporary directory, as do stored files
(``MEDIA_ROOT``); with ``DATABASE_URL`` set to PostgreSQL, Django's test machinery creates
``test_<name>`` beside the named database and drops it afterwards, so the named database itself
is never written.
"""

import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def bench_database(*, keep: bool = False):
    directory = Path(tempfile.mkdtemp(prefix="arbiter-bench-"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
    os.environ["MEDIA_ROOT"] = str(directory / "media")  # round bundles (5) are stored here, then removed
    os.environ.pop("CELERY_BROKER_URL", None)  # tasks inline: the bench measures the work, not a queue
    import django

    django.setup()
    from django.db import connection

    if connection.vendor == "sqlite":
        connection.settings_dict.setdefault("TEST", {})["NAME"] = str(directory / "bench.sqlite3")
    old_name = connection.settings_dict["NAME"]
    name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        yield f"{connection.vendor} ({name})"
    finally:
        if not keep:
            connection.creation.destroy_test_db(old_name, verbosity=0)
            shutil.rmtree(directory, ignore_errors=True)

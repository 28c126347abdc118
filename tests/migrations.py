"""The test database moved through the migrations: a data migration's test stores rows as an
older schema had them, migrates forward and reads what the migration made of them, then leaves
the database at the latest state for the tests after it."""

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(target: tuple[str, str]):
    """The database at ``target`` (app, migration); the models of that state."""
    executor = MigrationExecutor(connection)
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


def migrate_to_latest() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes("tournaments"))

"""A service's updates and inserts sent to the database as one statement, so a write waits for
the database once rather than once per table (issue 29: every round trip of a write is paid again
for each context switch on a loaded server).

PostgreSQL runs every data-modifying statement in ``WITH`` exactly once and to completion, all
with the same snapshot, whether or not the statement reads their output (manual, "Data-Modifying
Statements in WITH"). So updates of *different* rows and inserts may share one statement; two
updates of the same row may not (which one wins is unspecified), and none sees another's change:
callers write each row at most once and never read what they write here. SQLite has no
data-modifying ``WITH``: there each is sent on its own, in order.
"""

from django.core.exceptions import EmptyResultSet
from django.db import connection
from django.db.models import sql

Statement = tuple[str, tuple]


def update(queryset, **values) -> Statement | None:
    """``queryset.update(**values)`` as a statement, unsent; None where it selects nothing."""
    query = queryset.query.chain(sql.UpdateQuery)
    query.add_update_values(values)
    assert not query.related_updates, "only the queryset's own table"
    try:
        return query.get_compiler(connection=connection).as_sql()
    except EmptyResultSet:
        return None


def insert(model, objs) -> Statement | None:
    """``model.objects.bulk_create(objs)`` as one statement, unsent (no ids are read back); None
    for no objects. Defaults (``auto_now_add``) are filled in as ``bulk_create`` fills them."""
    if not objs:
        return None
    query = sql.InsertQuery(model)
    query.insert_values(
        [field for field in model._meta.concrete_fields if not field.primary_key and not field.generated], objs
    )
    ((statement, params),) = query.get_compiler(connection=connection).as_sql()
    return statement, tuple(params)


def execute(statements) -> None:
    """Send ``statements`` (None: nothing to send) as one, or one by one where the database cannot."""
    statements = [statement for statement in statements if statement is not None]
    if not statements:
        return
    with connection.cursor() as cursor:
        if connection.vendor != "postgresql":
            for statement, params in statements:
                cursor.execute(statement, params)
            return
        *first, (last, params) = statements
        names = [f"write_{index}" for index in range(len(first))]
        prefix = "WITH " + ", ".join(f"{name} AS ({text})" for name, (text, _) in zip(names, first, strict=True)) + " "
        cursor.execute(
            (prefix if first else "") + last, tuple(param for _, values in first for param in values) + params
        )

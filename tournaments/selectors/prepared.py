"""A ``values()`` query compiled once and sent again with other parameters (issue 29).

Django builds and compiles a queryset to SQL at every evaluation; for the read model's query of a
match (six tables, twenty-three columns) that costs more than the database's work, and a result
write pays it on every request. ``Prepared`` compiles the queryset once per database and shape
(the length of each list parameter), with stand-in values where the parameters go, and then
sends the same SQL with the real ones. Only where the rows need no conversion (PostgreSQL for
the queries here): otherwise, and for shapes beyond ``SHAPES``, the queryset is evaluated as usual.
"""

from django.core.exceptions import EmptyResultSet
from django.db import connection

STAND_IN = -7_304_000_000  # an id no row has: marks where each parameter lands in the compiled SQL
SHAPES = 32  # compiled statements kept per query: list lengths beyond that are compiled each time


class Prepared:
    """``build(*args)`` (a ``values()`` queryset of int and list-of-int parameters) as rows."""

    def __init__(self, build):
        self._build = build
        self._compiled: dict[tuple, tuple[str, list, list[str]] | None] = {}

    def rows(self, *args) -> list[dict]:
        shape = (connection.vendor, *(len(arg) if isinstance(arg, list) else None for arg in args))
        if shape not in self._compiled and len(self._compiled) < SHAPES:
            self._compiled[shape] = self._compile(args)
        compiled = self._compiled.get(shape)
        if compiled is None:
            return list(self._build(*args))
        sql, slots, names = compiled
        with connection.cursor() as cursor:
            cursor.execute(sql, [args[arg] if item is None else args[arg][item] for arg, item in slots])
            return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    def _compile(self, args) -> tuple[str, list, list[str]] | None:
        """The SQL, where each of its parameters comes from (argument, list index or None) and the
        column names; None where the rows would need converting or the query selects nothing."""
        stand_ins, slots_of = [], {}
        for arg, value in enumerate(args):
            if isinstance(value, list):
                stand_ins.append([self._stand_in(slots_of, (arg, item)) for item in range(len(value))])
            else:
                stand_ins.append(self._stand_in(slots_of, (arg, None)))
        queryset = self._build(*stand_ins)
        compiler = queryset.query.get_compiler(connection=connection)
        try:
            sql, params = compiler.as_sql()
        except EmptyResultSet:
            return None
        columns = [select[0] for select in compiler.select[: compiler.col_count]]
        if compiler.get_converters(columns) or sorted(params) != sorted(slots_of):
            return None
        return sql, [slots_of[param] for param in params], list(queryset.query.values_select)

    @staticmethod
    def _stand_in(slots_of: dict, slot: tuple) -> int:
        value = STAND_IN - len(slots_of)
        slots_of[value] = slot
        return value

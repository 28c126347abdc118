"""Serializers check the shape of requests only; the rules live in the services and the domain."""

MAX_ID = 2**63 - 1  # the largest primary key: larger numbers would overflow the database's integer

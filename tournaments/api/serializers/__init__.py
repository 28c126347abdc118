"""Serializers check the shape of requests only; the rules live in the services and the domain."""

"""Three named users and two tournaments: the director and the arbiter of A, the director of B."""

from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.test import APIClient

from tests.builders import make_paired, make_tournament
from tournaments.models import Tournament
from tournaments.services.pairing import round_pair_next
from tournaments.services.roles import role_grant
from tournaments.services.tokens import token_create


@dataclass
class World:
    a: Tournament
    b: Tournament
    users: dict
    tokens: dict

    def client(self, name: str | None) -> APIClient:
        """An API client authenticated by token as ``name``, or anonymous for ``None``."""
        client = APIClient()
        if name is not None:
            client.credentials(HTTP_AUTHORIZATION=f"Token {self.tokens[name]}")
        return client


@pytest.fixture(autouse=True)
def _fresh_cache_and_fast_passwords(settings):
    """Login limits start at zero; passwords hash fast (the real hasher is slow on purpose)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def world(db) -> World:
    users = {  # no password: hashing is slow, tokens suffice; directors are staff (they create tournaments)
        name: get_user_model().objects.create_user(name, is_staff=name.startswith("director"))
        for name in ("director_a", "arbiter_a", "director_b", "helper")
    }
    a = make_tournament(teams=4, name="Frankenwaldpokal", user=users["director_a"])
    role_grant(tournament=a, member=users["arbiter_a"], role="arbiter", user=users["director_a"])
    round_pair_next(tournament=a)
    b = make_tournament(teams=4, name="Kreispokal Oberfranken", user=users["director_b"])
    round_pair_next(tournament=b)
    tokens = {name: token_create(user=user, name="tests")[1] for name, user in users.items()}
    return World(a=a, b=b, users=users, tokens=tokens)


@pytest.fixture
def tandem(world):
    """A tandem event of A's director, A's arbiter its arbiter; double rounds: leg 2 swaps the
    colours of every board (Tandem §8.2)."""
    tournament = make_paired(
        preset="tandem-dsb", name="Tandem-Open", players=2, teams=4, double_rounds=True, user=world.users["director_a"]
    )
    role_grant(tournament=tournament, member=world.users["arbiter_a"], role="arbiter")
    return tournament

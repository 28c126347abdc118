import pytest
from django.contrib.auth import get_user_model

from tests.builders import make_paired, play_round


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """PBKDF2 costs seconds per login on a busy machine; tests need no real hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def td(db):
    return get_user_model().objects.create_user("td", password="arbiter", is_staff=True)


@pytest.fixture
def desk(client, td):
    """A client logged in as a staff user (the desk's only role for now)."""
    client.force_login(td)
    return client


@pytest.fixture
def running(db):
    """Four teams, all three rounds paired; round 1 played and published, round 2 played, draft."""
    from tournaments.services.publishing import round_publish

    tournament = make_paired(teams=4)
    round_1, round_2 = tournament.rounds.get(number=1), tournament.rounds.get(number=2)
    play_round(round_1, {1: "1-0 1-0 ½-½ 0-1", 2: "0-1 0-1 0-1 ½-½"})
    play_round(round_2, {1: "1-0 1-0 1-0 1-0", 2: "½-½ ½-½ ½-½ ½-½"})
    round_publish(round_=round_1)
    tournament.refresh_from_db()
    return tournament

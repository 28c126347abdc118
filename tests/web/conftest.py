from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from tests.browser import CHROMIUM, CHROMIUM_ARGS
from tests.builders import make_paired, play_round


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """PBKDF2 costs seconds per login on a busy machine; tests need no real hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def td(db):
    """Like the demo's ``td``: a superuser, director of every tournament."""
    return get_user_model().objects.create_user("td", password="arbiter", is_staff=True, is_superuser=True)


@pytest.fixture
def desk(client, td):
    """A client logged in as the superuser ``td``."""
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


@pytest.fixture
def browser_with_back_cache(playwright):
    """Chromium as a TD runs it, with its back-forward cache: Playwright turns that cache off by
    default, which hides what the Back button shows in the hall."""
    browser = playwright.chromium.launch(
        executable_path=str(CHROMIUM),
        args=CHROMIUM_ARGS,
        headless=True,
        ignore_default_args=["--disable-back-forward-cache"],
    )
    yield browser
    browser.close()


@pytest.fixture
def artifacts(settings) -> Path:
    """Screenshots for reviewers (git-ignored)."""
    folder = Path(settings.BASE_DIR) / "test-artifacts"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture
def named_users(running):
    """The desk's three people for ``running``: its director, its arbiter, and an outsider (a
    director elsewhere, staff, but without a role here)."""
    from tests.builders import make_tournament
    from tournaments.services.roles import role_grant

    make = get_user_model().objects.create_user
    director, arbiter, outsider = make("direktorin"), make("schiri"), make("fremder", is_staff=True)
    role_grant(tournament=running, member=director, role="director")
    role_grant(tournament=running, member=arbiter, role="arbiter")
    role_grant(tournament=make_tournament(teams=0, name="Anderes Turnier"), member=outsider, role="director")
    return {"director": director, "arbiter": arbiter, "outsider": outsider}

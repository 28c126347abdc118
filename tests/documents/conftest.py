import pytest

from tests.builders import make_paired, play_round


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    """Bundles are stored under a throwaway MEDIA_ROOT, never in the project's media/."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def played():
    """Frankenwald preset, 4 teams, printed in English; round 1 played, rounds 2–3 paired."""
    tournament = make_paired(teams=4, language="en")
    play_round(tournament.rounds.get(number=1), {1: "1-0 ½-½ 0-1 1-0", 2: "0-1 0-1 ½-½ +-"})
    return tournament

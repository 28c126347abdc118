"""What the hall screen shows: only what the public pages show, read the same way."""

from dataclasses import dataclass

from tournaments.models import Round, Tournament

from .pairings import RoundPairings, pairings_for_round
from .standings import Standings, standings_for_tournament


@dataclass(frozen=True)
class HallScreen:
    panels: list[str]  # the director's choice, in order (domain/hall_screen.py)
    seconds: int
    current: RoundPairings | None  # the round being played: pairings published, results not yet
    latest: RoundPairings | None  # the last round whose results are published
    standings: Standings | None


def hall_screen_for(*, tournament: Tournament, rounds: list[Round]) -> HallScreen:
    """The chosen panels' data, published only; a panel not chosen is not read.

    ``rounds`` are the tournament's rounds in order (the page has them already). Eight queries
    whatever the event's size: two rounds' encounters (two each, four with byes), the standings.
    """
    panels = list(tournament.screen_panels)
    current = next((r for r in rounds if r.published_at is None and r.pairings_published_at), None)
    latest = next((r for r in reversed(rounds) if r.published_at is not None), None)
    return HallScreen(
        panels=panels,
        seconds=tournament.screen_seconds,
        current=pairings_for_round(round_=current, published_only=True) if current and "pairings" in panels else None,
        latest=pairings_for_round(round_=latest, published_only=True) if latest and "results" in panels else None,
        standings=(
            standings_for_tournament(tournament=tournament, published_only=True) if "standings" in panels else None
        ),
    )

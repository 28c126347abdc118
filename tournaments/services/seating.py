"""Who sits where in a new encounter's games: the discipline's plan filled with the sides' lineups.

The discipline plans the games (``DisciplineRules.games``: a board of two seats per lineup rank,
one table of four for Viererschach, one table of 2–4 entrants for Schach4); this fills each seat
with the player of that side's lineup at that rank, so the pairing service never asks which
discipline it pairs.
"""

from collections.abc import Sequence

from .encounters import GamePlan


def planned_games(
    discipline, *, pattern: str, lineups: Sequence[Sequence], results: Sequence[str]
) -> tuple[GamePlan, ...]:
    """The games of an encounter of ``len(lineups)`` sides, the first side's colours by
    ``pattern``; ``results`` per game where empty seats already imply one (Blitz preamble)."""
    if len(lineups) < 2:
        return ()
    games = discipline.games(pattern, sides=len(lineups))
    return tuple(
        GamePlan(
            board=game.board,
            players=tuple(_player(lineups[seat.side], seat.rank) for seat in game.seats),
            colours=tuple(seat.colour for seat in game.seats),
            result=results[game.board - 1] if game.board <= len(results) else "",
            sides=tuple(seat.side + 1 for seat in game.seats),
        )
        for game in games
    )


def _player(lineup: Sequence, rank: int):
    return lineup[rank - 1] if rank <= len(lineup) else None

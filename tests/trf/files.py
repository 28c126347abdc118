"""Small TRF-2026 team files written line by line, as the big programs write them: 310 teams
with reserves, 001 players with their rounds, and whatever records a test adds (013, 300, 320,
330, 240). Players are numbered team by team, ``size`` to a team."""

from io import StringIO

from django.core.management import call_command

from tournaments.domain.trf import TrfGame, TrfPlayer
from tournaments.domain.trf.writer import _player
from tournaments.models import Tournament


def team_line(number: int, name: str, roster: tuple[int, ...]) -> str:
    """310: number in 5–7, name in 9–40, the roster from column 74 in 5-column steps."""
    return f"310 {number:3d} {name:<32} {'':19} {'':6} {'':3}  " + " ".join(f"{p:4d}" for p in roster)


def old_team_line(name: str, roster: tuple[int, ...]) -> str:
    """013 (TRF16, to be phased out): the name in 5–36, the roster from column 37."""
    return f"013 {name:<32}" + " ".join(f"{p:4d}" for p in roster)


def trf_text(
    records: list[str],
    rounds: dict[int, dict[int, tuple]],
    *,
    teams: int = 2,
    size: int = 2,
    after: list[str] = (),
    fide_ids: dict[int, str] | None = None,
) -> str:
    """``records`` above the players, ``after`` below the teams; each player's games per round
    from ``rounds`` (round -> player -> (opponent, colour, result))."""
    players = [
        TrfPlayer(
            n,
            f"Player {n}",
            fide_id=(fide_ids or {}).get(n, ""),
            games={r: TrfGame(*games[n]) for r, games in rounds.items() if n in games},
        )
        for n in range(1, size * teams + 1)
    ]
    rosters = [tuple(range(size * t - size + 1, size * t + 1)) for t in range(1, teams + 1)]
    lines = [
        *records,
        *map(_player, players),
        *(team_line(t, f"Team {t}", roster) for t, roster in enumerate(rosters, start=1)),
        *after,
    ]
    return "\n".join(lines) + "\n"


def import_text(tmp_path, text: str, *args) -> Tournament:
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="utf-8")
    out = StringIO()
    call_command("import_trf", str(path), *args, stdout=out)
    return Tournament.objects.get(slug=out.getvalue().strip())


def boards_of(tournament: Tournament, number: int, table: int = 1) -> list[tuple]:
    """(board, first player, second player, result) of one encounter."""
    match = tournament.rounds.get(number=number).matches.get(table=table)
    return [
        (
            b.board,
            b.first_player.name if b.first_player else None,
            b.second_player.name if b.second_player else None,
            b.result,
        )
        for b in match.boards.order_by("board")
    ]

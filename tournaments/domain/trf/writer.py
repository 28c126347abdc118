"""Writing TRF-2026: every record at the columns the format fixes (and gacrux reads)."""

from ..errors import RuleViolation
from .event import TrfEvent, TrfPlayer, TrfTeam, size_refusal


def write_trf(event: TrfEvent) -> str:
    """The file; refused (RuleViolation) for an event too large for TRF's numbers."""
    if refusal := size_refusal(teams=len(event.teams), players=len(event.players)):
        raise RuleViolation(refusal, field="format", rule="FIDE TRF-2026")
    lines = [f"012 {event.name}"]
    if event.city:
        lines.append(f"022 {event.city}")
    if event.federation:
        lines.append(f"032 {event.federation}")
    if event.start:
        lines.append(f"042 {event.start:%Y/%m/%d}")  # TRF-2026: YYYY/MM/DD
    if event.end:
        lines.append(f"052 {event.end:%Y/%m/%d}")
    lines += [
        f"062 {len(event.players)}",
        f"072 {sum(1 for p in event.players if p.rating)}",
        f"082 {len(event.teams)}",
        f"092 {event.type_name}",
    ]
    if event.round_dates:
        lines.append(_round_dates(event))
    lines.append(f"142 {event.rounds}")
    if event.initial_colour:
        lines.append(f"152 {event.initial_colour}")
    lines.append(f"192 {event.type_code}")
    if event.tiebreaks:
        lines.append("202 " + ",".join(event.tiebreaks))  # TRF-2026: a comma-separated list
        lines.append("212 " + ",".join(("MPTS", *event.tiebreaks)))
    win, draw, loss = event.match_points
    lines += [f"352 {event.colour_sequence}", f"362 TW{win:4.1f}   TD{draw:4.1f}   TL{loss:4.1f}"]
    lines += [_player(p) for p in event.players]
    lines += [_team(t) for t in event.teams]
    lines += [
        f"300 {u.round:3d} {u.team:3d} {u.opponent:3d} "
        + " ".join(f"{p:04d}" if p == 0 else f"{p:4d}" for p in u.players)
        for u in event.lineups
    ]
    if event.pab:
        rounds = "".join(f" {event.pab.get(r, 0):3d}" for r in range(1, event.rounds + 1))
        lines.append(f"320 {event.pab_points[0]:4.1f} {event.pab_points[1]:4.1f}{rounds}")
    lines += [f"330 {f.code} {f.round:3d} {f.first:3d} {f.second:3d}" for f in event.forfeits]
    for (kind, number), players in sorted(event.byes.items(), key=lambda item: (item[0][1], item[0][0])):
        lines.append(f"240 {kind} {number:3d} " + " ".join(f"{p:4d}" for p in players))
    return "\n".join(lines) + "\n"


def _player(player: TrfPlayer) -> str:
    """001: number 5–8, name 15–47, rating 49–52, federation 54–56, FIDE ID 58–68, birth date 70–79,
    points 81–84,
    then one 10-column block per round: opponent, colour, result."""
    line = (
        f"001 {player.number:4d}      {player.name[:33]:<33} {player.rating or 0:4d} {player.federation[:3]:<3} "
        f"{_fide_id(player.fide_id):>11} {f'{player.birth_date:%Y/%m/%d}' if player.birth_date else '':10} "
        f"{player.points:4.1f} {0:4d}"
    )
    last = max(player.games, default=0)
    for number in range(1, last + 1):
        game = player.games.get(number)
        line += f"  {game.opponent:04d} {game.colour} {game.result}" if game else " " * 10
    return line.rstrip()


def _fide_id(text: str) -> str:
    return text if text.isdigit() and len(text) <= 11 else ""


def _team(team: TrfTeam) -> str:
    """310: number 5–7, name 9–40, match points 55–60, game points 62–67, rank 69–71, then the
    roster's player numbers in 5-column steps from column 74."""
    points = f"{team.match_points:6.1f} {team.game_points:6.1f}"
    line = f"310 {team.number:3d} {team.name[:32]:<32} {'':5} {'':6} {points} {team.rank:3d}  "
    return (line + " ".join(f"{p:4d}" for p in team.roster)).rstrip()


def _round_dates(event: TrfEvent) -> str:
    """132: the date of round r in columns 92 + 10·(r − 1) on, as YY/MM/DD."""
    line = "132" + " " * 86
    for number in range(1, event.rounds + 1):
        date = event.round_dates.get(number)
        line += f"  {date:%y/%m/%d}" if date else " " * 10
    return line.rstrip()

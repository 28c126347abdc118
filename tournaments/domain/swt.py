"""SwissChess tournament files (``.SWT``, version 8), read as a TRF event, so a team tournament
started in SwissChess comes into Arbiter through the TRF import's rules (boards, byes, checks).

The layout is public in the structure files of fnogatz/SWT-structure-files (LGPL; the offsets
below are the format's facts, the code is ours): general data from byte 0; from ``FIXTURES``
on, once a round is paired, a 19-byte pairing per player and round (players in file order),
then one per team and round; then the players (655 bytes each), then the teams (655 bytes
each). Two-byte numbers are little-endian; text is Windows-1252, ended by a zero byte.
docs/dwz-report.md says what is read and what is not.
"""

import datetime
from dataclasses import dataclass, field

from .errors import RuleViolation, gettext_noop
from .trf.event import TrfEvent, TrfGame, TrfLineup, TrfPlayer, TrfTeam

FIXTURES, PAIRING, PLAYER, TEAM = 13384, 19, 655, 655  # structure.csv of version 8.00
SWISS, ROUND_ROBIN = 0, 1  # general field 31 (Turniermodus)
COLOURS = {1: "w", 3: "b"}  # pairing byte 8: 1 White, 3 Black (2, 4: a bye)
BYES = (2, 4)  # "Heim/Auswärts (spielfrei)", in the team pairings the pairing-allocated bye
RESULTS = {1: "0", 2: "=", 3: "1"}  # pairing byte 11, its low two bits
FORFEITED, NOT_FIELDED = (0x02, 0x22), (0x03, 0x33)  # pairing byte 15: "kampflos", "nicht eingesetzt"
MATCH_POINTS = {0: (2.0, 1.0, 0.0), 1: (3.0, 1.0, 0.0)}  # general field 82
DAY_ZERO = datetime.date(1899, 12, 30)  # round dates count days from it (general field 89 on)


def _refuse(message: str, **params):
    raise RuleViolation(message, field="SWT", rule="SwissChess", **params)


@dataclass(frozen=True, slots=True)
class _View:
    data: bytes

    def byte(self, at: int) -> int:
        if at >= len(self.data):
            _refuse(
                gettext_noop("the file ends at byte %(value)d, before the data it announces."), value=len(self.data)
            )
        return self.data[at]

    def word(self, at: int) -> int:
        return self.byte(at) | self.byte(at + 1) << 8

    def text(self, start: int, end: int) -> str:
        self.byte(end)
        return self.data[start : end + 1].split(b"\0", 1)[0].decode("cp1252", errors="replace").strip()


@dataclass(slots=True)
class _Player:
    number: int  # TNr.-ID, what the pairings name
    name: str
    position: int  # the roster's board order
    rating: int
    fide_id: str
    federation: str
    birth_date: datetime.date | None
    national_id: str
    games: dict[int, TrfGame] = field(default_factory=dict)


def read_swt(data: bytes) -> TrfEvent:
    """A SwissChess team tournament as TRF data; anything else is refused with the reason."""
    view = _View(data)
    if (version := view.word(0x261)) < 800:
        _refuse(gettext_noop("file version %(value)d: SwissChess files before version 8 are not read."), value=version)
    if view.byte(0x25E) != 0xFF:
        _refuse(gettext_noop("an individual tournament; Arbiter imports SwissChess team tournaments."))
    if (mode := view.byte(0x254)) not in (SWISS, ROUND_ROBIN):
        _refuse(gettext_noop("tournament mode %(value)d: only a Swiss or a round robin is read."), value=mode)
    if (scoring := view.byte(0x53A)) not in MATCH_POINTS:
        _refuse(gettext_noop("match points of the tournament's own ('Eigene Wertung') are not read."))
    rounds, paired, count, boards, team_count = (
        view.byte(0x1),
        view.byte(0x5),
        view.word(0x7),
        view.byte(0x25C),
        view.byte(0x534),
    )
    player_at = FIXTURES + ((count + team_count) * rounds * PAIRING if paired else 0)
    team_at = player_at + count * PLAYER
    players = [_player(view, player_at + index * PLAYER) for index in range(count)]
    teams = [_team(view, team_at + index * TEAM) for index in range(team_count)]
    team_of = _team_of(players, teams)
    by_number = {player.number: player for player in players}
    seats: dict[tuple[int, int], dict[int, int]] = {}
    for index, player in enumerate(players if paired else []):
        for number in range(1, rounds + 1):
            board, game = _game(view, FIXTURES + (index * rounds + number - 1) * PAIRING)
            if game is not None and 1 <= board <= boards:
                player.games[number] = game
                seats.setdefault((number, team_of[player.number]), {})[board] = player.number
    _check_opponents(by_number, team_of)
    pab = {
        number: team_number
        for index, (team_number, *_rest) in enumerate(teams if paired else [])
        for number in range(1, rounds + 1)
        if view.byte(FIXTURES + (count * rounds + index * rounds + number - 1) * PAIRING + 8) in BYES
    }
    return TrfEvent(
        name=view.text(0x316, 0x33D) or view.text(0xF5, 0x130) or "SwissChess",
        rounds=rounds,
        type_code="FIDE_TEAM_ROUNDROBIN" if mode == ROUND_ROBIN else "FIDE_TEAM",
        type_name="SwissChess",
        colour_sequence="",
        match_points=MATCH_POINTS[scoring],
        tiebreaks=(),
        players=tuple(
            TrfPlayer(p.number, p.name, p.rating, p.fide_id, p.federation, p.games, p.birth_date, p.national_id)
            for p in players
        ),
        teams=tuple(
            TrfTeam(number, name, 0.0, 0.0, 0, tuple(p.number for p in _roster(players, team_of, number)))
            for number, name, *_rest in teams
        ),
        start=_dotted(view.text(0x41F, 0x432)),
        end=_dotted(view.text(0x434, 0x447)),
        round_dates=_round_dates(view, rounds),
        lineups=_lineups(seats, by_number, team_of, boards),
        pab=pab,
    )


def _player(view: _View, at: int) -> _Player:
    """Name 0–1F, Elo 46–49, DWZ 4B–4E, federation 69–6B, birth date 80–89, ZPS 99–9D, member
    number 9F–A2, board order CB, TNr.-ID DB–DC, FIDE ID 144–14F, PKZ 151–15C."""
    dwz, elo = view.text(at + 0x4B, at + 0x4E), view.text(at + 0x46, at + 0x49)
    zps, member, pkz = (
        view.text(at + 0x99, at + 0x9D),
        view.text(at + 0x9F, at + 0xA2),
        view.text(at + 0x151, at + 0x15C),
    )
    fide_id = view.text(at + 0x144, at + 0x14F)
    return _Player(
        number=view.word(at + 0xDB),
        name=view.text(at, at + 0x1F),
        position=view.byte(at + 0xCB),
        rating=int(dwz) if dwz.isdecimal() else int(elo) if elo.isdecimal() else 0,
        fide_id=fide_id if fide_id.strip("0") else "",
        federation=view.text(at + 0x69, at + 0x6B),
        birth_date=_dotted(view.text(at + 0x80, at + 0x89)),
        national_id=f"{zps}-{member}" if zps and member else pkz,
    )


def _team(view: _View, at: int) -> tuple[int, str, int, int]:
    """(MNr.-ID at D9–DA, less 998; the name 0–1F; the first player's TNr.-ID − 1 at CF–D0 and
    the number of players at D5): a team's players have consecutive TNr.-IDs."""
    return view.word(at + 0xD9) - 998, view.text(at, at + 0x1F), view.word(at + 0xCF), view.byte(at + 0xD5)


def _team_of(players: list[_Player], teams: list[tuple[int, str, int, int]]) -> dict[int, int]:
    team_of = {}
    for number, _name, first, count in teams:
        for player in range(first + 1, first + count + 1):
            team_of[player] = number
    for player in players:
        if player.number not in team_of:
            _refuse(gettext_noop("player “%(value)s” is on no team."), value=player.name)
    return team_of


def _roster(players: list[_Player], team_of: dict[int, int], team: int) -> list[_Player]:
    return sorted((p for p in players if team_of[p.number] == team), key=lambda p: (p.position, p.number))


def _game(view: _View, at: int) -> tuple[int, TrfGame | None]:
    """(board at byte 18, the game): colour at 8, opponent's TNr.-ID at 9–10, result at 11,
    status at 15. A bye, a player not fielded or no pairing is no game."""
    colour, status = view.byte(at + 8), view.byte(at + 15)
    if colour not in COLOURS or status in NOT_FIELDED:
        return 0, None
    opponent, result = view.word(at + 9), RESULTS.get(view.byte(at + 11) & 3, "")
    if status in FORFEITED:
        result = {"1": "+", "0": "-"}.get(result, "-")
    return view.byte(at + 18), TrfGame(opponent, COLOURS[colour] if opponent else "-", result)


def _check_opponents(by_number: dict[int, _Player], team_of: dict[int, int]) -> None:
    """Each game's opponent is a player of another team whose own pairing names this one."""
    for player in by_number.values():
        for number, game in player.games.items():
            if not game.opponent:
                continue
            other = by_number.get(game.opponent)
            theirs = other.games.get(number) if other else None
            if theirs is None or theirs.opponent != player.number or team_of[other.number] == team_of[player.number]:
                _refuse(
                    gettext_noop(
                        "round %(round)d: the pairing of “%(value)s” names an opponent who does not name them."
                    ),
                    round=number,
                    value=player.name,
                )


def _lineups(seats, by_number, team_of, boards: int) -> tuple[TrfLineup, ...]:
    """Each team's boards in each round as SwissChess set them (a 300 record each)."""
    lineups = []
    for (number, team), placed in sorted(seats.items()):
        opponents = {team_of.get(by_number[p].games[number].opponent, 0) for p in placed.values()} - {0}
        lineups.append(
            TrfLineup(number, team, min(opponents, default=0), tuple(placed.get(b, 0) for b in range(1, boards + 1)))
        )
    return tuple(lineups)


def _round_dates(view: _View, rounds: int) -> dict[int, datetime.date]:
    """General fields 89, 91, …: round r's date at 2CC1 + 4·(r − 1), days since 30 Dec 1899."""
    dates = {}
    for number in range(1, min(rounds, 40) + 1):
        days = view.word(0x2CC1 + 4 * (number - 1))
        if days:
            dates[number] = DAY_ZERO + datetime.timedelta(days=days)
    return dates


def _dotted(text: str) -> datetime.date | None:
    """DD.MM.YYYY (SwissChess's dates); a year alone or anything else is no date."""
    try:
        return datetime.datetime.strptime(text.strip(), "%d.%m.%Y").date()
    except ValueError:
        return None

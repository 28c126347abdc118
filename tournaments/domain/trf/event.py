"""An event as a TRF-2026 file states it: numbered players and teams, games per round."""

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

from ..errors import gettext_noop

TRF_TEAMS = 999  # record 310 numbers teams in columns 5–7: a larger event has no TRF file
TRF_PLAYERS = 9999  # record 001 numbers players in columns 5–8
TOO_MANY_TEAMS = gettext_noop("more than 999 teams: a TRF-2026 file numbers teams in three digits (record 310)")
TOO_MANY_PLAYERS = gettext_noop("more than 9999 players: a TRF-2026 file numbers players in four digits (record 001)")
RESULT_CODES = frozenset("10=+-HFUZWDL")  # a 001 round's result, as a file may write it


def size_refusal(*, teams: int, players: int) -> str:
    """Why an event this large has no TRF file, untranslated ("": it has one); a file with
    wider numbers would shift every column after them and no reader could parse it."""
    if teams > TRF_TEAMS:
        return TOO_MANY_TEAMS
    if players > TRF_PLAYERS:
        return TOO_MANY_PLAYERS
    return ""


class TrfGame(NamedTuple):
    """One round of a player's 001 record: the opponent's number (0: none), the colour
    (``w``, ``b`` or ``-``) and the result code (``1 = 0 + - H F U Z``; empty: paired, not yet
    played). A named tuple, immutable all the same: one is read for every player and round, and
    a frozen dataclass costs several times as much to build."""

    opponent: int
    colour: str
    result: str


class TrfPlayer(NamedTuple):
    """A 001 record. A named tuple, as ``TrfGame``: one is read for every player of a file."""

    number: int
    name: str
    rating: int = 0
    fide_id: str = ""
    federation: str = ""
    games: Mapping[int, TrfGame] = MappingProxyType({})  # round -> game
    birth_date: datetime.date | None = None  # columns 70–79, YYYY/MM/DD
    national_id: str = ""  # not in TRF: a national record (a SwissChess file's ZPS-member or PKZ)

    @property
    def points(self) -> float:
        return sum(_GAME_POINTS[g.result] for g in self.games.values())


_GAME_POINTS = {"": 0.0, "1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "H": 0.5, "F": 1.0, "U": 1.0, "Z": 0.0}


class TrfTeam(NamedTuple):
    """A 310 (or 013) record. A named tuple, as ``TrfGame``: a frozen dataclass cost a team
    record more than reading its line."""

    number: int
    name: str
    match_points: float
    game_points: float
    rank: int
    roster: tuple[int, ...]  # player numbers in registered board order


@dataclass(frozen=True, slots=True)
class TrfLineup:
    """Record 300: who played on boards 1..n where it differs from the roster (0: empty board)."""

    round: int
    team: int
    opponent: int
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TrfForfeit:
    """Record 330: a match no game of which was played; ``code`` is ``+-``, ``-+`` or ``--``."""

    round: int
    first: int
    second: int
    code: str


@dataclass(frozen=True, slots=True)
class TrfEvent:
    name: str
    rounds: int
    type_code: str  # record 192, e.g. FIDE_TEAM_ROUNDROBIN
    type_name: str  # record 092, free text
    colour_sequence: str  # record 352: board 1..n colour of the first-named team
    match_points: tuple[float, float, float]  # record 362: win, draw, loss
    tiebreaks: tuple[str, ...]  # record 202, FIDE syntax
    players: tuple[TrfPlayer, ...]
    teams: tuple[TrfTeam, ...]
    city: str = ""
    federation: str = ""
    start: datetime.date | None = None
    end: datetime.date | None = None
    round_dates: dict[int, datetime.date] = field(default_factory=dict)
    lineups: tuple[TrfLineup, ...] = ()
    forfeits: tuple[TrfForfeit, ...] = ()
    pab: dict[int, int] = field(default_factory=dict)  # round -> the team with the PAB (record 320)
    pab_points: tuple[float, float] = (0.0, 0.0)  # match points, game points of the PAB
    byes: dict[tuple[str, int], tuple[int, ...]] = field(
        default_factory=dict
    )  # (H|F|Z, round) -> teams (240; a team event lists team numbers)
    initial_colour: str = ""  # record 152, W or B: the lot drawn before round 1 (C.04.6 art. 4.1)
    legacy_teams: bool = False  # the teams are TRF16's 013 records: the file has no 320, 330 or 300
    # player -> the points in columns 81–84 of the 001 record and its line: the line a refusal of the
    # player's games names (``game_check``); none: an event not read from a TRF file, checked where
    # made. Where a record stands in the file is not what the file says: not compared
    stated: Mapping[int, tuple[float, int]] = field(default=MappingProxyType({}), compare=False, repr=False)

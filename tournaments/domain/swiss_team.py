"""Team Swiss pairing (FIDE Handbook C.04.6, applied from 1 February 2026) by gacrux's engine.

A pure adapter: the event so far (teams by seed = team pairing number, every match played) goes
in, the next round's pairs come out with the engine's version. Our seam is this function; the
pairing-system strategy of the ``rules`` work will call it. It hands gacrux the event as a
TRF-2026 text, the format the engine reads best (a known cost on the hot path: building gacrux's
own JSON directly would save the round trip).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from gacrux.gacruxexeptions import GacruxNoLegalPairing
from gacrux.pairingfideteam import pairing_fideteam
from gacrux.trf2json import trf2json
from gacrux.version import version as gacrux_version

from .errors import RuleViolation, gettext_noop
from .presets import MatchPoints
from .scoring import MatchRecord
from .trf import TrfEvent, TrfGame, TrfPlayer, TrfTeam, write_trf


class ColourModel(StrEnum):
    """C.04.6 art. 1.7: type A colour preferences unless the competition names type B or none."""

    TYPE_A = "TYPEA"
    TYPE_B = "TYPEB"
    NONE = ""


@dataclass(frozen=True, slots=True)
class SwissRound:
    pairs: list[tuple[int, int | None]]  # (first-named = white on board 1, second) seeds; bye: None
    engine: str  # "gacrux 1.11.65", recorded with the pairing


def pair_team_swiss_round(
    *,
    teams: int,
    boards: int,
    rounds: int,
    number: int,
    played: Sequence[MatchRecord],
    colour_pattern: str,
    initial_colour: str = "W",
    colour_model: ColourModel = ColourModel.TYPE_A,
    points: MatchPoints = MatchPoints(),
) -> SwissRound:
    """Pair round ``number`` of ``rounds``; seeds 1..teams are the team pairing numbers.

    ``played`` holds the matches of rounds 1..number − 1 as the standings see them; the
    first-named team of a match had ``colour_pattern`` (board 1 decides the team's colour).
    """
    text = write_trf(team_swiss_event(teams, boards, rounds, played, colour_pattern, initial_colour, colour_model, points))
    reader = trf2json()
    reader.parse_file(text, False)
    tournament = reader.get_tournament(1)
    tournament.setdefault("maxMeets", 1)
    try:
        brackets = pairing_fideteam(tournament, number, {"experimental": [], "verbose": 0}).compute_pairing(False, 0)
    except GacruxNoLegalPairing:
        raise RuleViolation(
            gettext_noop("round %(number)d has no legal pairing under C.04.6 (art. 3.3.3)."), field="pairing", number=number
        ) from None
    pairs = [(pair["w"], pair["b"] or None) for bracket in brackets for pair in sorted(bracket["pairs"], key=lambda p: p["board"])]
    return SwissRound(pairs, "gacrux " + gacrux_version()["version"])


def team_swiss_event(teams, boards, rounds, played, pattern, initial_colour="W", model=ColourModel.TYPE_A, points=MatchPoints()) -> TrfEvent:
    """The event so far as TRF data: player n of team s is (s − 1)·boards + n, board order fixed."""
    def player(seed, board):
        return (seed - 1) * boards + board

    games: dict[int, dict[int, TrfGame]] = {player(s, b): {} for s in range(1, teams + 1) for b in range(1, boards + 1)}
    pab = {}
    for record in played:
        if record.second is None:
            pab[record.round] = record.first
            continue
        for index, (mine, theirs) in enumerate(zip(record.sides[0].boards, record.sides[1].boards)):
            colour = pattern[index].lower()
            for seed, other, own_points, own_colour in (
                (record.first, record.second, mine, colour),
                (record.second, record.first, theirs, "b" if colour == "w" else "w"),
            ):
                code = ("-", "+")[int(own_points)] if record.unplayed else {1.0: "1", 0.5: "=", 0.0: "0"}[own_points]
                games[player(seed, index + 1)][record.round] = TrfGame(player(other, index + 1), own_colour, code)
    model_code = f"_{model.value}" if model.value else ""
    return TrfEvent(
        name="Swiss",
        rounds=rounds,
        type_code=f"FIDE_TEAM{model_code}_MP_GP",
        type_name="Team Swiss (C.04.6)",
        colour_sequence=pattern,
        match_points=(points.win, points.draw, points.loss),
        tiebreaks=(),
        players=tuple(TrfPlayer(n, f"Player {n}", games=g) for n, g in games.items()),
        teams=tuple(
            TrfTeam(s, f"Team {s}", 0.0, 0.0, 0, tuple(player(s, b) for b in range(1, boards + 1))) for s in range(1, teams + 1)
        ),
        pab=pab,
        pab_points=(points.draw, boards / 2),  # C.04.6 default: the PAB scores a drawn match
        initial_colour=initial_colour,
    )

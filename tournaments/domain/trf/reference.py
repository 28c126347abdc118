"""FIDE's reference tool, gacrux, run in-process on a TRF text: its tie-break values and ranks.

gacrux (MIT, by the author of FIDE's TEC tooling) reads the TRF exactly as FIDE's checkers do, so
agreeing with it is agreeing with FIDE's reading of C.07. Our codes are mapped to its names where
ours differ (BP is its GPTS, our SB on match points its EMMSB, FWB its TBR); Berliner Wertung is
ours alone and has no counterpart.
"""

from dataclasses import dataclass
from decimal import Decimal

from gacrux.tiebreak import tiebreak as GacruxTiebreak
from gacrux.trf2json import trf2json
from gacrux.version import version as gacrux_version

GACRUX_NAMES = {"MP": "MPTS", "BP": "GPTS", "SB": "EMMSB", "FWB": "TBR"}
NO_COUNTERPART = frozenset({"BW", "FWB"})  # ours, not C.07: Berliner Wertung, first won board (Blitz §16)


@dataclass(frozen=True, slots=True)
class ReferenceStandings:
    version: str
    ranks: dict[int, int]  # team number -> rank
    values: dict[str, dict[int, float]]  # our code -> team number -> gacrux's value


def reference_standings(
    trf: str, codes: list[str], *, after_round: int = -1, edition: str = "2026"
) -> ReferenceStandings:
    """gacrux's values for every code and its ranks for MP followed by ``codes``, in that order,
    after round ``after_round`` (-1: after the rounds record 142 declares; a Swiss still running
    must say how far it is, or gacrux counts the rounds to come as unplayed, C.07 Art. 16).

    ``edition``: the C.07 edition both sides value unplayed rounds by, named to gacrux with its
    ``/V`` modifier (left alone, gacrux picks the edition by the 042 start date)."""
    return reference_ranking(reference_tournament(trf), codes, after_round=after_round, edition=edition)


def reference_tournament(trf: str) -> dict:
    """gacrux's reading of the TRF text (its chess-json tournament); most of a check's time at
    200 teams is here, so the benchmark times it apart from the ranking."""
    reader = trf2json()
    reader.parse_file(trf, False)
    status = reader.chessjson["status"]
    if status["code"] >= 400:
        raise ValueError(f"gacrux refused the TRF: {status}")
    tournament = reader.get_tournament(1)
    for match in tournament.get("matchList", ()):
        # a board empty on both sides (two short teams met; record 300 says 0000 for both) is no
        # game, but gacrux's reader lists it as game 0, which its tie-breaks then look up and fail
        # on (KeyError: 0; docs/gacrux-double-empty-board.md): left out of what gacrux reads
        match["games"] = [game for game in match.get("games", ()) if game != 0]
    return tournament


def reference_ranking(
    tournament: dict, codes: list[str], *, after_round: int = -1, edition: str = "2026"
) -> ReferenceStandings:
    """gacrux's tie-break computation on a tournament ``reference_tournament`` read."""
    names = ["MPTS", *(f"{GACRUX_NAMES.get(code, code)}/V{edition}" for code in codes)]
    params = {"tiebreak": names, "check": False, "current_round": after_round}
    result = GacruxTiebreak(tournament, after_round, params).compute_tiebreaks(tournament, params)
    ranks, values = {}, {code: {} for code in codes}
    for competitor in result["competitors"]:
        ranks[competitor["cid"]] = competitor["rank"]
        for code, value in zip(codes, competitor["tiebreakScore"][1:]):
            values[code][competitor["cid"]] = float(value) if isinstance(value, (Decimal, int, float)) else value
    return ReferenceStandings(gacrux_version()["version"], ranks, values)


@dataclass(frozen=True, slots=True)
class Difference:
    team: int  # team number (TRF), the seed
    code: str  # a tie-break code, or RANK
    ours: object
    reference: object


def reference_differences(
    ours: dict[int, tuple[int, dict[str, object]]], reference: ReferenceStandings, codes: list[str], *, ranks: bool
) -> list[Difference]:
    """Where gacrux and we disagree: ``ours`` maps a team number to (rank, {code: value}); every
    value of ``codes`` is compared, and the ranks too when ``ranks`` (one chain on both sides)."""
    differences = []
    for team, (rank, values) in sorted(ours.items()):
        for code in codes:
            theirs = reference.values[code].get(team)
            mine = values.get(code)
            mine = list(mine) if isinstance(mine, tuple) else mine
            if not _equal(mine, theirs):
                differences.append(Difference(team, code, mine, theirs))
        if ranks and reference.ranks.get(team) != rank:
            differences.append(Difference(team, "RANK", rank, reference.ranks.get(team)))
    return differences


def _equal(mine, theirs) -> bool:
    if isinstance(mine, (int, float)) and isinstance(theirs, (int, float)):
        return abs(mine - theirs) < 1e-9
    return mine == theirs


def checkable_codes(codes) -> list[str]:
    """The codes gacrux computes as we do: ours alone (BW, FWB) and the group-local ones (DE, EDE:
    their values depend on the tied group, so only their ranks are compared; EDE's variants too)
    are left out."""
    return [
        code
        for code in dict.fromkeys(codes)
        if code not in NO_COUNTERPART and code.split(":")[0] != "DE" and not code.startswith("EDE")
    ]

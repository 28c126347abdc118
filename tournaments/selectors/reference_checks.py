"""What the director reads when FIDE's reference tool (gacrux) disagrees with us (issue 16).

The checks store seeds and codes (``services/standings_check.py``, ``services/pairing_check.py``);
the desk shows which team, which criterion (or which table), our value and gacrux's, so the
director can see at a glance where the two part ways, not just that they do.
"""

from dataclasses import dataclass

from tournaments.models import MatchSide, Round, StandingsCheck, Tournament


@dataclass(frozen=True)
class StandingsDifference:
    team: str
    code: str  # a tie-break code in FIDE's syntax (``BH:MP/C1``), MP, or RANK for the place
    ours: object
    reference: object


@dataclass(frozen=True)
class PairingDifference:
    table: int
    ours: tuple[str, str | None]  # first-named team, opponent (None: the bye)
    reference: tuple[str, str | None] | None  # gacrux's pair at that table (None: it has fewer)


def standings_differences(*, tournament: Tournament, check: StandingsCheck | None) -> list[StandingsDifference]:
    """The stored differences with team names, by team then criterion (one query; none: no check)."""
    if check is None or not check.differences:
        return []
    names = dict(tournament.teams.values_list("seed", "name"))
    rows = [
        StandingsDifference(names.get(d["team"], str(d["team"])), d["code"], d["ours"], d["reference"])
        for d in check.differences
    ]
    return sorted(rows, key=lambda row: (row.team.casefold(), row.code))


def pairing_differences(*, round_: Round) -> list[PairingDifference]:
    """The tables where gacrux's pairing checker pairs the round otherwise (two queries; none when
    it agrees or has not answered). Tables in our order; gacrux's pairs in its own table order."""
    check = round_.pairing_check
    if not check or "agrees" not in check or check["agrees"] or check.get("failed"):  # unanswered, agrees, failed
        return []
    names = dict(Tournament.objects.get(pk=round_.tournament_id).teams.values_list("seed", "name"))
    sides = (
        MatchSide.objects.filter(match__round=round_, match__leg=1)
        .order_by("match__table", "position")
        .values_list("match__table", "team__seed")
    )
    ours: dict[int, list[int]] = {}
    for table, seed in sides:
        ours.setdefault(table, []).append(seed)
    expected = [tuple(pair) for pair in check.get("expected", [])]

    def named(pair) -> tuple[str, str | None]:
        first, second = (list(pair) + [None])[:2]
        return names.get(first, str(first)), (names.get(second, str(second)) if second else None)

    differences = []
    for index, table in enumerate(sorted(ours)):
        own = tuple(ours[table]) if len(ours[table]) > 1 else (ours[table][0], None)
        reference = expected[index] if index < len(expected) else None
        if reference is None or tuple(reference) != own:
            differences.append(
                PairingDifference(table, named(own), named(reference) if reference is not None else None)
            )
    return differences

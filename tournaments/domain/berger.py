"""Round robin pairings from the FIDE Berger tables (FIDE Handbook C.05, Annex 1).

Numbers are Berger numbers (the teams' seeds). With an odd number of teams a dummy N = n + 1 is
added; the team paired with it has a bye. In a pair ``(a, b)`` a is the first-named team.
"""

Pair = tuple[int, int | None]


def berger_rounds(teams: int) -> list[list[Pair]]:
    """All rounds of a single round robin, tables in order, byes as ``(team, None)``."""
    return [berger_round(teams, number) for number in range(1, berger_round_count(teams) + 1)]


def berger_round_count(teams: int) -> int:
    """Rounds of a single round robin: N − 1, with N = n rounded up to even (a dummy for a bye)."""
    return teams + teams % 2 - 1 if teams >= 2 else 0


def berger_round(teams: int, number: int) -> list[Pair]:
    """One round of the table, computed directly, so pairing round 3 of 2,000 teams stays cheap.

    Round 1 is ``i – (N+1−i)``; each later round maps every number except N on by N/2 modulo
    N−1, and N alternates between second place (odd rounds) and first place (even rounds) on
    table 1. This reproduces the published tables exactly.
    """
    n = teams + teams % 2
    steps = (number - 1) * (n // 2)

    def advance(value: int) -> int:
        return value if value == n else (value - 1 + steps) % (n - 1) + 1

    pairs = [(advance(i), advance(n + 1 - i)) for i in range(1, n // 2 + 1)]
    other = pairs[0][0]
    pairs[0] = (other, n) if number % 2 else (n, other)
    return [_with_bye(pair, teams) for pair in pairs]


def double_berger_rounds(teams: int) -> list[list[Pair]]:
    """Two cycles: the second repeats the first with first- and second-named swapped.

    C.05 recommends swapping the last two rounds of the first cycle, so that no team is
    first-named three times running across the cycle boundary; the second cycle keeps the
    table's original order.
    """
    single = berger_rounds(teams)
    if len(single) < 2:
        return single + [_reversed(r) for r in single]
    first_cycle = single[:-2] + [single[-1], single[-2]]
    return first_cycle + [_reversed(r) for r in single]


def double_berger_round(teams: int, number: int) -> list[Pair]:
    """One round of :func:`double_berger_rounds`, computed without the others."""
    single, second_cycle = _single_round(teams, number)
    pairs = berger_round(teams, single)
    return _reversed(pairs) if second_cycle else pairs


def berger_bye(teams: int, number: int, *, double: bool = False) -> int | None:
    """The team with the bye in round ``number`` (the one paired with the dummy N), without the table.

    N meets ``advance(1)`` on table 1; ``None`` with an even number of teams.
    """
    if teams % 2 == 0:
        return None
    if double:
        number = _single_round(teams, number)[0]
    n = teams + 1
    return ((number - 1) * (n // 2)) % (n - 1) + 1


def _single_round(teams: int, number: int) -> tuple[int, bool]:
    """Round ``number`` of the double round robin as (round of the single table, second cycle?)."""
    single = berger_round_count(teams)
    if number > single:
        return number - single, True
    if single >= 2 and number >= single - 1:
        return 2 * single - 1 - number, False  # the last two rounds of the first cycle swapped
    return number, False


def _with_bye(pair: tuple[int, int], teams: int) -> Pair:
    a, b = pair
    if a > teams:
        return (b, None)
    if b > teams:
        return (a, None)
    return pair


def _reversed(pairs: list[Pair]) -> list[Pair]:
    return [(a, b) if b is None else (b, a) for a, b in pairs]

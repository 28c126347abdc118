"""Tables by score for a field of any size (issue 29): the search keeps its path on a stack, so
10,000 entrants group as 12 do (it recursed once per table and failed from about 3,980 on)."""

from tournaments.domain.tables.grouping import Entrant, group_by_score, met_pairs
from tournaments.domain.tables.variants import VARIANTS


def test_ten_thousand_entrants_are_seated_in_score_order_without_repeats():
    variant = next(v for v in VARIANTS.values() if v.size == 4)
    entrants = [Entrant(number, points=float(number % 4), rating=2000 - number % 500) for number in range(1, 10_001)]
    first = group_by_score(entrants, variant)
    second = group_by_score(entrants, variant, met_pairs([first.tables]))
    for grouping in (first, second):
        assert len(grouping.tables) == 2_500
        assert sorted(e for table in grouping.tables for e in table) == list(range(1, 10_001))
    assert first.tables[0] == (3, 503, 1003, 1503)  # 3 points and the best rating (1997), by number
    assert (first.repeats, second.repeats) == (0, 0)
    assert not set(first.tables) & set(second.tables)

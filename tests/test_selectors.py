import pytest
from django.utils import timezone

from tests.builders import make_paired, play_round
from tournaments.selectors.crosstable import crosstable_for_tournament
from tournaments.selectors.pairings import pairings_for_round, pairings_for_tournament
from tournaments.selectors.standings import standings_for_tournament

pytestmark = pytest.mark.django_db


def played(teams: int):
    tournament = make_paired(teams=teams)
    for round_ in tournament.rounds.all()[:2]:
        play_round(round_, {table: "1-0 ½-½ 0-1 1-0" for table in range(1, teams // 2 + 1)})
    return tournament


@pytest.mark.parametrize("teams", [4, 10])
def test_reads_take_a_fixed_number_of_queries_whatever_the_size(teams, django_assert_num_queries):
    tournament = played(teams)
    with django_assert_num_queries(4):  # teams, matches, their sides, boards
        standings_for_tournament(tournament=tournament)
    with django_assert_num_queries(4):
        crosstable_for_tournament(tournament=tournament)
    with django_assert_num_queries(3):  # rounds, their matches' ids, every seat with its game, side and player
        pairings_for_tournament(tournament=tournament)
    round_ = tournament.rounds.select_related("tournament").get(number=1)
    with django_assert_num_queries(2):
        pairings_for_round(round_=round_)


def test_standings_count_finished_matches_and_know_when_the_event_is_over():
    tournament = played(4)
    standings = standings_for_tournament(tournament=tournament)
    assert (standings.after_round, standings.final) == (2, False)
    # two rounds of 2½:1½ wins for the first-named team
    assert sum(entry.row.mp for entry in standings.rows) == 2 * 2 * 2
    play_round(tournament.rounds.get(number=3), {1: "½-½ ½-½ ½-½ ½-½", 2: "0-1 0-1 0-1 0-1"})
    standings = standings_for_tournament(tournament=tournament)
    assert (standings.after_round, standings.final) == (3, True)
    assert [tb.code for tb in standings.tiebreaks] == ["DE", "BP", "BW", "FWB"]
    after_one = standings_for_tournament(tournament=tournament, after_round=1)
    assert (after_one.after_round, after_one.final) == (1, False)


def test_pairings_carry_the_colours_and_the_match_score():
    tournament = played(4)
    line = pairings_for_round(round_=tournament.rounds.get(number=1)).matches[0]
    assert [(b.first_colour, b.second_colour) for b in line.games] == [("B", "W"), ("W", "B"), ("B", "W"), ("W", "B")]
    assert (line.first_score, line.second_score, line.missing_results) == (2.5, 1.5, 0)


def test_crosstable_holds_the_match_score_against_each_opponent():
    tournament = played(4)
    rows = {row.team.seed: row for row in crosstable_for_tournament(tournament=tournament).rows}
    # round 1: 1–4 and 2–3; round 2: 4–3 and 1–2; first-named teams won 2½:1½
    assert [(e.round, e.own, e.opponent) for e in rows[1].cells[rows[4].team.id]] == [(1, 2.5, 1.5)]
    assert [(e.round, e.own, e.opponent) for e in rows[3].cells[rows[4].team.id]] == [(2, 1.5, 2.5)]
    assert rows[1].team.id not in rows[3].cells


def test_public_reads_leave_out_results_of_rounds_the_td_has_not_published():
    tournament = played(4)
    first, second = tournament.rounds.order_by("number")[:2]
    first.published_at = timezone.now()
    first.save(update_fields=["published_at"])

    public = standings_for_tournament(tournament=tournament, published_only=True)
    assert public.after_round == 1
    assert sum(entry.row.mp for entry in public.rows) == 2 * 2  # round 1 only
    assert standings_for_tournament(tournament=tournament).after_round == 2

    public_rows = {
        row.team.seed: row for row in crosstable_for_tournament(tournament=tournament, published_only=True).rows
    }
    assert rows_cells(public_rows) == {(1, 4), (4, 1), (2, 3), (3, 2)}

    draft = pairings_for_round(round_=second, published_only=True).matches[0]
    assert [b.result for b in draft.games] == ["", "", "", ""]
    assert (draft.first_score, draft.missing_results) == (0, 4)
    assert all(b.first_player and b.second_player for b in draft.games)  # pairings stay public
    shown = pairings_for_round(round_=first, published_only=True).matches[0]
    assert [b.result for b in shown.games] == ["1-0", "½-½", "0-1", "1-0"]


def rows_cells(rows):
    return {(seed, rows_seed(rows, opponent)) for seed, row in rows.items() for opponent in row.cells}


def rows_seed(rows, team_id):
    return next(seed for seed, row in rows.items() if row.team.id == team_id)

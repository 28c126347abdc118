import pytest

from tests.builders import make_tournament
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, Match
from tournaments.selectors.standings import standings_for_tournament
from tournaments.services.pairing import rounds_pair_all
from tournaments.services.results import round_results_set
from tournaments.services.teams import team_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_one():
    # five teams: two matches and a bye each round; team 5 registers only three players
    tournament = make_tournament(teams=4, players=5)
    team_create(tournament=tournament, name="SG Mönchröden", players=[{"name": n} for n in ("Jörg", "Ünal", "Zoë")])
    rounds_pair_all(tournament=tournament)
    return tournament.rounds.get(number=1)  # Berger: (2, 5), (3, 4), 1 has the bye


def _results(round_):
    return {(m.table, b.board): b.result for m in round_.matches.prefetch_related("boards") for b in m.boards.all()}


def test_a_whole_round_is_stored_canonically_versioned_and_audited_per_board(round_one):
    changed = round_results_set(
        round_=round_one,
        results={
            (1, 1): "1-0",
            (1, 2): "1/2-1/2",
            (1, 3): "0-1",
            (2, 1): "½-½",
            (2, 2): "½-½",
            (2, 3): "=",
            (2, 4): "--",
        },
    )
    assert changed == 7
    assert _results(round_one) == {
        (1, 1): "1-0",
        (1, 2): "½-½",
        (1, 3): "0-1",
        (1, 4): "+-",
        (2, 1): "½-½",
        (2, 2): "½-½",
        (2, 3): "½-½",
        (2, 4): "--",
    }
    assert sorted(Match.objects.filter(round=round_one).paired().values_list("version", flat=True)) == [2, 2]
    entries = AuditEntry.objects.filter(action="result").order_by("target")
    assert [(e.target, e.old_value, e.new_value) for e in entries][:2] == [
        ("R1 T1 B1", None, "1-0"),
        ("R1 T1 B2", None, "½-½"),
    ]
    assert entries.count() == 7
    # the standings see the round: TSV Küps won 2½–1½ (board 4 by forfeit), table 2 drawn 1½–1½
    rows = {entry.team.name: entry.row.mp for entry in standings_for_tournament(tournament=round_one.tournament).rows}
    assert rows == {"SK Kronach": 0, "TSV Küps": 2, "SV Höchstadt": 1, "Schachfreunde Selb": 1, "SG Mönchröden": 0}


def test_unchanged_results_write_nothing_and_none_clears(round_one):
    round_results_set(round_=round_one, results={(1, 1): "1-0"})
    assert round_results_set(round_=round_one, results={(1, 1): "1:0"}) == 0
    assert round_results_set(round_=round_one, results={(1, 1): None}) == 1
    assert _results(round_one)[(1, 1)] == ""
    assert AuditEntry.objects.filter(action="result").count() == 2


@pytest.mark.parametrize(
    "results, message",
    [
        (
            {(1, 1): "1-0", (2, 3): "2-0"},
            "round 1, table 2, board 3: “2-0” is not a board result; use 1-0, ½-½, 0-1, +-, -+ or --.",
        ),
        ({(9, 1): "1-0"}, "round 1, table 9, board 1: this round has no table 9."),
        ({(1, 5): "1-0"}, "round 1, table 1, board 5: board 5 does not exist in this match."),
        ({(3, 1): "1-0"}, "round 1, table 3, board 1: a bye has no boards."),
    ],
)
def test_one_bad_board_refuses_the_whole_round(round_one, results, message):
    with pytest.raises(RuleViolation) as error:
        round_results_set(round_=round_one, results=results)
    assert error.value.text() == message
    assert _results(round_one)[(1, 1)] == ""
    assert not AuditEntry.objects.filter(action="result").exists()


def test_an_empty_seat_allows_only_the_forfeit(round_one):
    tournament = round_one.tournament
    round_ = tournament.rounds.get(number=2)  # Berger 5 teams, round 2: (4, bye), (5, 3), (1, 2)
    match = round_.matches.get(sides__position=1, sides__team__seed=5)
    assert list(match.boards.values_list("result", flat=True)) == ["", "", "", "-+"]
    with pytest.raises(RuleViolation) as error:
        round_results_set(round_=round_, results={(match.table, 4): "1-0"})
    assert error.value.field == f"round 2, table {match.table}, board 4"
    assert round_results_set(round_=round_, results={(match.table, 4): "--"}) == 1


def test_a_return_leg_takes_its_own_results_and_counts_in_the_standings():
    tournament = make_tournament(teams=2, double_rounds=True)
    rounds_pair_all(tournament=tournament)
    round_ = tournament.rounds.get(number=1)
    first_leg = {(1, board): "1-0" for board in (1, 2, 3, 4)}
    assert round_results_set(round_=round_, results=first_leg) == 4
    assert (
        round_results_set(round_=round_, results={(1, 1): "0-1", (1, 2): "½-½", (1, 3): "½-½", (1, 4): "½-½"}, leg=2)
        == 4
    )
    labels = set(AuditEntry.objects.filter(action="result").values_list("target", flat=True))
    assert {"R1 T1 B1", "R1 T1/2 B1"} <= labels
    # results from the first-named team's view in both legs: 4–0 for SK Kronach, then TSV Küps,
    # named first in the return leg (Blitz §18 holds there too), loses 1½–2½: Kronach 4 MP, 6½ BP
    rows = {
        entry.team.name: (entry.row.mp, entry.row.bp) for entry in standings_for_tournament(tournament=tournament).rows
    }
    assert rows == {"SK Kronach": (4, 6.5), "TSV Küps": (0, 1.5)}
    assert [m.first_team.name for m in round_.matches.with_sides().order_by("leg")] == ["SK Kronach", "TSV Küps"]


def test_a_tandem_round_takes_no_board_results():
    tournament = make_tournament(preset="tandem-dsb", name="Tandem-Open", players=2, teams=2)
    rounds_pair_all(tournament=tournament)
    round_ = tournament.rounds.get(number=1)
    with pytest.raises(RuleViolation) as error:
        round_results_set(round_=round_, results={(1, 1): "1-0"})
    assert (error.value.field, error.value.rule) == ("round", "Tandem §1.3")
    assert not AuditEntry.objects.filter(action="result").exists()

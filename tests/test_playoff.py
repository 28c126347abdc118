"""The play-off for first place through the services and the standings selector (Blitz §16)."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import translation

from tests.builders import make_paired, play_round
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, Round
from tournaments.selectors.crosstable import crosstable_for_tournament
from tournaments.selectors.standings import standings_for_tournament
from tournaments.services.playoff import playoff_create, playoff_lots_record
from tournaments.services.publishing import round_publish
from tournaments.services.tournaments import tournament_update

pytestmark = pytest.mark.django_db


@pytest.fixture
def tied():
    """Two teams whose only match ends 2:2: direct encounter cannot separate them."""
    tournament = make_paired(teams=2)
    play_round(tournament.rounds.get(number=1), {1: "1-0 0-1 ½-½ ½-½"})
    return tournament


def places(standings):
    return [
        (entry.team.name, entry.row.rank, entry.row.rank_to, entry.row.mp, entry.row.playoff_required)
        for entry in standings.rows
    ]


def test_two_teams_play_two_matches_with_colours_swapped(tied):
    assert standings_for_tournament(tournament=tied).playoff_required
    rounds = playoff_create(tournament=tied)
    assert [(r.number, r.kind) for r in rounds] == [(2, Round.Kind.PLAYOFF), (3, Round.Kind.PLAYOFF)]
    first, second = (r.matches.get() for r in rounds)
    assert (first.first_team.name, first.second_team.name) == ("SK Kronach", "TSV Küps")
    assert (second.first_team.name, second.second_team.name) == ("TSV Küps", "SK Kronach")
    assert (
        first.boards.count() == 4 and first.boards.filter(seats__position=1, seats__player__isnull=False).count() == 4
    )
    assert AuditEntry.objects.filter(action="playoff", target="play-off").get().new_value["rounds"] == [2, 3]


def test_the_play_off_decides_first_place_and_leaves_the_regular_score_alone(tied, django_assert_num_queries):
    second, third = playoff_create(tournament=tied)
    play_round(second, {1: "1-0 1-0 ½-½ ½-½"})
    standings = standings_for_tournament(tournament=tied)
    assert not standings.playoff_complete
    assert places(standings) == [("SK Kronach", 1, 2, 1, True), ("TSV Küps", 1, 2, 1, True)]
    play_round(third, {1: "½-½ ½-½ ½-½ ½-½"})
    round_publish(round_=tied.rounds.get(number=1))
    round_publish(round_=second)
    standings = standings_for_tournament(tournament=tied)
    assert places(standings) == [("SK Kronach", 1, 1, 1, False), ("TSV Küps", 2, 2, 1, False)]
    assert [(p.team.name, p.row.mp, p.row.decided_by) for p in standings.playoff] == [
        ("SK Kronach", 3, "MP"),
        ("TSV Küps", 1, None),
    ]
    assert standings.playoff_decided
    with django_assert_num_queries(4):
        standings_for_tournament(tournament=tied)
    with django_assert_num_queries(4):
        kronach = crosstable_for_tournament(tournament=tied).rows[0]
    assert [(e.round, e.own, e.opponent) for cells in kronach.cells.values() for e in cells] == [(1, 2, 2)]
    # The public sees the play-off only as far as it is published.
    public = standings_for_tournament(tournament=tied, published_only=True)
    assert not public.playoff_complete and public.rows[0].row.playoff_required


def test_a_complete_tie_is_decided_by_the_lots_the_director_records(tied):
    rounds = playoff_create(tournament=tied)
    with pytest.raises(RuleViolation) as error:
        playoff_lots_record(tournament=tied, order=list(tied.teams.all()))
    assert error.value.field == "order" and "every play-off match" in error.value.text()
    for round_ in rounds:
        play_round(round_, {1: "½-½ ½-½ ½-½ ½-½"})
    kronach, kuesps = tied.teams.order_by("seed")
    assert [[t.name for t in g] for g in standings_for_tournament(tournament=tied).lots_needed] == [
        ["SK Kronach", "TSV Küps"]
    ]
    with pytest.raises(RuleViolation) as error:
        playoff_lots_record(tournament=tied, order=[kuesps])
    assert (
        error.value.text() == "order: list each of the still tied teams exactly once: SK Kronach, TSV Küps (Blitz §16)."
    )
    playoff_lots_record(tournament=tied, order=[kuesps, kronach])
    tied.refresh_from_db()  # the selector reads the lots from the tournament
    standings = standings_for_tournament(tournament=tied)
    assert places(standings)[:2] == [("TSV Küps", 1, 1, 1, False), ("SK Kronach", 2, 2, 1, False)]
    assert standings.playoff[0].row.decided_by == "LOTS"
    assert AuditEntry.objects.get(action="playoff", target="lots").new_value == ["TSV Küps", "SK Kronach"]


def test_three_tied_teams_play_a_single_round_robin():
    tournament = make_paired(teams=3)
    for number in (1, 2, 3):
        play_round(tournament.rounds.get(number=number), {1: "1-0 0-1 ½-½ ½-½"})
    rounds = playoff_create(tournament=tournament)
    assert [r.number for r in rounds] == [4, 5, 6]
    pairs = [
        (m.first_team.seed, m.second_team.seed if m.second_team else None) for r in rounds for m in r.matches.all()
    ]
    assert sorted(tuple(sorted(p)) for p in pairs if p[1] is not None) == [(1, 2), (1, 3), (2, 3)]


def _play(round_, scores: dict[tuple[int, int], str]):
    """Each match of ``round_`` from ``scores``, keyed by (seed, seed) and seen from the first seed."""
    flip = {"1-0": "0-1", "0-1": "1-0", "½-½": "½-½"}
    for match in round_.matches.exclude(sides__team=None).distinct():
        if match.second_team is None:
            continue
        seeds = (match.first_team.seed, match.second_team.seed)
        if seeds in scores:
            results = scores[seeds]
        else:
            results = " ".join(flip[result] for result in scores[seeds[::-1]].split())
        play_round(round_, {match.table: results})


def test_blitz_16_the_play_off_places_its_winner_and_board_points_the_rest():
    """A three-way cycle (1 beats 2 2½:1½, 2 beats 3 3:1, 3 beats 1 3:1): BP 1 3½, 2 4½, 3 4. The
    play-off: 1 beats both, 3 beats 2. First place goes to 1; second to 2 on board points (§16
    "für die weitere Platzierung … zuerst die größere Zahl der Brettpunkte"), not to 3."""
    tournament = make_paired(teams=3)
    cycle = {(1, 2): "1-0 1-0 ½-½ 0-1", (2, 3): "1-0 1-0 1-0 0-1", (3, 1): "1-0 1-0 1-0 0-1"}
    for number in (1, 2, 3):
        _play(tournament.rounds.get(number=number), cycle)
    assert [row[1:] for row in places(standings_for_tournament(tournament=tournament))] == [(1, 3, 2, True)] * 3
    rounds = playoff_create(tournament=tournament)
    playoff = {(1, 2): "1-0 1-0 1-0 ½-½", (1, 3): "1-0 1-0 ½-½ ½-½", (3, 2): "1-0 1-0 ½-½ ½-½"}
    for round_ in rounds:
        _play(round_, playoff)
    standings = standings_for_tournament(tournament=tournament)
    assert [(e.team.seed, e.row.rank, e.row.bp) for e in standings.rows] == [(1, 1, 3.5), (2, 2, 4.5), (3, 3, 4.0)]
    assert [(e.team.seed, e.row.rank) for e in standings.playoff] == [(1, 1), (3, 2), (2, 3)]
    ranked_by_playoff = standings_for_tournament(
        tournament=tournament_update(tournament=tournament, playoff_ranks_all=True)
    )
    assert [(e.team.seed, e.row.rank) for e in ranked_by_playoff.rows] == [(1, 1), (3, 2), (2, 3)]


def test_no_play_off_without_a_tie_and_never_twice(tied):
    tournament = make_paired(teams=2, name="Ohne Stichkampf")
    play_round(tournament.rounds.get(number=1), {1: "1-0 1-0 ½-½ ½-½"})
    with pytest.raises(RuleViolation) as error:
        playoff_create(tournament=tournament)
    assert error.value.field == "playoff" and error.value.rule == "Blitz §16"
    playoff_create(tournament=tied)
    with pytest.raises(RuleViolation) as error:
        playoff_create(tournament=tied)
    assert error.value.text() == "playoff: the play-off has already been paired (Blitz §16)."


def test_the_standings_command_shows_the_play_off_and_what_decided(tied):
    for round_, results in zip(playoff_create(tournament=tied), ("1-0 0-1 1-0 0-1", "½-½ ½-½ ½-½ ½-½")):
        play_round(round_, {1: results})
    out = StringIO()
    call_command("standings", tied.slug, "--json", stdout=out)
    data = json.loads(out.getvalue())
    # Play-off: match 1 2:2 with BW Kronach 4 + 2 = 6, Küps 3 + 1 = 4; match 2 BW 5 each.
    assert [(p["team"], p["mp"], p["bw"], p["decided_by"]) for p in data["playoff"]] == [
        ("SK Kronach", 2, 11, "BW"),
        ("TSV Küps", 2, 9, None),
    ]
    assert [(r["team"], r["rank"], r["playoff_required"]) for r in data["standings"]] == [
        ("SK Kronach", 1, False),
        ("TSV Küps", 2, False),
    ]
    out = StringIO()
    with translation.override("en"):
        call_command("standings", tied.slug, stdout=out)
    assert "Berliner Wertung of the play-off" in out.getvalue()


def test_with_double_rounds_the_play_off_matches_have_one_leg_each():
    tournament = make_paired(teams=2, double_rounds=True)
    play_round(tournament.rounds.get(number=1), {1: "1-0 0-1 ½-½ ½-½"})  # both legs 2:2
    assert tournament.rounds.get(number=1).matches.count() == 2
    rounds = playoff_create(tournament=tournament)
    assert [[(m.leg, m.first_team.seed, m.second_team.seed) for m in r.matches.all()] for r in rounds] == [
        [(1, 1, 2)],
        [(1, 2, 1)],
    ]
    play_round(rounds[0], {1: "1-0 1-0 ½-½ ½-½"})
    play_round(rounds[1], {1: "½-½ ½-½ ½-½ ½-½"})
    standings = standings_for_tournament(tournament=tournament)
    assert places(standings) == [("SK Kronach", 1, 1, 2, False), ("TSV Küps", 2, 2, 2, False)]
    assert standings.playoff_decided


def test_tandem_has_no_board_points_so_no_play_off_of_blitz_16():
    with pytest.raises(RuleViolation) as error:
        make_paired(
            preset="tandem-dsb", name="Tandem-Open", players=2, teams=2, double_rounds=True, playoff_for_first=True
        )
    assert error.value.text() == (
        "playoff_for_first: the play-off for first place (Blitz §16) is decided by board points, "
        "but a match here has one result and no board points (Tandem §1.3)."
    )

"""Pairing a team Swiss from the desk's services (FIDE C.04.6): one round at a time, reviewed,
published, re-checked by gacrux's pairing checker."""

import pytest
from django.urls import reverse

from tests.builders import make_tournament, play_round
from tournaments.domain.errors import RuleViolation
from tournaments.services.pairing import round_pair_next, round_unpair, rounds_pair_all, rounds_pair_due
from tournaments.services.pairing_check import round_pairing_check
from tournaments.services.publishing import round_pairings_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss():
    return make_tournament(teams=10, preset="fide-team-swiss", name="Mannschafts-Open", rounds=5)


def seeds(round_):
    return [
        (m.first_team.seed, m.second_team.seed if m.second_team else None) for m in round_.matches.order_by("table")
    ]


def first_team_wins(round_):
    play_round(round_, {m.table: "1-0 1-0 1-0 1-0" for m in round_.matches.all() if m.second_team})


def test_the_desk_pairs_one_round_records_the_engine_and_keeps_it_private(client, swiss):
    (round_,) = rounds_pair_due(tournament=swiss)
    assert (round_.number, round_.pairing_engine, round_.pairings_published_at) == (1, "gacrux 1.11.65", None)
    assert seeds(round_) == [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]  # C.04.6 art. 3.6: top half v bottom half
    page = client.get(reverse("tournaments:pairings", args=[swiss.slug, 1])).text
    assert "not published yet" in page and "SK Kronach" not in page
    assert client.get(f"/api/v1/tournaments/{swiss.slug}/matches/").json()["results"] == []
    round_pairings_publish(round_=round_)
    assert "SK Kronach" in client.get(reverse("tournaments:pairings", args=[swiss.slug, 1])).text
    assert len(client.get(f"/api/v1/tournaments/{swiss.slug}/matches/").json()["results"]) == 5
    entry = swiss.audit_entries.filter(action="publish").get()
    assert entry.new_value == round_.__class__.objects.get(pk=round_.pk).pairings_published_at.isoformat()


def test_the_next_round_waits_for_every_result_and_pairs_the_winners_together(swiss):
    round_pair_next(tournament=swiss)
    with pytest.raises(RuleViolation) as refused:
        round_pair_next(tournament=swiss)
    assert (
        refused.value.field == "round"
        and "round 1 needs all its results first" in refused.value.message % refused.value.params
    )
    with pytest.raises(RuleViolation):
        rounds_pair_all(tournament=swiss)  # a Swiss pairs one round at a time
    first = swiss.rounds.get(number=1)
    first_team_wins(first)
    second = round_pair_next(tournament=swiss)
    winners = {a for a, _ in seeds(first)}
    # five winners: four meet each other, the fifth meets an upfloater (C.04.6 art. 3.5)
    assert sum((a in winners) != (b in winners) for a, b in seeds(second)) == 1
    assert not {frozenset(p) for p in seeds(first)} & {frozenset(p) for p in seeds(second)}


def test_every_round_is_confirmed_by_gacruxs_pairing_checker_and_can_be_paired_again(swiss):
    round_ = round_pair_next(tournament=swiss)
    checked = round_pairing_check(round_id=round_.pk)
    assert checked.pairing_check["agrees"] is True and checked.pairing_check["engine"] == "gacrux 1.11.65"
    assert checked.pairing_check["expected"] == [list(pair) for pair in seeds(round_)]
    round_unpair(round_=round_)
    again = round_pair_next(tournament=swiss)
    assert seeds(again) == [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]


def test_the_trf_export_names_c046_and_gacrux_reads_our_standings_from_it(swiss):
    from tournaments.domain.trf import write_trf
    from tournaments.domain.trf.reference import reference_standings
    from tournaments.selectors.standings import standings_for_tournament
    from tournaments.selectors.trf import trf_event

    for _ in range(3):
        first_team_wins(round_pair_next(tournament=swiss))
    text = write_trf(trf_event(tournament=swiss))
    lines = {line[:3]: line[4:] for line in text.splitlines()}
    assert (lines["192"], lines["142"], lines["152"], lines["352"]) == ("FIDE_TEAM_TYPEA_MP_GP", "5", "W", "WBWB")
    from tournaments.models import Tournament

    codes = ["BH:MP", "BH:MP/C1", "EMGSB", "BP"]
    Tournament.objects.filter(pk=swiss.pk).update(tiebreaks_first=codes, tiebreaks_other=codes)
    swiss.refresh_from_db()
    reference = reference_standings(text, codes, after_round=3)
    rows = {e.team.seed: e.row for e in standings_for_tournament(tournament=swiss).rows}
    assert {seed: row.mp for seed, row in rows.items()} == {
        int(line[4:7]): float(line[54:60]) for line in text.splitlines() if line.startswith("310")
    }
    for code in codes:  # a Swiss is not predetermined: C.07 Art. 16 as gacrux reads it
        assert {seed: row.tiebreaks[code] for seed, row in rows.items()} == reference.values[code], code
    assert {seed: row.rank for seed, row in rows.items()} == reference.ranks


def test_the_director_may_exchange_two_teams_before_publishing_and_it_shows(client, swiss):
    from tournaments.services.exchange import round_teams_exchange
    from tournaments.services.publishing import round_pairings_publish

    round_ = round_pair_next(tournament=swiss)
    assert seeds(round_)[:2] == [(1, 6), (7, 2)]
    six, seven = swiss.teams.get(seed=6), swiss.teams.get(seed=7)
    round_teams_exchange(round_=round_, first=six, second=seven)
    assert seeds(round_)[:2] == [(1, 7), (6, 2)]
    # the line-ups follow the teams, colours stay with the seats (WBWB for the first-named team)
    match = round_.matches.with_sides().with_games().get(table=1)
    assert [game.second_player.team_id for game in match.boards.all()] == [seven.pk] * 4
    assert [seat.colour for game in match.boards.all() for seat in game.seats.all()] == list("WBBWWBBW")
    entry = swiss.audit_entries.filter(action="pairing").order_by("pk").last()
    assert (entry.old_value[:2], entry.new_value[:2]) == ([[1, 6], [7, 2]], [[1, 7], [6, 2]])
    checked = round_pairing_check(round_id=round_.pk)
    assert checked.pairing_check["agrees"] is False and checked.pairing_check["expected"][:2] == [[1, 6], [7, 2]]
    round_pairings_publish(round_=round_)
    page = client.get(reverse("tournaments:pairings", args=[swiss.slug, 1])).text
    assert "departs from the pairing rules (FIDE C.04.6)" in page
    with pytest.raises(RuleViolation) as refused:
        round_teams_exchange(round_=round_, first=six, second=seven)
    assert refused.value.field == "round"


def test_an_exchange_within_one_match_or_after_a_result_is_refused(swiss):
    from tournaments.services.exchange import round_teams_exchange

    round_ = round_pair_next(tournament=swiss)
    one, six, two = (swiss.teams.get(seed=s) for s in (1, 6, 2))
    with pytest.raises(RuleViolation) as refused:
        round_teams_exchange(round_=round_, first=one, second=six)
    assert refused.value.field == "teams"
    play_round(round_, {1: "1-0 1-0 1-0 1-0"})
    with pytest.raises(RuleViolation) as refused:
        round_teams_exchange(round_=round_, first=one, second=two)
    assert refused.value.field == "round"


def test_tandem_teams_are_paired_as_units_by_match_points():
    from tests.builders import enter_match

    tandem = make_tournament(teams=6, players=2, preset="tandem-swiss", name="Tandem-Open", rounds=3)
    first = round_pair_next(tournament=tandem)
    assert first.pairing_engine == "gacrux 1.11.65" and len(seeds(first)) == 3
    for match in first.matches.with_sides():
        enter_match(match=match, result="1:0", deciding_board=1, decided_by="time-neighbour")
    winners = {a for a, _ in seeds(first)}
    second = round_pair_next(tournament=tandem)
    assert sum((a in winners) != (b in winners) for a, b in seeds(second)) == 1  # three winners: one floats
    assert round_pairing_check(round_id=second.pk).pairing_check["agrees"] is True

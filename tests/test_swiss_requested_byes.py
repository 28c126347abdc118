"""Byes requested in advance and late entries in a team Swiss (issue 16; TRF-2026 record 240).

Ten teams, five rounds, four boards (``fide-team-swiss``: match points 2/1/0). Pairing round 1
starts the event and fixes the seeds (C.04.6 art. 1.1), so the tests name teams, not seeds.
"""

import pytest

from tests.builders import make_tournament, play_round
from tournaments.domain.errors import RuleViolation
from tournaments.models import RequestedBye
from tournaments.selectors.pairing_input import round_to_pair
from tournaments.selectors.standings import standings_for_tournament
from tournaments.services.pairing import round_unpair, rounds_pair_due
from tournaments.services.pairing_check import round_pairing_check
from tournaments.services.requested_byes import bye_request, bye_withdraw, team_enter_late
from tournaments.services.tournaments import tournament_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss():
    return make_tournament(teams=10, preset="fide-team-swiss", name="Mannschafts-Open", rounds=5)


def encounters(round_):
    """Each match's team ids; a bye alone."""
    return [tuple(t.pk for t in m.teams) for m in round_.matches.with_sides()]


def row_of(tournament, team):
    return next(e.row for e in standings_for_tournament(tournament=tournament).rows if e.team.pk == team.pk)


def test_a_half_point_bye_asked_for_leaves_the_team_unpaired_and_scores_a_draw(swiss):
    ten = swiss.teams.get(seed=10)
    bye_request(team=ten, round_number=1, kind="H", user=None, source="desk")
    assert round_to_pair(tournament=swiss, number=1).byes == {(1, 10): "H"}
    (round_,) = rounds_pair_due(tournament=swiss)
    # nine teams left: the engine pairs four matches and gives the last one the PAB (art. 3.4)
    assert all(ten.pk not in teams for teams in encounters(round_))
    assert sorted(len(teams) for teams in encounters(round_)) == [1, 2, 2, 2, 2]
    assert round_pairing_check(round_id=round_.pk).pairing_check["agrees"] is True  # gacrux reads the 240 H too
    play_round(round_, {m.table: "1-0 1-0 1-0 1-0" for m in round_.matches.with_sides() if m.second_team})
    row = row_of(swiss, ten)
    assert (row.mp, row.bp, row.played) == (1.0, 2.0, 0)  # a drawn match: 1 MP, ½ × 4 boards = 2 BP, no match played
    entry = swiss.audit_entries.get(action="bye")
    assert (entry.team_id, entry.new_value, entry.source) == (ten.pk, {"round": 1, "kind": "H"}, "desk")


def test_a_zero_point_bye_scores_nothing_and_a_full_point_one_a_win(swiss):
    zero, full = swiss.teams.get(seed=9), swiss.teams.get(seed=10)
    bye_request(team=zero, round_number=1, kind="Z")
    bye_request(team=full, round_number=1, kind="F")
    (round_,) = rounds_pair_due(tournament=swiss)
    assert [len(teams) for teams in encounters(round_)] == [2, 2, 2, 2]  # eight teams, no PAB
    play_round(round_, {m.table: "½-½ ½-½ ½-½ ½-½" for m in round_.matches.all()})
    assert (row_of(swiss, zero).mp, row_of(swiss, zero).bp) == (0.0, 0.0)
    assert (row_of(swiss, full).mp, row_of(swiss, full).bp) == (2.0, 4.0)  # a won match, 1 × 4 boards


def test_a_bye_is_asked_for_and_withdrawn_only_before_its_round_is_paired(swiss):
    from tournaments.selectors.public_version import public_stamp

    three = swiss.teams.get(seed=3)
    before = public_stamp(swiss.slug).token
    bye_request(team=three, round_number=2, kind="H")
    after = public_stamp(swiss.slug).token
    assert after != before  # the public pages are stale now
    with pytest.raises(RuleViolation) as twice:
        bye_request(team=three, round_number=2, kind="F")
    assert twice.value.field == "round"
    with pytest.raises(RuleViolation) as kind:
        bye_request(team=three, round_number=3, kind="X")
    assert kind.value.field == "kind" and "TRF-2026 record 240" in str(kind.value.rule)
    with pytest.raises(RuleViolation) as beyond:
        bye_request(team=three, round_number=6, kind="H")
    assert beyond.value.field == "round"
    bye_withdraw(team=three, round_number=2)
    assert not RequestedBye.objects.exists() and public_stamp(swiss.slug).token != after
    assert [e.old_value for e in swiss.audit_entries.filter(action="bye").order_by("pk")] == [
        None,
        {"round": 2, "kind": "H"},
    ]
    bye_request(team=three, round_number=1, kind="H")
    (round_,) = rounds_pair_due(tournament=swiss)
    for attempt in (
        lambda: bye_request(team=three, round_number=1, kind="Z"),
        lambda: bye_withdraw(team=three, round_number=1),
    ):
        with pytest.raises(RuleViolation) as paired:
            attempt()
        assert paired.value.field == "round" and "already paired" in str(paired.value)
    round_unpair(round_=round_)  # unpaired again, the request stands and may be withdrawn
    bye_withdraw(team=three, round_number=1)


def test_an_unrated_late_entry_ranks_last_and_takes_the_byes_the_competition_sets(swiss):
    (first,) = rounds_pair_due(tournament=swiss)
    play_round(first, {m.table: "1-0 1-0 1-0 1-0" for m in first.matches.all()})
    swiss.late_entry_rounds = "half-bye"
    swiss.save(update_fields=["late_entry_rounds"])
    with pytest.raises(RuleViolation) as paired:
        team_enter_late(tournament=swiss, name="SC Kulmbach", from_round=1, players=[{"name": "Anna Roth"}])
    assert paired.value.field == "from_round"
    late = team_enter_late(
        tournament=swiss,
        name="SC Kulmbach",
        from_round=2,
        players=[{"name": name} for name in ("Anna Roth", "Ben Graf", "Cem Aydın", "Dora Weiß")],
        source="desk",
    )
    assert late.seed == 11 and late.players.count() == 4  # unrated: an average of 0 ranks it last
    assert list(late.requested_byes.values_list("round_number", "kind", "late_entry")) == [(1, "H", True)]
    row = row_of(swiss, late)
    assert (row.mp, row.bp) == (1.0, 2.0)  # round 1 as a half-point bye: a drawn match, ½ × 4 boards
    (second,) = rounds_pair_due(tournament=swiss)
    assert any(late.pk in teams for teams in encounters(second))
    assert sorted(len(teams) for teams in encounters(second)) == [1, 2, 2, 2, 2, 2]  # eleven teams: five matches, a PAB
    assert round_pairing_check(round_id=second.pk).pairing_check["agrees"] is True
    entry = swiss.audit_entries.get(action="late-entry")
    assert entry.new_value == {
        "from_round": 2,
        "seed": 11,
        "players": ["Anna Roth", "Ben Graf", "Cem Aydın", "Dora Weiß"],
        "byes": "H",
    }
    assert entry.old_value is None  # nobody moved


def seeds(tournament):
    return dict(tournament.teams.values_list("name", "seed"))


def rated(name, rating):
    return [{"name": f"{name} {board}", "rating": rating} for board in range(1, 5)]


def test_a_late_entry_takes_its_place_in_the_initial_ranking_and_the_teams_below_move_down(swiss):
    """FIDE C.04.2 art. 2.5 and 3 (C.04.6 preface): the late team is ranked as at the start (average
    of the top four boards, then the name) and the pairing numbers are reassigned. Every team of
    the builder averages 1925 on its top four (2000, 1950, 1900, 1850): 2100 ranks first."""
    (first,) = rounds_pair_due(tournament=swiss)
    assert round_pairing_check(round_id=first.pk).pairing_check["agrees"] is True
    play_round(first, {m.table: "1-0 ½-½ 0-1 1-0" for m in first.matches.all()})
    before = seeds(swiss)
    late = team_enter_late(
        tournament=swiss, name="SC Kulmbach", from_round=2, players=rated("Kulmbach", 2100), source="desk"
    )
    assert late.seed == 1
    assert seeds(swiss) == {**{name: seed + 1 for name, seed in before.items()}, "SC Kulmbach": 1}
    entry = swiss.audit_entries.get(action="late-entry")
    assert entry.old_value == {"seeds": before} and entry.new_value["seeds"] == {
        name: seed + 1 for name, seed in before.items()
    }
    assert entry.new_value["seed"] == 1
    # the stored verdict on round 1 names the same teams under their new numbers
    first.refresh_from_db()
    named = {seed: name for name, seed in seeds(swiss).items()}
    assert [[named[s] for s in pair] for pair in first.pairing_check["expected"]] == [
        [m.first_team.name, m.second_team.name] for m in first.matches.with_sides().order_by("table")
    ]
    # round 1 re-paired under the new numbers: the same matches, but C.04.6 art. 4 gives the first
    # colours by TPN, so the first-named teams swap; the verdict stored when it was paired stands
    again = round_pairing_check(round_id=first.pk).pairing_check
    assert again["agrees"] is False
    assert sorted(sorted(pair) for pair in again["expected"]) == sorted(
        sorted([m.first_team.seed, m.second_team.seed]) for m in first.matches.with_sides()
    )
    # the rounds paired after it: gacrux reads our TRF with the reassigned numbers and agrees, and
    # with the published standings too
    import random

    from tournaments.services.standings_check import standings_verify

    rng = random.Random(7)
    play_and_publish(first, rng, played=True)
    for number in (2, 3):
        (round_,) = rounds_pair_due(tournament=swiss)
        assert round_pairing_check(round_id=round_.pk).pairing_check["agrees"] is True, number
        assert any(late.pk in teams for teams in encounters(round_))
        play_and_publish(round_, rng)
    check = standings_verify(tournament_id=swiss.pk)
    assert (check.verdict, check.differences) == ("agrees", []), check.differences


def test_a_late_entry_level_with_other_teams_is_placed_by_its_name(swiss):
    """Equal averages: the name decides (SC Kulmbach sorts between SC … and the later names)."""
    rounds_pair_due(tournament=swiss)
    ordered = sorted([*seeds(swiss), "SC Kulmbach"], key=str.casefold)
    late = team_enter_late(
        tournament=swiss,
        name="SC Kulmbach",
        from_round=2,
        players=[{"name": f"Kulmbach {n}", "rating": r} for n, r in enumerate((2000, 1950, 1900, 1850), start=1)],
    )
    assert late.seed == ordered.index("SC Kulmbach") + 1
    assert sorted(seeds(swiss), key=seeds(swiss).get) == ordered


def test_the_competition_may_give_a_late_entry_the_next_number(swiss):
    swiss.late_entry_seeding = "last"
    swiss.save(update_fields=["late_entry_seeding"])
    rounds_pair_due(tournament=swiss)
    before = seeds(swiss)
    late = team_enter_late(tournament=swiss, name="SC Kulmbach", from_round=2, players=rated("Kulmbach", 2400))
    assert late.seed == 11 and seeds(swiss) == {**before, "SC Kulmbach": 11}


def test_no_pairing_number_changes_once_the_fourth_round_is_paired(swiss):
    """C.04.2: the numbers are frozen once round 4 is paired, so even a strong late entry takes the
    next one; before that it would have been number 1."""
    for _ in range(1, 5):
        (round_,) = rounds_pair_due(tournament=swiss)
        play_round(round_, {m.table: "1-0 1-0 ½-½ 0-1" for m in round_.matches.all()})
    before = seeds(swiss)
    late = team_enter_late(tournament=swiss, name="SC Kulmbach", from_round=5, players=rated("Kulmbach", 2400))
    assert late.seed == 11 and seeds(swiss) == {**before, "SC Kulmbach": 11}


def test_by_default_a_late_entry_was_unpaired_before_it_joined(swiss):
    rounds_pair_due(tournament=swiss)
    late = team_enter_late(tournament=swiss, name="SC Kulmbach", from_round=3)
    assert list(late.requested_byes.values_list("round_number", "kind")) == [(1, "Z"), (2, "Z")]


def test_a_round_robin_takes_no_byes_in_advance_and_no_late_entries():
    robin = make_tournament(teams=4, preset="fide-team")
    with pytest.raises(RuleViolation) as refused:
        bye_request(team=robin.teams.get(seed=1), round_number=2, kind="H")
    assert refused.value.field == "round" and refused.value.rule == "FIDE C.05"
    assert tournament_create(name="Fresh", preset="fide-team-swiss", rounds=3).late_entry_rounds == "unpaired"


def test_the_public_pairings_show_a_requested_bye_once_the_pairings_are_published(client, swiss):
    from tournaments.services.publishing import round_pairings_publish

    ten = swiss.teams.get(seed=10)
    bye_request(team=ten, round_number=1, kind="H")
    (round_,) = rounds_pair_due(tournament=swiss)
    url = f"/t/{swiss.slug}/pairings/1/"
    assert "bye requested" not in client.get(url).text  # the pairings are not public yet
    round_pairings_publish(round_=round_)
    assert f"<li>{ten.name}: bye requested: half point</li>" in client.get(url).text


def play_and_publish(round_, rng, *, played=False):
    from tournaments.services.publishing import round_pairings_publish, round_publish

    round_pairings_publish(round_=round_)
    if not played:
        results = ["1-0", "½-½", "0-1"]
        play_round(
            round_,
            {
                m.table: " ".join(rng.choice(results) for _ in range(4))
                for m in round_.matches.with_sides()
                if m.second_team
            },
        )
    round_publish(round_=round_)


def test_requested_byes_travel_through_trf_and_the_archive_and_gacrux_agrees(tmp_path):
    """A half-point bye in round 2, a full-point one in round 3 and a late entry with a half-point
    bye for round 1: gacrux reads our TRF (240 records) with the same values and ranks, and both
    the TRF file and the archive import back to the same standings."""
    import random
    from io import StringIO

    from django.core.management import call_command

    from tournaments.domain.trf import write_trf
    from tournaments.models import Tournament
    from tournaments.selectors.archive import archive_for_tournament
    from tournaments.selectors.trf import trf_event
    from tournaments.services.archive import tournament_import
    from tournaments.services.standings_check import standings_verify

    swiss = make_tournament(teams=9, preset="fide-team-swiss", name="Byes Open", rounds=3, late_entry_rounds="half-bye")
    rng = random.Random(5)
    half, full = swiss.teams.get(seed=2), swiss.teams.get(seed=5)
    bye_request(team=half, round_number=2, kind="H")
    bye_request(team=full, round_number=3, kind="F")
    (first,) = rounds_pair_due(tournament=swiss)
    team_enter_late(
        tournament=swiss, name="SC Kulmbach", from_round=2, players=[{"name": f"Spieler {n}"} for n in range(1, 5)]
    )
    play_and_publish(first, rng)
    for number in (2, 3):
        (round_,) = rounds_pair_due(tournament=swiss)
        assert round_pairing_check(round_id=round_.pk).pairing_check["agrees"] is True, number
        play_and_publish(round_, rng)
    trf = write_trf(trf_event(tournament=swiss, published_only=True))
    assert [line[:9] for line in trf.splitlines() if line.startswith("240")] == ["240 H   1", "240 H   2", "240 F   3"]
    check = standings_verify(tournament_id=swiss.pk)
    assert (check.verdict, check.differences) == ("agrees", []), check.differences
    ours = [
        (e.team.name, e.row.rank, e.row.mp, e.row.bp, e.row.tiebreaks)
        for e in standings_for_tournament(tournament=swiss).rows
    ]

    path = tmp_path / "byes.trf"
    path.write_text(trf, encoding="utf-8")
    out = StringIO()
    call_command("import_trf", str(path), "--preset", "fide-team-swiss", stdout=out)
    from_trf = Tournament.objects.get(slug=out.getvalue().strip())
    # TRF-2026's 240 cannot mark a late entry; the import reads one from a team that played no
    # round before its first encounter, only byes of one kind, and the kind as the setting
    assert list(
        RequestedBye.objects.filter(tournament=from_trf).values_list("team__name", "round_number", "kind", "late_entry")
    ) == [
        ("SC Kulmbach", 1, "H", True),
        (half.name, 2, "H", False),
        (full.name, 3, "F", False),
    ]
    assert from_trf.late_entry_rounds == "half-bye"
    assert [
        (e.team.name, e.row.rank, e.row.mp, e.row.bp, e.row.tiebreaks)
        for e in standings_for_tournament(tournament=from_trf).rows
    ] == ours

    archive = archive_for_tournament(tournament=swiss)
    kulmbach = next(team for team in archive["teams"] if team["name"] == "SC Kulmbach")
    assert kulmbach["byes"] == [{"round": 1, "kind": "H", "late_entry": True}]
    again = tournament_import(archive=archive)
    assert [
        (e.team.name, e.row.rank, e.row.mp, e.row.bp, e.row.tiebreaks)
        for e in standings_for_tournament(tournament=again).rows
    ] == ours


def test_an_archive_giving_a_team_two_byes_in_one_round_is_refused_with_the_place():
    from tournaments.selectors.archive import archive_for_tournament
    from tournaments.services.archive import tournament_import

    swiss = make_tournament(teams=4, preset="fide-team-swiss", name="Archived", rounds=3)
    bye_request(team=swiss.teams.get(seed=2), round_number=2, kind="H")
    archive = archive_for_tournament(tournament=swiss)
    index = next(i for i, team in enumerate(archive["teams"]) if "byes" in team)
    assert archive["teams"][index]["byes"] == [{"round": 2, "kind": "H"}]
    archive["teams"][index]["byes"].append({"round": 2, "kind": "F"})
    with pytest.raises(RuleViolation) as refused:
        tournament_import(archive=archive)
    assert refused.value.field == f"teams[{index}].byes[1].round"


def test_gacrux_agrees_under_either_edition_of_c07_and_the_editions_differ_here():
    """Half-point byes in rounds 2 and 4, a zero-point bye in round 3: the unplayed rounds' virtual
    opponents are capped in 2026 (Art. 16.4) and not in 2024, so some values differ, and gacrux,
    told the edition (``/V2024``, ``/V2026``), computes each the same as we do."""
    import random

    from tournaments.models import Tournament
    from tournaments.services.standings_check import standings_verify

    swiss = make_tournament(teams=9, preset="fide-team-swiss", name="Editions", rounds=4)
    rng = random.Random(1)
    bye_request(team=swiss.teams.get(seed=2), round_number=2, kind="H")
    bye_request(team=swiss.teams.get(seed=5), round_number=4, kind="H")
    bye_request(team=swiss.teams.get(seed=7), round_number=3, kind="Z")
    for _number in range(4):
        (round_,) = rounds_pair_due(tournament=swiss)
        play_and_publish(round_, rng)
    values = {}
    for edition in ("2026", "2024"):
        Tournament.objects.filter(pk=swiss.pk).update(tiebreak_edition=edition)
        swiss.refresh_from_db()
        values[edition] = {e.team.pk: e.row.tiebreaks for e in standings_for_tournament(tournament=swiss).rows}
        check = standings_verify(tournament_id=swiss.pk)
        assert (check.verdict, check.differences) == ("agrees", []), edition
    assert values["2026"] != values["2024"]


def test_every_public_page_and_document_shows_an_event_with_requested_byes(client, swiss):
    """Standings, crosstable, team card, round pages, PDFs and the TRF download read the requested
    byes as records of their own: nothing breaks on a round a team did not play by request."""
    import random

    ten = swiss.teams.get(seed=10)
    bye_request(team=ten, round_number=1, kind="H")
    (round_,) = rounds_pair_due(tournament=swiss)
    play_and_publish(round_, random.Random(3))
    s = swiss.slug
    pages = [
        f"/t/{s}/",
        f"/t/{s}/pairings/1/",
        f"/t/{s}/results/1/",
        f"/t/{s}/standings/",
        f"/t/{s}/crosstable/",
        f"/t/{s}/teams/{ten.pk}/",
        f"/t/{s}/pdf/pairings/1.pdf",
        f"/t/{s}/pdf/standings.pdf",
        f"/t/{s}/pdf/crosstable.pdf",
        f"/t/{s}/trf/",
    ]
    for page in pages:
        assert client.get(page).status_code == 200, page
    ten.refresh_from_db()  # the start re-seeded the teams (C.04.6 art. 1.1): the file numbers them by seed
    assert f"240 H   1 {ten.seed:4d}\n" in client.get(f"/t/{s}/trf/").content.decode()
    assert f"<li>{ten.name}: bye requested: half point</li>" in client.get(f"/t/{s}/pairings/1/").text


def test_the_desk_grid_of_a_round_lists_who_asked_not_to_be_paired_in_it(client, swiss, django_user_model):
    """The TD entering results sees at once which teams are off this round (and why), not only on
    the byes page; the public sees the same list once the pairings are published."""
    ten = swiss.teams.get(seed=10)
    bye_request(team=ten, round_number=1, kind="Z")
    rounds_pair_due(tournament=swiss)
    client.force_login(django_user_model.objects.create_superuser("td", password="x"))
    grid = client.get(f"/desk/{swiss.slug}/rounds/1/results/", HTTP_ACCEPT_LANGUAGE="en").text
    assert f"<li>{ten.name}: bye requested: zero points</li>" in grid

"""Incidents and penalties through the services (Blitz §7, §9a, §11): proposal, confirmation, override."""

import pytest

from tests.builders import make_paired
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, Incident
from tournaments.selectors.archive import archive_for_tournament
from tournaments.selectors.incidents import incident_history, incidents_for_match, incidents_for_round
from tournaments.services.archive import tournament_import
from tournaments.services.incidents import ARBITER_DECISION, incident_decide, incident_record
from tournaments.services.lineups import match_lineup_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    return make_paired(teams=2).rounds.get(number=1).matches.get()


def record(match, kind="clock-other-hand", board=2, side="first", **kwargs):
    return incident_record(match=match, board=board, side=side, kind=kind, **kwargs)


def test_the_clock_ladder_warning_minute_loss_and_the_loss_sets_the_result(match):
    proposals = []
    for _ in range(3):
        incident = record(match)
        proposals.append((incident.proposed_penalty, incident.rule))
        incident_decide(incident=incident)
    assert proposals == [("warning", "Blitz §7"), ("minute-for-opponent", "Blitz §7"), ("loss-of-game", "Blitz §7")]
    board = match.boards.get(board=2)
    assert board.result == "0-1"  # the first-named team's player lost
    entry = AuditEntry.objects.get(action="result", match=match)
    assert (entry.source, entry.new_value) == (ARBITER_DECISION, "0-1")


def test_the_ladder_counts_only_the_same_player_kind_and_game(match):
    record(match, kind="touch-move")
    record(match, kind="touch-move", side="second")
    record(match, kind="touch-move", board=3)
    record(match, kind="clock-other-hand")
    incident = record(match, kind="touch-move")
    assert (incident.proposed_penalty, incident.rule) == ("minute-for-opponent", "Blitz §11b")
    assert incident.player == match.boards.get(board=2).first_player


def test_touch_move_that_made_the_flag_fall_gives_a_minute_at_once(match):
    incident = record(match, kind="touch-move", opponent_flag_fell=True)
    assert (incident.proposed_penalty, incident.rule) == ("minute-for-opponent", "Blitz §11a")


def test_an_override_needs_a_reason_and_is_recorded(match):
    incident = record(match, kind="clock-knocked-over", side="second")
    assert incident.proposed_penalty == "minute-for-opponent"
    with pytest.raises(RuleViolation) as error:
        incident_decide(incident=incident, penalty="warning")
    assert error.value.text() == "reason: overriding the penalty the rules prescribe needs a reason (Blitz §9a)."
    incident = incident_decide(incident=incident, penalty="warning", reason="Uhr stand wackelig am Tischrand")
    assert (incident.decided_penalty, incident.overridden) == ("warning", True)
    with pytest.raises(RuleViolation):
        incident_decide(incident=incident)
    assert match.boards.get(board=2).result == ""


def test_a_claim_has_no_proposal_so_the_arbiter_must_choose(match):
    incident = record(match, kind="illegal-move-claim", side="second", note="König ins Schach gezogen")
    assert (incident.proposed_penalty, incident.rule) == ("", "Blitz §4, §14d")
    with pytest.raises(RuleViolation) as error:
        incident_decide(incident=incident)
    assert error.value.field == "penalty"
    incident_decide(incident=incident, penalty="loss-of-game")
    assert match.boards.get(board=2).result == "1-0"


def test_blitz_14d_a_timely_illegal_move_claim_proposes_the_loss_and_the_archive_keeps_it(match):
    """Blitz §4b, §14d: claimed before the claimant's own move, the impossible move loses."""
    incident = record(match, kind="illegal-move-claim", side="second", claimed_in_time=True)
    assert (incident.proposed_penalty, incident.rule, incident.claimed_in_time) == (
        "loss-of-game",
        "Blitz §4b, §14d",
        True,
    )
    incident_decide(incident=incident)
    assert match.boards.get(board=2).result == "1-0"
    late = record(match, kind="illegal-move-claim", board=3, claimed_in_time=False)
    assert (late.proposed_penalty, late.rule) == ("none", "Blitz §14d")
    exported = archive_for_tournament(tournament=match.round.tournament)
    assert [i.get("claimed_in_time") for i in exported["incidents"]] == [True, False]
    exported["tournament"]["slug"] = "kopie"
    copy = tournament_import(archive=exported)
    assert sorted(Incident.objects.filter(match__round__tournament=copy).values_list("claimed_in_time", flat=True)) == [
        False,
        True,
    ]


@pytest.mark.parametrize(
    "kwargs, field",
    [({"kind": "bribery"}, "kind"), ({"side": "left"}, "side"), ({"board": 9}, "board")],
)
def test_bad_input_names_the_field(match, kwargs, field):
    with pytest.raises(RuleViolation) as error:
        record(match, **kwargs)
    assert error.value.field == field


def test_an_empty_seat_has_no_game_to_penalise(match):
    match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, None])
    with pytest.raises(RuleViolation) as error:
        record(match, board=4)
    assert error.value.field == "board"


def test_incident_lists_per_round_and_match_take_two_queries(match, django_assert_num_queries):
    """The incidents with their match, round and player; then the matches' sides with their teams."""
    record(match, board=3, side="second", kind="touch-move")
    record(match, board=1)
    with django_assert_num_queries(2):
        listed = incidents_for_round(round_=match.round)
        assert [(i.board, i.side, i.match.second_team.name, i.player.name) for i in listed] == [
            (1, "first", "TSV Küps", "Jürgen Müller 1"),
            (3, "second", "TSV Küps", "Jörg Größer 2"),
        ]
    with django_assert_num_queries(2):
        assert len(incidents_for_match(match=match)) == 2


@pytest.mark.parametrize("side, result", [("first", "0-1"), ("second", "1-0")])
def test_in_tandem_a_loss_of_the_game_loses_the_match_by_arbiter_decision(side, result):
    tournament = make_paired(preset="tandem-dsb", name="Tandem-Open", players=2, teams=2, double_rounds=True)
    first_leg, return_leg = tournament.rounds.get(number=1).matches.order_by("leg")
    incident = record(return_leg, kind="clock-other-hand", board=1, side=side)
    assert (incident.proposed_penalty, incident.rule) == ("", "Tandem §7.4")
    incident_decide(incident=incident, penalty="loss-of-game")
    return_leg.refresh_from_db()
    first_leg.refresh_from_db()
    assert (return_leg.result, return_leg.deciding_board, return_leg.decided_by) == (result, 1, "arbiter")
    assert [b.result for b in return_leg.boards.order_by("board")] == ["", ""]
    assert first_leg.result == ""
    entry = AuditEntry.objects.get(action="result", match=return_leg)
    assert (entry.target, entry.source, entry.new_value) == (
        "R1 T1/2",
        ARBITER_DECISION,
        {"result": result, "deciding_board": 1, "decided_by": "arbiter"},
    )
    assert AuditEntry.objects.get(action="incident", match=return_leg, new_value__decided="loss-of-game").target == (
        f"R1 T1/2 B1 {side}: clock-other-hand"
    )


@pytest.mark.parametrize(
    ("preset", "players", "rule"), [("fide-team", 5, "FIDE Laws Art. 12.9"), ("tandem-dsb", 2, "Tandem §7.4")]
)
def test_presets_without_blitz_ladders_propose_nothing_and_cite_their_own_rule(preset, players, rule):
    tournament = make_paired(teams=2, preset=preset, players=players)
    match = tournament.rounds.get(number=1).matches.first()
    for _ in range(3):
        incident = record(match, board=1)
        assert (incident.proposed_penalty, incident.rule) == ("", rule)


def test_blitz_11d_the_touch_move_ladder_follows_the_player_into_the_next_round():
    """Blitz §11c loses the game at the third violation; the fourth, in round 2, is §11d's."""
    tournament = make_paired(teams=4)
    first = tournament.rounds.get(number=1).matches.get(table=1)
    player = first.boards.get(board=2).first_player
    for _ in range(3):
        record(first, kind="touch-move")
        record(first, kind="clock-other-hand")
    later = next(
        (match, game.board, side)
        for match in tournament.rounds.get(number=2).matches.all()
        for game in match.boards.all()
        for side, seated in (("first", game.first_player), ("second", game.second_player))
        if seated == player
    )
    touch = incident_record(match=later[0], board=later[1], side=later[2], kind="touch-move")
    clock = incident_record(match=later[0], board=later[1], side=later[2], kind="clock-other-hand")
    assert (touch.proposed_penalty, touch.rule) == ("arbiter-choice", "Blitz §11d")
    assert (clock.proposed_penalty, clock.rule) == ("warning", "Blitz §7")  # §7 counts per game
    assert AuditEntry.objects.filter(action="incident").order_by("pk").last().new_value["earlier"] == 0
    history = incident_history(tournament=tournament)
    assert [(p.name, [(i.match.round.number, i.kind) for i in rows]) for p, rows in history] == [
        (player.name, [(1, "touch-move"), (1, "clock-other-hand")] * 3 + [(2, "touch-move"), (2, "clock-other-hand")])
    ]

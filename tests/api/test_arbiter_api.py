"""The arbiter's features through the API: incidents and penalties, claims, play-off, withdrawals."""

import pytest

from tests.builders import make_paired, play_round
from tournaments.models import BoardGame, Round
from tournaments.services.roles import role_grant

pytestmark = pytest.mark.django_db


def _base(tournament) -> str:
    return f"/api/v1/tournaments/{tournament.slug}/"


def test_the_clock_ladder_through_the_api_ends_in_a_loss_that_sets_the_result(world):
    arbiter = world.client("arbiter_a")
    match = world.a.rounds.get(number=1).matches.get(table=1)
    body = {"match": match.pk, "board": 2, "side": "first", "kind": "clock-other-hand", "note": "Hand gewechselt"}
    proposals = []
    for _ in range(3):
        created = arbiter.post(_base(world.a) + "incidents/", body, format="json")
        assert created.status_code == 201, created.content
        proposals.append((created.json()["proposed_penalty"], created.json()["rule"]))
    assert proposals == [("warning", "Blitz §7"), ("minute-for-opponent", "Blitz §7"), ("loss-of-game", "Blitz §7")]
    assert created.json()["proposed_penalty_label"] == "Loss of the game"
    override = arbiter.post(
        _base(world.a) + f"incidents/{created.json()['id']}/decide/", {"penalty": "warning"}, format="json"
    )
    assert override.status_code == 400
    assert override.json()["detail"] == "reason: overriding the penalty the rules prescribe needs a reason (Blitz §7)."
    decided = arbiter.post(_base(world.a) + f"incidents/{created.json()['id']}/decide/", {}, format="json")
    assert decided.status_code == 200 and decided.json()["decided_penalty"] == "loss-of-game"
    assert decided.json()["decided_by"] == "arbiter_a"
    assert BoardGame.objects.get(match=match, board=2).result == "0-1"
    listed = arbiter.get(_base(world.a) + f"incidents/?round=1&match={match.pk}").json()["results"]
    assert [i["proposed_penalty"] for i in listed] == ["warning", "minute-for-opponent", "loss-of-game"]
    assert arbiter.get(_base(world.a) + "incidents/?round=2").json()["results"] == []


def test_a_bad_incident_names_the_field(world):
    match = world.a.rounds.get(number=1).matches.get(table=1)
    bad = world.client("arbiter_a").post(
        _base(world.a) + "incidents/",
        {"match": match.pk, "board": 9, "side": "first", "kind": "touch-move"},
        format="json",
    )
    assert bad.status_code == 400 and bad.json()["detail"] == "board: board 9 does not exist in this match."
    kind = world.client("arbiter_a").post(
        _base(world.a) + "incidents/", {"match": match.pk, "board": 1, "side": "first", "kind": "schach"}, format="json"
    )
    assert kind.status_code == 400 and kind.json()["field"] == "kind"
    other = world.b.rounds.get(number=1).matches.first()
    foreign = world.client("arbiter_a").post(
        _base(world.a) + "incidents/",
        {"match": other.pk, "board": 1, "side": "first", "kind": "touch-move"},
        format="json",
    )
    assert foreign.status_code == 404


@pytest.mark.parametrize(
    ("query", "outcome", "rule"),
    [({"claimant": "K+Q"}, "win", "Blitz §14c"), ({"claimant": "K", "opponent": "K+Q"}, "draw", "Blitz §15e")],
)
def test_the_claim_helper_answers_win_or_draw_with_the_rule(world, query, outcome, rule):
    for method in ("get", "post"):
        answer = getattr(world.client("arbiter_a"), method)(
            _base(world.a) + "claim/", query, **({"format": "json"} if method == "post" else {})
        )
        assert answer.status_code == 200, answer.content
        assert (answer.json()["outcome"], answer.json()["rule"].split(" ")[:2]) == (outcome, rule.split(" "))


def test_the_claim_helper_in_tandem_always_gives_the_win(world):
    tandem = make_paired(preset="tandem-dsb", name="Tandem-Open", players=2, teams=2, user=world.users["director_a"])
    answer = world.client("director_a").get(_base(tandem) + "claim/").json()
    assert answer["outcome"] == "win" and answer["rule"].startswith("Tandem §5.2")
    empty = world.client("director_a").get(_base(world.a) + "claim/")
    assert empty.status_code == 400 and empty.json()["field"] == "claimant"


def test_the_director_creates_the_play_off_and_the_standings_show_it(world):
    tied = make_paired(teams=2, user=world.users["director_a"])
    role_grant(tournament=tied, member=world.users["arbiter_a"], role="arbiter")
    play_round(tied.rounds.get(number=1), {1: "1-0 0-1 ½-½ ½-½"})
    assert world.client("director_a").get(_base(tied) + "standings/").json()["playoff_required"] is True
    assert world.client("arbiter_a").post(_base(tied) + "playoff/").status_code == 403
    created = world.client("director_a").post(_base(tied) + "playoff/")
    assert created.status_code == 201
    assert [(r["number"], r["kind"]) for r in created.json()] == [(2, "playoff"), (3, "playoff")]
    again = world.client("director_a").post(_base(tied) + "playoff/")
    assert again.status_code == 400 and again.json()["rule"] == "Blitz §16"
    play_round(tied.rounds.get(number=2), {1: "1-0 1-0 ½-½ ½-½"})
    play_round(tied.rounds.get(number=3), {1: "½-½ ½-½ ½-½ ½-½"})
    standings = world.client("director_a").get(_base(tied) + "standings/").json()
    assert standings["playoff_complete"] is True and standings["lots_needed"] == []
    first = standings["playoff"][0]
    assert (first["team"]["name"], first["rank"], first["mp"], first["decided_by"]) == ("SK Kronach", 1, 3.0, "MP")
    assert first["decided_by_label"] == "play-off match points"
    assert Round.objects.filter(tournament=tied, kind="playoff").count() == 2


def test_lots_name_unknown_teams_and_need_an_exhausted_play_off(world):
    teams = list(world.a.teams.values_list("pk", flat=True))
    unknown = world.client("director_a").post(
        _base(world.a) + "playoff/lots/", {"order": [teams[0], 10**12]}, format="json"
    )
    assert unknown.status_code == 400 and unknown.json()["field"] == "order"
    refused = world.client("director_a").post(_base(world.a) + "playoff/lots/", {"order": teams[:2]}, format="json")
    assert refused.status_code == 400 and refused.json()["rule"] == "Blitz §16"


def test_a_withdrawal_makes_forfeits_and_the_standings_say_which_rule_applied(world):
    team = world.a.teams.get(seed=4)
    response = world.client("director_a").post(
        _base(world.a) + f"teams/{team.pk}/withdraw/", {"from_round": 1}, format="json"
    )
    assert response.status_code == 200 and response.json()["withdrawn_from_round"] == 1
    match = world.a.rounds.get(number=1).matches.of_team(team).get()
    assert {b.result for b in match.boards.all()} == ({"-+"} if match.first_team == team else {"+-"})
    withdrawals = world.client("director_a").get(_base(world.a) + "standings/").json()["withdrawals"]
    assert [(w["team"]["id"], w["from_round"], w["played"], w["applied"]) for w in withdrawals] == [
        (team.pk, 1, 0, "forfeits")
    ]
    assert withdrawals[0]["note"].startswith("withdrew before round 1")
    twice = world.client("director_a").post(
        _base(world.a) + f"teams/{team.pk}/withdraw/", {"from_round": 2}, format="json"
    )
    assert twice.status_code == 400
    bad = world.client("director_a").post(
        _base(world.a) + f"teams/{team.pk}/withdraw/", {"from_round": "erste"}, format="json"
    )
    assert bad.status_code == 400 and bad.json()["field"] == "from_round"


def test_the_standings_name_their_tie_breaks_in_the_language_asked_for(world):
    url = f"/api/v1/tournaments/{world.a.slug}/standings/"
    german = world.client("director_a").get(url, HTTP_ACCEPT_LANGUAGE="de").json()["tiebreaks"]
    english = world.client("director_a").get(url, HTTP_ACCEPT_LANGUAGE="en").json()["tiebreaks"]
    assert [tb["code"] for tb in german] == [tb["code"] for tb in english]
    assert {tb["code"]: tb["name"] for tb in english}["BP"] == "Board points"
    assert {tb["code"]: tb["name"] for tb in german}["BP"] == "Brettpunkte"

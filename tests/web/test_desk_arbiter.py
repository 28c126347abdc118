"""The arbiter's desk in the pages: play-off (Blitz §16), withdrawals, incidents, the claim helper."""

import re

import pytest
from django.utils import timezone

from tests.builders import make_paired, play_round
from tournaments.models import AuditEntry, BoardGame, Incident, Match, Round
from tournaments.services.incidents import incident_record
from tournaments.services.playoff import playoff_create
from tournaments.services.publishing import round_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def tied():
    """Two teams whose only match ends 2:2: direct encounter cannot separate them."""
    tournament = make_paired(teams=2)
    play_round(tournament.rounds.get(number=1), {1: "1-0 0-1 ½-½ ½-½"})
    return tournament


@pytest.fixture
def match():
    return make_paired(teams=2).rounds.get(number=1).matches.get()


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


# --- play-off -----------------------------------------------------------------------------------


def test_the_desk_offers_the_play_off_and_one_post_pairs_it(desk, tied):
    page = desk.get(f"/desk/{tied.slug}/standings/")
    assert page.status_code == 200
    assert "Create play-off" in page.text and "Blitz §16" in page.text
    response = desk.post(f"/desk/{tied.slug}/playoff/", follow=True)
    assert "Play-off paired: 2 rounds (Blitz §16)." in messages_of(response)
    assert list(tied.rounds.filter(kind=Round.Kind.PLAYOFF).values_list("number", flat=True)) == [2, 3]
    assert "Create play-off" not in response.text
    # The play-off rounds live in the desk like rounds, marked as play-off.
    results = desk.get(f"/desk/{tied.slug}/rounds/2/results/")
    assert results.status_code == 200 and "Play-off for first place (Blitz §16)" in results.text
    assert desk.get(f"/desk/{tied.slug}/rounds/3/lineups/").status_code == 200
    overview = desk.get(f"/desk/{tied.slug}/")
    assert overview.text.count("<details") == 3 and overview.text.count('class="tag playoff"') == 2


def test_a_play_off_without_a_tie_is_refused_with_the_rule(desk):
    tournament = make_paired(teams=2, name="Ohne Stichkampf")
    play_round(tournament.rounds.get(number=1), {1: "1-0 1-0 ½-½ ½-½"})
    assert "Create play-off" not in desk.get(f"/desk/{tournament.slug}/standings/").text
    response = desk.post(f"/desk/{tournament.slug}/playoff/", follow=True)
    assert messages_of(response) == [
        "playoff: no play-off is needed: the final standings have a single winner, or the last round is not finished "
        "(Blitz §16)."
    ]
    assert not tournament.rounds.filter(kind=Round.Kind.PLAYOFF).exists()


def test_the_play_off_decides_and_the_public_standings_say_by_what(desk, client, tied):
    second, third = playoff_create(tournament=tied)
    play_round(second, {1: "1-0 0-1 1-0 0-1"})  # 2:2; Berliner Wertung: Kronach 4 + 2, Küps 3 + 1
    play_round(third, {1: "½-½ ½-½ ½-½ ½-½"})  # 2:2; 5 each: Kronach 11, Küps 9
    for round_ in tied.rounds.all():
        round_publish(round_=round_)
    page = client.get(f"/t/{tied.slug}/standings/")
    assert "Play-off for first place (Blitz §16)" in page.text
    table = page.text.split('id="playoff-table"')[1].split("</table>")[0]
    rows = " ".join(re.sub(r"<[^>]+>", " ", table.split("<tbody>")[1]).split())
    assert rows == "1. SK Kronach 2 11 Berliner Wertung over the play-off 2. TSV Küps 2 9"
    assert "Play-off required" not in page.text


def test_lots_are_recorded_from_the_desk_and_shown_as_drawn_by_lot(desk, client, tied):
    for round_ in playoff_create(tournament=tied):
        play_round(round_, {1: "½-½ ½-½ ½-½ ½-½"})
    page = desk.get(f"/desk/{tied.slug}/standings/")
    assert "Record the drawing of lots (Blitz §16)" in page.text
    kronach, kuesps = tied.teams.order_by("seed")
    bad = desk.post(f"/desk/{tied.slug}/playoff/lots/", {"lot": [kuesps.pk]}, follow=True)
    assert messages_of(bad) == [
        "order: list each of the still tied teams exactly once: SK Kronach, TSV Küps (Blitz §16)."
    ]
    unknown = desk.post(f"/desk/{tied.slug}/playoff/lots/", {"lot": ["999999", kronach.pk]}, follow=True)
    assert messages_of(unknown) == ["order: choose each place's team from the list (Blitz §16)."]
    response = desk.post(f"/desk/{tied.slug}/playoff/lots/", {"lot": [kuesps.pk, kronach.pk]}, follow=True)
    assert "drawn by lot" in response.text
    tied.refresh_from_db()
    assert tied.playoff_lots == [kuesps.pk, kronach.pk]
    for round_ in tied.rounds.all():
        round_publish(round_=round_)
    assert "drawn by lot" in client.get(f"/t/{tied.slug}/standings/").text


def test_the_play_off_actions_need_desk_rights(client, tied):
    assert client.post(f"/desk/{tied.slug}/playoff/").status_code == 302  # to the login
    from django.contrib.auth import get_user_model

    from tournaments.services.roles import role_grant

    player = get_user_model().objects.create_user("spieler")
    client.force_login(player)
    assert client.post(f"/desk/{tied.slug}/playoff/").status_code == 404  # no role: no desk
    role_grant(tournament=tied, member=player, role="arbiter")
    assert client.post(f"/desk/{tied.slug}/playoff/").status_code == 403  # the director's action
    assert not tied.rounds.filter(kind=Round.Kind.PLAYOFF).exists()


# --- withdrawals --------------------------------------------------------------------------------


def test_withdrawal_asks_first_saying_which_rule_applies_then_forfeits(desk, client):
    tournament = make_paired(teams=4, withdrawal_rule="cancel-under-half")
    play_round(tournament.rounds.get(number=1), {1: "1-0 1-0 ½-½ ½-½", 2: "½-½ ½-½ ½-½ ½-½"})
    selb = tournament.teams.get(seed=4)
    confirm = desk.post(f"/desk/{tournament.slug}/withdraw/", {"team": selb.pk, "from_round": 2})
    assert confirm.status_code == 200
    assert "Rule applied: all results cancelled" in confirm.text
    assert (
        "withdrew before round 2 after 1 of 3 matches, less than half: all its results are cancelled." in confirm.text
    )
    selb.refresh_from_db()
    assert selb.withdrawn_from_round is None  # nothing happened yet
    response = desk.post(
        f"/desk/{tournament.slug}/withdraw/", {"team": selb.pk, "from_round": 2, "confirm": "yes"}, follow=True
    )
    assert "“Schachfreunde Selb” is withdrawn from round 2 on." in messages_of(response)
    selb.refresh_from_db()
    assert selb.withdrawn_from_round == 2
    assert set(
        BoardGame.objects.filter(match__round__number=2, match__sides__position=1, match__sides__team=selb).values_list(
            "result", flat=True
        )
    ) == {"-+"}
    assert "all its results are cancelled" in response.text
    round_publish(round_=tournament.rounds.get(number=1))
    assert "Withdrawn teams" in client.get(f"/t/{tournament.slug}/standings/").text


def test_withdrawal_under_the_forfeit_rule_says_so(desk):
    tournament = make_paired(teams=4)
    confirm = desk.post(
        f"/desk/{tournament.slug}/withdraw/", {"team": tournament.teams.get(seed=2).pk, "from_round": 3}
    )
    assert "Rule applied: remaining matches lost by forfeit." in confirm.text
    assert "after 2 of 3 matches: its remaining matches are lost by forfeit." in confirm.text


@pytest.mark.parametrize(
    "post, message",
    [
        ({"from_round": 7}, "give the number of a round from 1 to 3."),
        ({"from_round": 7, "confirm": "yes"}, "give the number of a round from 1 to 3."),
        ({"from_round": 0}, "from_round:min_value"),
        ({"from_round": "x"}, "from_round:invalid"),
        ({"team": 999999, "from_round": 2}, "team:invalid_choice"),
    ],
)
def test_withdrawal_of_an_unknown_round_or_team_is_400_naming_the_field(desk, post, message):
    tournament = make_paired(teams=4)
    data = {"team": tournament.teams.get(seed=1).pk, **post}
    response = desk.post(f"/desk/{tournament.slug}/withdraw/", data)
    assert response.status_code == 400
    if ":" in message and " " not in message:  # Django's own messages: the field and the error code
        field, code = message.split(":")
        assert [e.code for e in response.context["withdraw_form"].errors.as_data()[field]] == [code]
    else:  # at the field "From round", without the path "from_round:" before it (issue 28 item 10)
        assert message in response.text and "from_round" not in response.text.split("<main")[1].split("<form")[0]
        assert [str(e) for e in response.context["withdraw_form"].errors["from_round"]] == [message]
    assert not tournament.teams.filter(withdrawn_from_round__isnull=False).exists()


@pytest.mark.parametrize("confirm", [{}, {"confirm": "yes"}])
def test_withdrawal_from_a_round_with_results_is_refused_at_the_preview_as_at_the_confirmation(desk, confirm):
    """The preview runs the confirmation's check: it never promises what the confirmation refuses (issue 28 item 10)."""
    tournament = make_paired(teams=4)
    play_round(tournament.rounds.get(number=1), {1: "1-0 1-0 ½-½ ½-½"})
    data = {"team": tournament.teams.get(seed=1).pk, "from_round": 1, **confirm}
    response = desk.post(f"/desk/{tournament.slug}/withdraw/", data)
    assert response.status_code == 400
    assert "round 1 already has a result on board 1" in response.text
    assert "Rule applied" not in response.text


def test_withdrawal_preview_lists_the_encounters_that_become_forfeits(desk):
    tournament = make_paired(teams=4)
    selb = tournament.teams.get(seed=4)
    confirm = desk.post(f"/desk/{tournament.slug}/withdraw/", {"team": selb.pk, "from_round": 1})
    forfeits = confirm.text.split('id="withdrawal-forfeits">')[1].split("</ul>")[0]
    assert [" ".join(item.split("</li>")[0].split()) for item in forfeits.split("<li>")[1:]] == [
        f"Round {match.round.number}, table {match.table}: {match.first_team.name} – {match.second_team.name}"
        for match in Match.objects.filter(round__tournament=tournament).of_team(selb).order_by("round__number")
    ]
    assert len(forfeits.split("<li>")) == 4  # three rounds of four teams


# --- incidents ----------------------------------------------------------------------------------


def record(desk, match_, **data):
    match = match_
    post = {"match": match.pk, "board": 2, "side": "first", "kind": "clock-other-hand", "time": "", "note": "", **data}
    return desk.post(f"/desk/{match.round.tournament.slug}/rounds/{match.round.number}/incidents/", post, follow=True)


def decide(desk, incident, **data):
    match = incident.match
    post = {f"i{incident.pk}-{k}": v for k, v in {"penalty": "", "reason": "", **data}.items()}
    url = f"/desk/{match.round.tournament.slug}/rounds/{match.round.number}/incidents/{incident.pk}/decide/"
    return desk.post(url, post, follow=True)


def test_the_clock_ladder_through_the_desk_ends_in_a_lost_board(desk, match):
    proposed = []
    for _ in range(3):
        response = record(desk, match, time="14:05", note="mit links gedrückt")
        assert response.status_code == 200
        incident = Incident.objects.latest("id")
        proposed.append(messages_of(response)[-1])
        assert decide(desk, incident).status_code == 200
    assert proposed == [
        "Incident recorded. Proposed: Warning (Blitz §7).",
        "Incident recorded. Proposed: One minute for the opponent (Blitz §7).",
        "Incident recorded. Proposed: Loss of the game (Blitz §7).",
    ]
    assert incident.player == match.boards.get(board=2).first_player
    assert timezone.localtime(Incident.objects.latest("id").occurred_at).strftime("%H:%M") == "14:05"
    assert match.boards.get(board=2).result == "0-1"
    grid = desk.get(f"/desk/{match.round.tournament.slug}/rounds/1/results/")
    assert 'value="0-1"' in grid.text
    assert AuditEntry.objects.get(action="result", match=match).source == "arbiter-decision"
    page = desk.get(f"/desk/{match.round.tournament.slug}/rounds/1/incidents/")
    assert page.text.count("Decided: <strong>Loss of the game</strong>") == 1


def test_blitz_11d_the_players_history_on_the_incident_form_and_the_team_page(desk, match):
    """The arbiter deciding under §11d sees the player's whole record: on the incident page
    (beside the form) and on the team's desk page, in German too."""
    for _ in range(2):
        record(desk, match, kind="touch-move")
    player = match.boards.get(board=2).first_player
    tournament = match.round.tournament
    page = desk.get(f"/desk/{tournament.slug}/rounds/1/incidents/")
    history = page.text[page.text.index('id="incident-history"') :]
    assert f"<strong>{player.name}</strong> ({match.first_team.name})" in history
    assert history.count("table 1, board 2: Touch-move violation (Blitz §11)") == 2
    assert "proposed: One minute for the opponent (Blitz §11b)" in history
    team_page = desk.get(f"/desk/{tournament.slug}/teams/{match.first_team.pk}/", HTTP_ACCEPT_LANGUAGE="de")
    german = team_page.text[team_page.text.index('id="incident-history"') :]
    assert "Vorkommnisse jedes Spielers in diesem Turnier" in german
    assert german.count("Tisch 1, Brett 2") == 2 and "vorgeschlagen: Verwarnung (Blitz §11a)" in german
    other = desk.get(f"/desk/{tournament.slug}/teams/{match.second_team.pk}/")
    assert "No incidents in this tournament yet." in other.text


def test_blitz_14d_an_illegal_move_claimed_in_time_is_proposed_as_lost_in_german_too(desk, match):
    desk.cookies["django_language"] = "de"
    response = record(desk, match, kind="illegal-move-claim", side="second", claimed_in_time="true")
    assert messages_of(response)[-1] == "Vorkommnis erfasst. Vorgeschlagen: Partieverlust (Blitz §4b, §14d)."
    assert "Reklamation eines unmöglichen Zuges: erhoben, bevor der Reklamierende einen Zug beendet hat" in (
        response.text
    )
    late = record(desk, match, kind="illegal-move-claim", board=3, claimed_in_time="false")
    assert messages_of(late)[-1] == "Vorkommnis erfasst. Vorgeschlagen: Keine Strafe (Blitz §14d)."


def test_an_override_needs_a_reason(desk, match):
    record(desk, match, kind="clock-knocked-over", side="second")
    incident = Incident.objects.get()
    response = decide(desk, incident, penalty="warning")
    assert response.status_code == 400
    assert "overriding the penalty the rules prescribe needs a reason (Blitz §9a)." in response.text
    incident.refresh_from_db()
    assert not incident.decided
    response = decide(desk, incident, penalty="warning", reason="Uhr stand wackelig am Tischrand")
    assert response.status_code == 200
    assert "overriding the proposal" in response.text and "Uhr stand wackelig am Tischrand" in response.text


def test_a_kind_without_a_ladder_needs_a_choice(desk, match):
    response = record(desk, match, kind="illegal-move-claim")
    assert "The rules prescribe no penalty here; the arbiter decides." in messages_of(response)[-1]
    incident = Incident.objects.get()
    response = decide(desk, incident)
    assert response.status_code == 400
    assert "the rules prescribe no penalty here; choose one (Blitz §4, §14d)." in response.text
    assert decide(desk, incident, penalty="loss-of-game").status_code == 200
    assert match.boards.get(board=2).result == "0-1"


@pytest.mark.parametrize(
    "data, field, code",
    [
        ({"kind": "smoking"}, "kind", "invalid_choice"),
        ({"side": "third"}, "side", "invalid_choice"),
        ({"board": 9}, "board", None),  # the service's rule
        ({"board": ""}, "board", "required"),
        ({"time": "25:99"}, "time", "invalid"),
        ({"match": 999999}, "match", "invalid_choice"),
    ],
)
def test_bad_incident_input_is_400_on_its_field(desk, match, data, field, code):
    response = record(desk, match, **data)
    assert response.status_code == 400
    [error] = response.context["form"].errors.as_data()[field]
    assert error.code == code
    if code is None:
        assert error.message == "board 9 does not exist in this match."
    assert not Incident.objects.exists()


def test_an_incident_of_another_round_is_404_and_a_decided_one_is_not_decided_twice(desk, match):
    incident = incident_record(match=match, board=1, side="second", kind="touch-move")
    slug = match.round.tournament.slug
    assert desk.post(f"/desk/{slug}/rounds/2/incidents/{incident.pk}/decide/").status_code == 404
    assert decide(desk, incident).status_code == 200
    again = decide(desk, incident)
    assert again.status_code == 400 and "this incident has already been decided." in again.text


def test_the_incident_page_lists_by_table_with_rule_and_fixed_queries(desk, match, django_assert_max_num_queries):
    for kind in ("touch-move", "touch-move", "clock-knocked-over"):
        incident_record(match=match, board=3, side="second", kind=kind, note="Dame berührt")
    with django_assert_max_num_queries(12):
        page = desk.get(f"/desk/{match.round.tournament.slug}/rounds/1/incidents/")
    assert page.status_code == 200
    assert "Proposed: <strong>Warning</strong> (Blitz §11a)" in page.text
    assert "Proposed: <strong>One minute for the opponent</strong> (Blitz §11b)" in page.text
    assert "Proposed: <strong>One minute for the opponent</strong> (Blitz §9a)" in page.text
    assert page.text.count("Dame berührt") == 3


# --- flag-fall claim helper ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "query, outcome, rule",
    [
        ({"claimant": "K+N", "opponent": "K"}, "Draw", "Blitz §15e"),
        ({"claimant": "K+N", "opponent": "K+P"}, "Win for the claimant", "Blitz §14c"),
        ({"claimant": "K+Bl", "opponent": "K+Bl"}, "Draw", "Blitz §15e"),
        ({"claimant": "K+Bl", "opponent": "K+Bd"}, "Win for the claimant", "Blitz §14c"),
        ({"fen": "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", "side": "white"}, "Draw", "Blitz §15e"),
        ({"fen": "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", "side": "black"}, "Draw", "Blitz §15e"),
        ({"fen": "8/8/3p4/4k3/8/8/8/2B1K3 w - - 0 1", "side": "white"}, "Win for the claimant", "Blitz §14c"),
    ],
)
def test_the_claim_helper_answers_win_or_draw_with_the_rule(desk, match, query, outcome, rule):
    response = desk.get(f"/desk/{match.round.tournament.slug}/claim/", query)
    assert response.status_code == 200
    answer = response.text.split('id="claim-answer"')[1].split("</p>")[0]
    assert outcome in answer and f"({rule})" in answer


@pytest.mark.parametrize(
    "query, message",
    [
        ({"fen": "8/8/8/8/8/8/8/8 w - - 0 1", "side": "white"}, "a position has exactly one king of each colour."),
        ({"fen": "not a fen", "side": "white"}, "a FEN position has eight ranks separated by “/”."),
        ({"fen": "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1"}, "say whether the claimant plays white or black."),
        ({"claimant": "K+X"}, "“K+X” is not material"),
        (
            {"claimant": "K+N"},
            "with this material the answer depends on the opponent&#x27;s material; enter it too (Blitz §14c).",
        ),
        ({"opponent": "K"}, "claimant: enter the claimant&#x27;s material, or a FEN position (Blitz §14c)."),
    ],
)
def test_bad_claims_are_400_naming_the_field(desk, match, query, message):
    response = desk.get(f"/desk/{match.round.tournament.slug}/claim/", query)
    assert response.status_code == 400
    assert message in response.text
    assert 'id="claim-answer"' not in response.text


def test_in_tandem_a_flag_fall_always_loses(desk):
    tournament = make_paired(preset="tandem-dsb", name="Tandem-Open", players=2, teams=2)
    response = desk.get(f"/desk/{tournament.slug}/claim/", {"claimant": "K", "opponent": "K+Q"})
    assert response.status_code == 200
    assert "Win for the claimant" in response.text and "(Tandem §5.2)" in response.text
    page = desk.get(f"/desk/{tournament.slug}/rounds/1/incidents/")
    assert "Tandem §5.2" in page.text and "Tandem §7.4" in page.text


def test_the_result_grid_links_each_board_to_a_prefilled_incident_form(desk, match):
    slug = match.round.tournament.slug
    grid = desk.get(f"/desk/{slug}/rounds/1/results/")
    link = f"/desk/{slug}/rounds/1/incidents/?match={match.pk}&amp;board=3#incident-form"
    assert link in grid.text
    form = desk.get(f"/desk/{slug}/rounds/1/incidents/", {"match": match.pk, "board": 3}).context["form"]
    assert form.initial == {"match": str(match.pk), "board": "3"}


@pytest.mark.parametrize(
    "preset, players, cited",
    [("blitz-frankenwald", 5, True), ("fide-team", 5, False), ("tandem-dsb", 2, False)],
)
def test_incident_kinds_cite_the_blitz_rules_only_in_a_blitz_tournament(desk, preset, players, cited):
    tournament = make_paired(preset=preset, name=f"Pokal {preset}", players=players, teams=2)
    match = tournament.rounds.get(number=1).matches.get()
    incident_record(match=match, board=1, side="first", kind="touch-move")
    page = desk.get(f"/desk/{tournament.slug}/rounds/1/incidents/").text
    heading = re.search(r"<h3>Table 1, board 1\s*· [\d:]+ · ([^<]*)</h3>", page).group(1)
    option = re.search(r'<option value="clock-knocked-over">([^<]*)</option>', page).group(1)
    flag = re.search(r'<label for="id_opponent_flag_fell">([^<]*)</label>', page).group(1)
    if cited:
        assert (heading, option, flag) == (
            "Touch-move violation (Blitz §11)",
            "Clock knocked over (Blitz §9a)",
            "It made the opponent&#x27;s flag fall (Blitz §11a):",
        )
    else:
        assert (heading, option, flag) == (
            "Touch-move violation",
            "Clock knocked over",
            "It made the opponent&#x27;s flag fall:",
        )


def test_after_a_report_the_incident_form_stays_on_its_table_and_board(desk, running):
    """Issue 28 item 10: the form went back to table 1 after every report."""
    second = running.rounds.get(number=3).matches.get(table=2)
    response = record(desk, second, board=3)
    assert response.status_code == 200
    assert response.redirect_chain[-1][0].endswith(f"?match={second.pk}&board=3#incident-{Incident.objects.get().pk}")
    form = response.context["form"]
    assert (int(form.initial["match"]), int(form.initial["board"])) == (second.pk, 3)
    again = record(desk, second, board=3, kind="touch-move")  # the second report of that board is kept too
    assert again.status_code == 200
    assert [(i.match_id, i.board, i.kind) for i in Incident.objects.order_by("pk")] == [
        (second.pk, 3, "clock-other-hand"),
        (second.pk, 3, "touch-move"),
    ]

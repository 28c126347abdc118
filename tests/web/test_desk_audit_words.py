"""The audit trail as people read it (issue 18 item 20): names, local dates, translated codes, no raw JSON."""

import re
from datetime import date

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.builders import enter_match, make_paired, play_round
from tournaments.models import AuditEntry, Match
from tournaments.services.documents import round_bundle_request
from tournaments.services.incidents import incident_decide, incident_record
from tournaments.services.lineups import match_lineup_set
from tournaments.services.pairing import round_unpair
from tournaments.services.tournaments import tournament_update
from tournaments.services.withdrawals import team_withdraw

pytestmark = pytest.mark.django_db


def _rows(html: str) -> dict[str, list[str]]:
    """The visible text of each audit row (tags and their title attributes dropped), by entry id."""
    table = html.split('id="audit"')[1].split("</table>")[0]
    rows = re.findall(r'<tr id="entry-(\d+)">(.*?)</tr>', table, re.S)
    return {
        pk: [
            re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", cell)).strip()
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        for pk, row in rows
    }


def _visible(html: str) -> str:
    table = html.split('id="audit"')[1].split("</table>")[0]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", table))


@pytest.fixture
def history(running, named_users):
    """Settings, a lineup, a bundle, an incident and its decision, a withdrawal and an unpairing."""
    tournament_update(tournament=running, start_date=date(2026, 12, 5), user=named_users["director"], source="desk")
    tournament_update(tournament=running, start_date=None, user=named_users["director"], source="desk")
    match = Match.objects.get(round__tournament=running, round__number=3, table=1)
    match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, 5], source="api")
    round_bundle_request(round_=running.rounds.get(number=2), per_page=2)
    played = Match.objects.get(round__tournament=running, round__number=2, table=1)
    incident = incident_record(match=played, board=2, side="first", kind="touch-move")
    incident_decide(incident=incident, penalty="loss-of-game", reason="dritter Verstoß")
    return running


def _page(client, tournament, user, **headers):
    client.force_login(user)
    return client.get(f"/desk/{tournament.slug}/audit/", **headers).text


def test_the_tournament_audit_shows_names_dates_and_words_not_raw_data(client, history, named_users):
    page = _page(client, history, named_users["director"])
    shown = _visible(page)
    for raw in (
        "forms_per_page",
        "[[",
        "[1, 2, 3, 5]",
        "+00:00",
        "T0",
        "T1:",
        '{"',
        "None",
        "loss-of-game",
        "touch-move",
    ):
        assert raw not in shown, raw
    rows = _rows(page)
    entry = AuditEntry.objects.get
    lineup = rows[str(entry(action="lineup").pk)]
    match = Match.objects.get(round__tournament=history, round__number=3, table=1)
    names = [p.name for p in match.first_team.players.order_by("position")]
    assert lineup[2:6] == [
        "API",
        "Lineup changed",
        f"Round 3 · table 1 · {match.first_team.name}",
        f"{', '.join(names[:4])} → {', '.join(names[:3] + [names[4]])}",
    ]
    assert rows[str(entry(action="print").pk)][4:6] == ["Round 2", "– → 2 forms per page"]
    settings = AuditEntry.objects.filter(action="tournament", target_kind="settings").order_by("id")
    assert [rows[str(e.pk)][4:6] for e in settings] == [
        ["Settings: start date", "– → 12/05/2026"],
        ["Settings: start date", "12/05/2026 → –"],
    ]
    pairing = rows[str(AuditEntry.objects.filter(action="pairing").earliest("id").pk)]
    first_round = Match.objects.filter(round__tournament=history, round__number=1).order_by("table")
    assert pairing[4:6] == [
        "Round 1",
        "– → " + "; ".join(f"{m.first_team.name} – {m.second_team.name}" for m in first_round),
    ]
    published = rows[str(entry(action="publish").pk)]
    # Django's "P": minutes left off on the hour, "noon" and "midnight" spelt out
    assert re.fullmatch(r"– → \d\d/\d\d/\d{4} (\d{1,2}(:\d\d)? [ap]\.m\.|noon|midnight)", published[5]), published[5]
    incident, decision = AuditEntry.objects.filter(action="incident").order_by("id")
    assert rows[str(incident.pk)][4:6] == [
        "Round 2 · table 1 · board 2, seat 1",
        "– → Touch-move violation (Blitz §11); proposed: Warning",
    ]
    assert rows[str(decision.pk)][5] == "proposed: Warning → Loss of the game (dritter Verstoß)"
    penalty = AuditEntry.objects.get(action="result", source="arbiter-decision")
    assert rows[str(penalty.pk)][2:6] == [
        "arbiter decision",
        "Result changed",
        "Round 2 · table 1 · board 2",
        "1-0 → 0-1",
    ]
    role = AuditEntry.objects.filter(action="role").earliest("id")
    assert rows[str(role.pk)][4:6] == ["direktorin", "– → Director"]
    assert rows[str(entry(action="tournament", target_kind="tournament", value_type="status").pk)][4:6] == [
        "Status",
        "Registration → Running",
    ]


def test_withdrawals_and_unpairing_name_teams_and_count_what_went(client, history, named_users):
    team = history.teams.get(seed=4)
    team_withdraw(team=team, from_round=3)
    round_unpair(round_=history.rounds.get(number=3), delete_results=True)
    rows = _rows(_page(client, history, named_users["director"]))
    withdrawal = rows[str(AuditEntry.objects.get(action="withdrawal").pk)]
    assert withdrawal[4:6] == [team.name, "– → from round 3; 1 match forfeited"]
    unpairing = rows[str(AuditEntry.objects.filter(action="pairing").latest("id").pk)]
    assert unpairing[4] == "Round 3" and unpairing[5].endswith("(4 results deleted) → –")
    assert team.name in unpairing[5]


def test_german_readers_get_german_words_and_dates(client, history, named_users):
    page = _page(client, history, named_users["director"], HTTP_ACCEPT_LANGUAGE="de")
    rows = _rows(page)
    print_row = rows[str(AuditEntry.objects.get(action="print").pk)]
    assert print_row[2:6] == ["Turnierleitung", "Dokumente angefordert", "Runde 2", "– → 2 Formulare pro Seite"]
    settings = AuditEntry.objects.filter(action="tournament", target_kind="settings").order_by("id")
    assert [rows[str(e.pk)][4:6] for e in settings] == [
        ["Einstellungen: Beginn", "– → 05.12.2026"],
        ["Einstellungen: Beginn", "05.12.2026 → –"],
    ]
    lineup = rows[str(AuditEntry.objects.get(action="lineup").pk)]
    assert lineup[4].startswith("Runde 3 · Tisch 1 · ")
    published = rows[str(AuditEntry.objects.get(action="publish").pk)]
    assert re.fullmatch(r"– → \d\d\.\d\d\.\d{4} \d\d:\d\d", published[5]), published[5]


def test_a_tandem_match_result_reads_with_its_deciding_board_and_way(client, td):
    tournament = make_paired(preset="tandem-dsb", name="Tandem-Open", players=2, teams=2, double_rounds=True)
    second_leg = tournament.rounds.get(number=1).matches.get(leg=2)
    enter_match(match=second_leg, result="1-0", deciding_board=2, decided_by="checkmate")
    client.force_login(td)
    page = client.get(f"/desk/{tournament.slug}/matches/{second_leg.pk}/audit/").text
    row = _rows(page)[str(AuditEntry.objects.get(match=second_leg, action="result").pk)]
    assert row[4:6] == ["Round 1 · table 1, leg 2", "– → 1-0 (board 2, checkmate)"]


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_audit_pages_cost_the_same_queries_for_a_small_and_a_large_event(client, td):
    client.force_login(td)
    counts = []
    for teams in (4, 10):
        tournament = make_paired(teams=teams, name=f"Turnier {teams}")
        for round_ in tournament.rounds.all()[:2]:
            play_round(round_, {table: "1-0 ½-½ 0-1 1-0" for table in range(1, teams // 2 + 1)})
        match = tournament.rounds.get(number=3).matches.get(table=1)
        match_lineup_set(match=match, team=match.second_team, positions=[1, 2, 3, 5])
        played = tournament.rounds.get(number=1).matches.get(table=1)
        counts.append(
            (
                _queries(client, f"/desk/{tournament.slug}/audit/"),
                _queries(client, f"/desk/{tournament.slug}/matches/{played.pk}/audit/"),
                _queries(client, f"/desk/{tournament.slug}/matches/{match.pk}/audit/"),
            )
        )
    assert counts[0] == counts[1]


def test_settings_read_in_words_typed_or_as_stored_before_typed_values(running):
    from tournaments.selectors.audit_text import AuditWording

    wording = AuditWording(running)
    typed = AuditEntry(
        target_kind="settings",
        value_type="settings",
        old_value={
            "match_points": {"win": 2, "draw": 1, "loss": 0},
            "double_rounds": False,
            "tiebreaks_other": ["BP", "SB"],
        },
        new_value={"match_points": {"win": 3, "draw": 1.5, "loss": 0}, "double_rounds": True, "tiebreaks_other": []},
    )
    assert wording.what(typed) == "Settings: match points, double rounds, tie-breaks for other places"
    assert wording.value(typed, typed.old_value) == "win 2, draw 1, loss 0; no; BP, SB"
    assert wording.value(typed, typed.new_value) == "win 3, draw 1½, loss 0; yes; –"
    legacy = AuditEntry(
        target_kind="settings", value_type="settings", old_value={"start_date": "None", "playoff_for_first": "True"}
    )
    assert wording.value(legacy, legacy.old_value) == "–; yes"
    created = AuditEntry(
        target_kind="tournament", value_type="created", target="Pokal", new_value={"preset": "tandem-dsb", "boards": 2}
    )
    assert (wording.what(created), wording.value(created, created.new_value)) == (
        "Pokal",
        "preset: tandem-dsb; boards: 2",
    )

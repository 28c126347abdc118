"""Verified standings: gacrux re-computes the published standings and the verdict is stored."""

import random

import pytest

from tests.builders import make_paired
from tests.trf.test_gacrux_crosscheck import play
from tournaments.models import StandingsCheck, Tournament
from tournaments.services.publishing import round_publish
from tournaments.services.standings_check import standings_verify

pytestmark = pytest.mark.django_db


def publish_all(tournament):
    for round_ in tournament.rounds.order_by("number"):
        round_publish(round_=round_)


def test_published_standings_agree_with_gacrux_and_say_so(client):
    tournament = make_paired(teams=6, preset="fide-team", name="Verified")
    Tournament.objects.filter(pk=tournament.pk).update(
        tiebreaks_first=["BH:MP", "EMGSB", "BP"], tiebreaks_other=["BH:MP", "EMGSB", "BP"]
    )
    play(tournament, random.Random(4))
    publish_all(tournament)
    check = standings_verify(tournament_id=tournament.pk)
    assert (check.verdict, check.engine, check.after_round, check.differences) == ("agrees", "gacrux 1.11.65", 5, [])
    page = client.get(f"/t/{tournament.slug}/standings/").text
    assert "Checked against FIDE’s reference tool (gacrux 1.11.65)" in page
    api = client.get(f"/api/v1/tournaments/{tournament.slug}/standings/").json()["reference_check"]
    assert (api["verdict"], api["engine"], api["after_round"], api["differences"]) == (
        "agrees",
        "gacrux 1.11.65",
        5,
        [],
    )


def test_a_disagreement_is_stored_with_the_values_and_shown(client):
    """Five teams, the dummy's round a pairing-allocated bye scored as a draw, BC in the chain:
    gacrux 1.11.65 puts a won game on every board of a PAB (tests/trf/test_gacrux_crosscheck.py),
    1 + 2 + 3 + 4 = 10 more BC for each team, which had one bye each."""
    tournament = make_paired(teams=5, preset="fide-team", name="Disputed", bye_scoring="draw")
    Tournament.objects.filter(pk=tournament.pk).update(tiebreaks_first=["BC"], tiebreaks_other=["BC"])
    play(tournament, random.Random(2))
    publish_all(tournament)
    check = standings_verify(tournament_id=tournament.pk)
    assert check.verdict == StandingsCheck.Verdict.DIFFERS
    bc = [d for d in check.differences if d["code"] == "BC"]
    assert len(bc) == 5 and all(d["reference"] - d["ours"] == 10 for d in bc)
    page = client.get(f"/t/{tournament.slug}/standings/").text
    assert "FIDE’s reference tool (gacrux 1.11.65) computes different values" in page


def test_nothing_published_nothing_checked():
    tournament = make_paired(teams=4, preset="fide-team", name="Early")
    check = standings_verify(tournament_id=tournament.pk)
    assert (check.verdict, check.note) == ("not-checked", "no published round")
    assert standings_verify(tournament_id=10**6) is None


def test_a_tandem_event_is_not_checked_and_says_why():
    from tests.builders import enter_match

    tandem = make_paired(teams=4, players=2, preset="tandem-dsb", name="Tandem")
    first = tandem.rounds.get(number=1)
    for match in first.matches.with_sides():
        enter_match(match=match, result="1:0", deciding_board=1, decided_by="time-neighbour")
    round_publish(round_=first)
    check = standings_verify(tournament_id=tandem.pk)
    assert (check.verdict, check.note) == (
        "not-checked",
        "a match here has one result of its own, while FIDE's tool ranks teams by the games on the boards",
    )


def test_an_event_trf_cannot_number_says_so_on_the_public_page_and_the_desk(client, monkeypatch, django_user_model):
    """Record 310 numbers teams in three digits: over 999 teams there is no TRF file for gacrux to
    read. The check stores why, and both pages say it (here the limit is lowered to three teams,
    so four are "too many" without entering a thousand)."""
    from tournaments.domain.trf import event as trf_event_module

    monkeypatch.setattr(trf_event_module, "TRF_TEAMS", 3)
    tournament = make_paired(teams=4, preset="fide-team", name="Huge")
    play(tournament, random.Random(1))
    publish_all(tournament)
    check = standings_verify(tournament_id=tournament.pk)
    assert (check.verdict, check.engine, check.differences) == ("not-checked", "", [])
    note = (
        "Not checked against FIDE’s reference tool: more than 999 teams: "
        "a TRF-2026 file numbers teams in three digits (record 310)."
    )
    assert note in client.get(f"/t/{tournament.slug}/standings/").text
    client.force_login(django_user_model.objects.create_superuser("td", "td@example.org", "pw"))
    assert note in client.get(f"/desk/{tournament.slug}/standings/").text


def test_a_failing_reference_tool_is_a_verdict_not_a_check_pending_for_ever(client, monkeypatch, caplog):
    """gacrux is a third-party engine: if it raises, the check stores "not checked" with the
    reason (the log has the traceback), so neither the public nor the desk waits for ever."""
    from tournaments.services import standings_check

    def broken(*args, **kwargs):
        raise KeyError("gpoints")

    monkeypatch.setattr(standings_check, "reference_standings", broken)
    tournament = make_paired(teams=4, preset="fide-team", name="Broken engine")
    play(tournament, random.Random(2))
    publish_all(tournament)
    check = standings_verify(tournament_id=tournament.pk)
    assert (check.verdict, check.engine, check.note) == (
        "not-checked",
        "",
        "the reference tool failed on this event; the server log says why",
    )
    assert "gacrux could not check the standings" in caplog.text
    page = client.get(f"/t/{tournament.slug}/standings/").text
    assert (
        "Not checked against FIDE’s reference tool: the reference tool failed on this event; the server log says why."
        in page
    )


def test_every_demo_says_what_fides_reference_tool_found():
    """`make run`'s demos are what a visitor sees first: the Frankenwald demo agrees with gacrux on
    every criterion gacrux knows (BW and FWB are ours, Blitz §16, and not asked: gacrux answered
    FWB with 0 for every team); the tandem and four-player demos say why they are not checked."""
    import io

    from django.core.management import call_command

    for flag in ([], ["--tandem"], ["--four-player"]):
        call_command("demo", *flag, stdout=io.StringIO())
    verdicts = {t.slug: standings_verify(tournament_id=t.pk) for t in Tournament.objects.all()}
    assert (verdicts["frankenwaldpokal-demo"].verdict, verdicts["frankenwaldpokal-demo"].differences) == ("agrees", [])
    assert {slug: check.verdict for slug, check in verdicts.items() if slug != "frankenwaldpokal-demo"} == {
        "tandem-demo": "not-checked",
        "viererschach-demo": "not-checked",
        "schach4-demo": "not-checked",
    }

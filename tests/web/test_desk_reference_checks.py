"""The desk shows where gacrux disagrees: which team, which criterion or table, ours and its."""

import random

import pytest

from tests.builders import make_paired, make_tournament
from tests.trf.test_gacrux_crosscheck import play
from tournaments.domain.formatting import points
from tournaments.models import Tournament
from tournaments.services.pairing_check import round_pairing_check
from tournaments.services.publishing import round_publish
from tournaments.services.standings_check import standings_verify

pytestmark = pytest.mark.django_db


def test_the_desk_lists_each_differing_tiebreak_with_both_values(desk):
    """Five teams, BC, a pairing-allocated bye scored as a draw: gacrux 1.11.65 counts a won game
    on every board of the bye, 1 + 2 + 3 + 4 = 10 more BC for every team (each had one bye);
    tests/trf/test_standings_check.py pins the same disagreement."""
    tournament = make_paired(teams=5, preset="fide-team", name="Disputed", bye_scoring="draw")
    Tournament.objects.filter(pk=tournament.pk).update(tiebreaks_first=["BC"], tiebreaks_other=["BC"])
    play(tournament, random.Random(2))
    for round_ in tournament.rounds.order_by("number"):
        round_publish(round_=round_)
    check = standings_verify(tournament_id=tournament.pk)
    page = desk.get(f"/desk/{tournament.slug}/standings/").text
    assert 'id="standings-differences"' in page
    assert "FIDE’s reference tool (gacrux 1.11.65) computes the published standings after round 5 differently" in page
    for difference in check.differences:
        if difference["code"] != "BC":
            continue
        team = tournament.teams.get(seed=difference["team"]).name
        ours, reference = points(difference["ours"]), points(difference["reference"])
        row = f'<tr><td>{team}</td><td>BC</td><td class="num">{ours}</td><td class="num">{reference}</td></tr>'
        assert row in page, row


def test_the_desk_shows_where_the_pairing_checker_pairs_otherwise(desk):
    swiss = make_tournament(teams=6, preset="fide-team-swiss", name="Open", rounds=3)
    desk.post(f"/desk/{swiss.slug}/pair/")
    round_ = swiss.rounds.get(number=1)
    round_pairing_check(round_id=round_.pk)
    assert 'id="pairing-differences"' not in desk.get(f"/desk/{swiss.slug}/rounds/1/results/").text  # it agrees
    four, five = swiss.teams.get(seed=4), swiss.teams.get(seed=5)
    desk.post(f"/desk/{swiss.slug}/rounds/1/exchange/", {"first": four.pk, "second": five.pk, "confirm": "yes"})
    round_pairing_check(round_id=round_.pk)
    page = desk.get(f"/desk/{swiss.slug}/rounds/1/results/").text
    # C.04.6 round 1 of six: 1–4, 5–2, 3–6 (the top half against the bottom half, colours
    # alternating); the exchange of 4 and 5 makes tables 1 and 2 read 1–5 and 4–2
    name = {team.seed: team.name for team in swiss.teams.all()}
    assert 'id="pairing-differences"' in page
    assert f'<td class="num">1</td>\n    <td>{name[1]} – {name[5]}</td>\n    <td>{name[1]} – {name[4]}</td>' in page
    assert f'<td class="num">2</td>\n    <td>{name[4]} – {name[2]}</td>\n    <td>{name[5]} – {name[2]}</td>' in page
    assert f"<td>{name[3]} – {name[6]}</td>" not in page  # table 3 agrees


def test_a_pairing_checker_that_fails_says_so_instead_of_never_answering(desk, monkeypatch, caplog):
    """gacrux is a third-party engine: if its checker raises, the round stores that it failed (the
    log has the traceback) and the desk says so, instead of "has not answered yet" for ever."""
    from tournaments.domain.pairing_systems.swiss_team import SwissTeam

    def broken(self, round_, pairs):
        raise KeyError("gpoints")

    swiss = make_tournament(teams=6, preset="fide-team-swiss", name="Open", rounds=3)
    monkeypatch.setattr(SwissTeam, "check", broken)
    desk.post(f"/desk/{swiss.slug}/pair/")
    round_ = round_pairing_check(round_id=swiss.rounds.get(number=1).pk)
    assert (round_.pairing_check["failed"], round_.pairing_check["agrees"]) == (True, None)
    assert "gacrux could not check the pairing" in caplog.text
    page = desk.get(f"/desk/{swiss.slug}/rounds/1/results/").text
    assert "The pairing checker failed on this round; the server log says why." in page
    assert "has not answered yet" not in page and 'id="pairing-differences"' not in page

"""The public pages: every page renders, only published results show, bad addresses are 404."""

import pytest
from django.urls import reverse

from tests.builders import make_tournament
from tournaments.selectors.standings import standings_for_tournament

pytestmark = pytest.mark.django_db


def url(name, tournament, *args):
    return reverse(f"tournaments:{name}", args=[tournament.slug, *args])


def test_the_list_shows_every_tournament(client, running):
    response = client.get("/")
    assert response.status_code == 200
    assert "Frankenwaldpokal" in response.text


def test_home_shows_next_round_and_latest_published_results(client, running):
    response = client.get(url("home", running))
    assert response.status_code == 200
    assert "round 2" in response.text.lower()
    assert "SK Kronach" in response.text
    assert 'data-live-poll="15"' in response.text  # a running tournament refreshes itself (static/live.js)


def test_pairings_show_players_and_board_colours_but_no_draft_results(client, running):
    response = client.get(url("pairings", running, 2))
    assert response.status_code == 200
    assert "Jürgen Müller 1" in response.text
    assert 'class="colour B"' in response.text and 'class="colour W"' in response.text
    results = client.get(url("results", running, 2))
    assert results.status_code == 200
    assert "not published yet" in results.text
    assert "1-0" not in results.text


def test_results_of_a_published_round_show_board_results_and_match_score(client, running):
    response = client.get(url("results", running, 1))
    assert response.status_code == 200
    assert "½-½" in response.text
    assert "2½ : 1½" in response.text  # table 1: 1 + 1 + ½ + 0


def test_standings_count_only_published_rounds_and_explain_the_codes(client, running):
    response = client.get(url("standings", running))
    text = response.text
    assert response.status_code == 200
    assert "Standings after round 1" in text
    for code in ("DE", "BW", "FWB"):
        assert f">{code}</abbr>" in text
    assert "Berliner Wertung" in text and "board 1 counts 4" in text
    # round 2 is a draft: the table holds round 1 only (winners 2 MP, losers 0), in that order
    published = standings_for_tournament(tournament=running, after_round=1)
    assert [row.team.name for row in response.context["standings"].rows] == [row.team.name for row in published.rows]
    assert sorted(row.row.mp for row in response.context["standings"].rows) == [0, 0, 2, 2]
    # every row but the first says why it is below the row above, folded away on a phone
    assert text.count('<details class="why">') == 3
    assert "behind the one above on MP (2 : 0)." in text


def test_crosstable_and_team_page(client, running):
    table = client.get(url("crosstable", running))
    assert table.status_code == 200
    assert "2½:1½" in table.text and "1½:2½" in table.text
    team = running.teams.get(seed=1)
    page = client.get(url("team", running, team.pk))
    assert page.status_code == 200
    assert "Jürgen Müller 1" in page.text
    assert "Score per board" in page.text


def test_unknown_tournaments_rounds_and_teams_are_404(client, running):
    paths = [
        "/t/no-such-tournament/",
        "/t/no-such-tournament/standings/",
        "/t/{slug}/pairings/99/",
        "/t/{slug}/results/0/",
        "/t/{slug}/teams/999999/",
    ]
    found = {path: client.get(path.format(slug=running.slug)).status_code for path in paths}
    assert found == dict.fromkeys(paths, 404)


def test_a_team_of_another_tournament_is_404(client, running):
    other = make_tournament(name="Anderes Turnier", teams=2)
    assert client.get(url("team", running, other.teams.first().pk)).status_code == 404


def test_pages_are_german_by_default_and_english_on_request(client, running):
    german = client.get(url("standings", running), HTTP_ACCEPT_LANGUAGE="de")
    assert german.headers["Content-Language"] == "de"
    assert '<html lang="de">' in german.text
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    english = client.get(url("standings", running))
    assert '<html lang="en">' in english.text


def test_a_tournament_that_is_not_running_does_not_refresh_itself(client):
    tournament = make_tournament(name="Anmeldung offen", teams=2)
    response = client.get(url("standings", tournament))
    assert response.status_code == 200
    assert "data-live-poll" not in response.text


def test_shared_places_and_the_playoff_note_after_the_last_round(client):
    """Two teams, one drawn match, final: Blitz §16 leaves first place to a play-off."""
    from tests.builders import make_paired, play_round
    from tournaments.services.publishing import round_publish

    tournament = make_paired(teams=2)
    round_ = tournament.rounds.get()
    play_round(round_, {1: "1-0 0-1 ½-½ ½-½"})
    round_publish(round_=round_)
    text = client.get(url("standings", tournament)).text
    assert text.count("1.–2.") >= 2
    assert 'id="playoff"' in text and "Play-off required" in text


def test_the_htmx_refresh_gets_only_the_data_part(client, running):
    response = client.get(url("standings", running), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert response.text.lstrip().startswith('<div id="live"')
    assert "<html" not in response.text and 'table class="standings"' in response.text


def test_caches_keep_the_full_page_and_the_refresh_apart(client, running):
    assert "HX-Request" in client.get(url("standings", running)).headers["Vary"]

"""Every document rendered and read back with pypdf: the printed content, not just "a PDF"."""

import re
from datetime import date

import pytest

from tests.builders import make_paired, play_round
from tournaments.documents.crosstable import CrosstableDocument
from tournaments.documents.match_report import MatchReportDocument
from tournaments.documents.pairing_list import PairingListDocument
from tournaments.documents.registry import PrintJob
from tournaments.documents.rosters import RostersDocument
from tournaments.documents.round_bundle import RoundBundleDocument
from tournaments.documents.standings import StandingsDocument
from tournaments.domain.errors import RuleViolation
from tournaments.domain.formatting import points
from tournaments.selectors.crosstable import crosstable_for_tournament
from tournaments.selectors.pairings import pairings_for_round
from tournaments.selectors.rosters import rosters_for_tournament
from tournaments.selectors.standings import standings_for_tournament
from tournaments.services.teams import team_create
from tournaments.services.tournaments import tournament_create

from .pdf import page_size, pages, snapshot, text

pytestmark = pytest.mark.django_db

# Round 1 of four teams (Berger): table 1 SK Kronach – Schachfreunde Selb, table 2 TSV Küps – SV Höchstadt.
KRONACH_BOARDS = (
    "1 Black Jürgen Müller 1 White Björn Schäfer 4 1-0 "
    "2 White Łukasz Dvořák 1 Black Sören Köhler 4 ½-½ "
    "3 Black Ayşe Şahin 1 White Jörg Größer 4 0-1 "
    "4 White Nguyễn Văn An 1 Black Käthe Bäuerle 4 1-0"
)


def round_pairings(tournament, number=1, **kwargs):
    return pairings_for_round(round_=tournament.rounds.get(number=number), **kwargs)


def test_pairing_list_gives_tables_teams_first_team_colour_on_board_one_and_the_score(played):
    pdf = PairingListDocument(round_pairings(played), with_boards=True).render()
    content = text(pdf)
    assert "Pairings – round 1" in content
    assert "1 SK Kronach – Schachfreunde Selb Black 2½ : 1½" in content
    assert "2 TSV Küps – SV Höchstadt Black 1½ : 2½" in content
    # Blitz §18: the first-named team has Black on boards 1 and 3 (BWBW)
    assert KRONACH_BOARDS in content
    assert "4 White Käthe Bäuerle 2 Black Nguyễn Văn An 3 +-" in content
    assert "Page 1 of 1" in content and len(pages(pdf)) == 1


def test_the_colours_come_from_the_tournaments_pattern_not_from_the_code():
    tournament = make_paired(teams=4, preset="fide-team", language="en")
    content = text(PairingListDocument(round_pairings(tournament), with_boards=True).render())
    assert "1 SK Kronach – Schachfreunde Selb White" in content
    assert "1 White Jürgen Müller 1 Black Björn Schäfer 4" in content
    assert "2 Black Łukasz Dvořák 1 White Sören Köhler 4" in content


def test_a_bye_is_listed_but_gets_no_match_report_form():
    tournament = make_paired(teams=5, language="en")
    pairings = round_pairings(tournament)
    bye = next(line for line in pairings.matches if line.is_bye)
    assert f"{bye.table} {bye.first_team.name} – bye" in text(PairingListDocument(pairings).render())
    forms = text(MatchReportDocument(pairings).render())
    assert forms.count("Match report form Round") == 2
    assert bye.first_team.name not in forms


def test_match_report_forms_carry_colours_and_players_but_leave_the_results_to_the_captains(played):
    played.start_date = date(2026, 6, 13)
    played.save(update_fields=["start_date"])
    pairings = round_pairings(played)
    two_per_page = MatchReportDocument(pairings).render()
    page = pages(two_per_page)[0]
    assert len(pages(two_per_page)) == 1
    assert page.count("Match report form Round") == 2
    assert "Round 1 · Table 1 · Date: 06/13/2026" in page
    assert "SK Kronach – Schachfreunde Selb" in page and "TSV Küps – SV Höchstadt" in page
    assert (
        "1 ■ Black Jürgen Müller 1 □ White Björn Schäfer 4 : "
        "2 □ White Łukasz Dvořák 1 ■ Black Sören Köhler 4 : "
        "3 ■ Black Ayşe Şahin 1 □ White Jörg Größer 4 : "
        "4 □ White Nguyễn Văn An 1 ■ Black Käthe Bäuerle 4 : Total :"
    ) in page
    assert "1-0" not in page and "½-½" not in page  # entered results never pre-fill a form
    assert "Captain, first-named team Captain, second-named team Arbiter" in page
    assert "Remarks" in page

    one_per_page = pages(MatchReportDocument(pairings, per_page=1).render())
    assert len(one_per_page) == 2
    assert "Table 1" in one_per_page[0] and "Table 2" in one_per_page[1]
    assert "Page 2 of 2" in one_per_page[1]


def test_forms_per_page_is_one_or_two(played):
    with pytest.raises(RuleViolation) as error:
        MatchReportDocument(round_pairings(played), per_page=3)
    assert error.value.field == "per_page"


def test_standings_show_shared_places_mp_bp_tiebreaks_and_the_legend(played):
    content = text(StandingsDocument(played, standings_for_tournament(tournament=played)).render())
    assert "Standings after round 1" in content
    # tied for first (no direct encounter yet) share the place; below, BP tie broken by BW (Blitz §16)
    assert "Rank Team Matches MP BP DE BW FWB" in content
    assert "1.–2. SV Höchstadt 1 2 2½ – 8 1–1–½–0" in content
    assert "1.–2. SK Kronach 1 2 2½ – 6½ 1–½–0–1" in content
    assert "3. Schachfreunde Selb 1 0 1½ – 3½ 0–½–1–0" in content
    assert "4. TSV Küps 1 0 1½ – 2 0–0–½–1" in content
    assert "BW Berliner Wertung" in content and "FWB First won board" in content
    assert "play-off" not in content


def test_standings_say_why_each_place_in_english_and_german(played):
    """The standings above: Kronach, then Höchstadt sharing first (no tie-break separates 2 MP,
    2½ BP); Selb is behind Höchstadt on MP (2 : 0); Küps behind Selb on the first criterion that
    differs, BW (Selb 3½ : Küps 2, both 1½ BP)."""
    content = text(StandingsDocument(played, standings_for_tournament(tournament=played)).render())
    reasons = content.split("Why each place")[1].split("Legend")[0]
    assert "1.–2. SV Höchstadt: shares the place with the one above: no tie-break separated them." in reasons
    assert "3. Schachfreunde Selb: behind the one above on MP (2 : 0)." in reasons
    assert "4. TSV Küps: behind the one above on BW (3½ : 2)." in reasons
    assert "SK Kronach:" not in reasons  # first: nothing above it
    played.language = "de"
    played.save(update_fields=["language"])
    german = text(StandingsDocument(played, standings_for_tournament(tournament=played)).render())
    reasons = german.split("Begründung der Plätze")[1].split("Legende")[0]
    assert "1.–2. SV Höchstadt: teilt den Platz mit der Zeile darüber: Keine Feinwertung hat sie getrennt." in reasons
    assert "4. TSV Küps: hinter der Zeile darüber nach BW (3½ : 2)." in reasons


def test_a_place_shared_below_the_top_prints_as_a_range():
    tournament = make_paired(teams=6, language="en")
    draws = "½-½ ½-½ ½-½ ½-½"
    play_round(tournament.rounds.get(number=1), {1: "1-0 1-0 1-0 1-0", 2: draws, 3: draws})
    content = text(StandingsDocument(tournament, standings_for_tournament(tournament=tournament)).render())
    table = content.split("Why each place")[0]  # the table alone, without the reasons below it
    assert "2.–5. TSV Küps 1 1 2 – 5 ½–½–½–½" in table
    assert re.findall(r"(\d\.(?:–\d\.)?) [A-Z]", table) == ["1.", "2.–5.", "2.–5.", "2.–5.", "2.–5.", "6."]


def test_a_play_off_for_first_place_is_announced_when_the_event_is_over():
    tournament = make_paired(teams=2, language="en")
    play_round(tournament.rounds.get(number=1), {1: "½-½ ½-½ ½-½ ½-½"})
    content = text(StandingsDocument(tournament, standings_for_tournament(tournament=tournament)).render())
    assert "Final standings" in content
    assert "1.–2. * " in content
    assert "a play-off decides the winner" in content


def test_crosstable_holds_each_match_score_mp_bp_and_rank(played):
    pdf = CrosstableDocument(played, crosstable_for_tournament(tournament=played)).render()
    content = text(pdf)
    # rows in standings order (a shared place by seed): Kronach, Höchstadt, Selb, Küps; columns alike
    assert "# Team 1 2 3 4 MP BP Rank" in content
    assert "1 SK Kronach 2½ 2 2½ 1.–2." in content
    assert "2 SV Höchstadt 2½ 2 2½ 1.–2." in content
    assert "3 Schachfreunde Selb 1½ 0 1½ 3." in content
    assert "4 TSV Küps 1½ 0 1½ 4." in content
    width, height = page_size(pdf)
    assert width < height


def test_ten_teams_fit_a_portrait_crosstable_without_breaking_a_score():
    tournament = make_paired(teams=10, players=4, language="en")
    play_round(tournament.rounds.get(number=1), {table: "1-0 ½-½ 0-1 1-0" for table in range(1, 6)})
    pdf = CrosstableDocument(tournament, crosstable_for_tournament(tournament=tournament)).render()
    content = text(pdf)
    width, height = page_size(pdf)
    assert width < height
    assert content.count(" 2½ ") == 10  # five winners' cells and their BP totals
    assert content.count(" 1½ ") == 10
    assert not re.search(r"\d ½", content)


def test_a_wide_crosstable_turns_to_landscape():
    tournament = make_paired(teams=12, players=4, language="en")
    pdf = CrosstableDocument(tournament, crosstable_for_tournament(tournament=tournament)).render()
    width, height = page_size(pdf)
    assert width > height
    assert "12 Team 12" in text(pdf)
    snapshot(pdf, "crosstable-landscape")


def test_rosters_list_board_order_and_the_substitute():
    tournament = make_paired(teams=10, language="en")
    pdf = RostersDocument(tournament, rosters_for_tournament(tournament=tournament)).render()
    content = text(pdf)
    assert "1. SK Kronach" in content
    assert "1 Jürgen Müller 1 2000 2 Łukasz Dvořák 1 1950 3 Ayşe Şahin 1 1900 4 Nguyễn Văn An 1 1850" in content
    assert "Bärbel Weiß 1 1800 Substitute (board 4)" in content
    assert "10. Team 10" in content
    assert len(pages(pdf)) == 3
    assert "Page 3 of 3" in pages(pdf)[2]


def test_documents_print_in_the_tournaments_language(played):
    english = pages(RostersDocument(played, rosters_for_tournament(tournament=played)).render())[0]
    assert re.search(r"\d\d/\d\d/\d{4}", english)
    played.language = "de"
    played.save(update_fields=["language"])
    german = pages(RostersDocument(played, rosters_for_tournament(tournament=played)).render())[0]
    assert re.search(r"\d\d\.\d\d\.\d{4} \d\d:\d\d", german)


def test_markup_and_characters_the_font_lacks_neither_break_nor_inject():
    tournament = tournament_create(name="Pokal <i>2026</i> & Co", language="en")
    team_create(
        tournament=tournament, name="王者 <b>Schach</b> & 😀", players=[{"name": f"Spieler {n}"} for n in range(1, 5)]
    )
    team_create(
        tournament=tournament,
        name="Łódź",
        players=[{"name": "Zoë\x07 <br/>"}] + [{"name": f"X {n}"} for n in range(2, 5)],
    )
    content = text(RostersDocument(tournament, rosters_for_tournament(tournament=tournament)).render())
    assert "<b>Schach</b> &" in content
    assert "Zoë <br/>" in content
    assert "Pokal <i>2026</i> & Co" in content


def test_the_round_bundle_is_the_pairing_list_followed_by_every_form():
    tournament = make_paired(teams=6, language="en")
    bundle = pages(RoundBundleDocument(PrintJob(tournament, tournament.rounds.get(number=1))).render())
    assert len(bundle) == 3  # pairing list, then three forms two to a page
    assert "Pairings – round 1" in bundle[0]
    assert bundle[1].count("Match report form Round") == 2 and bundle[2].count("Match report form Round") == 1


def test_first_pages_are_rendered_to_png_for_review(played):
    documents = {
        "pairings": PairingListDocument(round_pairings(played), with_boards=True),
        "match-reports": MatchReportDocument(round_pairings(played)),
        "standings": StandingsDocument(played, standings_for_tournament(tournament=played)),
        "crosstable": CrosstableDocument(played, crosstable_for_tournament(tournament=played)),
        "rosters": RostersDocument(played, rosters_for_tournament(tournament=played)),
    }
    for name, document in documents.items():
        png = snapshot(document.render(), name)
        if png is None:
            pytest.skip("pdftoppm not installed (apt-get install poppler-utils)")
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_tournament_prints_in_german_unless_set_to_english_and_nothing_else():
    assert tournament_create(name="Pokal").language == "de"
    with pytest.raises(RuleViolation) as error:
        tournament_create(name="Pokal", language="fr")
    assert error.value.field == "language" and "de, en" in str(error.value)


def test_a_tournament_without_teams_or_rounds_still_prints():
    tournament = tournament_create(name="Neues Turnier", language="en")
    standings = text(StandingsDocument(tournament, standings_for_tournament(tournament=tournament)).render())
    assert "Standings before the first round" in standings
    assert "Crosstable # Team MP BP Rank" in text(
        CrosstableDocument(tournament, crosstable_for_tournament(tournament=tournament)).render()
    )
    assert "Team rosters" in text(RostersDocument(tournament, []).render())


def test_a_big_event_s_crosstable_has_a_column_per_round_over_many_pages(monkeypatch):
    from tournaments.selectors import crosstable as crosstable_selector

    monkeypatch.setattr(crosstable_selector, "GRID_MAX_TEAMS", 4)
    tournament = make_paired(teams=6, players=4, language="en")
    play_round(tournament.rounds.get(number=1), {1: "1-0 1-0 1-0 1-0", 2: "½-½ ½-½ ½-½ ½-½", 3: "0-1 0-1 0-1 0-1"})
    table = crosstable_for_tournament(tournament=tournament)
    assert not table.grid
    content = text(CrosstableDocument(tournament, table).render())
    assert "# Team R1 MP BP Rank" in content  # one column per played round, not one per team
    first = table.rows[0]
    number, encounter = first.by_round[0][0]
    assert f"{number} {points(encounter.own)}:{points(encounter.opponent)}" in content  # the opponent's row, the score


def test_a_swiss_pairing_list_names_the_teams_not_paired_by_request_in_english_and_german():
    """The printed list says why a team has no table, as the public pairings do: a half-point bye
    asked for, and a late entry's missed round (TRF-2026 record 240)."""
    from tests.builders import make_tournament
    from tournaments.documents.round_lists import round_list
    from tournaments.services.pairing import rounds_pair_due
    from tournaments.services.publishing import round_pairings_publish
    from tournaments.services.requested_byes import bye_request, team_enter_late

    swiss = make_tournament(teams=6, preset="fide-team-swiss", rounds=3, language="en")
    bye_request(team=swiss.teams.get(name="SC Tettau"), round_number=1, kind="H")
    (first,) = rounds_pair_due(tournament=swiss)
    team_enter_late(
        tournament=swiss, name="SC Kulmbach", from_round=2, players=[{"name": f"Spieler {n}"} for n in range(1, 5)]
    )
    content = text(round_list(pairings_for_round(round_=first)).render())
    assert "SC Kulmbach: bye requested: zero points (entered later)" in content
    assert "SC Tettau: bye requested: half point" in content
    assert "SC Tettau: bye requested: half point (entered later)" not in content
    assert "SC Tettau" not in text(
        round_list(pairings_for_round(round_=first, published_only=True), published_only=True).render()
    )  # the pairings are not public yet
    round_pairings_publish(round_=first)
    first.refresh_from_db()
    assert "SC Kulmbach: bye requested: zero points (entered later)" in text(
        round_list(pairings_for_round(round_=first, published_only=True), published_only=True).render()
    )
    swiss.language = "de"
    swiss.save(update_fields=["language"])
    first = swiss.rounds.get(number=1)
    german = text(round_list(pairings_for_round(round_=first), with_boards=True).render())
    assert "SC Kulmbach: spielfrei auf Antrag: null Punkte (nachgemeldet)" in german
    assert "SC Tettau: spielfrei auf Antrag: halber Punkt" in german
    bundle = text(RoundBundleDocument(PrintJob(swiss, first)).render())
    assert "SC Tettau: spielfrei auf Antrag: halber Punkt" in bundle  # the desk's pairing list, as printed alone

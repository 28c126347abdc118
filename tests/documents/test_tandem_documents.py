"""The tandem printouts read back with pypdf: the match report form, pairing list and standings."""

import pytest

from tests.builders import enter_match, make_paired
from tournaments.documents.match_report import MatchReportDocument
from tournaments.documents.pairing_list import PairingListDocument
from tournaments.documents.standings import StandingsDocument
from tournaments.models import Match
from tournaments.selectors.pairings import pairings_for_round
from tournaments.selectors.standings import standings_for_tournament

from .pdf import pages, snapshot, text

pytestmark = pytest.mark.django_db

# 4 teams, Berger round 1: table 1 SK Kronach – Schachfreunde Selb, table 2 TSV Küps – SV Höchstadt;
# the return leg names the other team first (Selb – Kronach, Höchstadt – Küps).
RESULTS = {
    (1, 1): ("1-0", 2, "checkmate"),
    (1, 2): ("½-½", None, "agreed-draw"),
    (2, 1): ("0-1", 1, "time-neighbour"),
    (2, 2): ("-+", None, ""),  # Höchstadt did not come
}


@pytest.fixture
def tandem():
    """Tandem preset with double rounds, printed in English; round 1 played in both legs."""
    tournament = make_paired(
        preset="tandem-dsb", name="Tandem-Open", players=2, teams=4, double_rounds=True, language="en"
    )
    for match in Match.objects.filter(round__tournament=tournament, round__number=1):
        result, board, how = RESULTS[(match.table, match.leg)]
        enter_match(match=match, result=result, deciding_board=board, decided_by=how)
    return tournament


def round_one(tournament):
    return pairings_for_round(round_=tournament.rounds.get(number=1))


def test_the_tandem_form_has_both_boards_colours_per_leg_and_boxes_for_result_board_and_how(tandem):
    pdf = MatchReportDocument(round_one(tandem), per_page=1).render()
    forms = pages(pdf)
    snapshot(pdf, "tandem-match-report")
    assert len(forms) == 4  # two tables, two legs each
    first_leg, second_leg = forms[0], forms[1]
    assert "Round 1 · Table 1 · Leg 1" in first_leg and "Round 1 · Table 1 · Leg 2" in second_leg
    assert "SK Kronach – Schachfreunde Selb" in first_leg and "Schachfreunde Selb – SK Kronach" in second_leg
    # Tandem §8.2: first-named team Black on board 1, White on board 2, in the return leg too, where
    # the other team is named first: every player changes colour.
    assert (
        "1 ■ Black Jürgen Müller 1 □ White Björn Schäfer 4 2 □ White Łukasz Dvořák 1 ■ Black Sören Köhler 4"
        in first_leg
    )
    assert (
        "1 ■ Black Björn Schäfer 4 □ White Jürgen Müller 1 2 □ White Sören Köhler 4 ■ Black Łukasz Dvořák 1"
        in second_leg
    )
    assert "Match result SK Kronach – Schachfreunde Selb ☐ 1-0 ☐ ½-½ ☐ 0-1 ☐ +- ☐ -+ ☐ --" in first_leg
    assert "Deciding board ☐ 1 ☐ 2" in first_leg
    for way in (
        "checkmate",
        "resignation",
        "time forfeit claimed from the neighbouring board",
        "arbiter decision",
        "agreed draw",
        "mates on both boards at once",
        "double time forfeit",
    ):
        assert f"☐ {way}" in first_leg
    assert "Total" not in first_leg  # no board points to add up
    assert "Captain, first-named team Captain, second-named team Arbiter" in first_leg


def test_the_tandem_pairing_list_names_the_leg_and_the_match_result(tandem):
    content = text(PairingListDocument(round_one(tandem), with_boards=True).render())
    assert "Table Leg First-named team Second-named team Board 1 Result" in content
    assert "1 1 SK Kronach – Schachfreunde Selb Black 1-0" in content
    assert "1 2 Schachfreunde Selb – SK Kronach Black ½-½" in content
    assert "2 2 SV Höchstadt – TSV Küps Black -+" in content
    assert "Table 1: Schachfreunde Selb – SK Kronach · Leg 2" in content
    assert "Match result board 2, checkmate 1-0" in content
    assert "Match result board 1, time forfeit claimed from the neighbouring board 0-1" in content
    public = text(
        PairingListDocument(pairings_for_round(round_=tandem.rounds.get(number=1), published_only=True)).render()
    )
    assert "1 1 SK Kronach – Schachfreunde Selb Black Table" not in public and "1-0" not in public


def test_the_tandem_standings_have_no_board_points_and_explain_sb_and_win(tandem):
    content = text(StandingsDocument(tandem, standings_for_tournament(tournament=tandem)).render())
    assert "Rank Team Matches MP DE SB WIN" in content
    # MP 2/1/0 per leg. SB: the opponent's final MP times the MP scored against it. Küps and Höchstadt
    # split their legs, so DE (C.07 Art. 6.1.2: the average of the two) leaves them level and shows no
    # value; they have the same SB and wins, so they share the place.
    assert "1. SK Kronach 2 3 – 3 1" in content  # 2 + 1 MP against Selb (final 1 MP): SB 1 × 3
    assert "2.–3. TSV Küps 2 2 – 4 1" in content  # 0 + 2 MP against Höchstadt (2): SB 2 × 2; the forfeit win counts
    assert "2.–3. SV Höchstadt 2 2 – 4 1" in content
    assert "4. Schachfreunde Selb 2 1 – 3 0" in content  # 1 MP against Kronach (3)
    assert " BP" not in content and "Board points" not in content
    assert (
        "SB Sonneborn-Berger (match points) For every opponent: its final match points times the match points scored "
        "against it." in content
    )
    assert "WIN Wins The number of matches won; at a table, the first places not shared." in content


def test_the_tandem_crosstable_prints_match_results_and_no_board_points(tandem):
    from tournaments.documents.crosstable import CrosstableDocument
    from tournaments.selectors.crosstable import crosstable_for_tournament

    content = text(CrosstableDocument(tandem, crosstable_for_tournament(tournament=tandem)).render())
    assert "1 2 3 4 MP Rank" in content and "BP" not in content
    assert "1-0 / ½-½" in content  # SK Kronach against Schachfreunde Selb, legs 1 and 2


def test_the_desk_standings_show_no_board_points_in_tandem(client, tandem):
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.create_superuser("td", password="x"))
    page = client.get(f"/desk/{tandem.slug}/standings/").text
    assert ">MP</abbr></th>" in page and '<th class="num">BP</th>' not in page

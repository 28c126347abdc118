"""Paper as it is printed (issue 28 item 9): a match score never breaks over two lines, team names
fill their row before they wrap, and two match report forms on one page line up."""

from io import BytesIO

import pytest
from pypdf import PdfReader

from tests.builders import make_paired, play_round
from tournaments.documents.round_lists import round_list
from tournaments.selectors.pairings import pairings_for_round

from .pdf import snapshot

pytestmark = pytest.mark.django_db

LONG = "SK Kronach-Küps 1946"  # wrapped at 14 pt; fits one line at 10 pt or more


def lines(pdf: bytes) -> list[str]:
    """The text lines as printed, in reading order ("\\xa0" read as a space)."""
    return [
        line.replace("\xa0", " ").strip()
        for page in PdfReader(BytesIO(pdf)).pages
        for line in page.extract_text().splitlines()
    ]


@pytest.fixture
def long_names():
    tournament = make_paired(teams=4)
    first = tournament.teams.get(seed=1)
    first.name = LONG
    first.save(update_fields=["name"])
    play_round(tournament.rounds.get(number=1), {1: "1-0 ½-½ 0-1 1-0", 2: "0-1 0-1 ½-½ ½-½"})
    return tournament


def test_a_match_score_is_printed_on_one_line_and_a_long_team_name_on_one(long_names):
    pdf = round_list(pairings_for_round(round_=long_names.rounds.get(number=1))).render()
    snapshot(pdf, "pairing-list-long-names")
    printed = lines(pdf)
    assert any(line.endswith("2½ : 1½") for line in printed), printed
    assert any(LONG in line for line in printed), printed


def header_positions(pdf: bytes, word: str) -> list[tuple[float, float]]:
    """Where ``word`` is printed on page 1: (x, y) of each occurrence, top form first."""
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip() == word:
            found.append((round(tm[4] * cm[0] + cm[4], 1), round(tm[5] * cm[3] + cm[5], 1)))

    PdfReader(BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    return sorted(found, key=lambda position: -position[1])


def test_two_match_report_forms_on_a_page_line_up_whatever_the_team_names(long_names):
    """A long team name made its form taller, so the form was shrunk to its half of the page:
    narrower and indented, not in line with the other form."""
    from tournaments.documents.match_report import MatchReportDocument

    team = long_names.teams.get(seed=1)
    team.name = "Schachgemeinschaft Kronach-Steinwiesen 1949 e. V."
    team.save(update_fields=["name"])
    pdf = MatchReportDocument(pairings_for_round(round_=long_names.rounds.get(number=2)), per_page=2).render()
    snapshot(pdf, "match-reports-long-names")
    upper, lower = header_positions(pdf, "Farbe")[::2]  # each form's first "Farbe" column
    assert upper[0] == lower[0]
    # and neither is shrunk: the board column starts at the margin (15 mm) plus the cell padding
    assert [x for x, _y in header_positions(pdf, "Brett")] == [round(15 * 72 / 25.4 + 6, 1)] * 2


def test_the_standings_legend_gives_every_code_room_before_its_name():
    """ "BH:MP/C1" ran into "Buchholz" in the Swiss standings' legend (its column was 14 mm)."""
    from tests.builders import make_tournament
    from tournaments.documents.standings import StandingsDocument
    from tournaments.selectors.standings import standings_for_tournament

    swiss = make_tournament(teams=4, preset="fide-team-swiss", name="Open", rounds=3)
    pdf = StandingsDocument(swiss, standings_for_tournament(tournament=swiss)).render()
    snapshot(pdf, "standings-swiss-legend")
    ends, starts = {}, {}

    def visit(text, cm, tm, font, size):
        x, y = tm[4] * cm[0] + cm[4], round(tm[5] * cm[3] + cm[5])
        if text.strip() == "BH:MP/C1":
            from reportlab.pdfbase.pdfmetrics import stringWidth

            from tournaments.documents.base import BOLD

            ends[y] = x + stringWidth(text.strip(), BOLD, 8)
        elif text.strip().startswith("Buchholz"):
            starts.setdefault(y, x)

    PdfReader(BytesIO(pdf)).pages[-1].extract_text(visitor_text=visit)
    row = next(y for y in ends if y in starts)
    assert ends[row] + 3 <= starts[row]


def test_a_german_incident_list_cites_the_rule_in_german():
    """German PDFs printed "FIDE Laws Art. 12.9" (the rule of the arbiter's discretion) in English."""
    from tests.documents.pdf import text
    from tests.documents.test_arbiter_documents import at
    from tournaments.documents.incidents import IncidentListDocument
    from tournaments.selectors.incidents import incidents_for_round
    from tournaments.services.incidents import incident_record

    round_ = make_paired(teams=2, preset="fide-team", name="FIDE-Mannschaftsturnier").rounds.get(number=1)
    incident_record(match=round_.matches.get(), board=2, side="first", kind="touch-move", occurred_at=at(15, 10))
    listed = text(IncidentListDocument(round_, incidents_for_round(round_=round_)).render())
    assert "FIDE-Regeln Art. 12.9" in listed and "FIDE Laws" not in listed


def test_a_withdrawn_teams_match_says_so_on_paper():
    """A withdrawn team's match was printed as a normal one with a blank column of players."""
    from tests.documents.pdf import text
    from tournaments.documents.match_report import MatchReportDocument
    from tournaments.models import Match
    from tournaments.services.withdrawals import team_withdraw

    tournament = make_paired(teams=4)
    match = Match.objects.with_sides().get(round__tournament=tournament, round__number=2, table=1)
    team_withdraw(team=match.second_team, from_round=2)
    pairings = pairings_for_round(round_=tournament.rounds.get(number=2))
    listed = text(round_list(pairings, with_boards=True).render())
    assert f"{match.second_team.name} (zurückgezogen – kampflos)" in listed
    assert listed.count("zurückgezogen – kampflos") == 2  # the overview and the title of the match's boards
    forms = text(MatchReportDocument(pairings, per_page=2).render())
    assert forms.count("zurückgezogen – kampflos") == 4  # each of its four empty seats
    earlier = text(round_list(pairings_for_round(round_=tournament.rounds.get(number=1))).render())
    assert "zurückgezogen" not in earlier  # it played round 1


def test_a_paragraph_pushed_to_the_next_page_is_wrapped_again_before_it_is_drawn():
    """reportlab's split drops a paragraph's lines when no line fits the rest of the page; the paragraph
    that keeps its lines per width (documents/base.py) must break them again, or drawing it on the next
    page fails (the standings PDF of a 200-team event did)."""
    from reportlab.pdfgen.canvas import Canvas

    from tournaments.documents.base import para
    from tournaments.documents.fonts import register_fonts

    register_fonts()
    paragraph = para("Tie-breaks: match points, board points, Sonneborn-Berger")
    paragraph.wrap(200, 800)
    assert paragraph.split(200, 1) == []  # no room left on this page: moved on whole
    paragraph.wrap(200, 800)
    paragraph.drawOn(Canvas(BytesIO()), 0, 0)

"""The DWZ rating report of a small team round robin (issue 26): the DeWIS XML and the DSB text
as the expected text, field by field, and the refusal listing what the DSB-Wertungsordnung asks
for and the event lacks.

Two teams of two on two boards, one round on 11 April 2026: Jürgen Müller (DSB record by ZPS and
member number) beats Petr Novák (Czech, FIDE ID), Anna Schmidt (no DSB record, born 17 May 1990)
draws with Eva Weber (DSB personal key).
"""

import datetime

import pytest
from django.core.management import CommandError, call_command

from tests.trf.files import import_text
from tournaments.domain.dwz_report import dewis_xml, dsb_text, missing
from tournaments.domain.trf import TrfEvent, TrfGame, TrfPlayer, TrfTeam, write_trf
from tournaments.models import Player, Round, Tournament
from tournaments.selectors.dwz import dwz_event

pytestmark = pytest.mark.django_db

EVENT = TrfEvent(
    name="Bezirksliga Oberfranken",
    rounds=1,
    type_code="FIDE_TEAM_ROUNDROBIN",
    type_name="Team round robin",
    colour_sequence="WB",
    match_points=(2.0, 1.0, 0.0),
    tiebreaks=("BP",),
    start=datetime.date(2026, 4, 11),
    round_dates={1: datetime.date(2026, 4, 11)},
    players=(
        TrfPlayer(1, "Müller, Jürgen", 1850, federation="GER", games={1: TrfGame(3, "w", "1")}),
        TrfPlayer(
            2,
            "Schmidt, Anna",
            1720,
            federation="GER",
            games={1: TrfGame(4, "b", "=")},
            birth_date=datetime.date(1990, 5, 17),
        ),
        TrfPlayer(3, "Novák, Petr", 1900, "312345678", "CZE", {1: TrfGame(1, "b", "0")}, datetime.date(1985, 3, 2)),
        TrfPlayer(4, "Weber, Eva", 1650, federation="GER", games={1: TrfGame(2, "w", "=")}),
    ),
    teams=(TrfTeam(1, "SK Kronach", 0, 0, 0, (1, 2)), TrfTeam(2, "SC Hof", 0, 0, 0, (3, 4))),
)


@pytest.fixture
def event(tmp_path):
    tournament = import_text(tmp_path, write_trf(EVENT))
    Player.objects.filter(team__tournament=tournament, name="Müller, Jürgen").update(federation_id="C0327-1001")
    Player.objects.filter(team__tournament=tournament, name="Weber, Eva").update(federation_id="10234567")
    Round.objects.filter(tournament=tournament, number=1).update(start_time=datetime.time(14))
    return tournament


def test_the_dewis_xml(event):
    assert dewis_xml(dwz_event(tournament=event)) == DEWIS


def test_the_dsb_text(event):
    assert dsb_text(dwz_event(tournament=event)) == DSB


def test_the_report_is_refused_listing_everything_missing_per_round_and_player(event, tmp_path):
    Player.objects.filter(name="Schmidt, Anna").update(birth_date=None)
    Player.objects.filter(name="Novák, Petr").update(fide_id="")
    Player.objects.filter(name="Weber, Eva").update(name="Eva")
    Round.objects.filter(tournament=event).update(date=None, start_time=None)
    problems = [problem.text() for problem in missing(dwz_event(tournament=event))]
    assert problems == [
        "round 1: no date (every round's date is reported) (DSB-Wertungsordnung 6.1).",
        "SK Kronach: Schmidt, Anna: without a DSB record (ZPS and member number, or PKZ) the full birth date is "
        "reported (DSB-Wertungsordnung 6.1).",
        "SC Hof: Novák, Petr: a player of another federation (CZE) is reported with the FIDE ID "
        "(DSB-Wertungsordnung 6.1).",
        "SC Hof: Eva: a full name is reported: surname and forename (DSB-Wertungsordnung 6.1).",
    ]
    with pytest.raises(CommandError) as refused:
        call_command("export_dwz", event.slug)
    assert str(refused.value).splitlines() == problems


def test_the_desk_lists_what_is_missing_and_downloads_the_report_once_complete(event, client, django_user_model):
    client.force_login(django_user_model.objects.create_user("td", is_superuser=True, is_staff=True))
    complete = client.get(f"/desk/{event.slug}/dwz.xml")
    assert complete.status_code == 200 and complete.content.decode() == DEWIS
    Round.objects.filter(tournament=event).update(date=None, start_time=None)
    refused = client.get(f"/desk/{event.slug}/dwz.xml")
    assert refused.status_code == 400
    assert "round 1: no date (every round&#x27;s date is reported)" in refused.content.decode()
    assert client.get(f"/desk/{event.slug}/dwz.pdf").status_code == 404


# The rule for each field (docs/dwz-report.md): label: the event's name; type: TR a team round
# robin, TW a team Swiss; rounds: the rounds planned; endDate: the last round's date; each
# appointment: the round, its date (matchday) and start (matchtime), every round's date being
# required (DSB-Wertungsordnung 6.1). Each player: the running number (team by team, roster
# order, those who sat at a board), the DSB personal key (id) where national_id is digits, the
# full name split (surname, forename), the date of birth (dob; required without a DSB record),
# the club's ZPS (vkz) and member number (noMember) where national_id is "ZPS-member", the club
# (the team's name), the FIDE ID (required for another federation), the rating. Each game from
# White's view (1:0, ½:½, 0:1; forfeits +:-, -:+, -:-). Each team: its lot (seed), name and the
# players who played; each encounter: round, home (first-named) and guest team, board points.
DEWIS = """\
<?xml version="1.0" encoding="UTF-8"?>
<dewis xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:dwz="https://dwz.svw.info/services/files/xml/tournamentImport.xsd">
  <tournamentSection>
    <tournament>
      <label>Bezirksliga Oberfranken</label>
      <type>TR</type>
      <rounds>1</rounds>
      <endDate>2026-04-11</endDate>
    </tournament>
    <appointments>
      <appointment>
        <round>1</round>
        <matchday>2026-04-11</matchday>
        <matchtime>14:00:00</matchtime>
      </appointment>
    </appointments>
  </tournamentSection>
  <playerSection>
    <players>
      <player>
        <noPlayer>1</noPlayer>
        <id />
        <surname>Müller</surname>
        <forename>Jürgen</forename>
        <dob />
        <vkz>C0327</vkz>
        <club>SK Kronach</club>
        <noMember>1001</noMember>
        <idFide />
        <rating>1850</rating>
      </player>
      <player>
        <noPlayer>2</noPlayer>
        <id />
        <surname>Schmidt</surname>
        <forename>Anna</forename>
        <dob>1990-05-17</dob>
        <vkz />
        <club>SK Kronach</club>
        <noMember />
        <idFide />
        <rating>1720</rating>
      </player>
      <player>
        <noPlayer>3</noPlayer>
        <id />
        <surname>Novák</surname>
        <forename>Petr</forename>
        <dob>1985-03-02</dob>
        <vkz />
        <club>SC Hof</club>
        <noMember />
        <idFide>312345678</idFide>
        <rating>1900</rating>
      </player>
      <player>
        <noPlayer>4</noPlayer>
        <id>10234567</id>
        <surname>Weber</surname>
        <forename>Eva</forename>
        <dob />
        <vkz />
        <club>SC Hof</club>
        <noMember />
        <idFide />
        <rating>1650</rating>
      </player>
    </players>
    <games>
      <game>
        <round>1</round>
        <noWhite>1</noWhite>
        <noBlack>3</noBlack>
        <result>1:0</result>
      </game>
      <game>
        <round>1</round>
        <noWhite>4</noWhite>
        <noBlack>2</noBlack>
        <result>½:½</result>
      </game>
    </games>
  </playerSection>
  <teamSection>
    <teams>
      <team>
        <lot>1</lot>
        <teamName>SK Kronach</teamName>
        <lineup>
          <noPlayer>1</noPlayer>
          <noPlayer>2</noPlayer>
        </lineup>
      </team>
      <team>
        <lot>2</lot>
        <teamName>SC Hof</teamName>
        <lineup>
          <noPlayer>3</noPlayer>
          <noPlayer>4</noPlayer>
        </lineup>
      </team>
    </teams>
    <encounter>
      <play>
        <round>1</round>
        <noHomeTeam>1</noHomeTeam>
        <noGuestTeam>2</noGuestTeam>
        <pointsHome>1.5</pointsHome>
        <pointsGuest>0.5</pointsGuest>
      </play>
    </encounter>
  </teamSection>
</dewis>
"""

# The DSB text (ChessLeagueManager's shape): title; a line of details; MR (team round robin),
# players, rounds, passes; the column ruler; per player: number. number (ttt. rrr), name (32),
# club (32), federation (3), FIDE ID (10), PKZ (10), date of birth (8, DD.MM.YY), Elo (4,
# blank: the roster has one rating), DWZ (4), ZPS (5), member number (4), then per round the
# result (1, 0, R remis; +, - forfeits), the colour (W, B; ":" for a forfeit) and the opponent's
# number (3); "###" and the details: name, first and last round's dates, the program.
DSB = "\n".join(
    [
        "Bezirksliga Oberfranken",
        "Arbiter",
        "MR  4  1  1",
        " ttt. rrr nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv lll "
        "ffffffffff pppppppppp gggggggg eeee dddd  zzzzz mmmm",
        "   1.   1 Müller, Jürgen                   SK Kronach                       GER "
        "                                    1850  C0327 1001  1W  3",
        "   2.   2 Schmidt, Anna                    SK Kronach                       GER "
        "                      17.05.90      1720              RB  4",
        "   3.   3 Novák, Petr                      SC Hof                           CZE "
        " 312345678            02.03.85      1900              0B  1",
        "   4.   4 Weber, Eva                       SC Hof                           GER "
        "             10234567               1650              RW  2",
        "###",
        "Name:       Bezirksliga Oberfranken",
        "Datum(S):   11.04.2026           Datum(E):   11.04.2026",
        "Anwender: Arbiter",
        "",
    ]
)


def test_the_team_swiss_demos_report_lists_what_is_missing_then_holds_everything_the_description_names():
    """The team Swiss demo (rounds 1–4 played, round 5 paired): refused first, naming every round
    without a date and every player without a birth date or DSB record; once the director has
    entered them, the XML holds every element ChessLeagueManager's writer describes, every game's
    players are reported players, every encounter's teams reported teams, the line-ups those who
    played, and each encounter's points the sum of its games and forfeits."""
    from io import StringIO
    from xml.etree import ElementTree

    from tournaments.domain.dwz_report import TEAM_SWISS
    from tournaments.domain.errors import RuleViolation

    out = StringIO()
    call_command("demo", "--swiss", stdout=out)
    demo = Tournament.objects.get(slug=out.getvalue().strip())
    problems = [p.text() for p in missing(dwz_event(tournament=demo))]
    assert [p for p in problems if p.startswith("round ")] == [
        f"round {n}: no date (every round's date is reported) (DSB-Wertungsordnung 6.1)." for n in range(1, 5)
    ]
    without_record = [p for p in problems if "without a DSB record" in p]
    assert len(without_record) == len(dwz_event(tournament=demo).players) == len(problems) - 4
    for number in range(1, 5):
        Round.objects.filter(tournament=demo, number=number).update(date=datetime.date(2026, 3, number))
    Player.objects.filter(team__tournament=demo).update(federation_id="C0327-1")
    event = dwz_event(tournament=demo)
    assert event.kind == TEAM_SWISS and missing(event) == []
    root = ElementTree.fromstring(dewis_xml(event).split("\n", 1)[1])
    assert [child.tag for child in root] == ["tournamentSection", "playerSection", "teamSection"]
    tournament = root.find("tournamentSection/tournament")
    assert [c.tag for c in tournament] == ["label", "type", "rounds", "endDate"]
    assert tournament.findtext("endDate") == "2026-03-04"
    assert [a.findtext("matchday") for a in root.iter("appointment")] == [f"2026-03-0{n}" for n in range(1, 5)]
    players = {int(p.findtext("noPlayer")) for p in root.iter("player")}
    assert all(
        int(g.findtext("noWhite")) in players and int(g.findtext("noBlack")) in players for g in root.iter("game")
    )
    lots = {int(t.findtext("lot")) for t in root.iter("team")}
    lineups = [int(n.text) for t in root.iter("team") for n in t.find("lineup")]
    assert sorted(lineups) == sorted(players)
    plays = list(root.iter("play"))
    assert {int(p.findtext("round")) for p in plays} == {1, 2, 3, 4}
    assert all(int(p.findtext("noHomeTeam")) in lots and int(p.findtext("noGuestTeam")) in lots for p in plays)
    assert all(float(p.findtext("pointsHome")) + float(p.findtext("pointsGuest")) <= demo.boards for p in plays)
    with pytest.raises(RuleViolation) as refused:
        dsb_text(event)
    assert "report a team Swiss as DeWIS XML" in str(refused.value)

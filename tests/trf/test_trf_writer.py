"""TRF-2026 records at their fixed columns (1-based in the comments, as the format counts)."""

import datetime

from tournaments.domain.trf import TrfEvent, TrfForfeit, TrfGame, TrfLineup, TrfPlayer, TrfTeam, write_trf


def event(**overrides):
    values = dict(
        name="Oberfrankenliga",
        rounds=3,
        type_code="FIDE_TEAM_ROUNDROBIN",
        type_name="Team round robin",
        colour_sequence="WB",
        match_points=(2.0, 1.0, 0.0),
        tiebreaks=("BH:MP/C1", "EMGSB", "BC"),
        players=(
            TrfPlayer(1, "Müller, Jürgen", 2105, "4600123", "GER", {1: TrfGame(3, "w", "1"), 3: TrfGame(0, "-", "+")}),
            TrfPlayer(2, "Weiß, Bärbel", 0, "", "", {1: TrfGame(4, "b", "=")}),
            TrfPlayer(3, "Köhler, Sören", 1900, "", "", {1: TrfGame(1, "b", "0")}),
            TrfPlayer(4, "Größer, Jörg", 1850, "", "", {1: TrfGame(2, "w", "=")}),
        ),
        teams=(TrfTeam(1, "SK Kronach", 4.0, 3.5, 1, (1, 2)), TrfTeam(2, "TSV Küps", 0.0, 0.5, 2, (3, 4))),
        start=datetime.date(2026, 5, 1),
        round_dates={1: datetime.date(2026, 5, 1), 3: datetime.date(2026, 5, 3)},
        lineups=(TrfLineup(2, 2, 1, (4, 0)),),
        forfeits=(TrfForfeit(3, 1, 2, "+-"),),
        pab={2: 1},
        pab_points=(1.0, 1.0),
        byes={("H", 3): (4,)},
    )
    values.update(overrides)
    return TrfEvent(**values)


def lines(text, code):
    return [line for line in text.splitlines() if line.startswith(code)]


def test_header_records():
    text = write_trf(event())
    assert lines(text, "012") == ["012 Oberfrankenliga"]
    assert lines(text, "042") == ["042 2026/05/01"]
    assert lines(text, "142") == ["142 3"]
    assert lines(text, "192") == ["192 FIDE_TEAM_ROUNDROBIN"]
    assert lines(text, "202") == ["202 BH:MP/C1,EMGSB,BC"]
    assert lines(text, "212") == ["212 MPTS,BH:MP/C1,EMGSB,BC"]
    assert lines(text, "352") == ["352 WB"]
    # 362: a result letter in column 6, 15, 24, its points in the four columns after it
    (scoring,) = lines(text, "362")
    assert (scoring[5], scoring[6:10], scoring[14], scoring[15:19], scoring[23], scoring[24:28]) == (
        "W",
        " 2.0",
        "D",
        " 1.0",
        "L",
        " 0.0",
    )
    (dates,) = lines(text, "132")
    assert dates[91:99] == "26/05/01" and dates[111:119] == "26/05/03" and dates[101:109].strip() == ""


def test_player_line_columns_and_round_blocks():
    (first, *_rest) = lines(write_trf(event()), "001")
    assert first[4:8] == "   1"
    assert first[14:47].rstrip() == "Müller, Jürgen"
    assert first[48:52] == "2105"
    assert first[53:56] == "GER"
    assert first[57:68].strip() == "4600123"
    assert first[80:84] == " 2.0"  # a win and a forfeit win
    # round r: opponent in columns 92–95 + 10·(r − 1), colour 97, result 99
    assert first[91:95] == "0003" and first[96] == "w" and first[98] == "1"
    assert first[101:109].strip() == ""  # round 2 not played
    assert first[111:115] == "0000" and first[116] == "-" and first[118] == "+"


def test_team_lineup_pab_forfeit_and_bye_records():
    text = write_trf(event())
    (team,) = lines(text, "310   1")
    assert (team[4:7], team[8:40].rstrip(), team[54:60], team[61:67], team[68:71]) == (
        "  1",
        "SK Kronach",
        "   4.0",
        "   3.5",
        "  1",
    )
    assert (team[73:77], team[78:82]) == ("   1", "   2")
    assert lines(text, "300") == ["300   2   2   1    4 0000"]
    (pab,) = lines(text, "320")
    # match points 5–8, game points 10–13, then one team per round in 3 columns each
    assert (pab[4:8], pab[9:13], pab[14:17], pab[18:21], pab[22:25]) == (" 1.0", " 1.0", "  0", "  1", "  0")
    assert lines(text, "330") == ["330 +-   3   1   2"]
    assert lines(text, "240") == ["240 H   3    4"]

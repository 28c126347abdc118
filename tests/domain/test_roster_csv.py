"""Reading roster files: every row's problems at once, teams only when all their rows are valid."""

import pytest

from tournaments.domain.errors import RuleViolation
from tournaments.domain.lineup import LineupRules
from tournaments.domain.lineup_choices import board_choices
from tournaments.domain.presets import BoardOrder
from tournaments.domain.roster_csv import decode, parse_player_lines, parse_roster_csv


def texts(problems):
    return [p.text() for p in problems]


def test_a_valid_file_gives_teams_in_board_order_with_the_substitute_last():
    roster = parse_roster_csv(
        "Team,Board,Name,Rating,FIDE_ID\n"
        "TSV Küps,S,Käthe Bäuerle,1700,\n"
        "TSV Küps,2,Sören Köhler,1990,\n"
        "TSV Küps,1,Björn Schäfer,2000,4611111\n"
        "TSV Küps,3,Jörg Größer,,\n"
        "TSV Küps,4,Renée Hübner,1750,\n",
        boards=4,
        max_substitutes=1,
    )
    assert roster.valid
    assert roster.teams == {
        "TSV Küps": [
            {"name": "Björn Schäfer", "rating": 2000, "fide_id": "4611111"},
            {"name": "Sören Köhler", "rating": 1990, "fide_id": ""},
            {"name": "Jörg Größer", "rating": None, "fide_id": ""},
            {"name": "Renée Hübner", "rating": 1750, "fide_id": ""},
            {"name": "Käthe Bäuerle", "rating": 1700, "fide_id": ""},
        ]
    }


def test_where_an_entrant_is_one_player_a_file_of_players_will_do():
    """Schach4 events of single players (rules/README §4): no team or board column, each line is
    an entrant named after its player; with boards above one the columns stay required."""
    players = "name;rating;fide_id\nAnna Weiß;1980;4612345\nBernd Schäfer;;\n"
    roster = parse_roster_csv(players, boards=1, max_substitutes=0, existing_teams={"Cem"})
    assert roster.valid
    assert roster.teams == {
        "Anna Weiß": [{"name": "Anna Weiß", "rating": 1980, "fide_id": "4612345"}],
        "Bernd Schäfer": [{"name": "Bernd Schäfer", "rating": None, "fide_id": ""}],
    }
    taken = parse_roster_csv("name;rating\nCem;1500\n", boards=1, max_substitutes=0, existing_teams={"Cem"})
    assert texts(taken.rows[0].problems) == ["line 2: a team named “Cem” is already registered."]
    pairs = parse_roster_csv(players, boards=2, max_substitutes=0)
    assert texts(pairs.problems) == [
        "file: the first line must name the columns team, board, name, rating, fide_id; missing: team, board."
    ]


def test_german_headers_as_a_german_club_exports_them_are_read():
    """Issue 28 item 7: ``Mannschaft;Brett;Name;DWZ`` (the German help lists Mannschaft, Brett,
    Name, Wertzahl; an export says DWZ or Elo) was refused for lacking team, board, rating."""
    export = decode(
        "Mannschaft;Brett;Name;DWZ\nSK Kronach;1;Jörg Größer;1987\nSK Kronach;2;Anna Weiß;\n".encode("1252")
    )
    roster = parse_roster_csv(export, boards=2, max_substitutes=0)
    assert texts(roster.problems) == []
    assert roster.teams == {
        "SK Kronach": [
            {"name": "Jörg Größer", "rating": 1987, "fide_id": ""},
            {"name": "Anna Weiß", "rating": None, "fide_id": ""},
        ]
    }
    for rating in ("Elo", "Wertzahl", "Rating", "ELO"):
        roster = parse_roster_csv(
            f"Mannschaft, Brett ,Spieler,{rating},FIDE-ID\nA,1,a,2105,4611111\n", boards=1, max_substitutes=0
        )
        assert roster.teams == {"A": [{"name": "a", "rating": 2105, "fide_id": "4611111"}]}, rating
    alone = parse_roster_csv("Name;DWZ;FIDE ID\nCem Yıldız;1500;\n", boards=1, max_substitutes=0)
    assert alone.teams == {"Cem Yıldız": [{"name": "Cem Yıldız", "rating": 1500, "fide_id": ""}]}


def test_two_columns_for_one_value_are_refused_rather_than_one_dropped():
    both = parse_roster_csv("Mannschaft;Brett;Name;DWZ;Elo\nA;1;a;1800;1900\n", boards=1, max_substitutes=0)
    assert texts(both.problems) == ["file: the columns “DWZ” and “Elo” name the same column; keep one of them."]
    assert both.teams == {}


def test_board_five_of_four_is_the_substitute_too():
    roster = parse_roster_csv(
        "team;board;name;rating\nA;1;a;1\nA;2;b;1\nA;3;c;1\nA;4;d;1\nA;5;e;1\n", boards=4, max_substitutes=1
    )
    assert [p["name"] for p in roster.teams["A"]] == ["a", "b", "c", "d", "e"]


def test_gaps_and_a_substitute_beside_a_short_team_are_refused():
    gap = parse_roster_csv("team;board;name;rating\nA;1;a;\nA;3;c;\n", boards=4, max_substitutes=1)
    assert texts(gap.rows[0].problems) == [
        "line 2: team “A” has no player on board 2; boards are filled from 1 without gaps."
    ]
    short = parse_roster_csv("team;board;name;rating\nA;1;a;\nA;S;s;\n", boards=4, max_substitutes=1)
    assert texts(short.rows[1].problems) == ["line 3: a substitute needs all 4 boards of the team filled."]
    assert not gap.valid and not short.valid and not short.teams


def test_two_substitutes_are_one_too_many_under_the_frankenwald_rules():
    roster = parse_roster_csv(
        "team;board;name;rating\nA;1;a;\nA;2;b;\nA;3;c;\nA;4;d;\nA;S;e;\nA;S;f;\n", boards=4, max_substitutes=1
    )
    assert texts(roster.rows[5].problems) == ["line 7: at most 1 substitute per team."]


def test_a_missing_column_or_an_empty_file_is_a_problem_of_the_file():
    assert texts(parse_roster_csv("team;name\nA;b\n", boards=4, max_substitutes=1).problems) == [
        "file: the first line must name the columns team, board, name, rating, fide_id; missing: board, rating."
    ]
    assert texts(parse_roster_csv("  \n", boards=4, max_substitutes=1).problems) == ["file: the file is empty."]
    assert texts(parse_roster_csv("team;board;name;rating\n", boards=4, max_substitutes=1).problems) == [
        "file: the file lists no players."
    ]


def test_bytes_are_read_as_utf8_or_windows_1252():
    assert decode("\ufeffteam;Jörg".encode("utf-8")) == "team;Jörg"
    assert decode("team;Jörg Größer".encode("cp1252")) == "team;Jörg Größer"


def test_player_lines_typed_into_the_form():
    assert parse_player_lines("Jürgen Müller, 2010, 4612345\n\nZoë Fuß") == [
        {"name": "Jürgen Müller", "rating": 2010, "fide_id": "4612345"},
        {"name": "Zoë Fuß", "rating": None, "fide_id": ""},
    ]
    with pytest.raises(RuleViolation) as error:
        parse_player_lines("A\nB, stark")
    assert error.value.text() == "line 2: “stark” is not a rating; write: name, rating, FIDE ID."


def test_the_desk_offers_the_substitute_on_board_four_only_under_the_blitz_preamble():
    blitz = LineupRules(boards=4, substitute_boards=(4,), max_substitutes=1)
    assert board_choices(5, blitz) == [[1], [2], [3], [4, 5]]
    assert board_choices(3, blitz) == [[1], [2], [3], []]
    fide = LineupRules(boards=4, substitute_boards=(1, 2, 3, 4), max_substitutes=1, board_order=BoardOrder.ASCENDING)
    assert board_choices(5, fide) == [[1, 2, 3, 4, 5]] * 4


def test_an_unreadable_csv_is_a_problem_of_the_file_not_a_crash():
    huge = "team;board;name;rating\nA;1;" + "x" * 200_000 + ";1\n"
    roster = parse_roster_csv(huge, boards=4, max_substitutes=1)
    assert texts(roster.problems) == ["file: not a readable CSV file: field larger than field limit (131072)"]


def test_names_over_120_characters_and_bad_fide_ids_are_problems_of_their_rows():
    long_name = "Maximilian " * 11 + "von Lichtenfels"  # 136 characters
    roster = parse_roster_csv(
        "team,board,name,rating,fide_id\n"
        f"Kronach,1,{long_name},2000,4612345\n"
        "Kronach,2,Anna Bauer,1900,46123451234567\n"
        "Kronach,3,Eva Roth,1800,46A\n"
        "Kronach,4,Ina Vogt,1700,\n",
        boards=4,
        max_substitutes=1,
    )
    assert not roster.valid and roster.teams == {}
    assert [texts(row.problems) for row in roster.rows] == [
        [f"line 2, name: at most 120 characters; this one has {len(long_name)}."],
        ["line 3, fide_id: “46123451234567” is not a FIDE ID: at most 11 digits (0–9)."],
        ["line 4, fide_id: “46A” is not a FIDE ID: at most 11 digits (0–9)."],
        [],
    ]


def test_nul_bytes_and_bidi_overrides_in_names_are_row_problems_control_characters_are_dropped():
    roster = parse_roster_csv(
        "team,board,name,rating\nKronach,1,Jürgen\x00Müller,2000\nKron\u202each,1,Anna\tBauer,1900\n"
        "Kronach,2,Eva\x07 Roth,1800\n",
        boards=4,
        max_substitutes=1,
    )
    assert [texts(row.problems) for row in roster.rows] == [
        ["line 2, name: contains a character that cannot be stored (a NUL byte or an unpaired surrogate)."],
        ["line 3, team: contains a text-direction override (U+202E); write the name as plain text."],
        [],
    ]


def test_cr_only_line_endings_are_read():
    roster = parse_roster_csv(
        "team,board,name,rating\rKronach,1,Jürgen Müller,2010\rKronach,2,Anna Bauer,1900\r", boards=2, max_substitutes=0
    )
    assert roster.valid and [p["name"] for p in roster.teams["Kronach"]] == ["Jürgen Müller", "Anna Bauer"]


def test_a_file_in_another_encoding_is_refused_naming_what_is_accepted():
    with pytest.raises(RuleViolation) as error:
        decode("team,board,name,rating\nKronach,1,山田太郎,2010\n".encode("shift_jis"))
    assert "UTF-8 or Windows-1252" in error.value.text() and "LF, CR LF or CR" in error.value.text()
    with pytest.raises(RuleViolation):
        decode("team,board,name,rating\nKronach,1,タナカ,2010\n".encode("shift_jis"))
    assert decode("Zoë Fuß, O’Brien – Ægir Œlschläger".encode("cp1252")) == "Zoë Fuß, O’Brien – Ægir Œlschläger"

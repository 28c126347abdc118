"""Superscript and other non-ASCII digits pass ``str.isdigit()`` but not ``int()``: a clear error, never a 500."""

import pytest

from tournaments.domain.errors import RuleViolation
from tournaments.domain.match_result import parse_match_outcome
from tournaments.domain.material import material_from_fen, parse_material
from tournaments.domain.numbers import whole_number
from tournaments.domain.roster_csv import parse_player_lines, parse_roster_csv


@pytest.mark.parametrize(
    ("text", "number"),
    [("0", 0), ("2350", 2350), ("²", None), ("①", None), ("١٢", None), ("", None), ("-3", None), (" 7", None)],
)
def test_only_ascii_digits_are_a_whole_number(text, number):
    assert whole_number(text) == number


def test_a_superscript_deciding_board_is_a_field_error():
    with pytest.raises(RuleViolation) as error:
        parse_match_outcome("1-0", deciding_board="²")
    assert error.value.field == "deciding_board"
    assert parse_match_outcome("1-0", deciding_board=" 2 ").deciding_board == 2


def test_superscript_counts_in_material_and_fen_are_field_errors():
    with pytest.raises(RuleViolation) as error:
        parse_material("K+²N")
    assert error.value.field == "material"
    assert parse_material("K+2N").knights == 2
    with pytest.raises(RuleViolation) as error:
        material_from_fen("4k3/8/8/8/8/8/8/²4K3 w - - 0 1")
    assert error.value.field == "fen"


def test_superscript_ratings_and_boards_in_rosters_are_row_problems():
    roster = parse_roster_csv("team;board;name;rating\nA;1;a;2²00\nA;²;b;1800\n", boards=4, max_substitutes=1)
    texts = [problem.text() for row in roster.rows for problem in row.problems]
    assert any("rating must be a whole number" in text for text in texts)
    assert any("“²” is not a board" in text for text in texts)
    with pytest.raises(RuleViolation) as error:
        parse_player_lines("Jürgen Müller, ²000")
    assert "is not a rating" in error.value.text()

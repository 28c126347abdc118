import pytest

from tournaments.domain.errors import RuleViolation
from tournaments.domain.results import BoardResult, parse_board_result


@pytest.mark.parametrize(
    "text, result",
    [
        ("1-0", BoardResult.FIRST_WINS),
        ("0-1", BoardResult.SECOND_WINS),
        ("½-½", BoardResult.DRAW),
        ("1/2-1/2", BoardResult.DRAW),
        ("=", BoardResult.DRAW),
        (" 0.5-0.5 ", BoardResult.DRAW),
        ("+-", BoardResult.FIRST_WINS_BY_FORFEIT),
        ("-+", BoardResult.SECOND_WINS_BY_FORFEIT),
        ("--", BoardResult.DOUBLE_FORFEIT),
    ],
)
def test_accepted_spellings(text, result):
    assert parse_board_result(text) is result


def test_points_of_each_result_blitz_16():
    assert BoardResult.FIRST_WINS.points == (1, 0)
    assert BoardResult.DRAW.points == (0.5, 0.5)
    assert BoardResult.SECOND_WINS_BY_FORFEIT.points == (0, 1)
    assert BoardResult.DOUBLE_FORFEIT.points == (0, 0)
    assert BoardResult.FIRST_WINS_BY_FORFEIT.is_forfeit and not BoardResult.FIRST_WINS.is_forfeit


@pytest.mark.parametrize("text", ["2-0", "1-1", "", "win", "1"])
def test_anything_else_is_refused_naming_the_field(text):
    with pytest.raises(RuleViolation) as error:
        parse_board_result(text, field="board 3")
    assert error.value.text().startswith("board 3: “")
    assert "is not a board result" in error.value.text()

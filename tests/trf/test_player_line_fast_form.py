"""The 001 line's fast form (one regular expression, the lines of it read together by
``_regular_players``) reads what the field-by-field reading (``_player``, ``_points``) reads from
the same line, on every file the tests and the benchmark rank: a column off by one in the
expression would read another field."""

import datetime
from pathlib import Path

import pytest

from bench.events import round_robin, swiss
from tournaments.domain.errors import RuleViolation
from tournaments.domain.trf import TrfGame, TrfPlayer
from tournaments.domain.trf.reader import _PLAYER, _player, _points, _read_players, _regular_players, read_trf
from tournaments.domain.trf.writer import _player as player_line

FILES = Path(__file__).resolve().parents[1] / "fixtures" / "trf"


def _files_player_lines() -> list[list[str]]:
    texts = [path.read_text(encoding="utf-8") for path in sorted(FILES.glob("*.trf"))]
    texts += [swiss(14, 4).trf(), round_robin(14, 13, preset="blitz-frankenwald").trf()]
    return [[line for line in text.splitlines() if line.startswith("001")] for text in texts]


def _player_lines() -> list[str]:
    return [line for lines in _files_player_lines() for line in lines]


def _regular_player(line: str) -> tuple[TrfPlayer, float] | None:
    """One line through the fast form: its player and points, None for a line out of the form."""
    match = _PLAYER.fullmatch(line)
    if match is None:
        return None
    players, points = _regular_players([match.groups("")])  # as findall gives them
    return players[0], points[0]


def test_the_fast_form_reads_each_line_as_the_fields_do():
    lines = _player_lines()
    fast = [(line, _regular_player(line)) for line in lines]
    read = [found for _line, found in fast if found is not None]
    assert len(read) >= 112  # the bench files' 56 + 56 lines at least take the fast form
    for line, found in fast:
        if found is not None:
            assert found == (_player(line, 1), _points(line[80:84], 1, 81, "001")), line


def test_every_field_of_a_written_line_is_read_back_by_the_fast_form():
    games = {1: TrfGame(53, "w", "1"), 2: TrfGame(7, "b", "="), 3: TrfGame(0, "-", "U")}
    player = TrfPlayer(1234, "Naoum, Spyridon", 2359, "4227506", "GRE", games, datetime.date(1997, 3, 9))
    line = player_line(player)
    assert _regular_player(line) == (player, 2.5)
    assert _regular_player(line) == (_player(line, 1), _points(line[80:84], 1, 81, "001"))


def test_a_line_outside_the_form_is_left_to_the_fields():
    line = next(text for text in swiss(14, 4).trf().splitlines() if text.startswith("001"))
    assert _regular_player(line) is not None
    assert _regular_player(line[:52] + "x" + line[53:]) is None  # column 53 is a blank in the form
    assert _regular_player(line[:80] + " 2.5" + line[84:]) is not None
    assert _regular_player(line[:80] + "  2." + line[84:]) is None  # "2." is no number of points
    assert _regular_player(line + "  0005 W 1") is None  # an upper-case colour: read field by field


def test_lines_in_and_out_of_the_form_are_read_in_their_order():
    for lines in _files_player_lines():  # some files mix lines of the form and lines out of it
        players, stated = _read_players(lines, list(range(1, len(lines) + 1)))
        assert players == [_player(line, 1) for line in lines]
        assert list(stated.values()) == [(_points(line[80:84], 1, 81, "001"), n) for n, line in enumerate(lines, 1)]


def _swiss_with(lines: dict[int, str]) -> str:
    text = swiss(14, 4).trf().splitlines()
    return "\n".join(lines.get(number, line) for number, line in enumerate(text, start=1)) + "\n"


def test_a_number_given_twice_is_refused_at_its_second_line():
    text = swiss(14, 4).trf().splitlines()
    first = next(n for n, line in enumerate(text, start=1) if line.startswith("001    2"))
    with pytest.raises(
        RuleViolation,
        match=f"line {first + 3}, column 5: player 2 has a second 001 record \\(the first is line {first}\\)",
    ):
        read_trf(_swiss_with({first + 3: text[first - 1]}))  # every line of the fast form


def test_a_001_line_above_a_refused_record_is_refused_first():
    text = swiss(14, 4).trf().splitlines()
    player = next(n for n, line in enumerate(text, start=1) if line.startswith("001"))
    broken = text[player - 1][:48] + "x200" + text[player - 1][52:]
    with pytest.raises(RuleViolation, match=f"line {player}, column 49"):
        read_trf(_swiss_with({player: broken, len(text): "299 1"}))
    with pytest.raises(RuleViolation, match=f"line {len(text)}, column 1"):
        read_trf(_swiss_with({len(text): "299 1"}))

"""The 001 line's fast form (one regular expression, ``_regular_player``) reads what the
field-by-field reading (``_player``, ``_points``) reads from the same line, on every file the
tests and the benchmark rank: a column off by one in the expression would read another field."""

import datetime
from pathlib import Path

from bench.events import round_robin, swiss
from tournaments.domain.trf import TrfGame, TrfPlayer
from tournaments.domain.trf.reader import _player, _points, _regular_player
from tournaments.domain.trf.writer import _player as player_line

FILES = Path(__file__).resolve().parents[1] / "fixtures" / "trf"


def _player_lines() -> list[str]:
    texts = [path.read_text(encoding="utf-8") for path in sorted(FILES.glob("*.trf"))]
    texts += [swiss(14, 4).trf(), round_robin(14, 13, preset="blitz-frankenwald").trf()]
    return [line for text in texts for line in text.splitlines() if line.startswith("001")]


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

"""Mutated TRF files (issue 27 item 6): every malformed file is refused with a RuleViolation
naming where, never a traceback.

Real and real-shaped files are mutated at random, as a careless hand or a broken program would
(a character changed, a line lost, doubled, moved or cut short, a record of another kind
inserted); the reader and the conversion to an archive must either read the file or refuse it.
A smaller sample goes all the way through import_trf. CI tries 200 files of each; ``make probe``
3,000, as the probe that found the crashes did.
"""

import random
from pathlib import Path

import pytest
from django.core.management import CommandError

from tests.probes import iterations
from tests.trf.files import import_text
from tournaments.domain.errors import RuleViolation
from tournaments.domain.presets import get_preset
from tournaments.domain.trf.game_check import check_games
from tournaments.domain.trf.reader import read_trf
from tournaments.domain.trf.to_archive import archive_from_trf
from tournaments.models import Tournament
from tournaments.services.trf_import import known_tiebreak

FILES = Path(__file__).parent.parent / "fixtures" / "trf"
BASES = ["crete-friendship-cup-2024.trf", "gacrux-fideteam-nocolor.trf", "team-swiss-2026.trf"]
CASES = iterations(ci=200, full=3000)
CHARACTERS = "0123456789  -+=/.wbWBHFUZ²①éÄ\t"
RECORDS = ["300", "310", "013", "320", "330", "240", "001", "142", "202", "352", "362", "299", "XXR", "###"]


def mutate(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(lines))
        kind = rng.randrange(6)
        if kind == 0 and lines[at]:
            column = rng.randrange(len(lines[at]))
            lines[at] = lines[at][:column] + rng.choice(CHARACTERS) + lines[at][column + 1 :]
        elif kind == 1:
            del lines[at]
        elif kind == 2:
            lines.insert(at, lines[at])
        elif kind == 3:
            other = rng.randrange(len(lines))
            lines[at], lines[other] = lines[other], lines[at]
        elif kind == 4:
            lines[at] = lines[at][: rng.randrange(len(lines[at]) + 1)]
        else:
            numbers = " ".join(f"{rng.randint(0, 60):3d}" for _ in range(rng.randint(1, 6)))
            lines.insert(at, f"{rng.choice(RECORDS)} {rng.choice(['+-', 'H', '  ', '1.0'])} {numbers}")
    return "\n".join(lines) + "\n"


def convert(text: str) -> dict:
    return archive_from_trf(read_trf(text), get_preset("fide-team"), known_codes=known_tiebreak)


def outcome(convert) -> object:
    """The archive a conversion writes, or the words of its refusal."""
    try:
        return convert()
    except RuleViolation as refusal:
        return str(refusal)


@pytest.mark.probe
@pytest.mark.parametrize("base", BASES)
def test_mutated_files_are_read_or_refused_never_a_traceback(base):
    text = (FILES / base).read_text(encoding="utf-8")
    convert(text)  # the file itself reads
    rng = random.Random(base)
    refused = 0
    for case in range(CASES):
        mutated = mutate(text, rng)
        try:
            convert(mutated)
        except RuleViolation:
            refused += 1
        except Exception as error:  # noqa: BLE001 - the point: any other exception is the bug
            pytest.fail(f"case {case}: {type(error).__name__}: {error}\n{mutated}")
    assert 0 < refused < CASES  # the mutations both break files and leave some readable


@pytest.mark.probe
@pytest.mark.parametrize("base", BASES)
def test_the_game_check_the_conversion_defers_refuses_as_one_right_after_reading(base):
    """The conversion checks the games as it reads the boards and runs the whole game check only
    before another path or a refusal (``game_check``): every mutated file must meet the fate,
    archive or refusal word for word, that checking every game right after reading gives it."""
    text = (FILES / base).read_text(encoding="utf-8")
    rng = random.Random(f"{base} deferred")
    refused_by_check = 0
    for _case in range(CASES):
        mutated = mutate(text, rng)

        def checked_first(mutated=mutated) -> dict:
            event = read_trf(mutated)
            check_games(event)
            return archive_from_trf(event, get_preset("fide-team"), known_codes=known_tiebreak)

        expected = outcome(checked_first)
        assert outcome(lambda mutated=mutated: convert(mutated)) == expected, mutated
        refused_by_check += isinstance(expected, str) and "column 9" in expected and "round" in expected
    assert refused_by_check  # some mutations contradict a game, the point of the comparison


@pytest.mark.probe
@pytest.mark.django_db
def test_mutated_files_through_import_trf_write_a_tournament_or_nothing(tmp_path):
    """The archive import checks what the reader let through (names, line-ups, results): a
    refusal there too is a clear message with nothing written."""
    text = (FILES / "team-swiss-2026.trf").read_text(encoding="utf-8")
    rng = random.Random(27)
    for case in range(max(CASES // 20, 10)):
        before = Tournament.objects.count()
        try:
            import_text(tmp_path, mutate(text, rng))
        except CommandError:
            assert Tournament.objects.count() == before, case


@pytest.mark.probe
def test_mutated_swisschess_files_are_read_or_refused_never_a_traceback():
    """A SwissChess file (built as tests/trf/test_swt_import.py builds one) with bytes changed
    at random, in the general data, the pairings and the records, or cut short."""
    from tests.trf.swt_file import swt_file
    from tests.trf.test_swt_import import DATES, PAIRINGS, TEAMS
    from tournaments.domain.swt import read_swt

    data = swt_file(
        name="Pokal", rounds=2, boards=2, teams=TEAMS, pairings=PAIRINGS, team_byes={1: 3, 2: 2}, dates=DATES
    )
    interesting = [
        0x1,
        0x5,
        0x7,
        0x25C,
        0x254,
        0x534,
        *range(13384, 13384 + 12 * 2 * 19),
        *range(len(data) - 12 * 655, len(data), 7),
    ]
    rng = random.Random(26)
    refused = 0
    for case in range(CASES):
        mutated = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            mutated[rng.choice(interesting)] = rng.randrange(256)
        if rng.random() < 0.1:
            mutated = mutated[: rng.randrange(len(mutated))]
        try:
            archive_from_trf(read_swt(bytes(mutated)), get_preset("fide-team"), known_codes=known_tiebreak)
        except RuleViolation:
            refused += 1
        except Exception as error:  # noqa: BLE001 - the point: any other exception is the bug
            pytest.fail(f"case {case}: {type(error).__name__}: {error}")
    assert 0 < refused < CASES

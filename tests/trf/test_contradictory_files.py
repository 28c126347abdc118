"""A TRF file whose two lines of one game disagree is refused, naming the line, column and rule.

Found by feeding the reader thousands of mutated copies of real and exported files: such files
used to fail deep in the import with a KeyError (a 500 at the desk) or import one side's word.
"""

import pytest

from tournaments.domain.errors import RuleViolation
from tournaments.domain.presets import get_preset
from tournaments.domain.trf.reader import read_trf
from tournaments.domain.trf.to_archive import convert_trf
from tournaments.services.trf_import import known_tiebreak

HEADER = "012 Kreisliga\n142 1\n352 WB\n"
NAMES = {1: "Anna", 2: "Bernd", 3: "Cem", 4: "Dora", 5: "Emil", 6: "Frieda"}
ROSTERS = {1: ("Alpha", (1, 2)), 2: ("Beta", (3, 4)), 3: ("Gamma", (5, 6))}


def columns(code: str, fields: dict[int, str]) -> str:
    """A record with each text starting at its (1-based) column, as TRF-2026 places them."""
    line = [" "] * max(column + len(text) for column, text in fields.items())
    for column, text in fields.items():
        line[column - 1 : column - 1 + len(text)] = text
    return code + "".join(line)[3:].rstrip() + "\n"


def event(blocks: dict[int, str], rosters=ROSTERS) -> str:
    players = "".join(
        columns("001", {5: f"{n:4d}", 15: name, 49: "1800", 81: " 0.0", 92: blocks.get(n, "")})
        for n, name in NAMES.items()
    )
    teams = "".join(
        columns("310", {5: f"{n:3d}", 9: name, 74: " ".join(f"{p:4d}" for p in roster)})
        for n, (name, roster) in rosters.items()
    )
    return HEADER + players + teams


# Alpha–Beta: Anna (White) beats Cem, Bernd draws Dora; Gamma sits out.
GOOD = {1: "   3 w 1", 2: "   4 b =", 3: "   1 b 0", 4: "   2 w ="}


def convert(text: str):
    """What the import does with a file: the games are checked as the conversion reads the boards."""
    return convert_trf(read_trf(text), get_preset("fide-team"), known_codes=known_tiebreak)


def refusal(blocks, header=HEADER) -> str:
    with pytest.raises(RuleViolation) as caught:
        convert(event(blocks).replace(HEADER, header))
    return str(caught.value)


def test_the_consistent_file_reads():
    conversion = convert(event(GOOD))
    assert conversion.event.players[0].games[1].opponent == 3
    ((_number, (match,)),) = conversion.rounds
    assert (match.first, match.second, match.players, match.results) == (1, 2, ((1, 2), (3, 4)), ("1-0", "½-½"))
    assert conversion.requested == {(3, 1): "Z"}  # Gamma, paired with nobody in a Swiss round


def test_a_game_only_one_line_tells_is_refused():
    blocks = GOOD | {3: ""}
    assert (
        refusal(blocks)
        == "line 4, column 92: round 1: player 3's own line does not name this player as the opponent (TRF-2026, "
        "record 001)."
    )


def test_results_that_disagree_are_refused():
    blocks = GOOD | {3: "   1 b 1"}
    assert (
        refusal(blocks)
        == "line 4, column 99: round 1: “1” here, but player 3's line gives “1” for the same game (TRF-2026, record "
        "001)."
    )


def test_a_team_meeting_two_teams_in_one_round_is_refused():
    blocks = GOOD | {2: "   5 b =", 4: "", 5: "   2 w ="}
    assert (
        refusal(blocks)
        == "line 5, column 92: round 1: this team's players meet players of two teams (TRF-2026, record 001)."
    )


def test_an_opponent_on_no_team_is_refused():
    blocks = GOOD | {2: "   5 b =", 4: "", 5: "   2 w ="}
    rosters = {1: ROSTERS[1], 2: ROSTERS[2]}
    with pytest.raises(RuleViolation, match="line 5, column 92: round 1: opponent 5 is on no team"):
        convert(event(blocks, rosters))


ONE_LINE_ONLY = "line 4, column 92: round 1: player 3's own line does not name this player as the opponent"


def test_a_contradicting_game_is_refused_before_a_later_fault_the_reader_finds():
    """The reader leaves the games to the conversion, but a fault it finds after the 001 records
    (here: 142 states fewer rounds than they fill) waits for the game check."""
    header = HEADER.replace("142 1", "142 0")
    assert refusal(GOOD, header).startswith("line 2, column 5: “0” rounds: the file plays 1")
    assert refusal(GOOD | {3: ""}, header).startswith(ONE_LINE_ONLY)


def test_a_contradicting_game_is_refused_before_a_fault_of_the_conversion():
    """An unknown tie-break is the conversion's refusal: the file's contradicting game is its first fault."""
    header = HEADER + "202 XYZ\n"
    assert refusal(GOOD, header).startswith("202: the file's tie-break “XYZ” is not one Arbiter computes")
    assert refusal(GOOD | {3: ""}, header).startswith(ONE_LINE_ONLY.replace("line 4", "line 5"))


def test_a_team_meeting_itself_is_refused():
    """Two players of one team who name each other, or a player who names themself, are no
    match: the roster order would read them as a team playing itself."""
    own_team = GOOD | {1: "   2 w 1", 2: "   1 b 0", 3: "   4 w =", 4: "   3 b ="}
    assert refusal(own_team) == (
        "line 4, column 92: round 1: player 2 is on this player's own team: a team does not meet itself "
        "(TRF-2026, record 001)."
    )
    themself = GOOD | {1: "   1 w =", 3: ""}
    assert refusal(themself).startswith("line 4, column 92: round 1: player 1 is on this player's own team")

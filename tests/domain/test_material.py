"""Flag-fall claims (Blitz §14c II, §15e; Tandem §5.2): every standard material case."""

import pytest

from tournaments.domain.errors import RuleViolation
from tournaments.domain.material import ClaimOutcome, answer_claim, flag_fall_claim, material_from_fen, parse_material

WIN, DRAW = ClaimOutcome.WIN, ClaimOutcome.DRAW


def claim(claimant, opponent=None, **kwargs):
    answer = flag_fall_claim(parse_material(claimant), parse_material(opponent) if opponent else None, **kwargs)
    return answer.outcome, answer.rule


@pytest.mark.parametrize(
    "claimant, opponent, expected",
    [
        # The bare king can never mate.
        ("K", None, (DRAW, "Blitz §15e")),
        ("K", "K+Q+R", (DRAW, "Blitz §15e")),
        # A pawn, rook or queen: mate is possible whatever the opponent has.
        ("K+P", None, (WIN, "Blitz §14c")),
        ("K+R", None, (WIN, "Blitz §14c")),
        ("K+Q", "K+Q", (WIN, "Blitz §14c")),
        # Two minor pieces that are not same-coloured bishops.
        ("K+N+N", "K", (WIN, "Blitz §14c")),
        ("K+2N", "K", (WIN, "Blitz §14c")),
        ("K+B+N", "K", (WIN, "Blitz §14c")),
        ("K+Bl+Bd", "K", (WIN, "Blitz §14c")),
        # A lone knight: mates only if the opponent has something to block his king with.
        ("K+N", "K", (DRAW, "Blitz §15e")),
        ("K+N", "K+P", (WIN, "Blitz §14c")),
        ("K+N", "K+N", (WIN, "Blitz §14c")),
        ("K+N", "K+B", (WIN, "Blitz §14c")),
        ("K+N", "K+Q", (WIN, "Blitz §14c")),
        # A lone bishop: draw against the bare king, win against a blocker ...
        ("K+B", "K", (DRAW, "Blitz §15e")),
        ("K+B", "K+N", (WIN, "Blitz §14c")),
        ("K+B", "K+P", (WIN, "Blitz §14c")),
        ("K+B", "K+R", (WIN, "Blitz §14c")),
        # ... and against bishops it depends on the colours of the squares.
        ("K+Bl", "K+Bl", (DRAW, "Blitz §15e")),
        ("K+Bd", "K+Bd+Bd", (DRAW, "Blitz §15e")),
        ("K+Bl", "K+Bd", (WIN, "Blitz §14c")),
        # Several bishops all on one colour cannot mate a bare king.
        ("K+Bl+Bl", "K", (DRAW, "Blitz §15e")),
        ("K+Bd+Bd", "K+N", (WIN, "Blitz §14c")),
    ],
)
def test_flag_fall_claim(claimant, opponent, expected):
    assert claim(claimant, opponent) == expected


def test_in_tandem_a_flag_fall_always_loses_without_a_material_check():
    assert claim("K", "K+Q", tandem=True) == (WIN, "Tandem §5.2")


def test_a_lone_knight_needs_the_opponents_material():
    with pytest.raises(RuleViolation) as error:
        claim("K+N")
    assert error.value.field == "opponent"
    assert error.value.rule == "Blitz §14c"


@pytest.mark.parametrize("claimant, opponent, field", [("K+B", "K+B", "opponent"), ("K+B+B", "K", "material")])
def test_bishops_of_unknown_colour_are_asked_for_when_the_colour_decides(claimant, opponent, field):
    with pytest.raises(RuleViolation) as error:
        claim(claimant, opponent)
    assert error.value.field == field


@pytest.mark.parametrize("text", ["K+X", "N", "K+K", "K++N", ""])
def test_bad_material_is_refused_naming_the_field(text):
    with pytest.raises(RuleViolation) as error:
        parse_material(text, field="claimant")
    assert error.value.field == "claimant"


def test_german_piece_letters_are_read():
    """Issue 28 item 10: the claim helper refused K+S, K+L, K+T."""
    assert parse_material("K+S") == parse_material("K+N")
    assert parse_material("K+L") == parse_material("K+B")
    assert parse_material("K+T+2S") == parse_material("K+R+2N")
    assert parse_material("k+d") == parse_material("K+Q")
    assert (
        flag_fall_claim(parse_material("K+S"), parse_material("K")).outcome
        == flag_fall_claim(parse_material("K+N"), parse_material("K")).outcome
    )
    with pytest.raises(RuleViolation) as error:  # Bauer or bishop? never guessed
        parse_material("K+S+B", field="claimant")
    assert error.value.text() == (
        "claimant: “K+S+B”: B is a bishop in English and a pawn (Bauer) in German; write L for a bishop or P for a "
        "pawn."
    )


def test_material_from_a_fen_knows_the_square_colours_of_bishops():
    # White Kg1 and Bc1 (dark square); Black Kg8 and Bf8 (dark square): same colour, a dead draw.
    white, black = material_from_fen("5bk1/8/8/8/8/8/8/2B3K1 w - - 0 60")
    assert (white.dark_bishops, white.light_bishops, black.dark_bishops) == (1, 0, 1)
    assert flag_fall_claim(white, black).outcome == DRAW
    # Black's bishop on e8 (light square) instead: opposite colours, mate is possible.
    white, black = material_from_fen("4b1k1/8/8/8/8/8/8/2B3K1 w - - 0 60")
    assert flag_fall_claim(white, black).outcome == WIN
    assert flag_fall_claim(black, white).outcome == WIN


@pytest.mark.parametrize("fen", ["8/8/8/8/8/8/8/K7", "k7/8/8/8/8/8/8/9K", "kK6/8/8/8/8/8/8/7X", "k7/8/8/8/8/8/8"])
def test_a_bad_fen_is_refused(fen):
    with pytest.raises(RuleViolation) as error:
        material_from_fen(fen)
    assert error.value.field == "fen"


def test_the_desk_form_takes_typed_material_or_a_fen_with_the_claimants_colour():
    assert answer_claim(claimant="K+N", opponent="K").outcome == DRAW
    assert answer_claim(claimant="K+N", opponent="K+P").outcome == WIN
    assert answer_claim(fen="8/8/8/8/8/2k5/8/K1N5 w - - 0 1", side="white").outcome == DRAW
    assert answer_claim(fen="8/8/8/8/8/2k5/p7/K1N5 w - - 0 1", side="white").rule == "Blitz §14c"
    assert answer_claim(claimant="K", tandem=True).rule == "Tandem §5.2"
    with pytest.raises(RuleViolation) as error:
        answer_claim(fen="8/8/8/8/8/2k5/8/K1N5 w - - 0 1")
    assert error.value.field == "side"

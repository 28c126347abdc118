"""Flag-fall claims: does the claimant still have mating material? (Blitz §14c II, §15e)

Blitz §14c: a player whose opponent's flag falls wins only if he "has possible mating material":
a position is still possible in which mate in one is forced. Otherwise §15e: the game is drawn.

*Our reading* (docs/arbiter-desk.md; FIDE Laws 6.9 read the same way): the claimant has
mating material when **any** legal sequence of moves can still end in the opponent's mate — the
opponent may "help" by blocking his own king. The standard cases where no such position exists:

- the claimant has the bare king;
- the claimant has king and one minor piece (K+B or K+N) and the opponent has the bare king;
- the claimant has only bishops, all on squares of one colour, and the opponent has nothing but
  bishops on that same colour (K+B v K+B with same-coloured bishops, K+B+B same colour v K).

Everything else (a pawn, a rook, a queen, two knights, knight and bishop, bishops of both colours,
or one minor piece against any material that can block a flight square) can still mate.

In tandem (bughouse) a flag fall always loses (Tandem §5.2): captured pieces can be dropped, so
there is no material check at all.
"""

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum

from .errors import RuleViolation, gettext_noop
from .numbers import whole_number

PIECES = "KQRBNP"
GERMAN_LETTERS = {"D": "Q", "T": "R", "L": "B", "S": "N"}  # Dame, Turm, Läufer, Springer (a pawn: P)


class ClaimOutcome(StrEnum):
    WIN = "win"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class Material:
    """What one side has left: pieces by letter, bishops split by the colour of their square."""

    queens: int = 0
    rooks: int = 0
    knights: int = 0
    pawns: int = 0
    light_bishops: int = 0
    dark_bishops: int = 0
    unknown_bishops: int = 0  # bishops typed as plain "B": square colour not given

    @property
    def bishops(self) -> int:
        return self.light_bishops + self.dark_bishops + self.unknown_bishops

    @property
    def is_bare_king(self) -> bool:
        return not (self.queens or self.rooks or self.knights or self.pawns or self.bishops)

    @property
    def only_bishops(self) -> bool:
        return not (self.queens or self.rooks or self.knights or self.pawns)


@dataclass(frozen=True, slots=True)
class ClaimAnswer:
    outcome: ClaimOutcome
    rule: str  # the paragraph that decides
    reason: str  # untranslated (gettext_noop), why


def parse_material(text: str, *, field: str = "material") -> Material:
    """Read "K+N", "K+B+B", "K+2N", "K+Bl" (light-squared bishop), "K+Bd" (dark-squared bishop).

    Letters are the English piece letters K Q R B N P, or the German ones a German TD types (D T
    L S for queen, rook, bishop, knight: "K+S", issue 28 item 10); the king must be there exactly
    once. B is a bishop in English and a pawn (Bauer) in German, so beside German letters it is
    refused as ambiguous rather than read either way.
    """
    parts = [part.strip() for part in str(text).replace(" ", "").split("+")]
    counts: Counter[str] = Counter()
    german = any(part.lstrip("0123456789").upper() in GERMAN_LETTERS for part in parts)
    for part in parts:
        count, letters = 1, part
        if whole_number(letters[:1]) is not None:
            count, letters = whole_number(letters[:1]), letters[1:]
        if german and letters.upper() == "B":
            raise RuleViolation(
                gettext_noop(
                    "“%(value)s”: B is a bishop in English and a pawn (Bauer) in German; write L for a bishop or "
                    "P for a pawn."
                ),
                field=field,
                value=text,
            )
        key = {"Bl": "Bl", "Bd": "Bd"}.get(letters, GERMAN_LETTERS.get(letters.upper(), letters.upper()))
        if key not in {"K", "Q", "R", "B", "N", "P", "Bl", "Bd"} or count < 1:
            raise RuleViolation(
                gettext_noop(
                    "“%(value)s” is not material; write pieces as K+Q+R+B+N+P (or K+D+T+L+S), e.g. K+N or K+2B, a "
                    "bishop's square colour as Bl or Bd."
                ),
                field=field,
                value=text,
            )
        counts[key] += count
    if counts["K"] != 1:
        raise RuleViolation(gettext_noop("the material must include exactly one king (K)."), field=field)
    return Material(
        queens=counts["Q"],
        rooks=counts["R"],
        knights=counts["N"],
        pawns=counts["P"],
        light_bishops=counts["Bl"],
        dark_bishops=counts["Bd"],
        unknown_bishops=counts["B"],
    )


def material_from_fen(fen: str, *, field: str = "fen") -> tuple[Material, Material]:
    """(white, black) material from a FEN's piece placement; the squares give bishop colours."""
    placement = str(fen).strip().split(" ")[0]
    ranks = placement.split("/")
    if len(ranks) != 8:
        raise RuleViolation(gettext_noop("a FEN position has eight ranks separated by “/”."), field=field)
    found = {"w": Counter(), "b": Counter()}
    for row, rank_text in enumerate(ranks):
        rank = 7 - row  # FEN lists rank 8 first
        file = 0
        for char in rank_text:
            if whole_number(char) is not None:
                file += whole_number(char)
                continue
            if char.upper() not in PIECES or file > 7:
                raise RuleViolation(gettext_noop("“%(value)s” is not a valid FEN position."), field=field, value=fen)
            side = "w" if char.isupper() else "b"
            key = char.upper()
            if key == "B":
                key = "Bd" if (file + rank) % 2 == 0 else "Bl"  # a1 is a dark square
            found[side][key] += 1
            file += 1
        if file != 8:
            raise RuleViolation(gettext_noop("“%(value)s” is not a valid FEN position."), field=field, value=fen)
    if found["w"]["K"] != 1 or found["b"]["K"] != 1:
        raise RuleViolation(gettext_noop("a position has exactly one king of each colour."), field=field)
    white, black = (Material(c["Q"], c["R"], c["N"], c["P"], c["Bl"], c["Bd"]) for c in (found["w"], found["b"]))
    return white, black


def flag_fall_claim(claimant: Material, opponent: Material | None, *, tandem: bool = False) -> ClaimAnswer:
    """Win or draw for a player who claims the opponent's flag has fallen."""
    if tandem:
        return ClaimAnswer(
            ClaimOutcome.WIN, "Tandem §5.2", gettext_noop("In tandem a flag fall always loses the game.")
        )
    win = ClaimAnswer(ClaimOutcome.WIN, "Blitz §14c", gettext_noop("The claimant can still mate: the flag fall wins."))
    draw = ClaimAnswer(
        ClaimOutcome.DRAW,
        "Blitz §15e",
        gettext_noop("The claimant cannot mate by any series of legal moves: the game is drawn."),
    )
    if claimant.is_bare_king:
        return draw
    if not claimant.only_bishops:
        if claimant.knights == 1 and not (claimant.queens or claimant.rooks or claimant.pawns or claimant.bishops):
            return _needs_opponent(opponent, lambda o: draw if o.is_bare_king else win)
        return win
    # Only bishops: one colour of squares, or both?
    if claimant.light_bishops and claimant.dark_bishops:
        return win
    if claimant.bishops == 1 and opponent is not None and opponent.is_bare_king:
        return draw
    return _needs_opponent(opponent, lambda o: _bishops_only(claimant, o, win, draw))


def _bishops_only(claimant: Material, opponent: Material, win: ClaimAnswer, draw: ClaimAnswer) -> ClaimAnswer:
    """The claimant has only bishops (on one colour, or of unknown colour)."""
    if opponent.is_bare_king:
        if claimant.unknown_bishops and claimant.bishops > 1:
            raise _colour_needed("material")
        return draw
    if not opponent.only_bishops:
        return win  # a knight, pawn, rook or queen can block a flight square
    everyone = Material(
        light_bishops=claimant.light_bishops + opponent.light_bishops,
        dark_bishops=claimant.dark_bishops + opponent.dark_bishops,
        unknown_bishops=claimant.unknown_bishops + opponent.unknown_bishops,
    )
    if everyone.unknown_bishops:
        raise _colour_needed("opponent" if opponent.unknown_bishops else "material")
    return win if everyone.light_bishops and everyone.dark_bishops else draw


def _needs_opponent(opponent: Material | None, decide) -> ClaimAnswer:
    if opponent is None:
        raise RuleViolation(
            gettext_noop("with this material the answer depends on the opponent's material; enter it too."),
            field="opponent",
            rule="Blitz §14c",
        )
    return decide(opponent)


def _colour_needed(field: str) -> RuleViolation:
    return RuleViolation(
        gettext_noop(
            "say on which colour of squares each bishop stands (Bl light, Bd dark): it decides whether mate is "
            "possible."
        ),
        field=field,
        rule="Blitz §14c",
    )


def answer_claim(
    *, claimant: str = "", opponent: str = "", fen: str = "", side: str = "", tandem: bool = False
) -> ClaimAnswer:
    """The desk's form in one call: material as typed ("K+N" and the opponent's), or a FEN and
    the claimant's colour (``white``/``black``)."""
    if tandem:
        return flag_fall_claim(Material(), None, tandem=True)
    if fen:
        if side not in ("white", "black"):
            raise RuleViolation(gettext_noop("say whether the claimant plays white or black."), field="side")
        white, black = material_from_fen(fen)
        return flag_fall_claim(*((white, black) if side == "white" else (black, white)))
    own = parse_material(claimant, field="claimant")
    return flag_fall_claim(own, parse_material(opponent, field="opponent") if opponent.strip() else None)

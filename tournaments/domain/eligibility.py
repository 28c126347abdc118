"""Who may play in a lineup by rating and category: the eligibility rules leagues add.

Leagues cap the rating of every player fielded or the lineup's average, ask the boards to
follow the ratings within a tolerance, or limit how many players of one kind (no federation ID,
unrated) may play in one match. Each rule is off, a warning (the lineup is saved and the desk
told) or a refusal (nothing saved), as the tournament's rule set says; a preset may set them.
Unrated players pass the rating rules (*our decision*, docs/rules.md: a category limit on
unrated players limits them instead).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from .errors import RuleViolation, gettext_noop

MAX_RATING = 3500


class Check(StrEnum):
    """What a broken eligibility rule does to the lineup."""

    OFF = "off"
    WARNING = "warning"
    REFUSAL = "refusal"


class Category(StrEnum):
    """The kinds of player a league may limit per match."""

    NO_FEDERATION_ID = "no-federation-id"
    NO_FIDE_ID = "no-fide-id"
    UNRATED = "unrated"


class Entrant(Protocol):
    rating: int | None
    federation_id: str
    fide_id: str


_IN_CATEGORY = {
    Category.NO_FEDERATION_ID: lambda player: not player.federation_id,
    Category.NO_FIDE_ID: lambda player: not player.fide_id,
    Category.UNRATED: lambda player: player.rating is None,
}

_CATEGORY_MESSAGES = {  # singular, plural: German and English say "1 Spieler", "2 Spieler"
    Category.NO_FEDERATION_ID: (
        gettext_noop("this lineup fields %(count)d player without a federation ID; at most %(limit)d may play."),
        gettext_noop("this lineup fields %(count)d players without a federation ID; at most %(limit)d may play."),
    ),
    Category.NO_FIDE_ID: (
        gettext_noop("this lineup fields %(count)d player without a FIDE ID; at most %(limit)d may play."),
        gettext_noop("this lineup fields %(count)d players without a FIDE ID; at most %(limit)d may play."),
    ),
    Category.UNRATED: (
        gettext_noop("this lineup fields %(count)d unrated player; at most %(limit)d may play."),
        gettext_noop("this lineup fields %(count)d unrated players; at most %(limit)d may play."),
    ),
}

# the rules' names, cited with every finding
RATING_CAP = gettext_noop("rating cap per board")
AVERAGE_CAP = gettext_noop("rating cap on the average")
RATING_ORDER = gettext_noop("board order by rating")
CATEGORY_LIMIT = gettext_noop("category limit")


@dataclass(frozen=True, slots=True)
class Eligibility:
    rating_cap: int = 0
    rating_cap_check: Check = Check.OFF
    average_cap: int = 0
    average_cap_check: Check = Check.OFF
    rating_order_tolerance: int = 0
    rating_order_check: Check = Check.OFF
    limited_category: Category = Category.NO_FEDERATION_ID
    category_limit: int = 0
    category_limit_check: Check = Check.OFF


@dataclass(frozen=True, slots=True)
class Finding:
    violation: RuleViolation
    refuses: bool


def eligibility_findings(players: Sequence[Entrant | None], rules: Eligibility) -> list[Finding]:
    """Every eligibility rule this lineup (the player per board, ``None`` = empty) breaks."""
    findings = []
    if rules.rating_cap_check != Check.OFF:
        findings += [_found(rules.rating_cap_check, violation) for violation in _over_cap(players, rules.rating_cap)]
    if rules.average_cap_check != Check.OFF and (violation := _over_average(players, rules.average_cap)):
        findings.append(_found(rules.average_cap_check, violation))
    if rules.rating_order_check != Check.OFF:
        findings += [
            _found(rules.rating_order_check, violation)
            for violation in _out_of_order(players, rules.rating_order_tolerance)
        ]
    if rules.category_limit_check != Check.OFF and (
        violation := _over_limit(players, rules.limited_category, rules.category_limit)
    ):
        findings.append(_found(rules.category_limit_check, violation))
    return findings


def _found(check: Check, violation: RuleViolation) -> Finding:
    return Finding(violation, refuses=check == Check.REFUSAL)


def _rated(players: Sequence[Entrant | None]) -> list[tuple[int, int]]:
    """(board, rating) of every rated player fielded."""
    return [
        (board, player.rating) for board, player in enumerate(players, start=1) if player and player.rating is not None
    ]


def _over_cap(players, cap: int) -> list[RuleViolation]:
    return [
        RuleViolation(
            gettext_noop("rated %(rating)d, above the cap of %(cap)d."),
            field=f"board {board}",
            rule=RATING_CAP,
            rating=rating,
            cap=cap,
        )
        for board, rating in _rated(players)
        if rating > cap
    ]


def _over_average(players, cap: int) -> RuleViolation | None:
    """The mean of the rated players fielded, compared unrounded (*our decision*)."""
    ratings = [rating for _board, rating in _rated(players)]
    if not ratings or sum(ratings) <= cap * len(ratings):
        return None
    return RuleViolation(
        gettext_noop("the players' average rating is %(average)s, above the cap of %(cap)d."),
        field="lineup",
        rule=AVERAGE_CAP,
        average=f"{sum(ratings) / len(ratings):.1f}",
        cap=cap,
    )


def _out_of_order(players, tolerance: int) -> list[RuleViolation]:
    """A player rated more than ``tolerance`` above a player on a higher board, named on the lower board."""
    problems = []
    lowest: tuple[int, int] | None = None  # (rating, board) of the lowest-rated player above
    for board, rating in _rated(players):
        if lowest is not None and rating > lowest[0] + tolerance:
            problems.append(
                RuleViolation(
                    gettext_noop(
                        "rated %(rating)d, more than %(tolerance)d above the %(other_rating)d on board %(other)d."
                    ),
                    field=f"board {board}",
                    rule=RATING_ORDER,
                    rating=rating,
                    tolerance=tolerance,
                    other_rating=lowest[0],
                    other=lowest[1],
                )
            )
        if lowest is None or rating < lowest[0]:
            lowest = (rating, board)
    return problems


def _over_limit(players, category: Category, limit: int) -> RuleViolation | None:
    count = sum(1 for player in players if player is not None and _IN_CATEGORY[category](player))
    if count <= limit:
        return None
    singular, plural = _CATEGORY_MESSAGES[category]
    return RuleViolation(singular, plural=plural, field="lineup", rule=CATEGORY_LIMIT, count=count, limit=limit)

"""Numbers as chess people write them: 2½, places as 5.–6."""

from django import template
from django.utils.translation import gettext

from tournaments.domain.match_result import DECIDED_BY_LABELS, DecidedBy

register = template.Library()


@register.filter
def points(value) -> str:
    """2.5 → "2½", 0.5 → "½", 3.0 → "3"; None → "–"."""
    if value is None or value == "":
        return "–"
    if isinstance(value, tuple):
        return " ".join(points(v) for v in value)
    whole, half = divmod(round(float(value) * 2), 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


@register.simple_tag
def place(rank: int, rank_to: int) -> str:
    """A shared place is written as a range with an en dash: "5.–6."."""
    return f"{rank}." if rank == rank_to else f"{rank}.–{rank_to}."


@register.filter
def colour_name(letter: str) -> str:
    return gettext("White") if letter == "W" else gettext("Black")


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if mapping else None


@register.filter
def decided_by_name(value: str) -> str:
    """How a match was decided (tandem), as a translated phrase; "" when not recorded."""
    if not value:
        return ""
    return gettext(DECIDED_BY_LABELS[DecidedBy(value)])

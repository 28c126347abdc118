"""Numbers as chess people write them (2½, places as 5.–6.), and the discipline's own partials."""

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from tournaments.documents import registry
from tournaments.domain import formatting
from tournaments.domain.disciplines import ending_label
from tournaments.domain.seat_plan import COLOUR_NAMES
from tournaments.layouts import layout_of

register = template.Library()


@register.filter
def points(value) -> str:
    """``formatting.points``; a tuple (tie-break values; a list once stored as JSON) as its parts
    joined by spaces."""
    if isinstance(value, tuple | list):
        return " ".join(points(v) for v in value)
    return formatting.points(None if value == "" else value)


@register.simple_tag
def place(rank: int, rank_to: int) -> str:
    return formatting.place(rank, rank_to)


@register.filter
def colour_name(letter: str) -> str:
    """A seat's colour as a word: White, Black (FIDE), Red, Yellow (Vierer §1); "" where none."""
    return gettext(COLOUR_NAMES[letter]) if letter in COLOUR_NAMES else ""


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if mapping else None


@register.filter
def decided_by_name(value: str) -> str:
    """How a match was decided (tandem, Viererschach), as a translated phrase; "" when not recorded."""
    if not value:
        return ""
    return gettext(ending_label(value) or value)


@register.filter
def partial(discipline, name: str) -> str:
    """The discipline's own HTML partial ``name``: ``templates/disciplines/<partials>/<name>.html``,
    the folder its layout names (``tournaments/layouts.py``).

    ``{% include tournament.discipline_rules|partial:"match" %}``: every kind of discipline has the
    same files, so a shared template includes the piece without asking which discipline it serves.
    """
    return f"disciplines/{layout_of(discipline).partials}/{name}.html"


@register.filter
def round_forms(tournament) -> list:
    """The forms ``tournament`` prints per round (``documents/registry.py``): the desk links each
    with its ``desk/_print_<id>.html``."""
    return registry.round_forms(tournament)


@register.filter
def column_value(row, column):
    """A standings column's value in a row (``StandingsColumn``, e.g. the board points)."""
    return column.value(row)


@register.filter
def place_reason(reason) -> str:
    """Why a row is below the one above, in the page's language (``standings.PlaceReason``)."""
    return reason.text(gettext) if reason else ""


@register.simple_tag
def translate_with(message: str, **params) -> str:
    """A message held in a variable (a discipline's ``words``) translated and filled in, as
    ``translate`` and ``blocktranslate`` do with a literal one: the parameters escaped, the
    message our own and not (``translate`` of a variable would escape "tournament's").

    ``{% translate_with tournament.discipline_rules.words.roster_of name=team.name %}``
    """
    return mark_safe(gettext(message) % {key: conditional_escape(value) for key, value in params.items()})


@register.simple_tag
def translate_count(forms: tuple[str, str], counter: int, **params) -> str:
    """``translate_with`` of a (singular, plural) pair of messages about ``counter`` things: the
    singular for exactly one (German and English, the shipped languages; ``RuleViolation``)."""
    return translate_with(forms[0] if counter == 1 else forms[1], counter=counter, **params)

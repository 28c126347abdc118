"""How the place of a mistake reads in a message: a field name, translated part by part.

Services name the place as a path (``board 3``, ``players[2].rating``, ``round 4, table 2, board
1``, ``delete_results``, ``places.seat 2``), and the API's ``field`` keeps it so for clients. The
text shown to a person translates every part: the names below are marked for translation with the
path spelling as the English text, and a person reads words, not the path (issue 28 item 10):
"from round", "seat 2", in German "ab Runde", "Zeile 4", "Spieler 2, Wertzahl", "Ergebnisse
löschen". A part not listed here stays as it is.
"""

import re

from .i18n import gettext_noop

NUMBERED = (  # "line 4", "players[2]": the number is kept, the word translated
    gettext_noop("line %(number)s"),
    gettext_noop("board %(number)s"),
    gettext_noop("round %(number)s"),
    gettext_noop("table %(number)s"),
    gettext_noop("leg %(number)s"),
    gettext_noop("seat %(number)s"),
)
INDEXED = {  # a list's item in the path ("players[2]") as a person reads it ("player 2")
    "players[%(number)s]": gettext_noop("player %(number)s"),
    "teams[%(number)s]": gettext_noop("team %(number)s"),
    "incidents[%(number)s]": gettext_noop("incident %(number)s"),
}
NAMED = (  # "team “SK Kronach”", "player “Anna Weiß”" (an individual event's entrant)
    gettext_noop("team %(value)s"),
    gettext_noop("player %(value)s"),
)
WORDS = (
    gettext_noop("archive"),
    gettext_noop("audit_entry"),
    gettext_noop("board"),
    gettext_noop("board_order"),
    gettext_noop("boards"),
    gettext_noop("bye_scoring"),
    gettext_noop("claimant"),
    gettext_noop("colour_pattern"),
    gettext_noop("decided_by"),
    gettext_noop("deciding_board"),
    gettext_noop("delete_results"),
    gettext_noop("double_rounds"),
    gettext_noop("file"),
    gettext_noop("first"),
    gettext_noop("first team"),
    gettext_noop("format"),
    gettext_noop("from_round"),
    gettext_noop("kind"),
    gettext_noop("language"),
    gettext_noop("lineup"),
    gettext_noop("match_points"),
    gettext_noop("max_substitutes"),
    gettext_noop("name"),
    gettext_noop("occurred_at"),
    gettext_noop("opponent"),
    gettext_noop("order"),
    gettext_noop("pairing"),
    gettext_noop("penalty"),
    gettext_noop("per_page"),
    gettext_noop("player"),
    gettext_noop("players"),
    gettext_noop("playoff"),
    gettext_noop("playoff_for_first"),
    gettext_noop("playoffs"),
    gettext_noop("preset"),
    gettext_noop("published_at"),
    gettext_noop("rating"),
    gettext_noop("reason"),
    gettext_noop("result"),
    gettext_noop("revoke"),
    gettext_noop("role"),
    gettext_noop("roster"),
    gettext_noop("round"),
    gettext_noop("rounds"),
    gettext_noop("screen_panels"),
    gettext_noop("screen_seconds"),
    gettext_noop("second"),
    gettext_noop("second team"),
    gettext_noop("seed"),
    gettext_noop("short_name"),
    gettext_noop("side"),
    gettext_noop("slug"),
    gettext_noop("start_date"),
    gettext_noop("substitute_boards"),
    gettext_noop("team"),
    gettext_noop("teams"),
    gettext_noop("tiebreaks"),
    gettext_noop("tiebreaks_first"),
    gettext_noop("tiebreaks_other"),
    gettext_noop("tournament"),
    gettext_noop("user"),
    gettext_noop("venue"),
    gettext_noop("version"),
    gettext_noop("withdrawal_rule"),
)

# Parts a person is not shown: a version is no place to correct (the message says what changed), and
# ``places`` only groups the seat named after it ("places.seat 2" reads "seat 2").
UNNAMED = ("version",)
GROUPS = ("places",)

_NUMBERED = re.compile(r"(?P<word>[a-z_ ]+?)(?: (?P<spaced>\d+)|\[(?P<indexed>\d+)\])")
_NAMED = re.compile(r"(?P<word>[a-z_ ]+?) (?P<value>“.*”)")
_WORD = re.compile(r"[a-z_ ]+")


def field_label(field: str, translate=None) -> str:
    """``field`` as a person reads it, each part passed through ``translate`` (underscores read as
    spaces; "" for a field not named to a person); without ``translate``, the path as it is."""
    if translate is None:
        return field
    parts = [part for part in re.split(r"(, |\.)", field) if part not in ("", *UNNAMED)]
    words = [part for index, part in enumerate(parts) if part not in GROUPS or index == len(parts) - 1]
    labels = [_part(part, translate).replace("_", " ") for part in words if part not in (", ", ".")]
    return ", ".join(labels)


def _part(part: str, translate) -> str:
    if match := _NUMBERED.fullmatch(part):
        number = match["spaced"] or match["indexed"]
        template = f"{match['word']} %(number)s" if match["spaced"] else f"{match['word']}[%(number)s]"
        return translate(INDEXED.get(template, template)) % {"number": number}
    if match := _NAMED.fullmatch(part):
        return translate(f"{match['word']} %(value)s") % {"value": match["value"]}
    if _WORD.fullmatch(part):
        return translate(part)
    return part

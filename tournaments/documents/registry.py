"""Every PDF the app prints, registered by id (as pretix registers its ticket renderers).

A ``PrintDocument`` says what it is (id, title), who may print it when (the public with published
results only, or the tournament's arbiters; per round or for the whole event; a round's form only
where its layout prints it, ``tournaments/layouts.py``), how it is rendered and where it is
downloaded. The URLs (``urls.py``), the two download views (``views/documents.py``), the desk's
print links and the round bundle all read this registry, so a document is named in one place and
its availability is checked in one place (``PrintDocument.refusal``).
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.numbers import whole_number
from tournaments.layouts import layout_of
from tournaments.selectors.crosstable import crosstable_for_tournament
from tournaments.selectors.incidents import incidents_for_round
from tournaments.selectors.pairings import RoundPairings, pairings_for_round
from tournaments.selectors.rosters import rosters_for_tournament
from tournaments.selectors.standings import standings_for_tournament

from .crosstable import CrosstableDocument
from .incidents import IncidentListDocument
from .match_report import FORMS_PER_PAGE, MatchReportDocument
from .rosters import RostersDocument
from .round_lists import round_list
from .seat_cards import SeatCardsDocument, table_byes, table_cards
from .standings import StandingsDocument


class Audience(StrEnum):
    """Who may print a document: anyone (``/t/<slug>/``; results of published rounds only), or the
    tournament's arbiters on the desk (``/desk/<slug>/``; drafts included)."""

    PUBLIC = "public"
    DESK = "desk"


def whole_number_option(options: Mapping[str, str], name: str, default, allowed=None):
    """A whole-number option of the query or form; anything else is a RuleViolation naming it."""
    text = str(options.get(name, ""))
    if text == "":
        return default
    number = whole_number(text)
    if number is None or (allowed is not None and number not in allowed):
        raise RuleViolation(gettext_noop("“%(value)s” is not a valid value here."), field=name, value=text[:20])
    return number


@dataclass
class PrintJob:
    """One document to print: the tournament, the round (for a round's document) and the options
    (the query string, or the bundle's); the round's encounters are read once for every part."""

    tournament: object
    round: object = None
    options: Mapping[str, str] | None = None
    published_only: bool = False
    site: str = ""  # the site's address for QR codes (the request's, or ``SITE_URL``)

    def option(self, name: str, default, allowed=None):
        return whole_number_option(self.options or {}, name, default, allowed)

    @cached_property
    def pairings(self) -> RoundPairings:
        return pairings_for_round(round_=self.round, published_only=self.published_only)


@dataclass(frozen=True, slots=True)
class PrintDocument:
    id: str
    title: str  # untranslated
    audience: Audience
    path: str  # below ``t/<slug>/`` or ``desk/<slug>/``; ``<int:number>`` in it: a round's document
    url_name: str  # in the ``tournaments`` namespace
    filename: str  # formatted with ``slug`` and ``number``
    render: Callable[[PrintJob], bytes]
    # A form printed per round only where the layout prints it (``Layout.round_forms``); why not, elsewhere.
    unavailable: str = ""

    @property
    def per_round(self) -> bool:
        return "<int:number>" in self.path

    def refusal(self, tournament) -> RuleViolation | None:
        """Why ``tournament`` has no such document, or None: the one availability check."""
        if not self.unavailable or self.id in layout_of(tournament.discipline_rules).round_forms:
            return None
        return RuleViolation(self.unavailable, field="round")

    def pdf(self, job: PrintJob) -> bytes:
        """The document for ``job``, refused where it is not available."""
        if refusal := self.refusal(job.tournament):
            raise refusal
        return self.render(job)


def _pairings(job: PrintJob) -> bytes:
    with_boards = job.option("boards", 0, allowed=(0, 1)) == 1
    return round_list(job.pairings, published_only=job.published_only, with_boards=with_boards).render()


def _standings(job: PrintJob) -> bytes:
    after_round = job.option("round", None)
    standings = standings_for_tournament(
        tournament=job.tournament, after_round=after_round, published_only=job.published_only
    )
    return StandingsDocument(job.tournament, standings).render()


def _crosstable(job: PrintJob) -> bytes:
    crosstable = crosstable_for_tournament(tournament=job.tournament, published_only=job.published_only)
    return CrosstableDocument(job.tournament, crosstable).render()


def _match_reports(job: PrintJob) -> bytes:
    """Match report forms (Blitz §18), 1 or 2 per page; the round's incidents in the remarks box."""
    per_page = job.option("per_page", 2, allowed=FORMS_PER_PAGE)
    incidents = incidents_for_round(round_=job.round)
    return MatchReportDocument(job.pairings, per_page=per_page, incidents=incidents, site=job.site).render()


def _seat_cards(job: PrintJob) -> bytes:
    """A card per four-player table, laid on it before play (issue 15)."""
    lines = job.pairings.matches
    drawn = job.round.first_mover_lot is not None
    return SeatCardsDocument(
        job.tournament,
        round_number=job.round.number,
        cards=table_cards(lines),
        drawn_by_lot=drawn,
        site=job.site,
        byes=table_byes(lines),
    ).render()


def _rosters(job: PrintJob) -> bytes:
    return RostersDocument(job.tournament, rosters_for_tournament(tournament=job.tournament)).render()


def _incidents(job: PrintJob) -> bytes:
    return IncidentListDocument(job.round, incidents_for_round(round_=job.round)).render()


DOCUMENTS: dict[str, PrintDocument] = {
    document.id: document
    for document in (
        PrintDocument(
            id="pairings",
            title=gettext_noop("Pairing list"),
            audience=Audience.PUBLIC,
            path="pdf/pairings/<int:number>.pdf",
            url_name="pdf_pairings",
            filename="{slug}-pairings-{number}.pdf",
            render=_pairings,
        ),
        PrintDocument(  # the desk's copy: the round's pairings before they are published too, marked as a draft
            id="desk-pairings",
            title=gettext_noop("Pairing list"),
            audience=Audience.DESK,
            path="pdf/rounds/<int:number>/pairings.pdf",
            url_name="pdf_desk_pairings",
            filename="{slug}-pairings-{number}.pdf",
            render=_pairings,
        ),
        PrintDocument(
            id="standings",
            title=gettext_noop("Standings"),
            audience=Audience.PUBLIC,
            path="pdf/standings.pdf",
            url_name="pdf_standings",
            filename="{slug}-standings.pdf",
            render=_standings,
        ),
        PrintDocument(
            id="crosstable",
            title=gettext_noop("Crosstable"),
            audience=Audience.PUBLIC,
            path="pdf/crosstable.pdf",
            url_name="pdf_crosstable",
            filename="{slug}-crosstable.pdf",
            render=_crosstable,
        ),
        PrintDocument(
            id="match-reports",
            title=gettext_noop("Match report forms"),
            audience=Audience.DESK,
            path="pdf/rounds/<int:number>/reports.pdf",
            url_name="pdf_match_reports",
            filename="{slug}-reports-{number}.pdf",
            render=_match_reports,
            unavailable=gettext_noop("this tournament plays at tables of seats: print the seat cards instead."),
        ),
        PrintDocument(
            id="seat-cards",
            title=gettext_noop("Seat cards"),
            audience=Audience.DESK,
            path="pdf/rounds/<int:number>/seat-cards.pdf",
            url_name="pdf_seat_cards",
            filename="{slug}-seat-cards-{number}.pdf",
            render=_seat_cards,
            unavailable=gettext_noop("this tournament plays on boards: print the match report forms instead."),
        ),
        PrintDocument(
            id="rosters",
            title=gettext_noop("Team rosters"),  # the discipline words it (``words.rosters_print``)
            audience=Audience.DESK,
            path="pdf/rosters.pdf",
            url_name="pdf_rosters",
            filename="{slug}-rosters.pdf",
            render=_rosters,
        ),
        PrintDocument(
            id="incidents",
            title=gettext_noop("Incident list"),
            audience=Audience.DESK,
            path="pdf/rounds/<int:number>/incidents.pdf",
            url_name="pdf_incidents",
            filename="{slug}-incidents-{number}.pdf",
            render=_incidents,
        ),
    )
}


def round_forms(tournament) -> list[PrintDocument]:
    """The forms ``tournament`` prints per round, as its layout names them (the desk's links, the bundle)."""
    return [DOCUMENTS[name] for name in layout_of(tournament.discipline_rules).round_forms]


def round_bundle_parts(tournament) -> list[PrintDocument]:
    """The round bundle's parts: the round's list (the desk's pairing document, laid out as the layout
    lists a round), then every form printed per round."""
    return [DOCUMENTS["desk-pairings"], *round_forms(tournament)]

"""A round's list for the wall, as the layout lays out an encounter (``tournaments/layouts.py``
``round_list`` names one of ``ROUND_LISTS``): the pairing list of teams on boards, or the table
list of seats (four-player chess, issue 15). The pairing-list document and the round bundle ask here."""

from tournaments.layouts import layout_of
from tournaments.selectors.pairings import RoundPairings
from tournaments.selectors.requested_byes import requested_byes_for_round

from .pairing_list import PairingListDocument
from .table_list import TableListDocument


def _pairing_list(pairings: RoundPairings, *, published_only: bool, with_boards: bool) -> PairingListDocument:
    """The public sees the requested byes with the pairings, once these are published."""
    round_ = pairings.round
    byes = requested_byes_for_round(round_=round_) if not published_only or round_.pairings_published_at else []
    return PairingListDocument(pairings, with_boards=with_boards, requested_byes=byes)


def _table_list(pairings: RoundPairings, *, published_only: bool, with_boards: bool) -> TableListDocument:
    """Every seat is listed anyway, so ``with_boards`` adds nothing."""
    round_ = pairings.round
    return TableListDocument(round_.tournament, round_number=round_.number, lines=pairings.matches)


ROUND_LISTS = {"pairing-list": _pairing_list, "table-list": _table_list}


def round_list(pairings: RoundPairings, *, published_only: bool = False, with_boards: bool = False):
    """The document listing the round's encounters ``pairings`` (``render()`` gives the PDF).

    The desk's copy of pairings the public does not see yet (a Swiss round the director reviews
    before publishing) is marked as a draft on every page (issue 28 item 6: the director's
    pairing list of such a round was an empty sheet); the public's copy says they are not out yet.
    """
    document = ROUND_LISTS[layout_of(pairings.round.tournament.discipline_rules).round_list](
        pairings, published_only=published_only, with_boards=with_boards
    )
    unpublished = pairings.round.pairings_published_at is None
    document.draft = unpublished and not published_only
    document.withheld = unpublished and published_only
    return document

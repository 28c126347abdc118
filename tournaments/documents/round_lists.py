"""A round's list for the wall, laid out as the discipline lays out an encounter
(``DisciplineRules.layout``): the pairing list of teams on boards, or the table list of seats
(four-player chess, issue 15). The pairing-list download and the round bundle ask here."""

from tournaments.selectors.pairings import pairings_for_round
from tournaments.selectors.requested_byes import requested_byes_for_round

from .pairing_list import PairingListDocument
from .table_list import TableListDocument


def _pairing_list(round_, *, published_only: bool, with_boards: bool) -> PairingListDocument:
    """The public sees the requested byes with the pairings, once these are published."""
    byes = requested_byes_for_round(round_=round_) if not published_only or round_.pairings_published_at else []
    pairings = pairings_for_round(round_=round_, published_only=published_only)
    return PairingListDocument(pairings, with_boards=with_boards, requested_byes=byes)


def _table_list(round_, *, published_only: bool, with_boards: bool) -> TableListDocument:
    """Every seat is listed anyway, so ``with_boards`` adds nothing."""
    lines = pairings_for_round(round_=round_, published_only=published_only).matches
    return TableListDocument(round_.tournament, round_number=round_.number, lines=lines)


_LISTS = {"boards": _pairing_list, "table": _table_list}


def round_list(round_, *, published_only: bool = False, with_boards: bool = False):
    """The document listing ``round_``'s encounters (``render()`` gives the PDF)."""
    return _LISTS[round_.tournament.discipline_rules.layout](
        round_, published_only=published_only, with_boards=with_boards
    )

"""The one layout registry: what truly differs between a match on boards and a table of seats.

Every page, the desk, the PDFs and the archive import ask ``layout_of(discipline)`` for their part
and never which kind of discipline they serve; each kind (``DisciplineRules.kind``) declares its
parts here, once. ``tests/test_layouts.py`` fails when a layout lacks a part a page asks for (a
template, a partial, a document).

- ``partials``: the folder of the discipline's HTML partials, ``templates/disciplines/<partials>/``
  (the same file names in each, ``{% include discipline|partial:"match" %}``);
- ``round_page``, ``entrant_page``, ``overview_round``: the templates listing a round's encounters
  on the public round page, an entrant's encounters on its page, a round on the desk overview;
- ``entrant_rounds``: the entrant page's data for ``entrant_page``;
- ``desk_grid``: the result grid of a round (``views/desk/result_grids.py``);
- ``round_list``: the round's list for the wall (``documents/round_lists.py``: the pairing list, or
  the table list of seats), the public pairing PDF and the round bundle's first part;
- ``round_forms``: the forms printed per round (ids of ``documents/registry.py``: match report
  forms, Blitz §18, or seat cards, issue 15), the desk's links and the bundle's other parts;
- ``result_pdf``: where a printed match puts its results (``documents/result_layouts.py``);
- ``archive_encounter``: how an archive's encounter is read (``services/archive_encounters.py``).
"""

from collections.abc import Callable
from dataclasses import dataclass, replace

from tournaments.documents.result_layouts import PER_BOARD, PER_MATCH, ResultPerBoard, ResultPerMatch
from tournaments.domain.disciplines import DisciplineKind, DisciplineRules
from tournaments.services.archive_encounters import board_encounter, table_encounter
from tournaments.views.desk.result_grids import board_grid, table_grid
from tournaments.views.public.entrant_rounds import board_rounds, table_rounds


@dataclass(frozen=True, slots=True)
class Layout:
    """Every part of the app that shows an encounter differently for one kind (see the module)."""

    partials: str
    round_page: str
    entrant_page: str
    entrant_rounds: Callable
    overview_round: str
    desk_grid: Callable
    round_list: str
    round_forms: tuple[str, ...]
    result_pdf: ResultPerBoard | ResultPerMatch
    archive_encounter: Callable


# Two teams on boards of two seats, each board scored (Blitz §16).
BOARDS = Layout(
    partials="board_scored",
    round_page="public/_matches.html",
    entrant_page="public/_team_boards.html",
    entrant_rounds=board_rounds,
    overview_round="desk/_overview_boards.html",
    desk_grid=board_grid,
    round_list="pairing-list",
    round_forms=("match-reports",),
    result_pdf=PER_BOARD,
    archive_encounter=board_encounter,
)
# The same boards, the match with one result: its deciding board and how (Tandem §1.3).
ONE_RESULT_BOARDS = replace(BOARDS, partials="match_scored", result_pdf=PER_MATCH)
# One game at a table of seats (four-player chess, issue 15): a team match's one result
# (Vierer §2, §13) or the finishing order of its entrants (Schach4).
TABLE = Layout(
    partials="match_scored",
    round_page="public/_tables.html",
    entrant_page="public/_team_tables.html",
    entrant_rounds=table_rounds,
    overview_round="desk/_overview_tables.html",
    desk_grid=table_grid,
    round_list="table-list",
    round_forms=("seat-cards",),
    result_pdf=PER_MATCH,
    archive_encounter=table_encounter,
)

LAYOUTS: dict[DisciplineKind, Layout] = {
    DisciplineKind.BOARDS: BOARDS,
    DisciplineKind.MATCH: ONE_RESULT_BOARDS,
    DisciplineKind.TEAM_TABLE: TABLE,
    DisciplineKind.TABLE: TABLE,
}


def layout_of(discipline: DisciplineRules) -> Layout:
    """How pages, the desk, the PDFs and the archive lay out an encounter of ``discipline``."""
    return LAYOUTS[discipline.kind]

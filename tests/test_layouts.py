"""Every kind of discipline has a layout (``tournaments/layouts.py``) with every part a page asks
for: each partial the shared templates include, each template a page or the desk lists encounters
with, the round's list and forms as registered documents, its PDF result layout and its archive
reader, so a page never meets a discipline it cannot show (issues 14, 24)."""

import re
from pathlib import Path

import pytest
from django.template.loader import get_template

from tournaments.documents.registry import DOCUMENTS, Audience
from tournaments.documents.result_layouts import ResultPerBoard, ResultPerMatch
from tournaments.documents.round_lists import ROUND_LISTS
from tournaments.domain.disciplines import DISCIPLINES, DisciplineKind
from tournaments.layouts import LAYOUTS, layout_of

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
INCLUDED = re.compile(r'\|partial:"(\w+)"')


def included_partials() -> set[str]:
    return {name for path in TEMPLATES.rglob("*.html") for name in INCLUDED.findall(path.read_text(encoding="utf-8"))}


def test_the_shared_templates_include_the_discipline_partials():
    assert included_partials() == {
        "match",
        "crosstable_cell",
        "team_board_totals",
        "team_game_points",
        "missing_before_publishing",
        "missing_in_grid",
        "claim",
        "incident_claim",
    }


def test_every_kind_has_a_layout_and_every_discipline_a_kind():
    assert set(LAYOUTS) == set(DisciplineKind) and {d.kind for d in DISCIPLINES.values()} == set(DisciplineKind)


@pytest.mark.parametrize("kind", list(DisciplineKind))
def test_every_layout_has_each_part_a_page_asks_for(kind):
    layout = LAYOUTS[kind]
    for name in included_partials():
        assert get_template(f"disciplines/{layout.partials}/{name}.html")
    for template in (layout.round_page, layout.entrant_page, layout.overview_round):
        assert get_template(template)
    assert callable(layout.desk_grid) and callable(layout.entrant_rounds) and callable(layout.archive_encounter)
    assert layout.round_list in ROUND_LISTS
    assert layout.round_forms and all(DOCUMENTS[name].audience == Audience.DESK for name in layout.round_forms)
    for name in layout.round_forms:
        assert get_template(f"desk/_print_{name}.html")
    assert isinstance(layout.result_pdf, ResultPerBoard | ResultPerMatch)


def test_a_discipline_is_laid_out_by_its_kind():
    assert layout_of(DISCIPLINES["team-blitz"]).partials == "board_scored"
    assert layout_of(DISCIPLINES["tandem"]).partials == "match_scored"
    assert layout_of(DISCIPLINES["tandem"]).round_page == "public/_matches.html"
    assert layout_of(DISCIPLINES["vierer"]).round_forms == layout_of(DISCIPLINES["schach4-v3"]).round_forms
    assert layout_of(DISCIPLINES["vierer"]).round_forms == ("seat-cards",)


def test_each_kind_has_its_own_folder_and_nothing_else_lies_there():
    folders = {path.name for path in (TEMPLATES / "disciplines").iterdir()}
    assert folders == {layout.partials for layout in LAYOUTS.values()}
    for folder in folders:
        files = {path.stem for path in (TEMPLATES / "disciplines" / folder).glob("*.html")}
        assert included_partials() <= files

"""Every kind of discipline brings all it is shown with: each partial the shared templates include
and its PDF result layout, so a page never meets a discipline it cannot show (issue 14)."""

import re
from pathlib import Path

import pytest
from django.template.loader import get_template

from tournaments.documents.result_layouts import LAYOUTS, layout_for
from tournaments.domain.disciplines import DISCIPLINES

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


@pytest.mark.parametrize("key", sorted(DISCIPLINES))
def test_every_discipline_has_each_partial_and_a_pdf_layout(key):
    discipline = DISCIPLINES[key]
    for name in included_partials():
        assert get_template(f"disciplines/{discipline.presentation}/{name}.html")
    assert layout_for(discipline) is LAYOUTS[discipline.presentation]


def test_each_kind_has_its_own_folder_and_nothing_else_lies_there():
    folders = {path.name for path in (TEMPLATES / "disciplines").iterdir()}
    assert folders == {d.presentation for d in DISCIPLINES.values()} == set(LAYOUTS)
    for folder in folders:
        files = {path.stem for path in (TEMPLATES / "disciplines" / folder).glob("*.html")}
        assert included_partials() <= files

"""Issue 16: archive → TRF → import gives the same standings, for every demo TRF can hold.

Each demo goes through its archive first (export_tournament → import_tournament), then that copy
through TRF-2026 (export_trf → import_trf with the demo's preset, for what TRF cannot say). The
other demos are refused with the reason: TRF records games of two players, and a tandem match has
one result of its own (Tandem §1.3), a four-player table a finishing order.
"""

import io
import re

import pytest
from django.core.management import CommandError, call_command

from tournaments.models import Tournament
from tournaments.selectors.standings import standings_for_tournament

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def table(tournament):
    standings = standings_for_tournament(tournament=tournament)
    return standings.after_round, [
        (e.team.name, e.row.rank, e.row.rank_to, e.row.mp, e.row.bp, e.row.tiebreaks) for e in standings.rows
    ]


@pytest.mark.parametrize("flag", [[], ["--swiss"]], ids=["frankenwald", "swiss"])
def test_a_demo_comes_back_from_its_archive_and_its_trf_with_the_same_standings(flag, tmp_path):
    demo = Tournament.objects.get(slug=run("demo", *flag).strip())
    archive = tmp_path / "demo.json"
    archive.write_text(run("export_tournament", demo.slug), encoding="utf-8")
    copy = Tournament.objects.get(slug=run("import_tournament", str(archive)).strip())
    assert table(copy) == table(demo)

    trf = tmp_path / "demo.trf"
    trf.write_text(run("export_trf", copy.slug), encoding="utf-8")
    imported = Tournament.objects.get(slug=run("import_trf", str(trf), "--preset", demo.preset).strip())
    assert table(imported) == table(demo)
    assert (imported.tiebreaks_first, imported.tiebreaks_other) == (demo.tiebreaks_first, demo.tiebreaks_other)


@pytest.mark.parametrize(
    "flag,slugs,reason",
    [
        (["--tandem"], ["tandem-demo"], "one result per match: a TRF file records games (Tandem §1.3)"),
        (
            ["--four-player"],
            ["viererschach-demo", "schach4-demo"],
            "a game at a table of several seats has a finishing order that TRF cannot hold",
        ),
    ],
    ids=["tandem", "four-player"],
)
def test_the_other_demos_are_refused_with_the_reason(flag, slugs, reason):
    run("demo", *flag)
    for slug in slugs:
        with pytest.raises(CommandError, match=re.escape(reason)):
            run("export_trf", slug)

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from tournaments.models import AuditEntry, BoardGame, Tournament

pytestmark = pytest.mark.django_db
EXAMPLE = Path(__file__).resolve().parent.parent / "fixtures" / "frankenwald-playoff.json"


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_import_prints_the_slug_and_standings_json_shows_the_playoff():
    slug = run("import_tournament", str(EXAMPLE)).strip()
    assert slug == "frankenwaldpokal-beispiel"
    standings = json.loads(run("standings", slug, "--json"))
    assert standings["final"] is True
    # Kronach and Küps: 5 MP each, drew each other (DE 1:1) → play-off (Blitz §16)
    assert [
        (r["rank"], r["rank_to"], r["team"], r["mp"], r["bp"], r["playoff_required"]) for r in standings["standings"]
    ] == [
        (1, 2, "SK Kronach", 5, 9, True),
        (1, 2, "TSV Küps", 5, 7.5, True),
        (3, 3, "Schachfreunde Selb", 1, 4, False),
        (4, 4, "SV Höchstadt", 1, 3.5, False),
    ]
    # Kronach per board: ½+1+1 (b1), ½+1+1 (b2), ½+½+1 (b3), ½+½+1 (b4) → BW 2.5·4+2.5·3+2·2+2·1
    assert standings["standings"][0]["tiebreaks"] == {"DE": 1, "BP": 9, "BW": 23.5, "FWB": [2.5, 2.5, 2, 2]}


def test_export_prints_the_archive():
    slug = run("import_tournament", str(EXAMPLE)).strip()
    archive = json.loads(run("export_tournament", slug))
    assert archive["format"] == "arbiter-tournament" and archive["version"] == 2
    assert archive["tournament"]["colour_pattern"] == "BWBW"
    assert [t["name"] for t in archive["teams"]] == ["SK Kronach", "TSV Küps", "SV Höchstadt", "Schachfreunde Selb"]


def test_pair_round_pairs_next_or_all(tmp_path):
    archive = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    archive["tournament"]["pairing"] = "double-round-robin"
    path = tmp_path / "double.json"
    path.write_text(json.dumps(archive), encoding="utf-8")
    slug = run("import_tournament", str(path)).strip()
    assert run("pair_round", slug).strip() == "Round 4: 1: Schachfreunde Selb – SK Kronach, 2: SV Höchstadt – TSV Küps"
    assert run("pair_round", slug, "--all").count("Round ") == 2
    with pytest.raises(CommandError, match="all 6 rounds of the round robin are already paired"):
        run("pair_round", slug)


def test_a_bad_archive_exits_with_the_message_and_writes_nothing(tmp_path):
    archive = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    archive["rounds"][0]["matches"][0]["first"] = "SC Nirgendwo"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(archive), encoding="utf-8")
    with pytest.raises(CommandError, match="round 1, table 1, first: unknown team “SC Nirgendwo”."):
        run("import_tournament", str(path))
    assert Tournament.objects.count() == 0
    with pytest.raises(CommandError, match="no tournament with the slug “nope”"):
        run("standings", "nope")
    with pytest.raises(CommandError, match="No such file or directory"):
        run("import_tournament", str(tmp_path / "missing.json"))


def test_demo_loads_ten_teams_nine_rounds_with_results_and_is_idempotent():
    run("demo")
    tournament = Tournament.objects.get()
    assert tournament.teams.count() == 10 and tournament.rounds.count() == 9
    assert not BoardGame.objects.filter(match__round__number__lte=6, result="").exists()
    assert not BoardGame.objects.filter(match__round__number__gte=7).exclude(result="").exists()
    # 6 rounds × 5 matches × 4 boards, less the board forfeited through an empty lineup seat
    assert AuditEntry.objects.filter(action="result").count() == 6 * 5 * 4 - 1
    assert AuditEntry.objects.filter(action="lineup").count() == 3
    assert "already loaded" in run("demo")
    standings = json.loads(run("standings", tournament.slug, "--json"))
    assert standings["after_round"] == 6 and standings["final"] is False
    assert sum(row["mp"] for row in standings["standings"]) == 6 * 5 * 2
    assert sum(row["bp"] for row in standings["standings"]) == 6 * 5 * 4


@pytest.mark.parametrize("tandem", [[], ["--tandem"]], ids=["blitz", "tandem"])
def test_demo_replace_loads_the_demo_again_over_an_existing_one(tandem):
    slug = run("demo", *tandem).strip()
    first = Tournament.objects.get(slug=slug)
    boards = BoardGame.objects.filter(match__round__tournament=first).count()
    assert run("demo", *tandem, "--replace").strip() == slug
    replaced = Tournament.objects.get(slug=slug)
    assert replaced.pk != first.pk
    assert BoardGame.objects.filter(match__round__tournament=replaced).count() == boards > 0
    assert Tournament.objects.count() == 1


def test_the_standings_table_speaks_the_disciplines_words():
    run("demo", "--four-player")
    with translation.override("en"):
        schach4 = run("standings", "schach4-demo").splitlines()
        vierer = run("standings", "viererschach-demo").splitlines()
    assert schach4[0].split() == ["#", "Player", "Pts", "WIN", "OPP"]  # individual: points by place, no board points
    assert vierer[0].split()[:3] == ["#", "Team", "MP"] and "BP" not in vierer[0].split()

"""The reference benchmark runs (CI's smoke test of ``make bench``'s first part): its quick
table has every chain the presets ship, compared with gacrux value by value and rank by rank
where gacrux can take the event. Times are not asserted: they are the run's, read in
docs/performance.md."""

import pytest

from bench import gacrux_model
from bench.events import round_robin, swiss, tables
from bench.gacrux_model import tournament
from bench.reference import main, measure
from tournaments.archive.standings import archive_standings
from tournaments.domain.standings import compute_standings
from tournaments.domain.trf.reference import NO_COUNTERPART, reference_ranking, reference_tournament
from tournaments.services.archive import archive_validated


def test_quick_run_prints_the_comparison_with_equal_values_and_ranks(capsys):
    assert main(["--quick"]) == 0
    out = capsys.readouterr().out.splitlines()
    lines = [line for line in out if line.startswith("| ")]
    assert lines[0].startswith("| event | preset | chain | gacrux checked | computation: ours | gacrux | ratio |")
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]
    assert [row[1] for row in rows] == [
        "fide-team-swiss",
        "tandem-swiss",
        "fide-team",
        "blitz-frankenwald",
        "tandem-dsb",
        "vierer-team",
        "schach4-v1",
    ]
    assert [row[3] for row in rows] == [
        "BH:MP/C1, EMGSB, BP and the ranks",
        "BH:MP/C1, EMMSB, WIN and the ranks",  # no TRF file: gacrux's tournament built in memory
        "BP, BC and the ranks",
        "BP",  # BW and FWB are ours alone, so gacrux ranks by another chain
        "SB, WIN and the ranks",
        "SB, WIN and the ranks",
        "— (3)",  # a table of several sides: the third note under the table says so
    ]
    assert [row[-2:] for row in rows] == [["yes", "yes"]] * 3 + [["yes", "—"]] + [["yes", "yes"]] * 2 + [["—", "—"]]
    # a ratio for both processes wherever gacrux takes the event: from the TRF file, else from each one's own file
    assert all("×" in row[6] and "×" in row[9] for row in rows[:6])
    assert [row[7].split(" (")[1][:-1] for row in rows if "(" in row[7]] == ["1", "1", "2", "2"]
    own_files = (
        "; the whole process from each tool's own file of the event instead: ours its archive's JSON text (version "
        "2, as an export writes it), gacrux its chess-json text (what its JSON input reads), each read and ranked. "
        "The files are not alike (ours the full export, every seat with its player; gacrux's its in-memory model): "
        "the ratio is shown, not held to the TRF file's target"
    )
    assert [line for line in out if line.startswith("(")] == [
        "(1) one result per match: a TRF file records games (Tandem §1.3)" + own_files,
        "(2) a TRF-2026 file records games of two players, one against one; a game at a table of several seats has a "
        "finishing order that TRF cannot hold, so this event is not written as TRF" + own_files,
        "(3) a game or match of gacrux has two sides; a table of several sides has no counterpart",
    ]


@pytest.mark.parametrize(
    "event",
    [swiss(14, 4), swiss(51, 14), round_robin(14, 13), round_robin(50, 14, preset="blitz-frankenwald")],
    ids=["swiss 14", "swiss 51 with the PAB", "round robin", "frankenwald"],
)
def test_gacrux_ranks_its_tournament_built_in_memory_as_its_reading_of_the_trf(event):
    """Where there is no TRF file (2,000 teams, tandem, Viererschach) gacrux ranks the tournament
    ``bench.gacrux_model`` builds: on every event that has one, it is gacrux's own reading."""
    chain = [code for code in event.chain if code not in NO_COUNTERPART]
    read = reference_ranking(reference_tournament(event.trf()), chain, after_round=event.rounds)
    built = reference_ranking(tournament(event), chain, after_round=event.rounds)
    assert built.values == read.values
    assert built.ranks == read.ranks


@pytest.mark.parametrize("teams", [51, 200])
def test_the_tandem_swiss_chain_values_unplayed_rounds_as_gacrux(teams):
    """The tandem Swiss preset's SB is C.07's EMMSB (our decision, docs/rules.md): a forfeit win
    and the PAB of an odd field valued as unplayed rounds (Art. 16), as gacrux does. Our own SB
    (every opponent met, the PAB not at all) differed on 7 values at 51 × 7."""
    row = measure(swiss(teams, 7, preset="tandem-swiss"), runs=1)
    assert row.checked == ("BH:MP/C1", "EMMSB", "WIN") and row.ranks
    assert row.differences == []


def test_a_schach4_table_has_no_gacrux_counterpart():
    with pytest.raises(ValueError, match="a table of several sides has no counterpart"):
        tournament(tables(14, 7))


def test_the_docs_hold_the_blocks_the_benchmarks_rewrite():
    from bench.reference import DOCS

    text = DOCS.read_text(encoding="utf-8")
    for block in ("reference", "growth"):
        assert text.index(f"<!-- bench.{block}: begin -->") < text.index(f"<!-- bench.{block}: end -->")


def test_above_999_teams_each_ranks_its_own_file_of_the_event():
    """No TRF file: ours from the event's archive, gacrux from its chess-json file, ranked alike."""
    row = measure(swiss(1000, 2), runs=1)
    assert "more than 999 teams" in row.no_file
    assert row.ours_whole > 0 and row.theirs_whole > 0
    assert row.theirs > 0 and row.ranks and row.checked == ("BH:MP/C1", "EMGSB", "BP")
    assert row.differences == []


@pytest.mark.parametrize(
    "event",
    [
        swiss(15, 5),
        swiss(15, 5, preset="tandem-swiss"),
        round_robin(14, 13, preset="blitz-frankenwald"),
        round_robin(13, 13, preset="tandem-dsb"),
        round_robin(14, 13, preset="vierer-team"),
        tables(50, 7),
        tables(15, 7),
    ],
    ids=["swiss", "tandem swiss", "frankenwald", "tandem", "viererschach", "schach4", "schach4 with a table of three"],
)
def test_an_events_archive_is_valid_and_ranks_as_its_records(event):
    """The file ours ranks where there is no TRF file is an archive the importer takes (its schema)
    and ranks as the event's records do, value by value."""
    archive = event.archive()
    archive_validated(archive)
    direct = compute_standings(list(range(1, event.teams + 1)), event.records(), event.rules(), final=False)
    assert _shown(archive_standings(archive)) == _shown(direct)


@pytest.mark.parametrize("event", [swiss(15, 5, preset="tandem-swiss"), round_robin(14, 13, preset="vierer-team")])
def test_gacrux_ranks_its_chess_json_file_as_the_tournament_it_holds(event):
    chain = [code for code in event.chain if code not in NO_COUNTERPART]
    read = reference_ranking(gacrux_model.read(gacrux_model.chess_json(event)), chain, after_round=event.rounds)
    built = reference_ranking(tournament(event), chain, after_round=event.rounds)
    assert (read.values, read.ranks) == (built.values, built.ranks) and len(read.ranks) == event.teams


def _shown(rows):
    return [(row.team, row.rank, row.mp, row.bp, row.tiebreaks) for row in rows]


def test_teams_keeps_only_the_events_of_those_sizes_and_the_command_says_so(capsys):
    assert main(["--teams", "14", "--runs", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("`python -m bench.reference --runs 1 --teams 14`, median CPU time of 1 alternate runs;")
    rows = [line.split(" | ") for line in out if line.startswith("| ")][2:]
    assert len(rows) == 7 and all(" 14 × " in row[0] for row in rows)


def test_presets_keeps_only_those_presets_events_and_docs_refuses_a_subset(capsys):
    assert main(["--presets", "tandem-dsb", "vierer-team", "--teams", "14", "--runs", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("`python -m bench.reference --runs 1 --teams 14 --presets tandem-dsb vierer-team`,")
    rows = [line.split(" | ") for line in out if line.startswith("| ")][2:]
    assert [(row[0], row[1]) for row in rows] == [
        ("| Round robin 14 × 13", "tandem-dsb"),
        ("| Round robin 14 × 13", "vierer-team"),
    ]
    with pytest.raises(SystemExit):
        main(["--presets", "tandem-dsb", "--docs"])
    assert "--docs writes the whole table" in capsys.readouterr().err

"""The reference benchmark runs (CI's smoke test of ``make bench``'s first part): its quick
table has both chains, compared with gacrux value by value and rank by rank. Times are not
asserted: they are the run's, read in docs/performance.md."""

from bench.reference import main


def test_quick_run_prints_the_comparison_with_equal_values_and_ranks(capsys):
    assert main(["--quick"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    assert lines[0].startswith("| event | chain | computation: ours | gacrux | ratio |")
    rows = [line.split(" | ") for line in lines[2:]]
    assert [row[0] for row in rows] == ["| Swiss 14 × 4", "| Round robin 14 × 13"]
    assert [row[1] for row in rows] == ["MP, BH:MP/C1, EMGSB, BP", "MP, BP, DE, BC"]
    assert [row[-2:] for row in rows] == [["yes", "yes |"]] * 2
    assert all("×" in row[4] and "×" in row[7] for row in rows)


def test_the_docs_hold_the_blocks_the_benchmarks_rewrite():
    from bench.reference import DOCS

    text = DOCS.read_text(encoding="utf-8")
    for block in ("reference", "growth"):
        assert text.index(f"<!-- bench.{block}: begin -->") < text.index(f"<!-- bench.{block}: end -->")

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.builders import make_paired, play_round
from tournaments.domain.trf import write_trf
from tournaments.models import Tournament
from tournaments.selectors.standings import standings_for_tournament
from tournaments.selectors.trf import trf_event
from tournaments.services.lineups import match_lineup_set

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue().strip()


def table(tournament):
    return [
        (e.row.rank, e.team.name, e.row.mp, e.row.bp, e.row.tiebreaks)
        for e in standings_for_tournament(tournament=tournament).rows
    ]


@pytest.mark.parametrize("encoding", ["utf-8", "latin-1"])
def test_export_import_round_trip_keeps_the_standings(tmp_path, encoding):
    original = make_paired(teams=5, preset="fide-team", name="Oberfrankenliga")
    rounds = list(original.rounds.order_by("number"))
    match = rounds[1].matches.paired().first()
    match_lineup_set(match=match, team=match.second_team, positions=[1, 2, 3, 5])
    play_round(rounds[0], {1: "1-0 ½-½ 0-1 1-0", 2: "+- +- +- +-"})
    play_round(rounds[1], {1: "0-1 ½-½ ½-½ 1-0", 2: "½-½ ½-½ ½-½ ½-½"})
    play_round(rounds[2], {1: "1-0 1-0 0-1 0-1", 2: "-+ 1-0 1-0 1-0"})
    text = write_trf(trf_event(tournament=original))
    path = tmp_path / "event.trf"
    path.write_bytes(text.encode(encoding, errors="replace") if encoding == "latin-1" else text.encode())
    # in Latin-1, letters outside it (ł, ş, ễ) come back as "?": there the scores are compared
    slug = run("import_trf", str(path))
    imported = Tournament.objects.get(slug=slug)
    ours, theirs = table(original), table(imported)
    assert [row[2:] for row in theirs] == [row[2:] for row in ours]
    if encoding == "utf-8":
        assert theirs == ours


def test_a_file_that_is_not_trf_is_refused_with_line_column_and_rule_and_nothing_is_written(tmp_path):
    path = tmp_path / "bad.trf"
    path.write_text("012 Test\n001    X      Name\n", encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        run("import_trf", str(path))
    assert str(refused.value) == "line 2, column 5: “X” must be a whole number (TRF-2026, record 001)."
    assert Tournament.objects.count() == 0


def test_trf16_team_lines_are_read(tmp_path):
    from tournaments.domain.trf import TrfGame, TrfPlayer
    from tournaments.domain.trf.writer import _player

    players = [
        TrfPlayer(1, "Eins, A", games={1: TrfGame(3, "w", "1")}),
        TrfPlayer(2, "Zwei, B", games={1: TrfGame(4, "b", "=")}),
        TrfPlayer(3, "Drei, C", games={1: TrfGame(1, "b", "0")}),
        TrfPlayer(4, "Vier, D", games={1: TrfGame(2, "w", "=")}),
    ]
    # TRF16 013: team name in columns 5–36, player numbers in 4 columns from 37 on, 5 apart
    lines = [
        "012 Alte Datei",
        *(_player(p) for p in players),
        f"013 {'Kronach':<32}   1    2",
        f"013 {'Küps':<32}   3    4",
    ]
    path = tmp_path / "old.trf"
    path.write_bytes("\n".join(lines).encode("latin-1"))
    tournament = Tournament.objects.get(slug=run("import_trf", str(path), "--preset", "fide-team"))
    # no 352 record: as many boards as a team fielded in a round (gacrux reads a file's team size
    # so too), not the preset's four
    assert tournament.boards == 2 and [t.name for t in tournament.teams.order_by("seed")] == ["Kronach", "Küps"]
    rows = [(e.team.name, e.row.mp, e.row.bp) for e in standings_for_tournament(tournament=tournament).rows]
    assert rows == [("Kronach", 2, 1.5), ("Küps", 0, 0.5)]

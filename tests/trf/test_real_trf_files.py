"""Real, public team TRF files (tests/fixtures/trf/README.md names each source) read by import_trf.

What a TRF16 file states about its teams is its players' points (001, columns 81–84) and the team
lists (013); the team's game points must be the sum of its players' points, and the match points
follow from the games, counted here by hand for one team.
"""

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tournaments.models import Tournament
from tournaments.selectors.standings import standings_for_tournament

pytestmark = pytest.mark.django_db
FILES = Path(__file__).parent.parent / "fixtures" / "trf"


def imported(path: Path, *args) -> Tournament:
    out = StringIO()
    call_command("import_trf", str(path), *args, stdout=out)
    return Tournament.objects.get(slug=out.getvalue().strip())


def stated_team_points(path: Path) -> dict[str, float]:
    """Each 013 team's sum of its players' 001 points, read from the columns, not by our reader."""
    lines = path.read_text(encoding="utf-8").splitlines()
    points = {int(line[4:8]): float(line[80:84]) for line in lines if line.startswith("001")}
    return {
        line[4:36].strip(): sum(points[int(line[i : i + 4])] for i in range(36, len(line), 5))
        for line in lines
        if line.startswith("013")
    }


def test_the_crete_friendship_cup_2024_trf16_file_is_read_with_its_own_figures():
    path = FILES / "crete-friendship-cup-2024.trf"
    tournament = imported(path)
    # 082 15 teams, 062 129 players, 142 7 rounds; six boards (every team fields six), no 352
    assert (tournament.teams.count(), tournament.rounds.count(), tournament.boards) == (15, 7, 6)
    assert sum(team.players.count() for team in tournament.teams.all()) == 129
    # 15 teams: seven matches and one bye a round, every board of every match with a result
    for round_ in tournament.rounds.all():
        matches = list(round_.matches.all())
        assert sorted(m.second_team_id is None for m in matches) == [False] * 7 + [True]
        assert all(board.result for m in matches if m.second_team_id for board in m.boards.all())
    rows = {e.team.name: (e.row.mp, e.row.bp) for e in standings_for_tournament(tournament=tournament).rows}
    assert {name: bp for name, (_mp, bp) in rows.items()} == stated_team_points(path)
    # ΟΑΑΗ (players 59–64), by hand from their round columns: 4–2 ΟΑΧ, 4½–1½ ΛΕΩΝ ΚΑΝΤΙΑ 1,
    # 3–3 ΛΕΩΝ ΚΑΝΤΙΑ 2, 3–3 ΣΟΗ, 3–3 ΣΑΧ, 3½–2½ ΟΦΗ 1, 3½–2½ ΟΦΗ 2: 4 wins, 3 draws = 11 MP
    assert rows["ΟΑΑΗ"] == (11, 24.5)
    # ΣΑΧ's bye in round 1 gives its players nothing (001 points); fide-team scores it as nothing
    assert rows["ΣΑΧ"] == (7, 17.0)


def test_a_forfeit_win_against_an_empty_board_is_read_from_the_players_points():
    """Round 5, Σ.A.ΧΕΡΣΟΝΗΣΟΥ – ΓΑΖΙ 2: players 109 and 88 are written ``0000 - -`` but their 001
    points (5.0 and 2.5) are one more than their games: each won on a board the other team left
    empty. ΓΑΖΙ 2 moved its players up past the empty board 3 (86 meets 110 on board 4)."""
    tournament = imported(FILES / "crete-friendship-cup-2024.trf")
    match = next(m for m in tournament.rounds.get(number=5).matches.all() if m.first_team.name == "Σ.A.ΧΕΡΣΟΝΗΣΟΥ")
    boards = [
        (b.board, b.first_player.name if b.first_player else None, b.second_player.name if b.second_player else None, b.result)
        for b in match.boards.order_by("board")
    ]
    assert boards == [
        (1, "Kontaki,Maria", "Kavouras,Kosmas", "1-0"),
        (2, "Malliotakis,Mihail", "Tsagkarakis,Defkalion", "1-0"),
        (3, "Dialynas,Nikolaos", None, "+-"),
        (4, "Garefalakis,Nikitas", "Tripias,Angelos", "1-0"),
        (5, "Garefalakis,Emmanouil", "Theodosouli,Eleanna", "1-0"),
        (6, None, "Chatzisavvas,Nikolaos", "-+"),
    ]


def test_points_the_unpaired_rounds_cannot_explain_are_refused_with_line_and_column(tmp_path):
    text = (FILES / "crete-friendship-cup-2024.trf").read_text(encoding="utf-8")
    # player 28 (line 47: 15 header lines, a blank one, three ruler lines, then 001 in number
    # order) never played, seven ``0000 - -``, but now claims a point
    wrong = text.replace("42178347 2012/00/00  0.0", "42178347 2012/00/00  1.0")
    assert wrong != text
    path = tmp_path / "wrong.trf"
    path.write_text(wrong, encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        imported(path)
    assert str(refused.value) == (
        "line 47, column 81: player 28: the points stated (1) are not explained by the rounds not paired (0000 - -): "
        "each would have to be a forfeit win in a round the team played (TRF16, record 001)."
    )
    assert Tournament.objects.count() == 0

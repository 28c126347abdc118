"""Real, public team TRF files (tests/fixtures/trf/README.md names each source) read by import_trf.

What a TRF16 file states about its teams is its players' points (001, columns 81–84) and the team
lists (013); the team's game points must be the sum of its players' points, and the match points
follow from the games, counted here by hand for one team.
"""

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.builders import make_paired, play_round
from tournaments.domain.trf import write_trf
from tournaments.domain.trf.reader import read_trf
from tournaments.domain.trf.reference import reference_standings
from tournaments.models import Tournament
from tournaments.selectors.standings import standings_for_tournament
from tournaments.selectors.trf import trf_event

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


@pytest.mark.parametrize(
    "name, teams, players, rounds, boards, byes_per_round",
    [
        # 082 15 teams, 062 129 players, 142 7 rounds; no 352: six boards, as many as teams fielded
        ("crete-friendship-cup-2024.trf", 15, 129, 7, 6, 1),
        # 082 8 teams, 062 163 players, 142 4 rounds, ten boards, rosters of up to 22 (013)
        ("crete-team-championship-2025.trf", 8, 163, 4, 10, 0),
    ],
)
def test_a_real_trf16_file_is_read_with_its_own_figures(name, teams, players, rounds, boards, byes_per_round):
    path = FILES / name
    tournament = imported(path)
    assert (tournament.teams.count(), tournament.rounds.count(), tournament.boards) == (teams, rounds, boards)
    assert sum(team.players.count() for team in tournament.teams.all()) == players
    for round_ in tournament.rounds.all():
        matches = list(round_.matches.all())
        assert sorted(m.second_team_id is None for m in matches) == [False] * (teams // 2) + [True] * byes_per_round
        assert all(board.result for m in matches if m.second_team_id for board in m.boards.all())
    rows = {e.team.name: e.row.bp for e in standings_for_tournament(tournament=tournament).rows}
    assert rows == stated_team_points(path)


def test_the_match_points_of_the_2024_cup_follow_from_its_games():
    tournament = imported(FILES / "crete-friendship-cup-2024.trf")
    rows = {e.team.name: (e.row.mp, e.row.bp) for e in standings_for_tournament(tournament=tournament).rows}
    # ΟΑΑΗ (players 59–64), by hand from their round columns: 4–2 ΟΑΧ, 4½–1½ ΛΕΩΝ ΚΑΝΤΙΑ 1,
    # 3–3 ΛΕΩΝ ΚΑΝΤΙΑ 2, 3–3 ΣΟΗ, 3–3 ΣΑΧ, 3½–2½ ΟΦΗ 1, 3½–2½ ΟΦΗ 2: 4 wins, 3 draws = 11 MP
    assert rows["ΟΑΑΗ"] == (11, 24.5)
    # ΣΑΧ's bye in round 1 gives its players nothing (001 points); fide-team scores it as nothing
    assert rows["ΣΑΧ"] == (7, 17.0)


def test_the_match_points_of_the_2025_championship_follow_from_its_games():
    tournament = imported(FILES / "crete-team-championship-2025.trf")
    rows = {e.team.name: (e.row.mp, e.row.bp) for e in standings_for_tournament(tournament=tournament).rows}
    # Ο.Α.Χ. (players 76–85), by hand: 5½–4½ Σ.Ο.ΑΝΩΓΕΙΩΝ; 8–1 Σ.Α.ΓΑΖΙΟΥ (78 and 85 win on
    # boards left empty, 79–25 lost by both); 6–4 Α.Π.Ο.ΜΙΚΗΣ ΘΕΟΔΩΡΑΚΗΣ; 7–3 Σ.Α.Χ.: 4 wins = 8 MP
    assert rows["Ο.Α.Χ."] == (8, 26.5)


def test_a_forfeit_win_against_an_empty_board_is_read_from_the_players_points():
    """Round 5, Σ.A.ΧΕΡΣΟΝΗΣΟΥ – ΓΑΖΙ 2: players 109 and 88 are written ``0000 - -`` but their 001
    points (5.0 and 2.5) are one more than their games: each won on a board the other team left
    empty. ΓΑΖΙ 2 moved its players up past the empty board 3 (86 meets 110 on board 4)."""
    tournament = imported(FILES / "crete-friendship-cup-2024.trf")
    match = next(m for m in tournament.rounds.get(number=5).matches.all() if m.first_team.name == "Σ.A.ΧΕΡΣΟΝΗΣΟΥ")
    boards = [
        (
            b.board,
            b.first_player.name if b.first_player else None,
            b.second_player.name if b.second_player else None,
            b.result,
        )
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


@pytest.mark.parametrize("name", ["crete-friendship-cup-2024.trf", "crete-team-championship-2025.trf"])
def test_gacrux_reads_our_export_of_a_real_file_with_the_same_match_and_game_points(name):
    """gacrux 1.11.65 refuses the Swiss-Manager files themselves ("no score system adds the
    results … up to the points they report": their forfeit wins are in the points, not the
    rounds); our TRF-2026 export of the imported event states them, and gacrux agrees."""
    tournament = imported(FILES / name)
    reference = reference_standings(write_trf(trf_event(tournament=tournament)), ["MP", "BP"])
    seeds = {team.pk: index for index, team in enumerate(tournament.teams.order_by("seed"), start=1)}
    rows = standings_for_tournament(tournament=tournament).rows
    assert {seeds[e.team.pk]: (e.row.mp, e.row.bp) for e in rows} == {
        team: (reference.values["MP"][team], reference.values["BP"][team]) for team in seeds.values()
    }


def refusal_of_the_2024_cup_with(tmp_path, stated: str, changed: str) -> str:
    """import_trf's refusal of the 2024 cup with one player's 001 points changed; nothing written."""
    text = (FILES / "crete-friendship-cup-2024.trf").read_text(encoding="utf-8")
    assert text.count(stated) == 1
    path = tmp_path / "wrong.trf"
    path.write_text(text.replace(stated, changed), encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        imported(path)
    assert Tournament.objects.count() == 0
    return str(refused.value)


def test_points_the_unpaired_rounds_cannot_explain_are_refused_with_line_and_column(tmp_path):
    # player 28 (line 47: 15 header lines, a blank one, three ruler lines, then 001 in number
    # order) never played, seven ``0000 - -``, but now claims a point
    assert refusal_of_the_2024_cup_with(tmp_path, "42178347 2012/00/00  0.0", "42178347 2012/00/00  1.0") == (
        "line 47, column 81: player 28: the points stated (1) are not explained by the rounds not paired (0000 - -): "
        "each would have to be a forfeit win in a round the team played (TRF16, record 001)."
    )


def test_a_match_with_more_boards_than_any_team_fielded_is_refused(tmp_path):
    """Player 89 of ΓΑΖΙ 2 made a forfeit winner in all six rounds the team played: in round 1
    ΓΑΖΙ 2 then has six players at the boards (84–88 and 89) while ΣΟΗ's 31 also won on a board
    left empty, seven boards in a six-board event."""
    assert refusal_of_the_2024_cup_with(
        tmp_path,
        "Koiladis,Emmnaouil                0000 GRE           0 2015/00/00  0.0",
        "Koiladis,Emmnaouil                0000 GRE           0 2015/00/00  6.0",
    ) == ("001: round 1: the teams “ΣΟΗ” and “ΓΑΖΙ 2” played on more boards than the file has (6) (TRF16).")


def test_two_forfeit_wins_on_one_board_are_refused(tmp_path):
    """Player 112 of Σ.A.ΧΕΡΣΟΝΗΣΟΥ made a forfeit winner in the six rounds the team played: in
    round 1 he sits on board 6, where ΟΦΗ 1's 104 also won on an empty board."""
    assert refusal_of_the_2024_cup_with(tmp_path, "42175879 2015/00/00  0.0", "42175879 2015/00/00  6.0") == (
        "001: round 1, board 6: the results + / + of the two players do not fit together (TRF-2026)."
    )


def test_records_other_programs_write_are_skipped_not_refused():
    """Other programs (Sharly Chess among them) write comments (``###``), national records (``FRA``)
    and records of their own (``XX…``) between the FIDE records: skipped, not refused."""
    tournament = make_paired(teams=4, preset="fide-team", name="Andere Programme")
    play_round(tournament.rounds.get(number=1), {1: "1-0 ½-½ 0-1 1-0", 2: "½-½ ½-½ ½-½ ½-½"})
    text = write_trf(trf_event(tournament=tournament))
    lines = text.splitlines()
    noisy = ["### exported by another program", *lines[:2], "FRA    1 A12345 national licence", "XXR 3", *lines[2:]]
    assert read_trf("\n".join(noisy) + "\n") == read_trf(text)
    assert read_trf(text).players[0].games[1].result in {"1", "0", "="}


@pytest.mark.parametrize(
    "name, forfeit_wins", [("crete-friendship-cup-2024.trf", 12), ("crete-team-championship-2025.trf", 8)]
)
def test_gacrux_reads_the_original_once_the_forfeit_wins_we_found_are_marked(name, forfeit_wins):
    """The Swiss-Manager file itself, each ``0000 - -`` we read as a forfeit win written ``0000 - +``
    (column 99 of its round block), nothing else changed: gacrux then finds a score system for
    every player, and its match and game points per 013 team equal ours."""
    path = FILES / name
    text = path.read_text(encoding="utf-8")
    event = read_trf(text)
    marked = {(p.number, n) for p in event.players for n, g in p.games.items() if (g.opponent, g.result) == (0, "+")}
    assert len(marked) == forfeit_wins
    lines = []
    for line in text.split("\n"):
        if line.startswith("001"):
            for number in (n for p, n in marked if p == int(line[4:8])):
                column = 99 + 10 * (number - 1)
                assert line[column - 8 : column] == "0000 - -"
                line = line[: column - 1] + "+" + line[column:]
        lines.append(line)
    reference = reference_standings("\n".join(lines), ["MP", "BP"])
    rows = {e.team.name: (e.row.mp, e.row.bp) for e in standings_for_tournament(tournament=imported(path)).rows}
    assert rows == {
        team.name: (reference.values["MP"][team.number], reference.values["BP"][team.number]) for team in event.teams
    }


GACRUX_FILE = FILES / "gacrux-fideteam-nocolor.trf"


def stated_310(path: Path) -> dict[int, tuple[float, float, int]]:
    """Each 310 team's match points (columns 55–60), game points (62–67) and rank (69–71),
    read from the columns, not by our reader."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return {
        int(line[4:7]): (float(line[54:60]), float(line[61:67]), int(line[68:71]))
        for line in lines
        if line.startswith("310")
    }


def test_gacruxs_trf_2026_team_file_ranks_as_its_310_lines_and_as_gacrux_reads_it():
    """No 012, no 352, the ranking order in 212 (PTS, BC, BBE) and not 202, byes as the players'
    ``0000 - U``: a Swiss of 9 teams on the 2 boards they fielded, ranked by match points, then
    BC (lower prevails), then BBE. Teams 3 and 5 (7 MP) have BC 10 each; BBE puts 5 (board 1: 3)
    before 3 (2), as the file's 310 ranks do, and as gacrux ranks its own file."""
    tournament = imported(GACRUX_FILE)
    assert (tournament.name, tournament.boards, tournament.colour_pattern, tournament.pairing_system) == (
        "TRF",
        2,
        "WB",
        "swiss-fide-team",
    )
    assert (tournament.tiebreaks_first, tournament.tiebreaks_other, tournament.bye_scoring) == (
        ["BC", "BBE"],
        ["BC", "BBE"],
        "draw",
    )
    rows = {int(e.team.name.split()[1]): e.row for e in standings_for_tournament(tournament=tournament).rows}
    stated = stated_310(GACRUX_FILE)
    assert {team: (row.mp, row.rank) for team, row in rows.items()} == {
        team: (mp, rank) for team, (mp, _, rank) in stated.items()
    }
    reference = reference_standings(GACRUX_FILE.read_text(encoding="utf-8"), ["BC", "BBE"])
    assert {team: row.rank for team, row in rows.items()} == reference.ranks
    assert (rows[5].tiebreaks["BC"], rows[3].tiebreaks["BC"], rows[5].tiebreaks["BBE"], rows[3].tiebreaks["BBE"]) == (
        10,
        10,
        (3, 0),
        (2, 0),
    )


def test_gacruxs_file_scores_its_byes_with_both_boards_won_we_with_a_drawn_match():
    """Pinned: the file's byes score 1 MP and a point on each board (the players' ``U`` counts 1,
    so the 310 game points hold 2 per bye). Without a 320 record we score a pairing-allocated bye
    as C.04.6 art. 1.4 does by default, a drawn match: 1 MP and ½ a point per board, 1 GP. Match
    points and ranks agree; each bye is 1 game point short of the file's figure. gacrux counts
    the bye's points on the boards as well (its BC: 1 + 2 = 3 more per bye); C.07 Art. 9.3 reads
    games only (see test_gacrux_crosscheck.test_swiss_unplayed_rounds_equal_gacrux)."""
    tournament = imported(GACRUX_FILE)
    rows = {int(e.team.name.split()[1]): e.row for e in standings_for_tournament(tournament=tournament).rows}
    lines = GACRUX_FILE.read_text(encoding="utf-8").splitlines()
    board_1 = {int(line[73:77]): int(line[4:7]) for line in lines if line.startswith("310")}
    byes = {
        board_1[int(line[4:8])]: line.count("0000 - U")
        for line in lines
        if line.startswith("001") and int(line[4:8]) in board_1
    }
    assert byes == {1: 0, 2: 1, 3: 1, 4: 0, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1}
    stated = stated_310(GACRUX_FILE)
    assert {team: row.bp + byes[team] for team, row in rows.items()} == {
        team: gp for team, (_, gp, _) in stated.items()
    }
    reference = reference_standings(GACRUX_FILE.read_text(encoding="utf-8"), ["BP", "BC"])
    assert {team: row.bp + byes[team] for team, row in rows.items()} == reference.values["BP"]
    assert {team: row.tiebreaks["BC"] + 3 * byes[team] for team, row in rows.items()} == reference.values["BC"]

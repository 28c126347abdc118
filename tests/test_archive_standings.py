"""An archive's standings without a database (archive/standings.py) are the stored event's.

The reference benchmark ranks a TRF file through this path (issue 29); it reads each encounter
through the function the standings selector reads the stored ones with, so the two agree.
"""

import random
from pathlib import Path

import pytest

from bench.events import round_robin, swiss, tables
from tests.builders import enter_board, enter_match, make_paired
from tests.domain.test_direct_encounter_readings import TRF as UNFINISHED_ROUND_ROBIN
from tournaments.archive.standings import archive_standings, trf_standings
from tournaments.domain.presets import DirectEncounter, get_preset
from tournaments.domain.standings import compute_standings
from tournaments.domain.trf.reader import decode, read_trf
from tournaments.domain.trf.to_archive import archive_from_trf, convert_trf
from tournaments.models import BoardGame
from tournaments.selectors.archive import archive_for_tournament
from tournaments.selectors.standings import standings_for_tournament
from tournaments.services.archive import tournament_import
from tournaments.services.tournaments import tournament_create, tournament_update
from tournaments.services.trf_import import known_tiebreak
from tournaments.services.withdrawals import team_withdraw


def _shown(rows, seed_of=lambda team: team):
    return [(seed_of(r.team), r.rank, r.rank_to, r.mp, r.bp, r.tiebreaks) for r in rows]


@pytest.mark.parametrize("event", [swiss(50, 14), round_robin(14, 13)], ids=["swiss", "round robin"])
def test_a_trf_file_ranks_as_its_games_do(event):
    """TRF text → archive → standings: what the records of the same games give directly."""
    archive = archive_from_trf(read_trf(event.trf()), get_preset(event.preset), known_codes=known_tiebreak)
    direct = compute_standings(list(range(1, event.teams + 1)), event.records(), event.rules(), final=False)
    assert _shown(archive_standings(archive)) == _shown(direct)
    assert [row.team for row in direct][:1] != []


EVENTS = (swiss(14, 4), swiss(51, 7), round_robin(14, 13, preset="blitz-frankenwald"))
FIXTURES = sorted((Path(__file__).parent / "fixtures" / "trf").glob("*.trf"))


@pytest.mark.parametrize(
    ("text", "preset"),
    [
        *((event.trf(), event.preset) for event in EVENTS),
        *((decode(path.read_bytes()), preset) for path in FIXTURES for preset in ("fide-team", "fide-team-swiss")),
        (UNFINISHED_ROUND_ROBIN, "fide-team"),
    ],
    ids=[
        "swiss 14",
        "swiss 51 (byes)",
        "frankenwald 14",
        *(f"{path.stem} {preset}" for path in FIXTURES for preset in ("fide-team", "fide-team-swiss")),
        "unfinished round robin",
    ],
)
def test_a_trf_file_ranks_from_its_conversion_as_from_its_archive(text, preset):
    """The whole process's direct path (``trf_standings``, no archive written) ranks every team
    as the archive of the same conversion does, every value and reason of the row alike."""
    conversion = convert_trf(read_trf(text), get_preset(preset), known_codes=known_tiebreak)
    assert trf_standings(conversion) == archive_standings(conversion.archive())
    assert len(trf_standings(conversion)) == len(conversion.event.teams) > 0


def test_a_fide_team_file_reads_de_as_c07():
    """The `fide-team` preset's discipline reads DE as C.07 on the archive's path too: the running
    round robin of tests/domain/test_direct_encounter_readings.py ranks as gacrux ranks it."""
    archive = archive_from_trf(read_trf(UNFINISHED_ROUND_ROBIN), get_preset("fide-team"), known_codes=known_tiebreak)
    assert [(row.team, row.rank) for row in archive_standings(archive)] == [(3, 1), (5, 2), (2, 3), (4, 4), (1, 5)]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("preset", "reading"),
    [
        ("fide-team", DirectEncounter.C07),
        ("blitz-frankenwald", DirectEncounter.BLITZ),
        ("tandem-dsb", DirectEncounter.C07),
    ],
)
def test_a_new_tournament_copies_its_disciplines_de_reading(preset, reading):
    """The reading is a rule copied onto the tournament (session 13); the preset's default is its
    discipline's: tandem's C.07's since session 12 (our decision, docs/rules.md)."""
    tournament = tournament_create(name="Liga", preset=preset)
    assert tournament.direct_encounter == reading.value
    assert tournament.ranking_rules.direct_encounter == reading


@pytest.mark.django_db
def test_the_de_reading_an_archive_gives_ranks_the_archive_and_the_imported_event():
    """The running round robin above: C.07 ranks 3, 5, 2 by the encounters so far; Blitz §16 leaves
    them level (not all have met) and BC ranks 2, 3, 5. A TRF file says nothing of the reading: its
    archive takes the discipline's. Changing the stored setting re-ranks the event."""
    archive = archive_from_trf(read_trf(UNFINISHED_ROUND_ROBIN), get_preset("fide-team"), known_codes=known_tiebreak)
    assert "direct_encounter" not in archive["tournament"]
    archive["tournament"]["direct_encounter"] = "blitz"
    blitz = [(row.team, row.rank) for row in archive_standings(archive)]
    assert blitz == [(2, 1), (3, 2), (5, 3), (4, 4), (1, 5)]
    tournament = tournament_import(archive=archive)
    seeds = {team.id: team.seed for team in tournament.teams.all()}

    def ranked(tournament):
        return [
            (seeds[entry.team.id], entry.row.rank) for entry in standings_for_tournament(tournament=tournament).rows
        ]

    assert tournament.direct_encounter == "blitz" and ranked(tournament) == blitz
    changed = tournament_update(tournament=tournament, direct_encounter="c07")
    assert ranked(changed) == [(3, 1), (5, 2), (2, 3), (4, 4), (1, 5)]


@pytest.mark.django_db
@pytest.mark.parametrize(("preset", "players"), [("fide-team", 5), ("tandem-dsb", 2)])
def test_an_exported_archive_ranks_as_the_stored_event(preset, players):
    """Board results (a team round robin) and match results (tandem, Tandem §1.3), forfeits included."""
    tournament = make_paired(teams=6, players=players, preset=preset)
    rng = random.Random(3)
    for round_ in tournament.rounds.order_by("number")[:4]:
        for match in round_.matches.with_sides():
            if match.second_team is None:
                continue
            if tournament.discipline_rules.scores_boards:
                for board in BoardGame.objects.filter(match=match).order_by("board"):
                    enter_board(board=board, result=rng.choice(["1-0", "½-½", "0-1", "+-", "-+"]))
            else:
                result, board, how = rng.choice(
                    [("1-0", 2, "resignation"), ("0-1", 1, "time"), ("½-½", None, "agreed-draw"), ("+-", None, "")]
                )
                enter_match(match=match, result=result, deciding_board=board, decided_by=how)
    stored = standings_for_tournament(tournament=tournament)
    seeds = {entry.team.id: entry.team.seed for entry in stored.rows}
    ours = archive_standings(archive_for_tournament(tournament=tournament))
    assert _shown(ours) == _shown([entry.row for entry in stored.rows], seeds.__getitem__)
    assert stored.after_round == 4


@pytest.mark.django_db
@pytest.mark.parametrize(("preset", "players"), [("blitz-frankenwald", 5), ("tandem-dsb", 2)])
def test_an_empty_seat_without_a_result_is_a_forfeit_as_the_importer_reads_it(preset, players):
    """A withdrawn team's seats are empty; an archive that gives those encounters no result (written
    by hand, or by a desk that let the forfeit be cleared) is ranked as its import ranks it:
    Selb wins 1–4 by forfeit, on every board or, in tandem, the match (Tandem §1.3)."""
    tournament = make_paired(teams=4, players=players, preset=preset)
    team_withdraw(team=tournament.teams.get(seed=1), from_round=1)
    archive = archive_for_tournament(tournament=tournament)
    (encounter,) = [e for e in archive["rounds"][0]["encounters"] if e["sides"][0]["entrant"] == "SK Kronach"]
    for side in encounter["sides"]:
        side["result"] = None
    for game in encounter["games"]:
        for seat in game["seats"]:
            seat["result"] = None
    imported = standings_for_tournament(tournament=tournament_import(archive=archive))
    seeds = {entry.team.id: entry.team.seed for entry in imported.rows}
    assert _shown(archive_standings(archive)) == _shown([entry.row for entry in imported.rows], seeds.__getitem__)
    assert {row.team: row.mp for row in archive_standings(archive)}[4] == 2


@pytest.mark.django_db
@pytest.mark.parametrize("load", ["load_vierer_demo", "load_schach4_demo"])
def test_the_four_player_demos_rank_from_their_archive_as_stored(load):
    """A Viererschach archive gives ``boards`` as the games at a table (one) with the colour pattern of
    its two-player teams ("WW"): read as the importer reads it, not refused as a pattern too long."""
    from tournaments.management.commands import _four_player_demo

    tournament = getattr(_four_player_demo, load)(random.Random(2026))
    stored = standings_for_tournament(tournament=tournament)
    seeds = {entry.team.id: entry.team.seed for entry in stored.rows}
    ours = archive_standings(archive_for_tournament(tournament=tournament))
    assert _shown(ours) == _shown([entry.row for entry in stored.rows], seeds.__getitem__)
    assert len(ours) == len(stored.rows) > 4


@pytest.mark.django_db
def test_absent_players_at_a_table_score_nothing_as_the_importer_reads_them():
    """A Schach4 table where two players did not come: their seats empty, their sides sharing the
    last places (3 and 4) as an archive written by hand may give them. The importer stores an
    empty seat's place as absent (no points, Schach4 "Ende des Spiels"), so the archive ranks so too
    (it read the place given: 0.5 MP each for a shared third place)."""
    archive = tables(8, 1).archive()
    (encounter, *_) = archive["rounds"][0]["encounters"]
    absent = set()
    for seat in encounter["games"][0]["seats"]:
        if seat["place"] > 2:
            seat["player"], seat["place"] = None, 3
            absent.add(int(encounter["sides"][seat["side"] - 1]["entrant"].removeprefix("Team ")))
    imported = standings_for_tournament(tournament=tournament_import(archive=archive))
    seeds = {entry.team.id: entry.team.seed for entry in imported.rows}
    ours = archive_standings(archive)
    assert _shown(ours) == _shown([entry.row for entry in imported.rows], seeds.__getitem__)
    assert [row.mp for row in ours if row.team in absent] == [0.0, 0.0]

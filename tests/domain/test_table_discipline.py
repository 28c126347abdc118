"""The four-player disciplines and presets: registered apart until the model stores tables."""

import pytest

from tournaments.domain.disciplines import DISCIPLINES, Scored
from tournaments.domain.disciplines.table_scored import FOUR_PLAYER_DISCIPLINES, SCHACH4_INDIVIDUAL, VIERER
from tournaments.domain.errors import RuleViolation
from tournaments.domain.presets import PRESETS, TABLE_PRESETS, TablePairing
from tournaments.domain.results import BoardResult
from tournaments.domain.tables.grouping import Entrant
from tournaments.domain.tables.standings import TableGame
from tournaments.domain.tables.variants import VARIANTS
from tournaments.domain.tables.vierer import Ending
from tournaments.domain.tiebreaks import TIEBREAKS


def test_four_player_disciplines_and_presets_are_not_offered_yet():
    assert not set(FOUR_PLAYER_DISCIPLINES) & set(DISCIPLINES)
    assert not set(TABLE_PRESETS) & set(PRESETS)


def test_every_table_preset_names_a_discipline_a_variant_and_known_tiebreaks():
    for preset in TABLE_PRESETS.values():
        assert preset.discipline in FOUR_PLAYER_DISCIPLINES
        assert preset.variant in VARIANTS
        assert set(preset.tiebreaks) <= set(TIEBREAKS)
        assert preset.teams == (preset.pairing in (TablePairing.ROUND_ROBIN, TablePairing.DOUBLE_ROUND_ROBIN))
    vierer = TABLE_PRESETS["vierer-team"]
    assert (vierer.discipline, vierer.variant, vierer.tiebreaks, vierer.max_substitutes) == ("vierer", "vierer", ("DE", "SB", "WIN"), 0)
    assert (vierer.match_points.win, vierer.match_points.draw, vierer.match_points.loss) == (2, 1, 0)
    assert [key for key in TABLE_PRESETS if key.startswith("schach4-v")][:3] == ["schach4-v2-team", "schach4-v1", "schach4-v2"]
    assert len([p for p in TABLE_PRESETS.values() if p.discipline == "schach4"]) == 13


def test_viererschach_takes_one_match_result_with_its_ending():
    assert VIERER.scores_matches and not VIERER.scores_boards
    outcome = VIERER.match_outcome("0-1", decided_by="kings", boards=2, seats=[(True, True), (True, True)])
    assert (outcome.result, outcome.ended_by) == (BoardResult.SECOND_WINS, Ending.KINGS)
    with pytest.raises(RuleViolation) as error:
        VIERER.match_outcome("1-0", deciding_board=1, boards=2, seats=[(True, True), (True, True)])
    assert (error.value.field, error.value.rule) == ("deciding_board", "Vierer §1")
    with pytest.raises(RuleViolation) as error:
        VIERER.board_result("1-0", first_present=True, second_present=True, field="board 1")
    assert error.value.rule == "Vierer §1"
    assert VIERER.implied_results([(True, True), (False, True)]).match == "-+"


def test_schach4_is_scored_per_table():
    discipline = SCHACH4_INDIVIDUAL
    assert discipline.scored == Scored.TABLE
    assert not discipline.scores_boards and not discipline.scores_matches and not discipline.supports_playoff
    with pytest.raises(RuleViolation) as error:
        discipline.match_outcome("1-0", boards=1, seats=[])
    assert error.value.field == "result" and error.value.rule == "Schach4"
    with pytest.raises(RuleViolation):
        discipline.board_result("1-0", first_present=True, second_present=True, field="board 1")
    assert discipline.tiebreak_refusal(TIEBREAKS["BP"], field="tiebreaks") is not None


def test_schach4_groups_seats_and_scores_a_round():
    discipline = SCHACH4_INDIVIDUAL
    grouping = discipline.group([Entrant(i, 0, 2000 - i) for i in range(1, 8)])
    assert grouping.tables == ((1, 2, 3, 4), (5, 6, 7))
    seated = discipline.seat(grouping.tables, {})
    finishes = [discipline.finish("4 3 2 1", players=4), discipline.finish("1 = 3", players=3, absent_seats={2})]
    assert finishes[1].variant.rule == "Schach4 V5"
    games = [TableGame(1, dict(enumerate(table, start=1)), finish) for table, finish in zip(seated, finishes)]
    standings = discipline.standings(range(1, 8), games)
    assert [(row.place, row.entrant, row.points) for row in standings][:3] == [("1.", 4, 3), ("2.", 3, 2), ("3.–4.", 5, 1.5)]
    assert discipline.finish("2 1", players=2).variant.rule == "Schach4 V9"  # V1 → V5 → V9
    with pytest.raises(RuleViolation) as error:
        discipline.finish("1", players=1, field="table 3")
    assert (error.value.field, error.value.rule) == ("table 3", "Schach4 V1")


def test_choosing_the_variant():
    assert SCHACH4_INDIVIDUAL.for_variant("schach4-v7").variant.rule == "Schach4 V7"
    with pytest.raises(RuleViolation) as error:
        SCHACH4_INDIVIDUAL.for_variant("vierer")
    assert error.value.field == "variant"
    with pytest.raises(RuleViolation) as error:
        SCHACH4_INDIVIDUAL.for_variant("schach4-v2").finish("1 2 3", players=3)
    assert (error.value.field, error.value.rule) == ("result", "Schach4 V2")

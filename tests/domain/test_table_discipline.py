"""The four-player disciplines and presets: registered beside the others (issue 15)."""

import pytest

from tournaments.domain.disciplines import DISCIPLINES, DisciplineKind, get_discipline
from tournaments.domain.disciplines.table_scored import FOUR_PLAYER_DISCIPLINES, SCHACH4_INDIVIDUAL, VIERER
from tournaments.domain.errors import RuleViolation
from tournaments.domain.presets import PRESETS, RETIRED_PRESETS, PairingSystem, get_preset
from tournaments.domain.results import BoardResult
from tournaments.domain.rule_set import preset_rules, resolve_rules
from tournaments.domain.tables.grouping import Entrant
from tournaments.domain.tables.standings import TableGame
from tournaments.domain.tables.variants import SCHACH4, VARIANTS
from tournaments.domain.tables.vierer import Ending
from tournaments.domain.tiebreaks import TIEBREAKS

TABLE_PRESETS = {key: preset for key, preset in PRESETS.items() if preset.discipline in FOUR_PLAYER_DISCIPLINES}


def test_four_player_disciplines_and_presets_are_offered():
    """Only Schach4 V2 has sides that are all pairs (V2: "2 Spieler kämpfen jeweils in einem Team
    gegen das Andere"), so only V2 is offered as a team event; the retired V4 and V8 team forms
    keep their disciplines and presets for the tournaments and archives that name them."""
    assert set(FOUR_PLAYER_DISCIPLINES) <= set(DISCIPLINES)
    teams = ["schach4-v2-team", "schach4-v4-team", "schach4-v8-team"]  # V4, V8: retired, still read
    assert sorted(FOUR_PLAYER_DISCIPLINES) == sorted(["vierer", *teams, *(f"schach4-v{n}" for n in range(1, 14))])
    assert len(TABLE_PRESETS) == 15
    assert sorted(RETIRED_PRESETS) == ["schach4-v4-team", "schach4-v8-team"]
    assert get_preset("schach4-v4-team").discipline == "schach4-v4-team"
    assert [variant.key for variant in SCHACH4.values() if variant.team_event] == ["schach4-v2"]


def test_every_table_preset_names_a_discipline_a_variant_and_known_tiebreaks():
    for preset in TABLE_PRESETS.values():
        discipline = get_discipline(preset.discipline)
        assert discipline.variant_key in VARIANTS
        assert set(preset.tiebreaks_first) <= set(TIEBREAKS)
        assert discipline.groups_tables == (preset.pairing == PairingSystem.TABLES_BY_SCORE)
        assert preset.boards == discipline.players_per_entrant
    vierer = PRESETS["vierer-team"]
    assert (vierer.discipline, vierer.tiebreaks_first, vierer.max_substitutes, vierer.boards) == (
        "vierer",
        ("DE", "SB", "WIN"),
        0,
        2,
    )
    assert (vierer.match_points.win, vierer.match_points.draw, vierer.match_points.loss) == (2, 1, 0)
    assert [key for key in TABLE_PRESETS if key.startswith("schach4-v")][:3] == [
        "schach4-v2-team",
        "schach4-v1",
        "schach4-v2",
    ]
    assert len([p for p in TABLE_PRESETS.values() if p.pairing == PairingSystem.TABLES_BY_SCORE]) == 13


def test_the_settings_a_table_cannot_be_played_with_are_refused():
    schach4, vierer = get_discipline("schach4-v1"), get_discipline("vierer")
    defaults = preset_rules(PRESETS["schach4-v1"])
    with pytest.raises(RuleViolation) as error:
        resolve_rules(defaults, {"boards": 2, "colour_pattern": "WW"}, discipline=schach4)
    assert (error.value.field, error.value.rule) == ("boards", "Schach4 V1")
    with pytest.raises(RuleViolation) as error:
        resolve_rules(defaults, {"pairing": "round-robin"}, discipline=schach4)
    assert (error.value.field, error.value.rule) == ("pairing", "Schach4 V1")
    with pytest.raises(RuleViolation) as error:  # no board points at a table
        resolve_rules(defaults, {"tiebreaks_other": ["BP"]}, discipline=schach4)
    assert error.value.field == "tiebreaks_other"
    assert resolve_rules(defaults, {}, discipline=schach4)["tiebreaks_other"] == ["WIN", "OPP"]
    vierer_defaults = preset_rules(PRESETS["vierer-team"])
    with pytest.raises(RuleViolation) as error:  # Vierer §1: a team sits on one side
        resolve_rules(vierer_defaults, {"colour_pattern": "WB"}, discipline=vierer)
    assert (error.value.field, error.value.rule) == ("colour_pattern", "Vierer §1, §4")
    assert resolve_rules(vierer_defaults, {"colour_pattern": "BB"}, discipline=vierer)["colour_pattern"] == "BB"
    with pytest.raises(RuleViolation) as error:
        resolve_rules(vierer_defaults, {"pairing": "tables-by-score"}, discipline=vierer)
    assert error.value.field == "pairing"
    with pytest.raises(RuleViolation) as error:  # a blitz team cannot be grouped into tables either
        resolve_rules(
            preset_rules(PRESETS["blitz-frankenwald"]),
            {"pairing": "tables-by-score"},
            discipline=get_discipline("team-blitz"),
        )
    assert error.value.field == "pairing"


def test_viererschach_seats_the_first_named_team_on_white_and_yellow():
    """Vierer §1, §4 and rules/README §3: player 1 White, player 2 Yellow; the other Black, Red."""
    (game,) = VIERER.games("WW")
    assert [(s.position, s.side, s.rank, s.colour) for s in game.seats] == [
        (1, 0, 1, "W"),
        (2, 1, 2, "R"),
        (3, 1, 1, "B"),
        (4, 0, 2, "Y"),
    ]
    (second_leg,) = VIERER.games("BB")  # the second leg swaps the sides
    assert [(s.side, s.rank, s.colour) for s in second_leg.seats] == [
        (1, 1, "W"),
        (0, 2, "R"),
        (0, 1, "B"),
        (1, 2, "Y"),
    ]
    (v2,) = get_discipline("schach4-v2-team").games("WW")  # Schach4 V2: partners diagonal, seats 1 + 3
    assert [(s.position, s.side, s.rank) for s in v2.seats] == [(1, 0, 1), (2, 1, 1), (3, 0, 2), (4, 1, 2)]


def test_schach4_v4_and_v8_team_matches_seat_each_team_on_its_sides():
    """The retired team forms, as their tournaments were seated and still read (issue 25).
    V4 (Schach4 V4: two singles against a pair, partners diagonal): the first-named team is the
    pair at seats 1 + 3, the other team's players 1 and 2 the singles at seats 2 and 4. V8 (one
    player with two sets against a pair): the first-named team's player 1 commands seat 1's two
    sets, the other team is the pair at seats 2 + 3. The second leg swaps the teams."""
    v4 = get_discipline("schach4-v4-team")
    (game,) = v4.games("WW")
    assert [(s.position, s.side, s.rank) for s in game.seats] == [(1, 0, 1), (2, 1, 1), (3, 0, 2), (4, 1, 2)]
    (second_leg,) = v4.games("BB")
    assert [(s.position, s.side, s.rank) for s in second_leg.seats] == [(1, 1, 1), (2, 0, 1), (3, 1, 2), (4, 0, 2)]
    assert [v4.lineup_rank(position) for position in (1, 2, 3, 4)] == [1, 1, 2, 2]
    v8 = get_discipline("schach4-v8-team")
    (game,) = v8.games("WW")
    assert [(s.position, s.side, s.rank) for s in game.seats] == [(1, 0, 1), (2, 1, 1), (3, 1, 2)]
    assert [v8.lineup_rank(position) for position in (1, 2, 3)] == [1, 1, 2]
    assert [(VIERER.lineup_rank(p)) for p in (1, 2, 3, 4)] == [1, 2, 1, 2]  # Vierer §1: White, Red 2, Black 1, Yellow 2


def test_a_board_discipline_plans_one_two_seat_game_per_board():
    games = get_discipline("team-blitz").games("BWBW")  # Blitz §18
    assert [(g.board, [(s.position, s.side, s.rank, s.colour) for s in g.seats]) for g in games][:2] == [
        (1, [(1, 0, 1, "B"), (2, 1, 1, "W")]),
        (2, [(1, 0, 2, "W"), (2, 1, 2, "B")]),
    ]


def test_a_schach4_table_seats_each_entrant_as_its_own_side():
    game = get_discipline("schach4-v1").table_game(3)  # a table one short plays V5
    assert [(s.position, s.side, s.rank, s.colour) for s in game.seats] == [(1, 0, 1, ""), (2, 1, 1, ""), (3, 2, 1, "")]


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
    assert discipline.kind == DisciplineKind.TABLE
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
    assert [(row.place, row.entrant, row.points) for row in standings][:3] == [
        ("1.", 4, 3),
        ("2.", 3, 2),
        ("3.–4.", 5, 1.5),
    ]
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

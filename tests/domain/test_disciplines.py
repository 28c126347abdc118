"""Disciplines as objects: each answers what differs, so nothing else branches on its name."""

from dataclasses import fields

import pytest

from tournaments.domain.disciplines import DISCIPLINES, RESULT_KEYS, DisciplineKind, DisciplineRules, get_discipline
from tournaments.domain.disciplines.entry import ResultEntryRules
from tournaments.domain.disciplines.presentation import Presentation
from tournaments.domain.disciplines.scores import Scoring
from tournaments.domain.disciplines.seating import Seating
from tournaments.domain.errors import RuleViolation
from tournaments.domain.penalties import PenaltyRules
from tournaments.domain.presets import PRESETS, Discipline
from tournaments.domain.tiebreaks import get_tiebreak


def test_every_stored_discipline_value_and_every_preset_has_an_object():
    assert set(DISCIPLINES) == {d.value for d in Discipline}
    assert {preset.discipline.value for preset in PRESETS.values()} <= set(DISCIPLINES)


def test_an_unknown_discipline_is_an_error_naming_the_field():
    with pytest.raises(RuleViolation) as caught:
        get_discipline("chess960")
    assert caught.value.field == "discipline"
    assert "tandem, team, team-blitz" in str(caught.value)


def test_team_blitz_and_fide_team_score_boards_and_tandem_the_match():
    assert [get_discipline(k).scores_boards for k in ("team-blitz", "team", "tandem")] == [True, True, False]
    assert [get_discipline(k).scores_matches for k in ("team-blitz", "team", "tandem")] == [False, False, True]


def test_an_empty_seat_forfeits_the_board_or_in_tandem_the_whole_match():
    seats = [(True, True), (True, False)]
    blitz = get_discipline("team-blitz").implied_results(seats)
    assert (blitz.match, blitz.boards) == ("", ("", "+-"))
    tandem = get_discipline("tandem").implied_results(seats)  # Tandem §1.3
    assert (tandem.match, tandem.boards) == ("+-", ("", ""))
    assert get_discipline("tandem").implied_results([(True, True), (True, True)]).match == ""


def test_results_go_where_the_discipline_scores_them():
    blitz, tandem = get_discipline("team-blitz"), get_discipline("tandem")
    assert blitz.board_result("1:0", first_present=True, second_present=True, field="board 1").value == "1-0"
    with pytest.raises(RuleViolation) as caught:
        blitz.board_result("1-0", first_present=True, second_present=False, field="board 2")
    assert caught.value.field == "board 2"
    with pytest.raises(RuleViolation) as caught:
        tandem.board_result("1-0", first_present=True, second_present=True, field="board 1")
    assert caught.value.rule == "Tandem §1.3"
    outcome = tandem.match_outcome("0-1", deciding_board=2, decided_by="checkmate", boards=2, seats=[(True, True)] * 2)
    assert (outcome.result.value, outcome.deciding_board) == ("0-1", 2)
    with pytest.raises(RuleViolation):
        tandem.match_outcome("1-0", boards=2, seats=[(False, True), (True, True)])  # the empty seat forfeits
    with pytest.raises(RuleViolation) as caught:
        blitz.match_outcome("1-0", boards=4, seats=[(True, True)] * 4)
    assert caught.value.field == "result"
    assert blitz.board_entry_refusal(field="board 1") is None
    assert tandem.match_entry_refusal(field="result") is None


def test_board_based_tie_breaks_and_the_play_off_are_refused_without_board_points():
    tandem = get_discipline("tandem")
    assert tandem.tiebreak_refusal(get_tiebreak("BP"), field="tiebreaks_other").params["value"] == "BP"
    assert tandem.tiebreak_refusal(get_tiebreak("SB"), field="tiebreaks_other") is None
    assert get_discipline("team-blitz").tiebreak_refusal(get_tiebreak("BP"), field="x") is None
    assert tandem.playoff_refusal().field == "playoff_for_first"
    assert get_discipline("team-blitz").playoff_refusal() is None


def test_claims_penalties_and_legends():
    assert get_discipline("tandem").answer_claim(claimant="K").rule == "Tandem §5.2"  # a flag fall always loses
    assert get_discipline("team-blitz").answer_claim(claimant="K").outcome == "draw"  # Blitz §15e
    assert get_discipline("team-blitz").claim_note == ""
    assert "Tandem §5.2" in get_discipline("tandem").claim_note
    assert get_discipline("team-blitz").penalty_rules == PenaltyRules.BLITZ
    assert (get_discipline("tandem").penalty_rules, get_discipline("tandem").penalty_rule) == (
        PenaltyRules.ARBITER_DISCRETION,
        "Tandem §7.4",
    )
    assert [("Blitz §16" in get_discipline(k).standings_legend) for k in ("team-blitz", "team", "tandem")] == [
        True,
        False,
        False,
    ]
    assert get_discipline("tandem").result_keys["="] == "½-½" and RESULT_KEYS["x"] == "--"


def test_each_discipline_says_how_its_scores_and_standings_read():
    blitz, tandem = get_discipline("team-blitz"), get_discipline("tandem")
    assert blitz.score_text(2.5, 1.5, "") == "2½ : 1½" and blitz.score_text(3, 1, "", separator=":") == "3:1"
    assert tandem.score_text(1, 0, "1-0") == "1-0" and tandem.short_score_text(0, "-+") == "-+"
    assert blitz.short_score_text(2.5, "") == "2½"
    assert [c.code for c in blitz.standings_columns] == ["BP"] and tandem.standings_columns == ()  # Tandem §1.3
    assert blitz.kind == DisciplineKind.BOARDS and tandem.kind == DisciplineKind.MATCH
    assert blitz.board_result_keys == RESULT_KEYS and blitz.match_result_keys == {}
    assert tandem.match_result_keys == RESULT_KEYS and tandem.board_result_keys == {}


def test_what_is_missing_and_what_a_loss_of_the_game_writes_follow_what_is_scored():
    blitz, tandem = get_discipline("team-blitz"), get_discipline("tandem")
    assert blitz.missing(result="", board_results=["1-0", "", "½-½", ""]) == [2, 4]
    assert (
        tandem.missing(result="", board_results=["", ""]) == [None]
        and tandem.missing(result="0-1", board_results=["", ""]) == []
    )
    assert list(blitz.boards_with_results(4)) == [1, 2, 3, 4] and list(tandem.boards_with_results(2)) == []
    board = blitz.loss_of_game(board=3, result="0-1")
    assert (board.board, board.result, board.deciding_board) == (3, "0-1", None)
    match = tandem.loss_of_game(board=2, result="1-0")  # Tandem §7.4: the arbiter decides the match on that board
    assert (match.board, match.result, match.deciding_board, match.decided_by) == (None, "1-0", 2, "arbiter")


def test_only_a_discipline_whose_flag_fall_always_loses_answers_a_claim_unasked():
    assert get_discipline("team-blitz").fixed_claim_answer() is None
    answer = get_discipline("tandem").fixed_claim_answer()
    assert answer.rule == "Tandem §5.2"


@pytest.mark.parametrize("pattern", ["WW", "BB"])
def test_tandem_1_1_each_team_has_white_on_one_board_and_black_on_the_other(pattern):
    """Tandem §1.1: "Jedes Team führt an einem Brett die weißen, am anderen Brett die schwarzen
    Figuren": ``WW`` (or ``BB``) is refused with the paragraph; ``BW`` (§8.2) and ``WB`` are played."""
    from tournaments.domain.rule_set import preset_rules, resolve_rules

    tandem = get_discipline("tandem")
    defaults = preset_rules(PRESETS["tandem-dsb"])
    with pytest.raises(RuleViolation) as error:
        resolve_rules(defaults, {"colour_pattern": pattern}, discipline=tandem)
    assert error.value.text() == (
        "colour_pattern: each team has White on one board and Black on the other: the pattern is BW or WB "
        "(Tandem §1.1)."
    )
    assert resolve_rules(defaults, {"colour_pattern": "WB"}, discipline=tandem)["colour_pattern"] == "WB"
    assert resolve_rules(defaults, {}, discipline=tandem)["colour_pattern"] == "BW"


def test_every_answer_of_a_discipline_lives_in_one_part():
    """``DisciplineRules`` is its parts (scoring, seating, result entry, presentation with its
    words) and what each discipline sets: no answer is given in two parts, none outside them."""

    def answers(cls) -> set[str]:
        return {name for name in vars(cls) if not name.startswith("_")}

    parts = [answers(part) for part in (Scoring, Seating, ResultEntryRules, Presentation)]
    assert sum(len(part) for part in parts) == len(set().union(*parts))
    own = answers(DisciplineRules) - {f.name for f in fields(DisciplineRules)}
    assert own == set()  # the base only declares the fields and ``kind`` (an annotation)
    assert "kind" in DisciplineRules.__annotations__
    assert {"score", "games", "written", "score_text", "words"} <= set().union(*parts)

"""C.07 team tie-breaks, worked by hand on a three-team, two-board round robin (one dummy).

The event (first-named team's points per board; the third team sits out against the dummy):
  R1  A–B  (1, ½) : (0, ½)      A 1½ : ½   A wins            C: dummy
  R2  C–A  (0, 0) : (1, 1)      C 0  : 2   A wins            B: dummy
  R3  B–C  (½, 1) : (½, 0)      B 1½ : ½   B wins            A: dummy
Totals: A MP 4, GP 3½ (board 1: 2, board 2: 1½); B MP 2, GP 2 (½, 1½); C MP 0, GP ½ (½, 0).
gacrux 1.11.65 computes the same values from this event (tests/trf/test_gacrux_crosscheck.py).
"""

import pytest

from tournaments.domain.errors import RuleViolation
from tournaments.domain.presets import PRESETS, ByeScoring, MatchPoints
from tournaments.domain.results import BoardResult, parse_board_result
from tournaments.domain.scoring import bye_record, match_from_results
from tournaments.domain.standings import RankingRules, compute_standings
from tournaments.domain.tally import tally_matches
from tournaments.domain.tiebreak_codes import parse_code
from tournaments.domain.tiebreaks import get_tiebreak

A, B, C = 1, 2, 3


def m(round_number, first, second, results):
    return match_from_results(round_number, first, second, [parse_board_result(r) for r in results.split()])


def bye(round_number, team):
    return bye_record(round_number, team, boards=2, scoring=ByeScoring.NOTHING)


MATCHES = [
    m(1, A, B, "1-0 ½-½"),
    bye(1, C),
    m(2, C, A, "0-1 0-1"),
    bye(2, B),
    m(3, B, C, "½-½ 1-0"),
    bye(3, A),
]


def values(code, matches=MATCHES, **kwargs):
    tally = tally_matches([A, B, C], matches, boards=2, points=MatchPoints(), bye_scoring=ByeScoring.NOTHING)
    for key, value in kwargs.items():
        setattr(tally, key, value)
    return get_tiebreak(code).compute(tally, [A, B, C])


def test_buchholz_sums_the_opponents_scores_and_leaves_the_dummy_out():
    # A met B (MP 2) and C (MP 0): 2; B met A (4) and C (0): 4; C met A (4) and B (2): 6
    assert values("BH:MP") == {A: 2, B: 4, C: 6}
    # with game points: A 2 + ½ = 2½; B 3½ + ½ = 4; C 3½ + 2 = 5½
    assert values("BH:GP") == {A: 2.5, B: 4, C: 5.5}
    # /C1 cuts the lowest: A keeps 2, B keeps 4, C keeps 4
    assert values("BH:MP/C1") == {A: 2, B: 4, C: 4}
    # /M1 cuts the lowest and the highest: nothing left of two opponents
    assert values("BH:MP/M1") == {A: 0, B: 0, C: 0}


def test_extended_sonneborn_berger_in_its_four_variants():
    # EMMSB: opponent's MP × own MP: A 2·2 + 0·2 = 4; B 4·0 + 0·2 = 0; C 4·0 + 2·0 = 0
    assert values("EMMSB") == {A: 4, B: 0, C: 0}
    # EMGSB: opponent's MP × own GP: A 2·1½ + 0·2 = 3; B 4·½ + 0·1½ = 2; C 4·0 + 2·½ = 1
    assert values("EMGSB") == {A: 3, B: 2, C: 1}
    # EGMSB: opponent's GP × own MP: A 2·2 + ½·2 = 5; B 3½·0 + ½·2 = 1; C 0
    assert values("EGMSB") == {A: 5, B: 1, C: 0}
    # EGGSB: opponent's GP × own GP: A 2·1½ + ½·2 = 4; B 3½·½ + ½·1½ = 2½; C 3½·0 + 2·½ = 1
    assert values("EGGSB") == {A: 4, B: 2.5, C: 1}


def test_board_criteria_count_games_on_boards_and_the_lower_board_count_prevails():
    # BC: A 1·2 + 2·1½ = 5; B 1·½ + 2·1½ = 3½; C 1·½ + 2·0 = ½
    assert values("BC") == {A: 5, B: 3.5, C: 0.5}
    assert get_tiebreak("BC").ascending
    assert values("TBR") == {A: (2, 1.5), B: (0.5, 1.5), C: (0.5, 0)}
    # BBE: GP without board 2, then without boards 2 and 1
    assert values("BBE") == {A: (2, 0), B: (0.5, 0), C: (0.5, 0)}


def test_a_byes_notional_points_lie_on_no_board():
    scored_bye = [m(1, A, B, "1-0 0-1"), bye_record(1, C, boards=2, scoring=ByeScoring.DRAW)]
    assert values("BC", scored_bye)[C] == 0
    assert values("TBR", scored_bye)[C] == (0, 0)
    assert values("BW", scored_bye)[C] == 0


def test_berliner_wertung_is_n_plus_one_times_game_points_minus_board_count():
    tally = tally_matches([A, B, C], MATCHES, boards=2, points=MatchPoints(), bye_scoring=ByeScoring.NOTHING)
    bw, bc = get_tiebreak("BW").compute(tally, [A, B, C]), get_tiebreak("BC").compute(tally, [A, B, C])
    for team in (A, B, C):
        assert bw[team] == (2 + 1) * sum(tally.board_points()[team]) - bc[team]
    assert bw == {A: 5.5, B: 2.5, C: 1}


def test_mpvgp_sssc_and_wins():
    assert values("MPVGP") == {A: 3.5, B: 2, C: 0.5}
    # SSSC = GP + BH:MP ÷ ⌊2 · 3 rounds ÷ 2 boards⌋ = GP + BH:MP ÷ 3: A 3½ + ⅔ = 4.17
    assert values("SSSC") == {A: 4.17, B: 3.33, C: 2.5}
    assert values("WIN") == {A: 2, B: 1, C: 0}


def test_art_16_swiss_unplayed_rounds_are_capped():
    """Swiss (not predetermined): A's forfeit win over C in round 2 counts a virtual opponent
    scoring as A, capped by C's own score (Art. 16.4.1); the bye of round 3 counts as A's own
    score capped by a draw in every round, 1 · 3 = 3 (Art. 16.4.2)."""
    forfeit = match_from_results(2, C, A, [BoardResult.SECOND_WINS_BY_FORFEIT] * 2)
    matches = [MATCHES[0], bye(1, C), forfeit, bye(2, B), MATCHES[4], bye(3, A)]
    assert forfeit.unplayed
    bh = values("BH:MP", matches, predetermined=False)
    # A: B's 2 + min(A's 4, C's 0) + min(4, 3) = 5
    assert bh[A] == 5
    # C forfeited round 2 (voluntarily unplayed) but played round 3: its score counts as it is
    # B: A 4 + its bye min(2, 3) = 2 + C 0 = 6
    assert bh[B] == 6


def test_every_preset_writes_its_chains_in_fide_syntax():
    """The TRF import compares a file's chain, printed in FIDE syntax, with the preset's as written."""
    written = [code for preset in PRESETS.values() for code in preset.tiebreaks_first + preset.tiebreaks_other]
    assert "BH:MP/C1" in written
    assert [str(parse_code(code)) for code in written] == written


def test_codes_parse_and_print_in_fide_syntax():
    for text in ("BH:MP/C1", "BH:GP/M1", "EMGSB", "BC", "SSSC"):
        assert str(parse_code(text)) == text
    assert get_tiebreak("bh:mp/c1").code == "BH:MP/C1"
    with pytest.raises(RuleViolation) as refused:
        get_tiebreak("BC/C1")
    assert refused.value.params["value"] == "BC/C1"
    with pytest.raises(RuleViolation):
        get_tiebreak("BH:XP")


def test_a_c07_chain_ranks_the_standings():
    rules = RankingRules(2, MatchPoints(), ByeScoring.NOTHING, (), ("MPVGP", "EMGSB", "BC"), False)
    tied = [m(1, A, B, "1-0 0-1"), m(1, C, A, "½-½ ½-½")]
    rows = compute_standings([A, B, C], tied, rules, final=False)
    assert [r.tiebreaks["MPVGP"] for r in rows] == sorted([r.tiebreaks["MPVGP"] for r in rows], reverse=True)


def test_a_tandem_event_refuses_the_board_criteria_of_c07():
    from tournaments.domain.disciplines import get_discipline

    tandem = get_discipline("tandem")
    assert tandem.tiebreak_refusal(get_tiebreak("BC"), field="tiebreaks_other") is not None
    assert tandem.tiebreak_refusal(get_tiebreak("BH:MP"), field="tiebreaks_other") is None


def test_extended_direct_encounter_takes_match_points_then_game_points_within_each_subgroup():
    """A circle on two boards: A beat B 2 : 0, B beat C 1½ : ½, C beat A 1½ : ½; a fourth team
    D lost every match 0 : 2. A, B and C have 4 MP each, 2 of them among themselves: match
    points separate nobody, so game points among them do: A 2 + ½ = 2½, C ½ + 1½ = 2,
    B 0 + 1½ = 1½."""
    D = 4
    matches = [
        m(1, A, B, "1-0 1-0"),
        m(1, C, D, "1-0 1-0"),
        m(2, B, C, "1-0 ½-½"),
        m(2, A, D, "1-0 1-0"),
        m(3, C, A, "1-0 ½-½"),
        m(3, B, D, "1-0 1-0"),
    ]
    tally = tally_matches([A, B, C, D], matches, boards=2, points=MatchPoints(), bye_scoring=ByeScoring.NOTHING)
    ede = get_tiebreak("EDE")
    assert ede.compute(tally, [A, B, C]) == {A: 2.5, B: 1.5, C: 2}
    # two of them alone: their own match's match points decide first
    assert ede.compute(tally, [B, C]) == {B: 2, C: 0}
    assert ede.compute(tally, [A, B]) == {A: 2, B: 0}
    rules = RankingRules(2, MatchPoints(), ByeScoring.NOTHING, (), ("EDE",), False)
    assert [r.team for r in compute_standings([A, B, C, D], matches, rules, final=True)] == [A, C, B, D]


def test_requested_byes_score_their_kind_and_only_a_full_point_one_counts_as_present():
    """TRF 240 byes in a Swiss (two boards, MP 2/1/0): H scores a drawn match (1 MP, ½ + ½ GP),
    F a won one (2 MP, 2 GP), Z nothing. C.07 Art. 16.2: H and Z are voluntarily unplayed; F, won
    without playing, is not (gacrux's ``is_vur``: an unplayed win is no VUR)."""
    from tournaments.domain.scoring import requested_bye_record

    records = [requested_bye_record(1, A, boards=2, kind=kind) for kind in "HFZ"]
    tally = tally_matches([A], records[:1], boards=2, points=MatchPoints(), bye_scoring=ByeScoring.DRAW)
    assert (tally.teams[A].mp, tally.teams[A].bp, tally.board_points()[A]) == (1.0, 1.0, [0.0, 0.0])
    entries = [
        tally_matches([A], [record], boards=2, points=MatchPoints(), bye_scoring=ByeScoring.DRAW).histories()[A][0]
        for record in records
    ]
    assert [(e.mp, e.gp, e.pab, e.voluntarily_unplayed) for e in entries] == [
        (1.0, 1.0, False, True),
        (2.0, 2.0, False, False),
        (0.0, 0.0, False, True),
    ]


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("EDE", {A: None, B: None}),  # 1 MP and 2 GP each: level
        ("EDEC", {A: None, B: None}),  # Σ (5 − b) × points: A 4·1 + 1·1 = 5, B 3·1 + 2·1 = 5 (BC 5 each): level
        ("EDET", {A: (1.0, 0.0, 0.0, 1.0), B: (0.0, 1.0, 1.0, 0.0)}),  # board 1 decides: A
        ("EDEB", {A: (1.0, 1.0, 1.0), B: (2.0, 1.0, 0.0)}),  # without board 4: A 1, B 2: B
        ("EDEBT", {A: (1.0, 0.0, 0.0, 1.0), B: (0.0, 1.0, 1.0, 0.0)}),  # C level, then T: A
        ("EDEBB", {A: (1.0, 1.0, 1.0), B: (2.0, 1.0, 0.0)}),  # C level, then B: B
    ],
)
def test_the_ede_variants_separate_two_teams_level_in_their_match_by_its_boards(code, expected):
    """A and B draw 2 : 2 on four boards, A winning boards 1 and 4, B boards 2 and 3. gacrux's EDE
    variants go on where exactly two teams stay level: BC (C), board by board from the top (T),
    without the bottom boards (B); tests/trf/test_gacrux_crosscheck.py holds the ranks to gacrux's."""
    match = match_from_results(1, A, B, [parse_board_result(r) for r in "1-0 0-1 0-1 1-0".split()])
    tally = tally_matches([A, B], [match], boards=4, points=MatchPoints(), bye_scoring=ByeScoring.NOTHING)
    assert get_tiebreak(code).compute(tally, [A, B]) == expected


@pytest.mark.parametrize(("edition", "expected"), [("2026", 4.0), ("2024", 5.0)])
def test_the_2024_edition_takes_the_virtual_opponent_uncapped(edition, expected):
    """A Swiss of four teams, two boards, MP 2/1/0. R1: A beats B 2 : 0, C and D draw 1 : 1.
    R2: A has a half-point bye, B beats C 2 : 0, D a zero-point bye. MP: A 3, B 2, C 1, D 1.
    A's BH:MP: B's 2 for round 1, and for its own unplayed round 2 a virtual opponent scoring as
    A (3); C.07 2026 Art. 16.4.2 caps it at a draw in every round, 1 × 2 = 2: 2 + 2 = 4. The 2024
    edition has no cap: 2 + 3 = 5."""
    from tournaments.domain.presets import TiebreakEdition
    from tournaments.domain.scoring import requested_bye_record

    D = 4
    records = [
        m(1, A, B, "1-0 1-0"),
        m(1, C, D, "1-0 0-1"),
        requested_bye_record(2, A, boards=2, kind="H"),
        m(2, B, C, "1-0 1-0"),
        requested_bye_record(2, D, boards=2, kind="Z"),
    ]
    tally = tally_matches([A, B, C, D], records, boards=2, points=MatchPoints(), bye_scoring=ByeScoring.DRAW)
    tally.predetermined, tally.edition = False, TiebreakEdition(edition)
    assert [tally.teams[t].mp for t in (A, B, C, D)] == [3.0, 2.0, 1.0, 1.0]
    assert get_tiebreak("BH:MP").compute(tally, [A])[A] == expected


def test_a_double_round_keeps_both_matches_in_the_history_and_the_later_by_number():
    """A double round robin plays both legs of a pair in one round (``schedule.legs``): the
    teams' rounds hold both, the earlier first; read by number, the round is the later leg
    (as the dictionary by round number held it before the lists, issue 29)."""
    first, second = m(1, A, B, "1-0 1-0"), m(1, B, A, "½-½ 1-0")
    tally = tally_matches([A, B], [first, second], boards=2, points=MatchPoints(), bye_scoring=ByeScoring.NOTHING)
    assert [(entry.opponent, entry.gp) for entry in tally.histories()[A]] == [(B, 2.0), (B, 0.5)]
    assert [(entry.opponent, entry.gp) for entry in tally.histories()[B]] == [(A, 0.0), (A, 1.5)]
    assert [entry.gp for entry in tally.round_entries()[A]] == [0.5]

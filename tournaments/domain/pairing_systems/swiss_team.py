"""The team Swiss of FIDE Handbook C.04.6 (applied from 1 February 2026), paired by gacrux.

One round at a time from the rounds played (``RoundToPair.played``), the byes asked for in
advance and the teams absent. The number of rounds is the competition's, set at creation
(C.04.6 art. 2.3.4 [C7], 2.3.7 [C10] and type B colours read the last rounds). The same system
pairs tandem teams as units: one result per match, match points only, no colour preferences.
"""

from ..berger import Pair
from ..errors import RuleViolation, gettext_noop
from ..presets import ColourModel, PairingSystem
from ..schedule import tables_in_order
from ..swiss_team import SwissEvent, pair_swiss_event
from ..trf import TRF_TEAMS
from .base import EnteredTeam, PairedRound, PairingStrategy, PairingVerdict, RoundToPair


def average_top_rating(team: EnteredTeam, boards: int) -> float:
    """The average rating of the players on the top ``boards`` boards (an unrated player counts 0)."""
    top = list(team.ratings[:boards])
    return sum(rating or 0 for rating in top) / boards if boards else 0.0


class SwissTeam(PairingStrategy):
    """C.04.6: teams by TPN (our seeds), the engine's pairs with the engine's version."""

    key = PairingSystem.SWISS_FIDE_TEAM
    # pairs, not tables to seat; in a Swiss DE is C.07's with Art. 6.2, whatever the round robin reading
    unused_settings = frozenset({"first_mover", "direct_encounter"})
    pairs_ahead = False
    reads_history = True  # pairs from the rounds played (``RoundToPair.played``)
    pairings_reviewed = True
    all_paired_text = gettext_noop("all %(count)d rounds of the Swiss are already paired.")
    waiting_rule = "FIDE C.04.6 art. 3"  # issue 16: the TD reviews a round's pairing before the public sees it

    def planned_rounds(self, teams: int, rounds: int = 0) -> int:
        return rounds

    def initial_order(self, teams, boards: int) -> list[int]:
        """C.04.6 art. 1.1: the TPN follows the competition's initial ranking; ours by default is
        the average rating of the top boards, highest first, then the team's name."""
        return [
            team.key
            for team in sorted(
                teams, key=lambda team: (-average_top_rating(team, boards), team.name.casefold(), team.key)
            )
        ]

    def rounds_refusal(self, teams: int, rounds: int):
        """C.04.6 art. 2.1.1 [C1]: no two teams meet twice, so a round needs an opponent for each
        team never met before: at most teams − 1 rounds (the round robin's number)."""
        if rounds < 1:
            return RuleViolation(
                gettext_noop("a Swiss needs its number of rounds, set at creation."),
                field="rounds",
                rule="FIDE C.04.6 art. 1.1",
            )
        if teams >= 2 and rounds > teams - 1 + teams % 2:
            return RuleViolation(
                gettext_noop("%(rounds)d rounds need at least %(needed)d teams: no two teams may meet twice."),
                field="rounds",
                rule="FIDE C.04.6 art. 2.1.1",
                rounds=rounds,
                needed=rounds + 1 - (rounds + 1) % 2,
            )
        return None

    def requested_byes_refusal(self):
        """C.04.6 pairs each round from what is known before it: a team may ask for a bye in a
        round not yet paired (TRF-2026 record 240), and a late entry joins from such a round."""
        return None

    def pair_round(self, round_: RoundToPair) -> list[Pair]:
        return self.pair(round_).pairs

    def pair(self, round_: RoundToPair) -> PairedRound:
        """C.04.6 art. 3: a round is paired from the scores after every earlier round (the service
        asks ``pairing_refusal`` first)."""
        paired = pair_swiss_event(self._event(round_))
        return PairedRound(paired.pairs, paired.engine)

    def check(self, round_: RoundToPair, pairs) -> PairingVerdict:
        """What gacrux's pairing checker does (``pairingchecker -c``): pair the round with the
        untouched engine, reading the event through gacrux's own TRF reader (up to 999 teams,
        what TRF can number), and compare pair by pair, colours included."""
        event = self._event(round_)
        reference = pair_swiss_event(event, via_trf=event.teams <= TRF_TEAMS, pristine=True)
        expected = tables_in_order(reference.pairs)
        return PairingVerdict(reference.engine, tables_in_order([tuple(p) for p in pairs]) == expected, expected)

    @staticmethod
    def _event(round_: RoundToPair) -> SwissEvent:
        rules = round_.rules
        return SwissEvent(
            teams=round_.teams,
            boards=rules.boards,
            rounds=round_.rounds,
            number=round_.number,
            played=round_.played,
            colour_pattern=rules.colour_pattern,
            initial_colour=rules.initial_colour,
            colour_model=rules.colour_model,
            points=rules.points,
            pab_scoring=rules.bye_scoring,
            byes=round_.byes,
            absent=round_.absent,
            match_scored=rules.match_scored,
        )

    def trf_type(self, *, colour_model, scores_boards: bool) -> tuple[str, str, str]:
        """Record 192 names C.04.6 with its colour model (art. 1.7) and scores; 152 the lot of
        art. 4.1 (White for TPN 1, as ``PairingRules.initial_colour``)."""
        model = {ColourModel.TYPE_A: "_TYPEA", ColourModel.TYPE_B: "_TYPEB", ColourModel.NONE: ""}[colour_model]
        return f"FIDE_TEAM{model}{'_MP_GP' if scores_boards else '_MP'}", "Team Swiss (C.04.6)", "W"

    def rounds_with_opponent(self, teams: int, seed: int, rounds: int = 0) -> list[int]:
        """Every planned round: who a team meets is known only once the round is paired."""
        return list(range(1, rounds + 1))

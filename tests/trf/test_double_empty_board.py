"""A board empty on both sides (two teams of three on four boards meet) is no game. The TRF
export says so (record 300: 0000 on both sides); gacrux reads it as a game 0 and fails on it
(``KeyError: 0``; the upstream report is docs/gacrux-double-empty-board.md), so the reference
check leaves it out of what gacrux reads, and checks such events (issue 29)."""

import random

import pytest

from tests.builders import enter_board, make_paired
from tournaments.domain.trf import write_trf
from tournaments.domain.trf.reference import reference_tournament
from tournaments.models import BoardGame
from tournaments.selectors.trf import trf_event
from tournaments.services.publishing import round_publish
from tournaments.services.standings_check import standings_verify

pytestmark = pytest.mark.django_db


def test_two_short_teams_are_checked_by_gacrux():
    tournament = make_paired(teams=4, players=3, preset="fide-team", name="Short teams")
    rng = random.Random(5)
    boards = BoardGame.objects.filter(match__round__tournament=tournament).select_related("match")
    for board in boards.order_by("match__round__number", "match__table", "board"):
        if board.board == 4:  # nobody on either side: the double forfeit is recorded with the pairing
            assert board.result == "--"
        else:
            enter_board(board=board, result=rng.choice(["1-0", "½-½", "0-1"]))
    for round_ in tournament.rounds.order_by("number"):
        round_publish(round_=round_)
    text = write_trf(trf_event(tournament=tournament, published_only=True))
    assert [line[-4:] for line in text.splitlines() if line.startswith("300 ")] == ["0000"] * 12
    read = reference_tournament(text)
    assert read["teamSize"] == 4
    assert [len(match["games"]) for match in read["matchList"]] == [3] * 6
    check = standings_verify(tournament_id=tournament.pk)
    assert (check.verdict, check.note, check.differences) == ("agrees", "", [])

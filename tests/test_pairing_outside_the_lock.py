"""A Swiss engine runs before the tournament row is locked (issue 27 item 8): pairing round 1 of
600 teams held the row for minutes, and every result, bye and withdrawal waited behind it (and
timed out). Under the lock the pairing reads again and takes the engine's answer only if nothing
it read changed meanwhile."""

import threading

import pytest
from django.db import connection, transaction

from tests.builders import enter_board, make_tournament, play_round
from tournaments.domain.pairing_systems.swiss_team import SwissTeam
from tournaments.services.pairing import round_pair_next
from tournaments.services.publishing import round_pairings_publish, round_publish

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def engine(monkeypatch):
    """The Swiss engine, counting its runs; ``meanwhile`` runs (once) inside the first."""
    runs, meanwhile = [], []
    real = SwissTeam.pair_encounters

    def counted(self, round_):
        runs.append(round_.number)
        while meanwhile:
            meanwhile.pop()()
        return real(self, round_)

    monkeypatch.setattr(SwissTeam, "pair_encounters", counted)
    return runs, meanwhile


def in_another_connection(action):
    """Run ``action`` in a thread of its own (its own database connection); its result."""
    answer = []

    def run():
        try:
            with transaction.atomic():
                answer.append(action())
        except Exception as error:  # noqa: BLE001 - the finding
            answer.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(30)
    return answer[0]


@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="row locks: PostgreSQL")
def test_the_engine_runs_while_the_tournament_row_is_free_and_runs_once(engine):
    runs, meanwhile = engine
    tournament = make_tournament(teams=8, preset="fide-team-swiss", name="Open", rounds=5)

    def tournament_row_free():
        with connection.cursor() as cursor:
            cursor.execute("SELECT id FROM tournaments_tournament WHERE id = %s FOR UPDATE NOWAIT", [tournament.pk])
        return "free"

    meanwhile.append(lambda: runs.append(in_another_connection(tournament_row_free)))
    round_pair_next(tournament=tournament)
    assert runs == [1, "free"]  # one run of the engine, the row free while it ran


def test_a_result_corrected_while_the_engine_ran_is_paired_from(engine):
    runs, meanwhile = engine
    tournament = make_tournament(teams=6, preset="fide-team-swiss", name="Open", rounds=3)
    first = round_pair_next(tournament=tournament)
    round_pairings_publish(round_=first)
    play_round(first, {m.table: "1-0 1-0 1-0 1-0" for m in first.matches.all()})
    round_publish(round_=first)
    runs.clear()
    board = first.matches.get(table=1).boards.get(board=1)
    meanwhile.append(lambda: in_another_connection(lambda: enter_board(board=board, result="0-1")))
    round_pair_next(tournament=tournament)
    assert runs == [2, 2]  # what the first run read changed: paired anew under the lock
    assert board.match.boards.get(board=1).result == "0-1"

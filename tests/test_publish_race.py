"""A publish racing a result write never leaves a stale public page (issue 27 item 5).

The result writer decides whether the public version moves from the round's ``published_at``.
Read before a concurrent publish commits, that decision was "a draft round: nothing public
changed", and the result landed after the publish with the public version (and so every page's
ETag) unchanged. The writer now reads the round under a lock of its own transaction, so it waits
for the publish and sees it.

The interleaving is forced with a third connection holding the game's row: the writer, having
read the round, waits there until the publish has committed.
"""

import threading

import pytest
from django.db import connection, transaction

from tests.builders import enter_board, make_paired
from tournaments.models import BoardGame, PublicVersion
from tournaments.services.publishing import round_publish

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="needs PostgreSQL: SQLite serialises all writers"),
]

WAIT = 10  # seconds: a step that takes longer has hung


def token(tournament) -> str:
    return PublicVersion.objects.get(tournament=tournament).token


def in_thread(target, errors):
    def run():
        try:
            target()
        except Exception as error:  # reported by the test; a thread must not die silently
            errors.append(repr(error))
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def test_a_result_written_while_its_round_is_being_published_moves_the_public_version():
    tournament = make_paired(teams=4)
    round_ = tournament.rounds.get(number=1)
    board = BoardGame.objects.get(match__round=round_, match__table=1, board=1)
    blocked, published, release, commit = (threading.Event() for _ in range(4))
    errors = []

    def blocker():  # holds the game's row until told: the writer waits there
        with transaction.atomic():
            BoardGame.objects.select_for_update().get(pk=board.pk)
            blocked.set()
            release.wait(WAIT)

    def publisher():
        with transaction.atomic():
            round_publish(round_=round_)
            published.set()
            commit.wait(WAIT)

    def writer():
        enter_board(board=board, result="1-0", source="api")

    threads = [in_thread(blocker, errors)]
    assert blocked.wait(WAIT)
    threads.append(in_thread(publisher, errors))
    assert published.wait(WAIT)
    threads.append(in_thread(writer, errors))
    threads[-1].join(1)  # the writer is waiting now: for the round (fixed) or for the game (the race)
    commit.set()
    threads[1].join(WAIT)
    after_publish = token(tournament)
    release.set()
    for thread in threads:
        thread.join(WAIT)
    assert not errors and not any(thread.is_alive() for thread in threads)
    assert BoardGame.objects.get(pk=board.pk).result == "1-0"
    assert token(tournament) != after_publish  # the page with the result has a new ETag

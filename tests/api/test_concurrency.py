"""No lost updates under concurrent writers (PostgreSQL: real row locks and parallel connections).

20 writers × 50 result writes, half of them to the same match, the rest spread over the others.
Every write names the version it is based on. Afterwards: every response was 200 or 409, every
accepted write is in the audit trail under its writer, and each board holds the last accepted
write to it.
"""

import random
import threading
import time
from collections import Counter

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.test import APIClient

from tests.builders import make_paired
from tournaments.models import AuditEntry, BoardGame, Match
from tournaments.services.roles import role_grant
from tournaments.services.tokens import token_create

WRITERS, WRITES = 20, 50
RESULTS = ["1-0", "½-½", "0-1"]

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="needs PostgreSQL: SQLite serialises all writers"),
]


def test_concurrent_result_writers_lose_no_update():
    tournament = make_paired(teams=4, name="Frankenwaldpokal")
    matches = list(Match.objects.filter(round__tournament=tournament).paired().order_by("round__number", "table"))
    keys = {}
    for index in range(WRITERS):
        user = get_user_model().objects.create_user(f"schiri{index:02d}")
        role_grant(tournament=tournament, member=user, role="arbiter")
        keys[user.pk] = token_create(user=user, name="load")[1]

    statuses = Counter()
    accepted = Counter()
    last_write = {}  # (match, board) -> (version after the write, result)
    lock = threading.Lock()
    errors = []

    def writer(number: int, user_pk: int, key: str):
        rng = random.Random(number)
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        try:
            match = matches[0] if number % 2 == 0 else matches[1 + (number // 2) % (len(matches) - 1)]
            url = f"/api/v1/tournaments/{tournament.slug}/matches/{match.pk}/"
            state = client.get(url).json()
            for _ in range(WRITES):
                board = rng.randint(1, 4)
                current = state["boards"][board - 1]["result"]
                result = rng.choice([r for r in RESULTS if r != current])
                response = client.post(
                    url + "result/", {"board": board, "result": result, "version": state["version"]}, format="json"
                )
                body = response.json()
                with lock:
                    statuses[response.status_code] += 1
                    if response.status_code == 200:
                        accepted[user_pk] += 1
                        key_ = (match.pk, board)
                        if body["version"] > last_write.get(key_, (0, ""))[0]:
                            last_write[key_] = (body["version"], result)
                state = body if response.status_code == 200 else body.get("current", state)
        except Exception as error:  # reported below; a thread must not die silently
            errors.append(repr(error))
        finally:
            connection.close()

    threads = [threading.Thread(target=writer, args=(n, pk, key)) for n, (pk, key) in enumerate(keys.items())]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started

    assert errors == []
    assert set(statuses) <= {200, 409}, statuses
    assert sum(statuses.values()) == WRITERS * WRITES
    assert statuses[409] > 0, "the writers never collided; the test proves nothing"
    for user_pk, count in accepted.items():
        assert AuditEntry.objects.filter(action="result", source="api", user_id=user_pk).count() == count
    assert AuditEntry.objects.filter(action="result").count() == statuses[200]
    for (match_pk, board), (version, result) in last_write.items():
        assert BoardGame.objects.get(match_id=match_pk, board=board).result == result
        assert Match.objects.get(pk=match_pk).version >= version
    for match in matches:
        writes = AuditEntry.objects.filter(action="result", match=match).count()
        assert Match.objects.get(pk=match.pk).version == 1 + writes  # every version step is one recorded write
    assert elapsed < 60

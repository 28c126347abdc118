"""Publication targets and the durable outbox (services/publication_targets.py, publication_outbox.py):
validation naming the field, the write-only secret, and the outbox's state machine: a failing target
waits with the error in words, sends the newest state once when it works again, and one send runs per
target at a time (issue 31)."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from arbiter.sealed import seal, unseal
from tests.builders import make_paired, play_round
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, PublicationTarget, PublicVersion
from tournaments.selectors.archive import archive_for_tournament
from tournaments.selectors.audit_text import audit_texts
from tournaments.services.publication import publication_build
from tournaments.services.publication_outbox import (
    LAST_RETRY,
    due_targets,
    local_folder,
    publication_outbox_run,
    publication_send,
    publication_sends_interrupted,
    retry_after,
    waiting_targets,
)
from tournaments.services.publication_targets import (
    publication_target_create,
    publication_target_delete,
    publication_target_send_now,
    publication_target_update,
)
from tournaments.services.publishing import round_publish
from tournaments.transports import TRANSPORTS, Transport, TransportError, TransportField

SECRET = "correct horse battery staple"


class Carrier:
    """A transport that records what it was sent and fails while told to."""

    def __init__(self):
        self.sent: list[str] = []
        self.failing = False
        self.during = None  # called inside a send

    def send(self, *, local, config, secret):
        assert secret == SECRET and config == {"host": "club.example"}
        if self.during is not None:
            self.during()
        if self.failing:
            raise TransportError("the server refused the user name or password")
        self.sent.append(json.loads((local / "version.json").read_text())["version"])


@pytest.fixture
def carrier(monkeypatch):
    carrier = Carrier()
    fields = (
        TransportField(name="host", label="Server"),
        TransportField(name="password", label="Password", secret=True),
    )
    monkeypatch.setitem(
        TRANSPORTS, "carrier", Transport(kind="carrier", label="Carrier", fields=fields, send=carrier.send)
    )
    return carrier


@pytest.fixture
def event(db):
    tournament = make_paired(teams=4)
    play_round(tournament.rounds.get(number=1), {1: "1-0 1-0 ½-½ 0-1", 2: "0-1 0-1 0-1 ½-½"})
    round_publish(round_=tournament.rounds.get(number=1))
    return tournament


def _target(event, carrier, **kwargs):
    carrier.failing = kwargs.pop("failing", False)
    return publication_target_create(
        tournament=event, kind="carrier", name="Club site", config={"host": "club.example"}, secret=SECRET, **kwargs
    )


def _fields(error: RuleViolation) -> dict:
    return {each.field: each.body() for each in error.violations}


def test_bad_settings_are_refused_naming_each_field(event, carrier):
    with pytest.raises(RuleViolation) as refused:
        publication_target_create(tournament=event, kind="carrier", name=" ", config={"host": ""})
    assert _fields(refused.value) == {
        "name": "Give the target a name.",
        "host": "This field is required.",
        "password": "This field is required.",
    }
    with pytest.raises(RuleViolation) as refused:
        publication_target_create(tournament=event, kind="folder", name="Share", config={"path": "results"})
    assert _fields(refused.value) == {"path": "Give the whole path, starting at the drive or at /."}
    with pytest.raises(RuleViolation) as refused:
        publication_target_create(tournament=event, kind="pigeon", name="Loft", config={})
    assert _fields(refused.value) == {"kind": "“pigeon” is not a kind of target."}
    _target(event, carrier)
    with pytest.raises(RuleViolation) as refused:
        _target(event, carrier)
    assert _fields(refused.value) == {"name": "another target already has this name."}
    assert PublicationTarget.objects.count() == 1


def test_the_secret_is_write_only_kept_unless_retyped_and_never_audited_or_exported(event, carrier):
    target = _target(event, carrier)
    target = publication_target_update(target=target, name="Club site", config={"host": "club.example", "x": "1"})
    target.refresh_from_db()
    assert unseal(target.secret) == SECRET and target.config == {"host": "club.example"}  # unknown fields: not kept
    publication_target_update(target=target, name="Club site", config={"host": "club.example"}, secret="new one")
    stored = PublicationTarget.objects.get().secret
    assert stored.startswith("sealed:") and "new one" not in stored and unseal(stored) == "new one"  # sealed at rest
    publication_target_update(target=target, name="Club site", config={"host": "club.example"}, secret=SECRET)
    publication_target_send_now(target=target)
    publication_target_delete(target=target)

    entries = AuditEntry.objects.filter(action=AuditEntry.Action.PUBLICATION_TARGET).order_by("id")
    assert [(entry.old_value is None, entry.new_value is None) for entry in entries] == [
        (True, False),
        (False, False),
        (False, False),
        (False, False),
        (True, False),
        (False, True),
    ]
    assert entries[0].new_value == {
        "kind": "carrier",
        "name": "Club site",
        "enabled": True,
        "config": {"host": "club.example"},
        "secret": "changed",
    }
    assert "secret" not in entries[1].new_value  # kept, not retyped
    stored = json.dumps([[entry.old_value, entry.new_value, entry.target] for entry in entries])
    assert SECRET not in stored and "new one" not in stored
    assert SECRET not in json.dumps(archive_for_tournament(tournament=event), default=str)


def test_a_sealed_secret_survives_a_key_rotation_and_says_so_when_its_key_is_gone(event, carrier, settings):
    """The secret key rotated the Django way (the old one a fallback) still opens the password; once
    the old key is dropped, the desk asks for the password again instead of sending a wrong one."""
    target = _target(event, carrier)
    old_key = settings.SECRET_KEY
    settings.SECRET_KEY, settings.SECRET_KEY_FALLBACKS = "a new key " * 5, [old_key]
    round_publish(round_=event.rounds.get(number=2))
    assert publication_send(target_id=target.pk) == "sent"
    settings.SECRET_KEY_FALLBACKS = []
    publication_target_send_now(target=target)
    assert publication_send(target_id=target.pk) == "failed"
    target.refresh_from_db()
    assert target.last_error["message"].startswith("the stored password or push token of this target cannot be read")
    publication_target_update(target=target, name="Club site", config={"host": "club.example"}, secret=SECRET)
    assert publication_send(target_id=target.pk) == "sent"


def test_a_secret_stored_before_sealing_is_sent_as_it_is():
    assert unseal("typed before sealing") == "typed before sealing"
    assert seal("") == ""


def test_a_failing_target_waits_with_the_error_in_words_and_backs_off(event, carrier):
    target = _target(event, carrier, failing=True)
    before = timezone.now()
    assert publication_send(target_id=target.pk) == "failed"
    after = timezone.now()
    target.refresh_from_db()
    assert target.last_error == {"message": "the server refused the user name or password", "params": {}}
    assert target.attempts == 1 and target.sent_at is None
    assert before <= target.last_try_at and before + timedelta(seconds=5) <= target.next_try_at <= after + timedelta(
        seconds=5
    )
    assert list(waiting_targets()) == [target] and list(due_targets()) == []
    assert publication_send(target_id=target.pk) == "busy"  # not due: a change does not hurry a failing target
    assert [retry_after(attempts) for attempts in range(1, 8)] == [5, 10, 20, 30, 30, 30, 30]
    # the longest wait for a target that came back, plus the send's half minute: on the site within a minute
    assert LAST_RETRY == 30


def test_three_changes_while_failing_become_one_send_of_the_newest_state(
    event, carrier, django_capture_on_commit_callbacks
):
    target = _target(event, carrier, failing=True)
    publication_send(target_id=target.pk)
    with django_capture_on_commit_callbacks(execute=True):  # each public change asks for a send once committed
        for number in (2, 3):
            play_round(event.rounds.get(number=number), {1: "1-0 1-0 1-0 1-0", 2: "½-½ ½-½ ½-½ ½-½"})
            round_publish(round_=event.rounds.get(number=number))
        play_round(event.rounds.get(number=3), {1: "0-1"})  # a published result corrected
    target.refresh_from_db()
    assert target.changes >= 3 and target.attempts == 1  # counted, not tried: the retry is not due
    assert carrier.sent == []

    carrier.failing = False
    PublicationTarget.objects.filter(pk=target.pk).update(next_try_at=timezone.now() - timedelta(seconds=1))
    publication_outbox_run()
    newest = publication_build(target=local_folder(target.pk).parent / "check", tournaments=[event.slug])
    assert carrier.sent == [newest]
    target.refresh_from_db()
    assert (target.sent_token, target.sent_version) == (PublicVersion.objects.get(tournament=event).token, newest)
    assert (target.changes, target.attempts, target.last_error, target.next_try_at) == (0, 0, None, None)
    assert list(waiting_targets()) == []
    publication_outbox_run()
    assert carrier.sent == [newest]  # up to date: nothing sent again


def test_one_send_per_target_at_a_time_and_a_change_during_a_send_goes_after_it(event, carrier):
    target = _target(event, carrier)
    inner = []

    def meanwhile():
        carrier.during = None
        inner.append(publication_send(target_id=target.pk))  # a second sender while the first is sending
        round_publish(round_=event.rounds.get(number=2))  # and a change committed during the send

    carrier.during = meanwhile
    assert publication_send(target_id=target.pk) == "sent"
    assert inner == ["busy"]
    assert len(carrier.sent) == 2 and carrier.sent[0] != carrier.sent[1]  # the newest went right after
    target.refresh_from_db()
    assert target.sent_token == PublicVersion.objects.get(tournament=event).token
    assert target.claimed_until is None


def test_send_now_sends_again_and_a_switched_off_target_is_left_alone(event, carrier):
    target = _target(event, carrier)
    publication_send(target_id=target.pk)
    publication_target_send_now(target=target)
    assert publication_send(target_id=target.pk) == "sent" and len(carrier.sent) == 2
    publication_target_update(target=target, name="Club site", config={"host": "club.example"}, enabled=False)
    with pytest.raises(RuleViolation) as refused:
        publication_target_send_now(target=target)
    assert refused.value.field == "enabled"
    round_publish(round_=event.rounds.get(number=2))
    assert publication_send(target_id=target.pk) == "busy" and list(waiting_targets()) == []


def test_a_claim_left_by_a_dead_worker_ends(event, carrier):
    target = _target(event, carrier)
    PublicationTarget.objects.filter(pk=target.pk).update(claimed_until=timezone.now() + timedelta(minutes=10))
    assert publication_send(target_id=target.pk) == "busy"
    assert publication_sends_interrupted(before=timezone.now()) == 1  # the reaper, no worker running
    assert publication_send(target_id=target.pk) == "sent"


def test_the_audit_says_what_changed_in_words_without_the_secret(event, carrier):
    target = _target(event, carrier)
    publication_target_update(target=target, name="Club site", config={"host": "club.example"}, enabled=False)
    entries = AuditEntry.objects.filter(action=AuditEntry.Action.PUBLICATION_TARGET).order_by("id")
    created, switched_off = audit_texts(event, entries)
    assert (created.what, created.old, created.new) == (
        "Club site",
        "–",
        "Carrier; Server: club.example; Password: a new one given",
    )
    assert switched_off.new == "Carrier; Server: club.example; switched off"


def test_a_retry_without_a_change_sends_the_copy_already_built(event, carrier, monkeypatch):
    from tournaments.services import publication_outbox

    builds = []
    build = publication_outbox.publication_build
    monkeypatch.setattr(
        publication_outbox, "publication_build", lambda **kwargs: builds.append(kwargs) or build(**kwargs)
    )
    target = _target(event, carrier, failing=True)
    publication_send(target_id=target.pk)
    carrier.failing = False
    PublicationTarget.objects.filter(pk=target.pk).update(next_try_at=None)
    assert publication_send(target_id=target.pk) == "sent"
    assert len(builds) == 1 and len(carrier.sent) == 1
    round_publish(round_=event.rounds.get(number=2))
    assert publication_send(target_id=target.pk) == "sent"
    assert len(builds) == 2 and len(carrier.sent) == 2


@pytest.mark.django_db(transaction=True)
def test_two_workers_never_send_to_one_target_at_once(carrier):
    """Two database connections: the second sender finds the target claimed while the first one sends."""
    import threading

    from django.db import connection

    tournament = make_paired(teams=4)
    target = _target(tournament, carrier)  # committed: sent at once
    PublicationTarget.objects.filter(pk=target.pk).update(sent_token="")  # and owed again
    sending, release, outcomes = threading.Event(), threading.Event(), []

    def slow():
        sending.set()
        assert release.wait(60)

    carrier.during = slow

    def first():
        try:
            outcomes.append(publication_send(target_id=target.pk))
        finally:
            connection.close()

    worker = threading.Thread(target=first)
    worker.start()
    assert sending.wait(60)
    carrier.during = None
    assert publication_send(target_id=target.pk) == "busy"
    release.set()
    worker.join(60)
    assert outcomes == ["sent"] and len(carrier.sent) == 2


def test_an_unexpected_failure_is_in_words_and_the_log_never_has_the_secret(event, carrier, monkeypatch, caplog):
    def leak(**kwargs):
        raise ValueError(f"could not log in with {SECRET}")

    monkeypatch.setitem(
        TRANSPORTS,
        "carrier",
        Transport(kind="carrier", label="Carrier", fields=TRANSPORTS["carrier"].fields, send=leak),
    )
    target = _target(event, carrier)
    with caplog.at_level("ERROR"):
        assert publication_send(target_id=target.pk) == "failed"
    target.refresh_from_db()
    assert target.last_error == {
        "message": "the publication could not be sent: %(reason)s",
        "params": {"reason": "could not log in with •••"},
    }
    assert "could not log in with •••" in caplog.text and SECRET not in caplog.text


def test_with_a_broker_a_worker_sends_and_the_beat_hands_out_due_retries(event, carrier, monkeypatch, settings):
    from types import SimpleNamespace

    from tournaments import tasks
    from tournaments.services import publication_outbox

    assert settings.CELERY_BEAT_SCHEDULE["publication-outbox"]["task"] == tasks.publication_outbox_task.name
    target = _target(event, carrier, failing=True)
    queued = []
    broker = SimpleNamespace(conf=SimpleNamespace(task_always_eager=False))
    monkeypatch.setattr(publication_outbox, "celery_app", broker)
    monkeypatch.setattr(tasks.publication_send_task, "delay", queued.append)
    publication_outbox.publication_changed(event.pk)  # what public_changed runs once its transaction committed
    assert queued == [target.pk] and carrier.sent == []
    assert tasks.publication_outbox_task() == 1 and queued == [target.pk, target.pk]
    assert tasks.publication_send_task(target.pk) == "failed"
    assert tasks.publication_outbox_task() == 0  # its retry is not due yet


def test_the_desk_reads_every_targets_state_in_two_queries(event, carrier, django_assert_num_queries):
    from tournaments.selectors.publication_targets import publication_targets_for_desk

    for name in ("One", "Two", "Three"):
        publication_target_create(
            tournament=event, kind="carrier", name=name, config={"host": "club.example"}, secret=SECRET
        )
    with django_assert_num_queries(2):
        states = publication_targets_for_desk(event)
    assert [(state.target.name, state.state) for state in states] == [
        ("One", "waiting"),
        ("Two", "waiting"),
        ("Three", "waiting"),
    ]
    assert states[0].words == "not sent yet"
    PublicationTarget.objects.update(sent_at=timezone.now(), changes=3)
    assert publication_targets_for_desk(event)[0].words == "3 changes waiting"


@pytest.mark.django_db(transaction=True)
@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")  # the SystemExit that ends it
def test_without_a_broker_a_thread_sends_and_retries_until_the_target_is_back(carrier, settings, monkeypatch):
    import time

    from tournaments.services import publication_outbox

    settings.TASKS_IN_THREAD = True  # as make run and arbiter run
    monkeypatch.setattr(publication_outbox, "FIRST_RETRY", 1)
    pump = publication_outbox._Pump()
    monkeypatch.setattr(publication_outbox, "_pump", pump)
    tournament = make_paired(teams=4)

    def until(condition):
        deadline = time.monotonic() + 60
        while not condition():
            assert time.monotonic() < deadline
            time.sleep(0.2)

    target = _target(tournament, carrier, failing=True)  # committed: the thread starts and tries
    until(lambda: PublicationTarget.objects.get(pk=target.pk).attempts >= 1)
    carrier.failing = False  # the target is back: the thread's next try sends, nobody asked again
    until(lambda: PublicationTarget.objects.get(pk=target.pk).sent_at is not None)
    assert len(carrier.sent) == 1

    def stop():
        raise SystemExit

    monkeypatch.setattr(publication_outbox, "publication_outbox_run", stop)
    pump.wake()
    pump._thread.join(30)
    assert not pump._thread.is_alive()

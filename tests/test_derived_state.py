"""Derived state follows its basis (issue 28 item 1): a correction after the play-off was paired.

A round robin ends with two teams level on MP and a drawn direct encounter; the play-off is paired
and played; then a round-1 board is reverted from the match history. The play-off's tie is gone,
so the play-off is void: shown as such, never applied, and the standings stay a chain of places.
"""

import pytest

from tests.builders import make_decided_playoff
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, Round, StandingsCheck
from tournaments.selectors.standings import standings_for_tournament
from tournaments.services import standings_check
from tournaments.services.playoff import playoff_create, playoff_lots_record, playoff_remove
from tournaments.services.publishing import round_unpublish
from tournaments.services.results import result_revert
from tournaments.services.standings_check import standings_changed, standings_verify

pytestmark = pytest.mark.django_db


def places(standings):
    return [(entry.team.name, entry.row.rank, entry.row.rank_to, entry.row.mp) for entry in standings.rows]


@pytest.fixture
def decided():
    return make_decided_playoff()


def test_the_decided_play_off_says_why_on_the_right_rows(decided):
    standings = standings_for_tournament(tournament=decided)
    assert places(standings)[:2] == [("SK Kronach", 1, 1, 5), ("TSV Küps", 2, 2, 5)]
    kronach, kuesps = standings.rows[0].row, standings.rows[1].row
    assert kronach.reason is None
    assert kuesps.reason.text() == "behind the one above in the play-off on MP (3 : 1)."


def test_a_revert_that_undoes_the_tie_voids_the_play_off(decided):
    result_revert(audit_entry=decided.correction)
    for published_only in (False, True):
        standings = standings_for_tournament(tournament=decided, published_only=published_only)
        assert places(standings) == [
            ("TSV Küps", 1, 1, 5),
            ("SK Kronach", 2, 2, 4),
            ("SV Höchstadt", 3, 3, 2),
            ("Schachfreunde Selb", 4, 4, 1),
        ]
        assert standings.playoff_void and not standings.playoff_decided and not standings.playoff_required
        assert [entry.team.name for entry in standings.playoff] == ["SK Kronach", "TSV Küps"]  # shown, not applied


def test_a_void_play_off_takes_no_lots_and_is_removed_to_pair_anew(decided):
    result_revert(audit_entry=decided.correction)
    with pytest.raises(RuleViolation) as error:
        playoff_lots_record(tournament=decided, order=list(decided.teams.all()[:2]))
    assert error.value.field == "order"
    with pytest.raises(RuleViolation) as error:
        playoff_create(tournament=decided)
    assert "void" in error.value.text()
    playoff_remove(tournament=decided)
    assert not decided.rounds.filter(kind=Round.Kind.PLAYOFF).exists()
    removal = AuditEntry.objects.filter(action="playoff").latest("pk")
    assert removal.new_value is None and removal.old_value["rounds"] == [4, 5]
    assert removal.old_value["results"]["4"]  # the deleted results stay in the audit trail
    standings = standings_for_tournament(tournament=decided)
    assert not standings.playoff and not standings.playoff_void


def test_a_play_off_that_stands_is_not_removed(decided):
    with pytest.raises(RuleViolation) as error:
        playoff_remove(tournament=decided)
    assert error.value.text() == (
        "playoff: only a void play-off can be removed; this one still decides the tie for first place (Blitz §16)."
    )


def test_a_correction_in_a_published_round_withdraws_the_verified_badge(decided, client):
    """The badge stands only for the state gacrux checked: the revert withdraws it at once and
    queues the check again (it runs after the commit)."""
    assert standings_verify(tournament_id=decided.pk).verdict == "agrees"
    assert "every tie-break value agrees" in client.get(f"/t/{decided.slug}/standings/").text
    result_revert(audit_entry=decided.correction)
    assert StandingsCheck.objects.get(tournament=decided).verdict == "pending"
    page = client.get(f"/t/{decided.slug}/standings/").text
    assert "every tie-break value agrees" not in page and "being checked" in page
    assert standings_verify(tournament_id=decided.pk).verdict == "agrees"  # the rerun, on the corrected state


def test_a_verdict_on_standings_that_changed_during_the_check_is_dropped(decided, monkeypatch):
    """gacrux at work while a correction commits: its verdict is on the old state and is not stored."""
    compared = standings_check._compared

    def correction_meanwhile(tournament, standings):
        verdict = compared(tournament, standings)
        standings_changed(tournament_id=tournament.pk)
        return verdict

    monkeypatch.setattr(standings_check, "_compared", correction_meanwhile)
    assert standings_verify(tournament_id=decided.pk).verdict == "pending"


def test_unpublishing_a_round_withdraws_the_verdict(decided):
    standings_verify(tournament_id=decided.pk)
    round_unpublish(round_=decided.rounds.get(number=3))
    assert StandingsCheck.objects.get(tournament=decided).verdict == "pending"


def test_the_german_public_page_shows_the_void_play_off_and_no_badge(decided, client):
    """The issue's walk: after the revert the spectators read a void play-off, places 1 to 4 in
    order of match points, and no "checked" line for standings gacrux has not seen."""
    standings_verify(tournament_id=decided.pk)
    url = f"/t/{decided.slug}/standings/"
    assert "Geprüft mit dem Referenzprogramm der FIDE (gacrux" in client.get(url, HTTP_ACCEPT_LANGUAGE="de").text
    result_revert(audit_entry=decided.correction)
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9").text
    assert "Dieser Stichkampf ist ungültig" in page
    assert "Referenzprogramm der FIDE (gacrux" not in page  # the verdict is being recomputed
    table = page.split('class="standings"')[1].split("</table>")[0]
    assert table.index("TSV Küps") < table.index("SK Kronach") < table.index("SV Höchstadt")

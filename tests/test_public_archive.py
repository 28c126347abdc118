"""The public archive (selectors/archive.py): what an anonymous spectator may see, as an archive that
imports like any other (issue 31). Imported, everything it holds is what the original shows the public."""

import io
import json

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from tournaments.models import Tournament
from tournaments.selectors.archive import public_archive_for_tournament
from tournaments.services.archive import tournament_import
from tournaments.services.captain_codes import captain_code_issue
from tournaments.services.publication import publication_build

FRANKENWALD = "frankenwaldpokal-demo"  # rounds 1-5 published, round 6 has results but is a draft
SWISS = "team-swiss-demo"  # rounds 1-4 published, round 5 paired and waiting for review
PARTS = ("", "standings/", "teams/", "rounds/", "matches/")


@pytest.fixture
def demos(db):
    call_command("demo", "--swiss", stdout=io.StringIO())
    call_command("demo", stdout=io.StringIO())
    return Tournament.objects.get(slug=FRANKENWALD), Tournament.objects.get(slug=SWISS)


def _comparable(data):
    """An API answer without what differs between two databases holding the same event: ids, versions, URLs."""
    if isinstance(data, dict):
        return {
            key: _comparable(value)
            for key, value in data.items()
            if key not in {"id", "team", "version", "url", "slug"}
        }
    if isinstance(data, list):
        return [_comparable(value) for value in data]
    return data


def _api(client, slug: str, part: str):
    answer = client.get(f"/api/v1/tournaments/{slug}/{part}", {"page_size": 200} if part.endswith("s/") else {})
    assert answer.status_code == 200, answer.content
    return _comparable(answer.json())


@pytest.mark.parametrize("slug", [FRANKENWALD, SWISS])
def test_the_imported_public_archive_shows_its_staff_no_more_than_the_original_shows_the_public(demos, slug):
    original = Tournament.objects.get(slug=slug)
    captain_code_issue(team=original.teams.first())
    archive = public_archive_for_tournament(tournament=original)
    mirror = tournament_import(archive=json.dumps(archive).encode(), source="test")
    staff = Client()
    staff.force_login(User.objects.create_superuser("server-admin", password="x"))
    for part in PARTS:
        seen = _api(Client(), original.slug, part)
        held = _api(staff, mirror.slug, part)
        for key in ("role", "created_at", "reference_check"):  # the copy: directed, made and checked here
            seen.pop(key, None), held.pop(key, None)
        for player in [p for team in held.get("results", []) for p in team.get("players", [])]:
            assert (player.pop("federation_id"), player.pop("birth_date")) == ("", None)  # staff only: never sent
        for match in [m for m in held.get("results", []) if m.get("results_published") is False]:
            score = match.pop("score")  # staff see the score of no result; the public nothing
            assert (score["first"], score["second"], score["missing"]) == (0, 0, len(match["boards"]))
            match["score"] = None
        if part == "rounds/":  # a round whose pairings wait for review is listed to the public, empty
            seen["results"] = [r for r in seen["results"] if r["number"] in {h["number"] for h in held["results"]}]
            seen["count"] = len(seen["results"])
        assert held == seen, part
    text = json.dumps(archive)
    assert "incidents" not in archive and "federation_id" not in text and "birth_date" not in text
    assert archive["publication"]["version"] == original.public_version.token


def test_unpublished_rounds_and_draft_results_stay_out(demos):
    frankenwald, swiss = demos
    rounds = public_archive_for_tournament(tournament=swiss)["rounds"]
    assert [r["number"] for r in rounds] == [1, 2, 3, 4]  # round 5's pairings wait for the director
    assert swiss.rounds.filter(number=5, pairings_published_at__isnull=True).exists()
    sixth = public_archive_for_tournament(tournament=frankenwald)["rounds"][5]
    assert sixth["published_at"] is None and len(sixth["encounters"]) == 5
    assert {s["result"] for e in sixth["encounters"] for g in e["games"] for s in g["seats"]} == {None}
    full = next(r for r in frankenwald.rounds.all() if r.number == 6).matches.first().boards.first()
    assert full.result  # the desk has round 6's results


def test_the_publication_carries_each_tournaments_public_archive(demos, tmp_path):
    frankenwald, _ = demos
    version = publication_build(target=tmp_path)
    path = tmp_path / "v" / version / "api" / "v1" / "tournaments" / FRANKENWALD / "archive.json"
    assert json.loads(path.read_text()) == public_archive_for_tournament(tournament=frankenwald)
    standings = (tmp_path / "v" / version / "de" / "t" / FRANKENWALD / "standings" / "index.html").read_text()
    assert 'href="../archive.json"' in standings  # the download beside the TRF, inside the version
    assert (tmp_path / "v" / version / "de" / "t" / FRANKENWALD / "archive.json").read_bytes() == path.read_bytes()

"""Registrations can be corrected (issue 28 item 2): rename and short name at any time, delete
before the start, the seeds ordered by rating, by lots or by hand before the first pairing."""

import pytest

from tests.builders import make_paired, make_tournament
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, Player, Team
from tournaments.services.teams import player_rename, team_delete, team_rename, teams_seed

pytestmark = pytest.mark.django_db


def seeds(tournament) -> list[tuple[str, int]]:
    return list(tournament.teams.order_by("seed").values_list("name", "seed"))


def test_a_typo_in_a_team_name_is_corrected_after_the_start_and_recorded():
    tournament = make_paired(teams=4)
    team = tournament.teams.get(name="TSV Küps")
    team_rename(team=team, name="TSV Küps 1920", short_name="Küps")
    team.refresh_from_db()
    assert (team.name, team.short_name) == ("TSV Küps 1920", "Küps")
    entry = AuditEntry.objects.filter(tournament=tournament, action="roster").latest("pk")
    assert (entry.old_value, entry.new_value) == (
        {"name": "TSV Küps", "short_name": ""},
        {"name": "TSV Küps 1920", "short_name": "Küps"},
    )
    with pytest.raises(RuleViolation) as error:
        team_rename(team=team, name="SK Kronach")
    assert error.value.field == "name" and "SK Kronach" in error.value.text()
    with pytest.raises(RuleViolation) as error:
        team_rename(team=team, name="  ")
    assert error.value.field == "name"
    player = team.players.get(position=1)
    player_rename(player=player, name="Björn Schäfer-Ost")
    assert Player.objects.get(pk=player.pk).name == "Björn Schäfer-Ost"


def test_a_team_is_deleted_only_before_the_start_and_the_seeds_close_up():
    tournament = make_tournament(teams=4)
    team_delete(team=tournament.teams.get(name="TSV Küps"))
    assert seeds(tournament) == [("SK Kronach", 1), ("SV Höchstadt", 2), ("Schachfreunde Selb", 3)]
    removal = AuditEntry.objects.filter(tournament=tournament, action="roster", new_value__isnull=True).get()
    assert removal.target == "TSV Küps" and len(removal.old_value) == 5
    started = make_paired(teams=2, name="Gestartet")
    with pytest.raises(RuleViolation) as error:
        team_delete(team=started.teams.first())
    assert error.value.field == "roster"
    assert started.teams.count() == 2


def test_the_seeds_follow_the_rating_or_the_order_given_and_the_lots_are_recorded():
    tournament = make_tournament(teams=4)
    Player.objects.filter(team__name="SV Höchstadt").update(rating=2400)
    Player.objects.filter(team__name="Schachfreunde Selb").update(rating=2200)
    teams_seed(tournament=tournament, order="rating")
    assert [name for name, _ in seeds(tournament)][:2] == ["SV Höchstadt", "Schachfreunde Selb"]
    by_name = {team.name: team for team in tournament.teams.all()}
    order = [by_name[name] for name in ("SC Tettau", "SK Kronach", "TSV Küps", "SV Höchstadt") if name in by_name]
    with pytest.raises(RuleViolation) as error:
        teams_seed(tournament=tournament, order="given", teams=order)
    assert error.value.field == "teams"
    wanted = ["TSV Küps", "SK Kronach", "Schachfreunde Selb", "SV Höchstadt"]
    teams_seed(tournament=tournament, order="given", teams=[by_name[name] for name in wanted])
    assert seeds(tournament) == [(name, seed) for seed, name in enumerate(wanted, start=1)]
    teams_seed(tournament=tournament, order="lots")
    assert sorted(seed for _, seed in seeds(tournament)) == [1, 2, 3, 4]
    drawn = AuditEntry.objects.filter(tournament=tournament, target="seed").latest("pk")
    assert drawn.new_value["order"] == "lots" and drawn.old_value == dict(zip(wanted, [1, 2, 3, 4], strict=True))
    with pytest.raises(RuleViolation) as error:
        teams_seed(tournament=make_paired(teams=2, name="Gestartet"), order="lots")
    assert error.value.field == "roster"


def test_the_desk_renames_removes_and_seeds(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("td", is_staff=True, is_superuser=True))
    tournament = make_tournament(teams=3)
    team = tournament.teams.get(name="TSV Küps")
    url = f"/desk/{tournament.slug}/teams/{team.pk}/"
    page = client.get(url).text
    assert 'value="name"' in page and 'id="delete"' in page
    assert client.post(url, {"action": "name", "name": "TSV Küps II", "short_name": "Küps"}).status_code == 302
    assert Team.objects.get(pk=team.pk).name == "TSV Küps II"
    refused = client.post(url, {"action": "name", "name": "SK Kronach"})
    assert refused.status_code == 400 and "SK Kronach" in refused.text
    kronach = tournament.teams.get(name="SK Kronach")
    given = {f"seed-{t.pk}": 1 if t == kronach else 2 + t.seed for t in tournament.teams.all()}
    given["seed-" + str(kronach.pk)] = 9
    assert client.post(f"/desk/{tournament.slug}/teams/seeds/", {"order": "given", **given}).status_code == 302
    assert seeds(tournament)[-1] == ("SK Kronach", 3)
    assert client.post(url, {"action": "delete"}).status_code == 302
    assert not Team.objects.filter(pk=team.pk).exists()
    assert [seed for _, seed in seeds(tournament)] == [1, 2]


def test_the_api_renames_removes_and_seeds(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("td", is_staff=True, is_superuser=True))
    tournament = make_tournament(teams=3)
    team = tournament.teams.get(name="TSV Küps")
    base = f"/api/v1/tournaments/{tournament.slug}/teams/"
    renamed = client.patch(f"{base}{team.pk}/", {"short_name": "Küps"}, content_type="application/json")
    assert renamed.status_code == 200 and renamed.json()["short_name"] == "Küps"
    seeded = client.post(f"{base}seeds/", {"order": "rating"}, content_type="application/json")
    assert seeded.status_code == 200 and [t["seed"] for t in seeded.json()] == [1, 2, 3]
    bad = client.post(f"{base}seeds/", {"order": "given", "teams": [team.pk]}, content_type="application/json")
    assert bad.status_code == 400 and bad.json()["field"] == "teams"
    assert client.delete(f"{base}{team.pk}/").status_code == 204
    assert [name for name, _ in seeds(tournament)] == ["SK Kronach", "SV Höchstadt"]
    client.logout()
    kronach = tournament.teams.get(name="SK Kronach")
    assert client.delete(f"{base}{kronach.pk}/").status_code in (401, 403)

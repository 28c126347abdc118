from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.builders import make_paired, play_round
from tournaments.domain.trf.reference import reference_standings
from tournaments.services.lineups import match_lineup_set

pytestmark = pytest.mark.django_db


def export(slug: str) -> str:
    out = StringIO()
    call_command("export_trf", slug, stdout=out)
    return out.getvalue()


def records(text: str, code: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(code)]


def test_export_writes_players_teams_lineups_and_forfeits_and_gacrux_reads_the_same_scores():
    tournament = make_paired(teams=4, preset="fide-team", name="Oberfrankenliga")
    first = tournament.rounds.get(number=1)
    match = first.matches.get(table=1)
    match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, 5])  # a substitute on board 4
    play_round(first, {1: "1-0 ½-½ 0-1 1-0", 2: "+- +- +- +-"})
    text = export(tournament.slug)

    assert records(text, "192") == ["192 FIDE_TEAM_ROUNDROBIN"]
    assert records(text, "352") == ["352 WBWB"]
    assert len(records(text, "001")) == 20 and len(records(text, "310")) == 4
    team = match.first_team.seed
    opponent = match.second_team.seed
    substitute = (team - 1) * 5 + 5
    assert records(text, "300") == [
        f"300   1 {team:3d} {opponent:3d} " + " ".join(f"{(team - 1) * 5 + p:4d}" for p in (1, 2, 3, 5))
    ]
    forfeited = first.matches.get(table=2)
    assert records(text, "330") == [f"330 +-   1 {forfeited.first_team.seed:3d} {forfeited.second_team.seed:3d}"]
    line = next(r for r in records(text, "001") if int(r[4:8]) == substitute)
    assert line[91:95] != "0000" and line[98] in "10="

    reference = reference_standings(text, ["BP"])
    for row in records(text, "310"):
        number, gp = int(row[4:7]), float(row[61:67])
        assert reference.values["BP"][number] == gp
    assert reference.version == "1.11.65"


def test_an_unknown_slug_is_refused():
    with pytest.raises(CommandError, match="no tournament"):
        export("nope")


def test_public_download_holds_published_rounds_only_and_the_desk_every_result(client, django_user_model):
    from tournaments.services.publishing import round_publish
    from tournaments.services.roles import role_grant

    tournament = make_paired(teams=4, preset="fide-team", name="Oberfrankenliga")
    first, second = tournament.rounds.get(number=1), tournament.rounds.get(number=2)
    play_round(first, {1: "1-0 1-0 1-0 1-0", 2: "½-½ ½-½ ½-½ ½-½"})
    play_round(second, {1: "0-1 0-1 0-1 0-1", 2: "1-0 1-0 1-0 1-0"})
    round_publish(round_=first)

    public = client.get(f"/t/{tournament.slug}/trf/")
    assert public.status_code == 200 and public["Content-Type"].startswith("text/plain")
    assert public["Content-Disposition"] == f'attachment; filename="{tournament.slug}.trf"'
    text = public.content.decode()
    assert all(line[101:109].strip() == "" for line in records(text, "001"))  # round 2 unpublished
    api = client.get(f"/api/v1/tournaments/{tournament.slug}/trf/")
    assert api.status_code == 200 and api.content.decode() == text
    assert "tournaments:trf" not in client.get(f"/t/{tournament.slug}/standings/").content.decode()
    assert f"/t/{tournament.slug}/trf/" in client.get(f"/t/{tournament.slug}/standings/").content.decode()

    user = django_user_model.objects.create_user("td", password="pw")
    role_grant(tournament=tournament, member=user, role="director")
    client.force_login(user)
    desk = client.get(f"/desk/{tournament.slug}/trf/").content.decode()
    assert any(line[101:109].strip() for line in records(desk, "001"))


def test_a_c07_code_is_stored_as_fide_writes_it():
    from tournaments.services.tournaments import tournament_create

    tournament = tournament_create(name="C.07", preset="fide-team", tiebreaks_other=["bh:mp/c1", "emgsb", "BC"])
    assert tournament.tiebreaks_other == ["BH:MP/C1", "EMGSB", "BC"]


@pytest.mark.parametrize(
    ("limit", "reason"),
    [
        ("TRF_TEAMS", "more than 999 teams: a TRF-2026 file numbers teams in three digits (record 310)"),
        ("TRF_PLAYERS", "more than 9999 players: a TRF-2026 file numbers players in four digits (record 001)"),
    ],
)
def test_an_event_too_large_for_trfs_numbers_is_refused_not_written_broken(client, monkeypatch, limit, reason):
    """Wider numbers would shift every later column of 001/310 and no reader could parse the
    file; the command, the desk and the public download refuse it, naming why. The limits are
    lowered here (4 teams of 5 players are "too many") instead of entering a thousand teams."""
    from tournaments.domain.trf import event as trf_event_module

    monkeypatch.setattr(trf_event_module, limit, 3 if limit == "TRF_TEAMS" else 19)
    tournament = make_paired(teams=4, preset="fide-team", name="Huge open")
    with pytest.raises(CommandError) as refused:
        export(tournament.slug)
    assert str(refused.value) == f"format: {reason} (FIDE TRF-2026)"
    answer = client.get(f"/t/{tournament.slug}/trf/")
    assert answer.status_code == 400
    assert reason in answer.content.decode()

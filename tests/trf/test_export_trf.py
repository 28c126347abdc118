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
    assert records(text, "300") == [f"300   1 {team:3d} {opponent:3d} " + " ".join(f"{(team - 1) * 5 + p:4d}" for p in (1, 2, 3, 5))]
    forfeited = first.matches.get(table=2)
    assert records(text, "330") == [f"330 +-   1 {forfeited.first_team.seed:3d} {forfeited.second_team.seed:3d}"]
    line = next(r for r in records(text, "001") if int(r[4:8]) == substitute)
    assert line[91:95] != "0000" and line[98] in "10="

    reference = reference_standings(text, ["BP"])
    for row in records(text, "310"):
        number, mp, gp = int(row[4:7]), float(row[54:60]), float(row[61:67])
        assert reference.values["BP"][number] == gp
    assert reference.version == "1.11.65"


def test_an_unknown_slug_is_refused():
    with pytest.raises(CommandError, match="no tournament"):
        export("nope")

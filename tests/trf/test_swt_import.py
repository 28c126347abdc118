"""SwissChess team tournaments (.SWT) imported with their teams, line-ups and results (issue 26),
on a file built from the public structure files (tests/trf/swt_file.py; no public SwissChess
team file with a known licence was found). Three teams of three on two boards, two rounds:

Round 1: Kronach – Hof 1½ : ½ (Müller beats Weber, Schmidt draws Braun); Coburg has the bye.
Round 2: Coburg – Kronach 0 : 2 (Vogel loses to Müller; Keller, Kronach's reserve, moves up to
board 2 past Schmidt, who rests, and wins by forfeit against Wolf); Hof has the bye.
"""

import datetime
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.trf.files import boards_of
from tests.trf.swt_file import swt_file
from tournaments.models import Match, Player, Tournament
from tournaments.selectors.standings import standings_for_tournament

pytestmark = pytest.mark.django_db

TEAMS = [
    (
        "SK Kronach",
        [
            {"name": "Müller,Jürgen", "rating": 1850, "federation": "GER", "zps": "C0327", "member": "1001"},
            {"name": "Schmidt,Anna", "rating": 1720, "federation": "GER", "birth": datetime.date(1990, 5, 17)},
            {"name": "Keller,Paul", "rating": 1600, "federation": "GER"},
        ],
    ),
    ("SC Hof", [{"name": "Weber,Eva"}, {"name": "Braun,Max"}, {"name": "Lang,Ute"}]),
    (
        "TSV Coburg",
        [
            {"name": "Vogel,Ina", "federation": "CZE", "fide_id": "312345678"},
            {"name": "Wolf,Kai"},
            {"name": "Roth,Tim"},
        ],
    ),
]
W, B = 1, 3
LOSS, DRAW, WIN = 1, 2, 3
PAIRINGS = {
    1: {1: (W, 4, WIN, 0, 1), 4: (B, 1, LOSS, 0, 1), 2: (B, 5, DRAW, 0, 2), 5: (W, 2, DRAW, 0, 2)},
    2: {7: (W, 1, LOSS, 0, 1), 1: (B, 7, WIN, 0, 1), 8: (B, 3, LOSS, 2, 2), 3: (W, 8, WIN, 2, 2)},
}
DATES = {1: datetime.date(2025, 10, 4), 2: datetime.date(2025, 10, 5)}


def imported(tmp_path, data: bytes) -> Tournament:
    path = tmp_path / "event.SWT"
    path.write_bytes(data)
    out = StringIO()
    call_command("import_swt", str(path), stdout=out)
    return Tournament.objects.get(slug=out.getvalue().strip())


def test_a_swisschess_team_tournament_comes_in_with_teams_line_ups_and_results(tmp_path):
    data = swt_file(
        name="Oberfrankenpokal", rounds=2, boards=2, teams=TEAMS, pairings=PAIRINGS, team_byes={1: 3, 2: 2}, dates=DATES
    )
    tournament = imported(tmp_path, data)
    assert (tournament.name, tournament.boards, tournament.pairing_system) == ("Oberfrankenpokal", 2, "swiss-fide-team")
    assert [(t.name, [p.name for p in t.players.order_by("position")]) for t in tournament.teams.order_by("seed")] == [
        (name, [p["name"] for p in players]) for name, players in TEAMS
    ]
    assert boards_of(tournament, 1) == [
        (1, "Müller,Jürgen", "Weber,Eva", "1-0"),
        (2, "Schmidt,Anna", "Braun,Max", "½-½"),
    ]
    assert boards_of(tournament, 2) == [(1, "Vogel,Ina", "Müller,Jürgen", "0-1"), (2, "Wolf,Kai", "Keller,Paul", "-+")]
    rows = {e.team.name: (e.row.mp, e.row.bp) for e in standings_for_tournament(tournament=tournament).rows}
    assert rows == {"SK Kronach": (4, 3.5), "SC Hof": (0, 0.5), "TSV Coburg": (0, 0)}
    assert [(r.number, r.date) for r in tournament.rounds.order_by("number")] == list(DATES.items())
    muller, schmidt, vogel = (
        Player.objects.get(team__tournament=tournament, name=n) for n in ("Müller,Jürgen", "Schmidt,Anna", "Vogel,Ina")
    )
    assert (muller.federation_id, muller.rating, schmidt.birth_date) == ("C0327-1001", 1850, datetime.date(1990, 5, 17))
    assert (vogel.federation, vogel.fide_id) == ("CZE", "312345678")
    matches = Match.objects.filter(round__tournament=tournament).select_related("round").with_sides()
    byes = sorted((m.round.number, m.first_team.name) for m in matches if m.second_team is None)
    assert byes == [(1, "TSV Coburg"), (2, "SC Hof")]  # the team pairings' "spielfrei": the PAB


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda data: data[:20000], "SWT: the file ends at byte 20000, before the data it announces (SwissChess)."),
        (
            lambda data: data[:0x25E] + b"\0" + data[0x25F:],
            "SWT: an individual tournament; Arbiter imports SwissChess team tournaments (SwissChess).",
        ),
        (
            lambda data: data[:0x261] + (700).to_bytes(2, "little") + data[0x263:],
            "SWT: file version 700: SwissChess files before version 8 are not read (SwissChess).",
        ),
    ],
)
def test_a_file_that_is_not_a_swisschess_team_tournament_is_refused_with_the_reason(tmp_path, change, message):
    data = swt_file(
        name="Pokal", rounds=2, boards=2, teams=TEAMS, pairings=PAIRINGS, team_byes={1: 3, 2: 2}, dates=DATES
    )
    with pytest.raises(CommandError) as refused:
        imported(tmp_path, change(data))
    assert str(refused.value) == message
    assert Tournament.objects.count() == 0

"""Archive version 2: encounters of sides, games of seats (docs/archive.md).

Every version 1 archive (``tests/fixtures/upgrade/exports``: both demos, a play-off, incidents,
a withdrawal, a tandem with double rounds) still imports and ranks as its version 2 reading does;
the version 2 export round-trips byte for byte; bad seats are refused with their place.
"""

import copy
import json
from dataclasses import asdict
from pathlib import Path

import pytest

from tournaments.archive.upgrade import v1_to_v2
from tournaments.domain.errors import RuleViolation
from tournaments.models import Tournament
from tournaments.selectors.archive import archive_for_tournament
from tournaments.selectors.standings import standings_for_tournament
from tournaments.services.archive import tournament_import

pytestmark = pytest.mark.django_db
EXPORTS = Path(__file__).resolve().parent / "fixtures" / "upgrade" / "exports"
V1 = sorted(EXPORTS.glob("*.json"))


def _text(archive: dict) -> str:
    return json.dumps(archive, ensure_ascii=False, indent=2)  # as export_tournament writes it


def _ranking(tournament: Tournament) -> list:
    """Every row of the standings and the play-off, teams by name (their keys differ per import)."""
    standings = standings_for_tournament(tournament=tournament)
    return [
        (e.team.name, {key: value for key, value in asdict(e.row).items() if key != "team"})
        for e in [*standings.rows, *standings.playoff]
    ]


@pytest.mark.parametrize("path", V1, ids=lambda path: path.stem)
def test_a_version_1_archive_imports_and_its_export_round_trips_byte_for_byte(path):
    v1 = path.read_text(encoding="utf-8")
    exported = _text(archive_for_tournament(tournament=tournament_import(archive=v1)))
    assert json.loads(exported)["version"] == 2
    after, expected = json.loads(exported), v1_to_v2(json.loads(v1))
    # Everything as read; the tournament may only gain the settings version 1 archives predate.
    assert {**after, "tournament": None} == {**expected, "tournament": None}
    assert after["tournament"] | expected["tournament"] == after["tournament"]
    again = _text(archive_for_tournament(tournament=tournament_import(archive=exported)))
    assert again == exported


@pytest.mark.parametrize("path", V1, ids=lambda path: path.stem)
def test_a_version_1_archive_ranks_as_its_version_2_reading(path):
    v1 = json.loads(path.read_text(encoding="utf-8"))
    from_v1 = _ranking(tournament_import(archive=copy.deepcopy(v1)))
    from_v2 = _ranking(tournament_import(archive=v1_to_v2(v1)))
    assert from_v1 == from_v2
    assert len(from_v1) >= 4 and from_v1[0][1]["rank"] == 1


def _demo() -> dict:
    return v1_to_v2(json.loads((EXPORTS / "frankenwaldpokal-demo.json").read_text(encoding="utf-8")))


def _game(archive: dict, table: int = 1, board: int = 1) -> dict:
    return archive["rounds"][0]["encounters"][table - 1]["games"][board - 1]


SCHACH4_TABLE = [  # V1: four singles; side 4 absent takes the last place
    {"side": 1, "player": "A", "place": 2},
    {"side": 2, "player": "B", "place": 1},
    {"side": 3, "player": "C", "place": 3},
    {"side": 4, "player": None, "place": 4},
]


def _at_table(archive: dict, change, sides: int = 4) -> None:
    """Round 1, table 1 as an encounter of ``sides`` sides at one table of seats."""
    encounter = archive["rounds"][0]["encounters"][0]
    encounter["sides"] += [{"entrant": name} for name in ("SC Tettau", "SV Mönchröden")[: sides - 2]]
    seats = copy.deepcopy(SCHACH4_TABLE)
    change(seats)
    encounter["games"] = [{"board": 1, "seats": seats}]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda a: _game(a)["seats"][0].update(colour="W"),
            "round 1, table 1, board 1, seats[0].colour: this seat plays B here (the tournament's colour pattern), "
            "not W.",
        ),
        (
            lambda a: [seat.update(result="1") for seat in _game(a)["seats"]],
            "round 1, table 1, board 1: the seats' results “1” and “1” do not make one game; "
            "use 1 and 0, ½ and ½, 0 and 1, + and -, - and +, or - and -.",
        ),
        (
            lambda a: _game(a)["seats"].reverse(),
            "round 1, table 1, board 1, seats: a game here has two seats: the first team's, then the second team's.",
        ),
        (
            lambda a: a["rounds"][0]["encounters"][0]["sides"].append({"entrant": "SC Tettau"}),
            "round 1, table 1, sides: an encounter of this tournament is a match of two teams, not of 3 sides.",
        ),
        (
            lambda a: _at_table(a, lambda s: s.pop(), sides=3) or _game(a)["seats"][2].update(side=4),
            "round 1, table 1, board 1, seats[2].side: side 4 is not at this table; its sides are 1 to 3.",
        ),
        (
            lambda a: _at_table(a, lambda s: s[0].update(place=3)),
            "round 1, table 1, board 1, seats[0].place: place 3 cannot follow: the places so far end at 1, so the "
            "next is 2.",
        ),
        (
            lambda a: _at_table(a, lambda s: s[0].update(place=1) or s[2].update(place=2)),
            "round 1, table 1, board 1, seats[2].place: place 2 cannot follow: the places so far end at 2, so the "
            "next is 3.",
        ),
        (
            lambda a: _at_table(a, lambda s: s[0].update(place=1) or s[2].update(place=3) or s[3].update(place=3)),
            "round 1, table 1, board 1, seats[3].place: a side with an absent player takes the last place (4), after "
            "every side that played.",
        ),
        (
            lambda a: _at_table(a, lambda s: s[2].update(place=4) or s[3].update(place=3)),
            "round 1, table 1, board 1, seats[2].place: a side with an absent player takes the last place (4), after "
            "every side that played.",
        ),
        (
            lambda a: _at_table(a, lambda s: s[3].update(side=3, player="D", place=1), sides=3),
            "round 1, table 1, board 1, seats[3].place: the seats of one side share its place.",
        ),
        (
            lambda a: _at_table(a, lambda s: s[2].update(place=None)),
            "round 1, table 1, board 1, seats[2].place: give every seat its side's place, from 1 to 4.",
        ),
        (
            lambda a: _at_table(a, lambda s: s.pop(), sides=4),
            "round 1, table 1, board 1, seats: side 4 has no seat at this table.",
        ),
        (
            lambda a: _at_table(a, lambda s: None),  # a possible finishing order: refused only for the tournament
            "round 1, table 1, sides: an encounter of this tournament is a match of two teams, not of 4 sides.",
        ),
        (
            lambda a: _game(a).update(
                seats=[{"side": 1, "player": None, "place": 2}, {"side": 2, "player": "X", "place": 1}]
            ),
            "round 1, table 1, board 1, seats: this tournament scores a game by its result, not by a finishing order.",
        ),
    ],
)
def test_bad_seats_are_refused_naming_the_place_and_nothing_is_written(change, message):
    archive = _demo()
    change(archive)
    with pytest.raises(RuleViolation) as error:
        tournament_import(archive=archive)
    assert error.value.text() == message
    assert Tournament.objects.count() == 0


def test_a_seat_without_colour_takes_the_tournaments():
    archive = _demo()
    for seat in _game(archive)["seats"]:
        del seat["colour"]
    exported = archive_for_tournament(tournament=tournament_import(archive=archive))
    assert [seat["colour"] for seat in _game(exported)["seats"]] == ["B", "W"]
    assert {**exported, "tournament": None} == {**_demo(), "tournament": None}  # settings: see above

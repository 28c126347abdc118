"""TRF-2026's record 240 cannot mark a late entry: the import reads one where the rounds say it."""

from types import SimpleNamespace

from tournaments.domain.trf.to_archive import _late_entries

TEAMS = [SimpleNamespace(number=n, name=f"T{n}") for n in (1, 2, 3, 4, 5)]


def test_only_a_team_with_nothing_but_byes_of_one_kind_before_its_first_encounter_entered_late():
    requested = {
        (1, 1): "H",
        (1, 2): "H",  # half-point byes in rounds 1–2, plays from round 3: late
        (2, 2): "H",  # a bye in round 2 after playing round 1: asked for
        (3, 1): "H",
        (3, 2): "Z",  # two kinds: no competition gives a late entry both
        (4, 1): "F",  # a full-point bye is never what a late entry missed
        (5, 1): "Z",  # zero points in round 1, then plays: read as entered late (the one guess)
    }
    first_paired = {1: 3, 2: 1, 3: 3, 4: 2, 5: 2}
    assert _late_entries(TEAMS, requested, first_paired) == {1: ("H", 3), 5: ("Z", 2)}


def test_a_team_that_never_played_is_not_read_as_a_late_entry():
    assert _late_entries(TEAMS[:1], {(1, 1): "Z", (1, 2): "Z"}, {}) == {}

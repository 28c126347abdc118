"""The standings of an archive without a database: the archive's rules and encounters read as the
standings selector reads the stored ones (``domain/standing_records.py``, shared with it).

A way to rank an archive before importing it, and the whole process of the reference benchmark
(issue 29: a TRF file to a ranked list, ``read_trf`` → ``convert_trf`` → ``trf_standings``): a TRF
file's conversion is ranked as its archive would be, by the same rules set-up and loop, without
the archive written out only for its names to be looked up again.
The archive is taken as valid (``services/archive.py`` validates an import); every regular
round counts, published or not. Withdrawals and play-offs are not applied (a TRF file holds
neither): what they change, the selector alone does.
"""

from functools import lru_cache, partial

from tournaments.domain.disciplines import get_discipline
from tournaments.domain.encounter import EncounterState, GameState, SeatState
from tournaments.domain.pairing_systems import pairing_system
from tournaments.domain.presets import ByeScoring, DirectEncounter, MatchPoints, TiebreakEdition, get_preset
from tournaments.domain.results import BY_VALUE, parse_board_result
from tournaments.domain.rule_set import TOGETHER, preset_rules, resolve_rules
from tournaments.domain.schedule import legs
from tournaments.domain.scoring import requested_bye_record
from tournaments.domain.seats import result_of_seats
from tournaments.domain.standing_records import standing_record
from tournaments.domain.standings import RankingRules, StandingRow, compute_standings
from tournaments.domain.trf.to_archive import TrfConversion

from .settings import given_settings


def archive_standings(archive: dict, *, final: bool = False) -> list[StandingRow]:
    """The standings after the archive's rounds (version 1 or 2); a row's ``team`` is the team's seed."""
    ranking = _ranking(archive["tournament"], given_settings(archive))
    seeds = {team["name"]: team.get("seed", index) for index, team in enumerate(archive["teams"], start=1)}
    with_results = set(ranking.discipline.boards_with_results(ranking.rules.boards))
    encounters = (
        _v1_encounters if archive.get("version") == 1 else partial(_v2_encounters, discipline=ranking.discipline)
    )
    byes = {}  # round -> (team, kind) of each bye asked for, in the teams' order
    for team in archive["teams"]:
        for bye in team.get("byes", ()):
            byes.setdefault(bye["round"], []).append((seeds[team["name"]], bye["kind"]))
    rounds = (
        (round_["number"], encounters(round_, seeds, with_results), byes.get(round_["number"], ()))
        for round_ in archive.get("rounds", ())
    )
    return ranking.standings(sorted(seeds.values()), rounds, final=final)


def trf_standings(conversion: TrfConversion, *, final: bool = False) -> list[StandingRow]:
    """The standings of a TRF file as its archive would rank (``archive_standings``), read from
    the conversion by number: nothing written out by name only to be looked up again."""
    lone = any(match.second is None for _number, matches in conversion.rounds for match in matches)
    fields = conversion.tournament
    ranking = _ranking(fields, given_settings({"tournament": fields}, lone_entrants=lone))
    with_results = ranking.discipline.boards_with_results(ranking.rules.boards)
    every_board = with_results == range(1, ranking.rules.boards + 1)  # a match's results as they are
    teams = sorted(team.number for team in conversion.event.teams)
    byes = {}
    for (team, number), kind in sorted(conversion.requested.items()):
        byes.setdefault(number, []).append((team, kind))
    rounds = (
        (
            number,
            (
                (
                    (match.first,) if match.second is None else (match.first, match.second),
                    "",
                    match.results
                    if every_board
                    else [result for board, result in enumerate(match.results, 1) if board in with_results],
                    _NO_PLACES[match.second is None],
                    1,  # a TRF file writes each leg of a double round as a round of its own
                )
                for match in matches
            ),
            byes.get(number, ()),
        )
        for number, matches in conversion.rounds
    )
    return ranking.standings(teams, rounds, final=final)


_NO_PLACES = {False: (None, None), True: (None,)}  # a match's sides, a bye's: no table places


# the settings the ranking reads, with those checked together with them (``resolve_rules``)
_READ = TOGETHER | {
    "match_points",
    "bye_scoring",
    "tiebreaks_first",
    "tiebreaks_other",
    "tiebreak_edition",
    "direct_encounter",
    "double_rounds",
}


def _ranking(fields: dict, given: dict) -> "_Ranking":
    """The ranking of an archive's tournament fields and settings (``given``, ``given_settings``),
    made once for each preset and values of the settings it reads: its set-up (resolving and
    checking the rules) was a tenth of a 14-team Swiss's ranking (issue 29)."""
    read = {name: value for name, value in given.items() if name in _READ}
    return _made_ranking(_Settings(fields.get("preset", "blitz-frankenwald"), read))


class _Settings:
    """A preset and the values of the settings read, as the cache's key: compared by their ``repr``,
    which tells apart what equality does not (``True == 1`` and ``2 == 2.0``, though the rules
    refuse ``True`` and ``2.0`` boards) and hashes a list."""

    __slots__ = ("preset", "given", "text")

    def __init__(self, preset, given: dict):
        self.preset, self.given, self.text = preset, given, repr((preset, given))

    def __hash__(self) -> int:
        return hash(self.text)

    def __eq__(self, other) -> bool:
        return self.text == other.text


@lru_cache(maxsize=64)
def _made_ranking(settings: _Settings) -> "_Ranking":
    return _Ranking(settings.preset, settings.given)


class _Ranking:
    """The discipline and ranking rules a preset and the settings given with it make (by
    ``_ranking``: never changed once made), and its standings from encounters as the selector
    reads them."""

    __slots__ = ("discipline", "rules", "requested_byes")

    def __init__(self, preset_key, given: dict):
        preset = get_preset(preset_key)
        discipline = get_discipline(preset.discipline.value)
        values = resolve_rules(preset_rules(preset, _READ), given, discipline=discipline, names=_READ)
        self.discipline = discipline.with_place_points(values["place_points"]).with_bye_points(
            values["table_bye_points"]
        )
        points, system = values["match_points"], pairing_system(values["pairing"])
        self.rules = RankingRules(
            boards=values["boards"],
            match_points=MatchPoints(float(points["win"]), float(points["draw"]), float(points["loss"])),
            bye_scoring=ByeScoring(values["bye_scoring"]),
            tiebreaks_first=tuple(values["tiebreaks_first"]),
            tiebreaks_other=tuple(values["tiebreaks_other"]),
            playoff_for_first=values["playoff_for_first"],
            predetermined=system.pairs_ahead,
            edition=TiebreakEdition(values["tiebreak_edition"]),
            direct_encounter=DirectEncounter(values["direct_encounter"]),
            legs=len(legs(values["double_rounds"])),
        )
        self.requested_byes = system.requested_byes_refusal() is None

    def standings(self, teams: list[int], rounds, *, final: bool) -> list[StandingRow]:
        """``rounds``: (number, encounters, byes asked for) in round order, each encounter
        (entrants, match result, board results, places, leg), each bye (team, kind)."""
        discipline, rules, records = self.discipline, self.rules, []
        for number, encounters, byes in rounds:
            for entrants, result, board_results, places, leg in encounters:
                record = standing_record(number, entrants, result, board_results, places, discipline, rules, leg)
                if record is not None:
                    records.append(record)
            if self.requested_byes:
                records += [requested_bye_record(number, team, boards=rules.boards, kind=kind) for team, kind in byes]
        return compute_standings(teams, records, rules, final=final)


def _v2_encounters(round_: dict, seeds: dict, with_results: set, *, discipline):
    """(entrants, match result, board results, places) of each encounter of a version 2 round."""
    for encounter in round_["encounters"]:
        sides = encounter["sides"]
        games = sorted(encounter.get("games", ()), key=lambda game: game["board"])
        result = _result(*(side.get("result") for side in sides[:2])) if len(sides) == 2 else ""
        given = [(game["board"], _result(*_seat_results(game))) for game in games if game["board"] in with_results]
        boards = [board_result for _, board_result in given]
        if "" in boards or not (boards or result):  # a result not given: what the empty seats imply
            implied_match, implied_boards = _implied(len(sides), games, discipline)
            implied = dict(zip((game["board"] for game in games), implied_boards))
            result = result or implied_match
            boards = [board_result or implied[board] for board, board_result in given]
        yield [seeds[side["entrant"]] for side in sides], result, boards, _places(sides, games), encounter.get("leg", 1)


def _implied(sides: int, games: list, discipline) -> tuple[str, list[str]]:
    """What the importer reads where an encounter gives no result (``services/archive_encounters.py``):
    an empty seat is that side's forfeit, of its board or of the whole match (Tandem §1.3)."""
    if sides < 2:
        return "", [""] * len(games)
    encounter = EncounterState(
        sides=sides,
        games=tuple(
            GameState(
                game["board"],
                "",
                tuple(SeatState(n, seat["side"], seat.get("player")) for n, seat in enumerate(game["seats"], 1)),
            )
            for game in games
        ),
    )
    implied = discipline.implied_results(encounter.presence())
    return implied.match, list(implied.boards) or [""] * len(games)


def _places(sides: list, games: list) -> list:
    """Each side's finishing place at a four-player table: written on its seats in the table's one game
    (docs/archive.md); a seat nobody sat at is absent (0), whatever place it gives, as the importer
    stores it (``services/archive_encounters.py``: its last seat decides); None at boards."""
    places = {}
    for game in games[:1]:
        for seat in game["seats"]:
            if seat.get("place") is not None:
                places[seat["side"]] = 0 if seat["player"] is None else seat["place"]
    return [places.get(position) for position in range(1, len(sides) + 1)]


def _v1_encounters(round_: dict, seeds: dict, with_results: set):
    """The same of a version 1 round, read as it stands: its results are already the first
    team's (``upgrade.py`` would build each game's seats only for them to be read back here)."""
    for match in round_["matches"]:
        entrants = (
            [seeds[match["first"]]] if match["second"] is None else [seeds[match["first"]], seeds[match["second"]]]
        )
        boards = sorted(match.get("boards", ()), key=lambda board: board["board"])
        yield (
            entrants,
            _v1_result(match.get("result")),
            [_v1_result(board.get("result")) for board in boards if board["board"] in with_results],
            [None] * len(entrants),
            match.get("leg", 1),
        )


def _seat_results(game: dict) -> tuple:
    seats = sorted(game["seats"], key=lambda seat: seat["side"])
    return tuple(seat.get("result") for seat in seats[:2])


def _result(first, second) -> str:
    result = result_of_seats(first, second, field="result")
    return result.value if result is not None else ""


def _v1_result(text) -> str:
    """A version 1 result as written (any spelling ``parse_board_result`` reads), or "" for none."""
    if text in BY_VALUE:
        return text
    return parse_board_result(text).value if text not in (None, "") else ""

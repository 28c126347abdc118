from tournaments.archive import DESK_KEYS, FORMAT, VERSION
from tournaments.domain.results import BoardResult
from tournaments.domain.rule_set import RULE_SET
from tournaments.domain.seats import seat_results
from tournaments.models import Incident, Match, PublicVersion, Team, Tournament

from .encounters import EncounterView, GameView, encounter_views_of


def _personal(player, *, public: bool) -> dict:
    """A player's federation and date of birth where known (no keys otherwise: archives of
    players without them read as before); the public sees the federation only, as on its pages."""
    birth_date = player.birth_date.isoformat() if player.birth_date and not public else ""
    data = {"federation": player.federation, "birth_date": birth_date}
    return {key: value for key, value in data.items() if value}


def _schedule(round_) -> dict:
    """A round's date, start time and lineup deadline where the TD entered them, and the lot its tables were
    seated by where they were drawn (no key otherwise: archives of rounds without them read as before)."""
    schedule = {"date": round_.date.isoformat() if round_.date else None}
    schedule["start_time"] = f"{round_.start_time:%H:%M}" if round_.start_time else None
    schedule["lineup_deadline"] = _iso(round_.lineup_deadline)
    schedule["seating_lot"] = round_.first_mover_lot  # Schach4 "Der Spielbeginn": the tables were seated by lot
    return {key: value for key, value in schedule.items() if value is not None and value != ""}


def _desk(tournament: Tournament) -> dict:
    """The desk's workflow settings that differ from their defaults: the hall screen's panels and
    seconds, confirmed captains' reports accepted without the arbiter's key (no key otherwise:
    archives of tournaments that never changed them read as before)."""
    changed = {
        key: getattr(tournament, key)
        for key in DESK_KEYS
        if getattr(tournament, key) != Tournament._meta.get_field(key).get_default()
    }
    return {"desk": changed} if changed else {}


def archive_for_tournament(*, tournament: Tournament) -> dict:
    """The whole tournament as an archive (docs/archive.md); the same input gives the same output."""
    return _archive(tournament, public=False)


def public_archive_for_tournament(*, tournament: Tournament) -> dict:
    """What an anonymous spectator may see of the tournament, as an archive that imports like any
    other (issue 31: a hall's publication, a public server's mirror): rounds whose pairings are
    public, their results only once the round is published (the read model hides them), no
    incidents, no membership numbers or dates of birth, byes of public rounds only. ``publication``
    names the public version it shows, so a public server can tell a newer push from an older one.
    """
    archive = _archive(tournament, public=True)
    stamp = PublicVersion.objects.filter(tournament=tournament).values_list("token", "changed_at").first()
    token, changed_at = stamp or (f"c{tournament.created_at.timestamp():.6f}", tournament.created_at)
    return archive | {"publication": {"version": token, "changed_at": changed_at.isoformat()}}


def _archive(tournament: Tournament, *, public: bool) -> dict:
    teams = list(
        Team.objects.filter(tournament=tournament).prefetch_related("players", "requested_byes").order_by("seed")
    )
    names = {team.pk: team.name for team in teams}
    all_rounds = [r for r in tournament.rounds.order_by("number") if not public or r.pairings_published_at]
    rounds: dict[int, dict] = {
        r.number: {
            "number": r.number,
            "published_at": _iso(r.published_at),
            **(_pairings_published(r) if public else {}),
            **_schedule(r),
            "encounters": [],
        }
        for r in all_rounds
    }
    playoff_rounds = {r.number for r in all_rounds if r.is_playoff}
    matches = Match.objects.filter(round__number__in=rounds)
    for view in encounter_views_of(tournament=tournament, matches=matches, private=not public):
        rounds[view.round]["encounters"].append(_encounter(tournament, view))
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": {
            "name": tournament.name,
            "preset": tournament.preset,
            "discipline": tournament.discipline,
            **{setting.name: setting.as_json(setting.read(tournament)) for setting in RULE_SET},
            # the games an encounter has (docs/archive.md): at boards the boards, at a table its one
            # game, though a Viererschach team fields two players (the setting; Vierer §1)
            "boards": len(tournament.discipline_rules.games(tournament.colour_pattern)),
            "status": tournament.status,
            "playoff_lots": [names[pk] for pk in tournament.playoff_lots],
            **_desk(tournament),
        },
        "teams": [
            {
                "name": team.name,
                "short_name": team.short_name,
                "seed": team.seed,
                "withdrawn_from_round": team.withdrawn_from_round,
                **_byes(team, rounds if public else None),
                "players": [
                    {
                        "name": player.name,
                        "rating": player.rating,
                        "fide_id": player.fide_id,
                        **({} if public else {"federation_id": player.federation_id}),
                        **_personal(player, public=public),
                    }
                    for player in team.players.all()
                ],
            }
            for team in teams
        ],
        "rounds": [r for number, r in rounds.items() if number not in playoff_rounds],
        "playoffs": [r for number, r in rounds.items() if number in playoff_rounds],
        **({} if public else {"incidents": [_incident(tournament, incident) for incident in _incidents(tournament)]}),
    }


def _pairings_published(round_) -> dict:
    """When the pairings became public, where that was before the results: the public archive says which
    pairings its reader may show (the key is missing otherwise, and in the full archive, which stays as it was)."""
    if round_.pairings_published_at is None or round_.pairings_published_at == round_.published_at:
        return {}
    return {"pairings_published_at": _iso(round_.pairings_published_at)}


def _byes(team: Team, public_rounds=None) -> dict:
    """``byes`` only where the team has any: archives of events without them stay as they were;
    ``public_rounds``: only those of the rounds whose pairings are public."""
    byes = sorted(
        (b for b in team.requested_byes.all() if public_rounds is None or b.round_number in public_rounds),
        key=lambda bye: bye.round_number,
    )
    if not byes:
        return {}
    return {
        "byes": [
            {"round": b.round_number, "kind": b.kind, **({"late_entry": True} if b.late_entry else {})} for b in byes
        ]
    }


def _incidents(tournament: Tournament):
    return (
        Incident.objects.filter(match__round__tournament=tournament)
        .select_related("match__round")
        .order_by("match__round__number", "match__table", "match__leg", "board", "occurred_at", "id")
    )


def _incident(tournament: Tournament, incident: Incident) -> dict:
    """An incident names its match by round and table, and by ``leg`` only with double rounds;
    ``claimed_in_time`` only where it was said (archives before it stay as they were)."""
    data = {"round": incident.match.round.number, "table": incident.match.table}
    if tournament.double_rounds:
        data["leg"] = incident.match.leg
    data |= {
        "board": incident.board,
        "side": incident.side,
        "kind": incident.kind,
        "occurred_at": _iso(incident.occurred_at),
        "note": incident.note,
        "opponent_flag_fell": incident.opponent_flag_fell,
    }
    if incident.claimed_in_time is not None:
        data["claimed_in_time"] = incident.claimed_in_time
    return data | {
        "proposed_penalty": incident.proposed_penalty or None,
        "rule": incident.rule,
        "decided_penalty": incident.decided_penalty or None,
        "override_reason": incident.override_reason,
    }


def _encounter(tournament: Tournament, view: EncounterView) -> dict:
    """A match as an encounter of its sides; ``leg`` only with double rounds, the sides' results
    only where a match has one result (tandem, Viererschach), each board a game of its seats."""
    data = {"table": view.table}
    if tournament.double_rounds:
        data["leg"] = view.leg
    data["sides"] = [{"entrant": side.name} for side in view.sides]
    if view.is_bye:
        data["games"] = []
        return data
    data["games"] = [_game(game, placed=view.finishing_order) for game in view.games]
    # Where the match has one result (Tandem §1.3), the discipline adds each side's and where and
    # how it was decided; where boards carry the results, it adds nothing.
    for side, result in zip(data["sides"], view.discipline.side_results(view.result)):
        side["result"] = result
    return data | view.discipline.decision_fields(deciding_board=view.deciding_board, decided_by=view.decided_by)


def _game(game: GameView, *, placed: bool) -> dict:
    """Each seat with its side, player and the colour played. At a board of two seats, each
    seat's own score; at a table whose result is a finishing order (Schach4), the seat's side's
    place, an absent side at the first of the last places, ``null`` while none is entered
    (docs/archive.md: every key, played or not)."""
    results = seat_results(BoardResult(game.result) if game.result else None) if len(game.seats) == 2 else ()
    entries = []
    for index, seat in enumerate(game.seats):
        entry = {"side": seat.side, "player": seat.player.name if seat.player else None, "colour": seat.colour}
        if placed:
            entry["place"] = seat.place
        else:
            entry["result"] = results[index] if results else None
        entries.append(entry)
    return {"board": game.board, "seats": entries}


def _iso(moment):
    return moment.isoformat() if moment else None

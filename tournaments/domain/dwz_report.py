"""A team event's DWZ rating report (Deutscher Schachbund): the DeWIS XML tournament import and
the fixed-width "DSB format" text, with the data the DSB-Wertungsordnung asks for.

What the formats hold was learnt from their public descriptions as ChessLeagueManager writes
them (docs/dwz-report.md lists what we found and what remains unknown); the code is our own.
The DSB-Wertungsordnung (6.1) and the federations' evaluators require: full names, a crosstable
(here: every game and every encounter), forfeits marked ``+``/``-``, the end date and every
round's date, a full birth date for a player without a DSB record, and the FIDE ID of a player
of another federation. ``missing`` lists what is not there, per player and round, and the
writers refuse while anything is.
"""

import datetime
from dataclasses import dataclass
from xml.etree import ElementTree

from .errors import RuleViolation, RuleViolations, gettext_noop

# DeWIS's tournament types (ChessLeagueManager's table): team round robin, team Swiss
TEAM_ROUND_ROBIN, TEAM_SWISS = "TR", "TW"
NAMESPACE = "https://dwz.svw.info/services/files/xml/tournamentImport.xsd"


@dataclass(frozen=True, slots=True)
class DwzPlayer:
    number: int  # the report's running number, team by team in roster order
    name: str  # "Surname, Forename" or "Forename Surname"
    club: str  # the team's name: a club team reports its club
    birth_date: datetime.date | None = None
    federation: str = ""  # FIDE code, e.g. GER
    fide_id: str = ""
    national_id: str = ""  # a DSB record: "ZPS-member" (C0327-1023) or the personal key (PKZ)
    rating: int = 0  # the rating the roster gives (DWZ for a German club event)

    @property
    def surname_forename(self) -> tuple[str, str]:
        """ "Müller, Jürgen" and "Jürgen Müller" both give ("Müller", "Jürgen")."""
        if "," in self.name:
            surname, forename = self.name.split(",", 1)
            return surname.strip(), forename.strip()
        parts = self.name.split()
        return (parts[-1], " ".join(parts[:-1])) if len(parts) > 1 else (self.name.strip(), "")

    @property
    def dsb_record(self) -> tuple[str, str, str]:
        """(ZPS, member number, PKZ) of ``national_id``: "C0327-1023" is a club's number and the
        member's, digits alone the personal key."""
        text = self.national_id.strip()
        if "-" in text:
            zps, member = text.split("-", 1)
            return zps.strip(), member.strip(), ""
        return ("", "", text) if text.isdigit() else ("", "", "")


@dataclass(frozen=True, slots=True)
class DwzGame:
    round: int
    white: int
    black: int
    result: str  # from White's view: 1:0, 0:1, ½:½, +:-, -:+, -:-


@dataclass(frozen=True, slots=True)
class DwzTeam:
    lot: int  # the seed
    name: str
    lineup: tuple[int, ...]  # the players who played, in roster order


@dataclass(frozen=True, slots=True)
class DwzEncounter:
    round: int
    home: int  # the first-named team's lot
    guest: int
    points_home: float
    points_guest: float


@dataclass(frozen=True, slots=True)
class DwzEvent:
    name: str
    kind: str  # TEAM_ROUND_ROBIN or TEAM_SWISS
    rounds: int
    dates: dict[int, tuple[datetime.date | None, datetime.time | None]]  # every round played
    players: tuple[DwzPlayer, ...]
    games: tuple[DwzGame, ...]
    teams: tuple[DwzTeam, ...]
    encounters: tuple[DwzEncounter, ...]

    @property
    def end(self) -> datetime.date | None:
        """The last round's date: the report's end date."""
        return max((date for date, _time in self.dates.values() if date), default=None)


def missing(event: DwzEvent) -> list[RuleViolation]:
    """Everything the DSB-Wertungsordnung asks for that the event does not have, per round and
    player, each naming the rule."""
    rule = "DSB-Wertungsordnung 6.1"
    problems = [
        RuleViolation(gettext_noop("no date (every round's date is reported)."), field=f"round {number}", rule=rule)
        for number, (date, _time) in sorted(event.dates.items())
        if date is None
    ]
    numbers = {player.number: player.name for player in event.players}
    problems += [
        RuleViolation(
            gettext_noop("the game %(white)s – %(black)s has no result."),
            field=f"round {game.round}",
            rule=rule,
            white=numbers[game.white],
            black=numbers[game.black],
        )
        for game in event.games
        if not game.result
    ]
    for player in event.players:
        field = f"{player.club}: {player.name}"
        surname, forename = player.surname_forename
        if not surname or not forename:
            problems.append(
                RuleViolation(gettext_noop("a full name is reported: surname and forename."), field=field, rule=rule)
            )
        if not any(player.dsb_record) and player.birth_date is None:
            problems.append(
                RuleViolation(
                    gettext_noop(
                        "without a DSB record (ZPS and member number, or PKZ) the full birth date is reported."
                    ),
                    field=field,
                    rule=rule,
                )
            )
        if player.federation and player.federation.upper() != "GER" and not player.fide_id:
            problems.append(
                RuleViolation(
                    gettext_noop("a player of another federation (%(federation)s) is reported with the FIDE ID."),
                    field=field,
                    rule=rule,
                    federation=player.federation.upper(),
                )
            )
    return problems


def _complete(event: DwzEvent) -> None:
    if problems := missing(event):
        raise RuleViolations(problems)


def dewis_xml(event: DwzEvent) -> str:
    """The DeWIS tournament import: the tournament and its round dates, the players and their
    games, the teams with their line-ups and the encounters with their points."""
    _complete(event)
    root = ElementTree.Element(
        "dewis", {"xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance", "xmlns:dwz": NAMESPACE}
    )
    section = ElementTree.SubElement(root, "tournamentSection")
    _fields(
        ElementTree.SubElement(section, "tournament"),
        label=event.name,
        type=event.kind,
        rounds=event.rounds,
        endDate=event.end.isoformat(),
    )
    appointments = ElementTree.SubElement(section, "appointments")
    for number, (date, start) in sorted(event.dates.items()):
        _fields(
            ElementTree.SubElement(appointments, "appointment"),
            round=number,
            matchday=date.isoformat(),
            matchtime=f"{start:%H:%M}:00" if start else "",
        )
    players_section = ElementTree.SubElement(root, "playerSection")
    players = ElementTree.SubElement(players_section, "players")
    for player in event.players:
        surname, forename = player.surname_forename
        zps, member, pkz = player.dsb_record
        _fields(
            ElementTree.SubElement(players, "player"),
            noPlayer=player.number,
            id=pkz,
            surname=surname,
            forename=forename,
            dob=player.birth_date.isoformat() if player.birth_date else "",
            vkz=zps,
            club=player.club,
            noMember=member,
            idFide=player.fide_id,
            rating=player.rating or "",
        )
    games = ElementTree.SubElement(players_section, "games")
    for game in event.games:
        _fields(
            ElementTree.SubElement(games, "game"),
            round=game.round,
            noWhite=game.white,
            noBlack=game.black,
            result=game.result,
        )
    team_section = ElementTree.SubElement(root, "teamSection")
    teams = ElementTree.SubElement(team_section, "teams")
    for team in event.teams:
        node = ElementTree.SubElement(teams, "team")
        _fields(node, lot=team.lot, teamName=team.name)
        lineup = ElementTree.SubElement(node, "lineup")
        for number in team.lineup:
            ElementTree.SubElement(lineup, "noPlayer").text = str(number)
    encounters = ElementTree.SubElement(team_section, "encounter")
    for encounter in event.encounters:
        _fields(
            ElementTree.SubElement(encounters, "play"),
            round=encounter.round,
            noHomeTeam=encounter.home,
            noGuestTeam=encounter.guest,
            pointsHome=f"{encounter.points_home:g}",
            pointsGuest=f"{encounter.points_guest:g}",
        )
    ElementTree.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ElementTree.tostring(root, encoding="unicode") + "\n"


def _fields(parent: ElementTree.Element, **values) -> None:
    for tag, value in values.items():
        ElementTree.SubElement(parent, tag).text = str(value)


# a game from the player's own view -> the DSB text's result letter (R: remis) and whether forfeited
_DSB_RESULTS = {
    "1:0": ("1", "0", False),
    "0:1": ("0", "1", False),
    "½:½": ("R", "R", False),
    "+:-": ("+", "-", True),
    "-:+": ("-", "+", True),
    "-:-": ("-", "-", True),
}


def dsb_text(event: DwzEvent) -> str:
    """The "DSB format": a title, a line of details, ``MR`` (a team round robin) with the numbers
    of players, rounds and passes, the column ruler, one line per player (number, name, club,
    federation, FIDE ID, PKZ, birth date, Elo, DWZ, ZPS, member number) with a 6-column block per
    round (result, colour or ``:`` for a forfeit, opponent), then ``###`` and the details."""
    _complete(event)
    if event.kind != TEAM_ROUND_ROBIN:
        raise RuleViolation(
            gettext_noop(
                "the DSB text format is known for team round robins (MR) only; report a team Swiss as DeWIS XML."
            ),
            field="format",
            rule="DSB-Wertungsordnung 6.1",
        )
    blocks: dict[int, dict[int, str]] = {player.number: {} for player in event.players}
    for game in event.games:
        white, black, forfeited = _DSB_RESULTS[game.result]
        blocks[game.white][game.round] = f" {white}{':' if forfeited else 'W'}{game.black:3d}"
        blocks[game.black][game.round] = f" {black}{':' if forfeited else 'B'}{game.white:3d}"
    lines = [
        event.name,
        "Arbiter",
        f"MR  {len(event.players)}  {event.rounds}  1",
        " ttt. rrr nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv lll ffffffffff pppppppppp"
        " gggggggg eeee dddd  zzzzz mmmm",
    ]
    for player in event.players:
        surname, forename = player.surname_forename
        zps, member, pkz = player.dsb_record
        birth = f"{player.birth_date:%d.%m.%y}" if player.birth_date else ""
        line = (
            f"{player.number:4d}.{player.number:4d} {f'{surname}, {forename}'[:32]:<32} {player.club[:32]:<32} "
            f"{player.federation[:3]:<3} {player.fide_id[:10]:>10} {pkz[:10]:>10} {birth:>8} {'':>4} "
            f"{player.rating or '':>4}  {zps[:5]:>5} {member[:4]:>4} "
        )
        line += "".join(blocks[player.number].get(number, "  :  0") for number in range(1, event.rounds + 1))
        lines.append(line)
    start = min((date for date, _time in event.dates.values() if date), default=None)
    lines += [
        "###",
        f"Name:       {event.name}",
        f"Datum(S):   {start:%d.%m.%Y}" + " " * 11 + f"Datum(E):   {event.end:%d.%m.%Y}",
        "Anwender: Arbiter",
    ]
    return "\n".join(lines) + "\n"

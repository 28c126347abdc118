"""What the desk, the public pages and the messages call an entrant and its things: a team with
its roster, or in an individual event (Schach4, rules/README §4) a player.

Whole sentences, not a word put into one sentence: German declines the noun and its article
("die Mannschaft", "der Spieler"), so each sentence is translated as a whole. A message about a
number of things has its singular and plural as two entries (as ``RuleViolation`` does): German
and English both take the singular for exactly one. Messages with parameters keep the names of
the templates' ``blocktranslate`` (``%(name)s``, ``%(counter)s``), so the team wording reuses the
catalogue's entries.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from ..i18n import gettext_noop
from ..withdrawal import WithdrawalRule
from .phone_words import PLAYER_PHONE, TEAM_PHONE, PhoneWords


@dataclass(frozen=True, slots=True)
class EntrantWords:
    """Every text that names the entrants; untranslated (``gettext_noop``), translated where shown."""

    entrants: str  # a heading: the list of entrants
    field: str  # an entrant in the place a message names (``field_labels.NAMED``: team “…”)
    registration: str  # the desk's page of entrants (navigation, heading)
    captain_codes: str  # the desk's page of the codes that let an entrant report from a phone (issue 30)
    roster_column: str  # the column of an entrant's players on that page
    none_yet: str
    import_heading: str
    csv_help: str  # the columns of the import's file
    add_heading: str
    add_button: str
    name_label: str  # the form's field for the entrant's name
    players_help: str  # how the form's players are typed
    late_players_help: str  # … and a late entry's
    check_one: str  # warnings before one entrant is registered
    check_many: str  # … before a file's entrants are
    will_register: tuple[str, str]  # %(counter)s entrants of a file
    counted: tuple[str, str]  # %(counter)s entrants of the event still playing
    counted_withdrawn: tuple[str, str]  # %(counter)s entrants who withdrew
    registered: str  # %(name)s
    imported: tuple[str, str]  # %(count)d
    sent_twice: str
    roster_of: str  # %(name)s: the page of one entrant's roster
    save_roster: str
    roster_saved: str  # %(name)s
    director_only: str
    rosters_locked: str
    start_warning: str  # before the first pairing locks the rosters
    register_first: str  # not paired yet, fewer than two entrants
    check_seeds: str  # not paired yet, entrants registered
    bye_note: str  # who may ask for a bye, and late entries
    enter_late: str  # the late entry's button
    withdraws: str  # the desk's heading
    withdrawn: str  # the standings' heading of those who withdrew
    withdraw_button: str
    withdraw_title: str
    withdraw_confirm: str
    withdraw_effect: str  # what a withdrawal does to the encounters already paired
    withdrawal_rules: Mapping[WithdrawalRule, str]  # the tournament's rule as the desk states it
    audit_actions: Mapping[str, str]  # audit actions named otherwise than the model's labels (by stored value)
    rosters_print: str  # the PDF of every roster
    roles_note: str  # who does what at the desk
    lineup_note: tuple[str, str]  # the lineups page: %(boards)s, the substitute boards (by their number)
    lineup_field: str  # %(board)d: one place of a lineup
    lineup_empty: str  # the choice of nobody there
    crosstable_part: str  # %(first)s–%(last)s of %(count)s
    missing_name: str  # a CSV line without its entrant
    needs_name: str  # a form or API call without a name
    duplicate_name: str  # %(value)s: a name already registered
    start_needs_two: str
    late_not_started: str  # a late entry before the start
    bye_after_withdrawal: str  # %(round)d
    bye_twice: str  # %(round)d
    bye_none: str  # %(round)d: taking back a bye never asked for
    withdrew_already: str  # %(round)d
    withdraw_after_result: str  # %(round)d, %(table)d: the encounter has a result
    phone: PhoneWords  # the phone pages, report cards and their messages (issue 30)


TEAMS = EntrantWords(
    entrants=gettext_noop("Teams"),
    field="team",
    registration=gettext_noop("Teams and rosters"),
    captain_codes=gettext_noop("Captain codes"),
    roster_column=gettext_noop("Players in board order"),
    none_yet=gettext_noop("No teams yet."),
    import_heading=gettext_noop("Import teams from a CSV file"),
    csv_help=gettext_noop(
        "Columns: team, board, name, rating, fide_id (optional); board S = substitute. One player per entrant: name, "
        "rating, fide_id will do."
    ),
    add_heading=gettext_noop("Add a team"),
    add_button=gettext_noop("Add team"),
    name_label=gettext_noop("Team name"),
    players_help=gettext_noop(
        "One per line in board order, substitutes last: name, rating, FIDE ID (rating and ID optional)."
    ),
    late_players_help=gettext_noop(
        "One per line in board order, then the substitutes: name, optionally a comma and the rating."
    ),
    check_one=gettext_noop("Please check before the team is registered:"),
    check_many=gettext_noop("Please check before the teams are registered:"),
    will_register=(
        gettext_noop("%(counter)s team will be registered."),
        gettext_noop("%(counter)s teams will be registered."),
    ),
    counted=(gettext_noop("%(counter)s team"), gettext_noop("%(counter)s teams")),
    counted_withdrawn=(gettext_noop("%(counter)s team withdrawn"), gettext_noop("%(counter)s teams withdrawn")),
    registered=gettext_noop("Team “%(name)s” registered."),
    imported=(gettext_noop("%(count)d team imported."), gettext_noop("%(count)d teams imported.")),
    sent_twice=gettext_noop("This form was sent twice; the team is registered only once."),
    roster_of=gettext_noop("Roster of %(name)s"),
    save_roster=gettext_noop("Save roster"),
    roster_saved=gettext_noop("Roster of “%(name)s” saved."),
    director_only=gettext_noop("Only the tournament's director can change the roster."),
    rosters_locked=gettext_noop("The tournament has started: the rosters are locked (Blitz preamble)."),
    start_warning=gettext_noop("From now on no roster can change. Check the teams and their seeds first."),
    register_first=gettext_noop("Not paired yet. Register the teams, then pair."),
    check_seeds=gettext_noop(
        "Not paired yet. The teams are registered: check their seeds (the starting ranks), then pair."
    ),
    bye_note=gettext_noop(
        "A team may ask not to be paired in a round that is not paired yet (TRF-2026 record 240). A late entry is "
        "paired from a round not yet paired; the rounds before count as the tournament’s settings say."
    ),
    enter_late=gettext_noop("Enter the team"),
    withdraws=gettext_noop("A team withdraws"),
    withdrawn=gettext_noop("Withdrawn teams"),
    withdraw_button=gettext_noop("Withdraw team …"),
    withdraw_title=gettext_noop("Withdraw a team"),
    withdraw_confirm=gettext_noop("Withdraw the team"),
    withdraw_effect=gettext_noop(
        "The team's seats in these matches are emptied, so its opponents win +- on every board."
    ),
    withdrawal_rules={
        WithdrawalRule.FORFEIT: gettext_noop(
            "Rule of this tournament: the team's remaining matches are lost by forfeit (+- on every board for the "
            "opponents); its played matches stand."
        ),
        WithdrawalRule.CANCEL_UNDER_HALF: gettext_noop(
            "Rule of this tournament: a team that played less than half of its matches has all its results cancelled; "
            "otherwise its remaining matches are lost by forfeit."
        ),
    },
    audit_actions={},
    rosters_print=gettext_noop("Team rosters"),
    roles_note=gettext_noop(
        "Directors do everything (settings, rosters, pairing, publishing, play-off, withdrawals, roles, reverts); "
        "arbiters enter lineups, results and incidents and print the match report forms."
    ),
    lineup_note=(
        gettext_noop(
            "Defaults to the roster. A substitute may play only on board %(boards)s; an empty board is lost by forfeit."
        ),
        gettext_noop(
            "Defaults to the roster. A substitute may play only on boards %(boards)s; an empty board is lost by "
            "forfeit."
        ),
    ),
    lineup_field=gettext_noop("Board %(board)d"),
    lineup_empty=gettext_noop("— empty (forfeit) —"),
    crosstable_part=gettext_noop("Teams %(first)s–%(last)s of %(count)s"),
    missing_name=gettext_noop("the team is missing."),
    needs_name=gettext_noop("a team needs a name."),
    duplicate_name=gettext_noop("a team named “%(value)s” is already registered."),
    start_needs_two=gettext_noop("a tournament needs at least two teams to start."),
    late_not_started=gettext_noop("the tournament has not started: register the team as usual."),
    bye_after_withdrawal=gettext_noop("this team withdrew before round %(round)d: it is not paired anyway."),
    bye_twice=gettext_noop("this team already has a bye in round %(round)d."),
    bye_none=gettext_noop("this team asked for no bye in round %(round)d."),
    withdrew_already=gettext_noop("this team already withdrew before round %(round)d."),
    withdraw_after_result=gettext_noop(
        "round %(round)d already has a result at table %(table)d; withdraw the team from a later round, or clear the "
        "result first."
    ),
    phone=TEAM_PHONE,
)

# An individual event: each entrant is one player, registered with the rating it is seeded by.
PLAYERS = EntrantWords(
    entrants=gettext_noop("Players"),
    field="player",
    registration=gettext_noop("Players"),
    captain_codes=gettext_noop("Players' report codes"),
    roster_column=gettext_noop("Player and rating"),
    none_yet=gettext_noop("No players yet."),
    import_heading=gettext_noop("Import players from a CSV file"),
    csv_help=gettext_noop("Columns: name, rating, fide_id (optional); one line per player."),
    add_heading=gettext_noop("Add a player"),
    add_button=gettext_noop("Add player"),
    name_label=gettext_noop("Name"),
    players_help=gettext_noop("The player once more with the rating: name, rating, FIDE ID (rating and ID optional)."),
    late_players_help=gettext_noop("The player once more with the rating: name, optionally a comma and the rating."),
    check_one=gettext_noop("Please check before the player is registered:"),
    check_many=gettext_noop("Please check before the players are registered:"),
    will_register=(
        gettext_noop("%(counter)s player will be registered."),
        gettext_noop("%(counter)s players will be registered."),
    ),
    counted=(gettext_noop("%(counter)s player"), gettext_noop("%(counter)s players")),
    counted_withdrawn=(
        gettext_noop("%(counter)s player withdrawn"),
        gettext_noop("%(counter)s players withdrawn"),
    ),
    registered=gettext_noop("Player “%(name)s” registered."),
    imported=(gettext_noop("%(count)d player imported."), gettext_noop("%(count)d players imported.")),
    sent_twice=gettext_noop("This form was sent twice; the player is registered only once."),
    roster_of=gettext_noop("Registration of %(name)s"),
    save_roster=gettext_noop("Save registration"),
    roster_saved=gettext_noop("Registration of “%(name)s” saved."),
    director_only=gettext_noop("Only the tournament's director can change the registration."),
    rosters_locked=gettext_noop("The tournament has started: the registrations are locked."),
    start_warning=gettext_noop("From now on no registration can change. Check the players and their seeds first."),
    register_first=gettext_noop("Not paired yet. Register the players, then pair."),
    check_seeds=gettext_noop(
        "Not paired yet. The players are registered: check their seeds (the starting ranks), then pair."
    ),
    bye_note=gettext_noop(
        "A player may ask not to be paired in a round that is not paired yet. A late entry is paired from a round "
        "not yet paired; the rounds before count as the tournament’s settings say."
    ),
    enter_late=gettext_noop("Enter the player"),
    withdraws=gettext_noop("A player withdraws"),
    withdrawn=gettext_noop("Withdrawn players"),
    withdraw_button=gettext_noop("Withdraw player …"),
    withdraw_title=gettext_noop("Withdraw a player"),
    withdraw_confirm=gettext_noop("Withdraw the player"),
    withdraw_effect=gettext_noop(
        "The player's seats at these tables are emptied: an absent player scores 0 (rules/README §4)."
    ),
    withdrawal_rules={
        WithdrawalRule.FORFEIT: gettext_noop(
            "Rule of this tournament: the player's remaining games count as absent (0 points); the games played stand."
        ),
        WithdrawalRule.CANCEL_UNDER_HALF: gettext_noop(
            "Rule of this tournament: a player who played less than half of the games has all results cancelled; "
            "otherwise the remaining games count as absent (0 points)."
        ),
    },
    audit_actions={"roster": gettext_noop("Registration changed"), "withdrawal": gettext_noop("Player withdrawn")},
    rosters_print=gettext_noop("List of players"),
    roles_note=gettext_noop(
        "Directors do everything (settings, registrations, pairing, publishing, withdrawals, roles, reverts); "
        "arbiters enter results and incidents and print the seat cards."
    ),
    lineup_note=(
        gettext_noop("Each player plays in person; a seat left empty counts as absent (0 points)."),
        gettext_noop("Each player plays in person; a seat left empty counts as absent (0 points)."),
    ),
    lineup_field=gettext_noop("Player"),
    lineup_empty=gettext_noop("— absent —"),
    crosstable_part=gettext_noop("Players %(first)s–%(last)s of %(count)s"),
    missing_name=gettext_noop("the player is missing."),
    needs_name=gettext_noop("a player needs a name."),
    duplicate_name=gettext_noop("a player named “%(value)s” is already registered."),
    start_needs_two=gettext_noop("a tournament needs at least two players to start."),
    late_not_started=gettext_noop("the tournament has not started: register the player as usual."),
    bye_after_withdrawal=gettext_noop("this player withdrew before round %(round)d: they are not paired anyway."),
    bye_twice=gettext_noop("this player already has a bye in round %(round)d."),
    bye_none=gettext_noop("this player asked for no bye in round %(round)d."),
    withdrew_already=gettext_noop("this player already withdrew before round %(round)d."),
    withdraw_after_result=gettext_noop(
        "round %(round)d already has a result at table %(table)d; withdraw the player from a later round, or clear "
        "the result first."
    ),
    phone=PLAYER_PHONE,
)

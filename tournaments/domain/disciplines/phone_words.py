"""What the phone pages, the report cards and their messages call the one who reports for an
entrant (issue 30): a team's captain with the team's captain code, or at an individual event
(Schach4, rules/README §4) the player with their own report code. Whole sentences, as in
``entrant_words.py``, so that German declines each as it must."""

from dataclasses import dataclass

from ..i18n import gettext_noop


@dataclass(frozen=True, slots=True)
class PhoneWords:
    code_label: str  # the sign-in field
    enter_code_first: str
    wrong_code: str
    code_revoked: str  # a phone whose code is no longer in force
    too_many_guesses: str
    signed_in_elsewhere: str  # %(team)s: signed in for an entrant of another encounter
    reported: str  # the reporter's answer once sent
    waiting: str  # the others' page before the report
    only_first_reports: str  # a service's refusal
    only_opponent_answers: str  # a service's refusal
    only_confirmed_accepted: str  # the desk's refusal
    entrants_changed: str  # the desk's refusal: the encounter has other entrants since the report
    no_code: str  # revoking a code never issued
    lineup_heading: str  # the phone page's lineup form
    lineup_button: str
    lineup_saved: str
    lineup_reported: str  # the phone page once the encounter is reported: why its lineup form is gone
    lineup_refused_reported: str  # the service's refusal of a hand-in after the report
    from_phone: str  # the desk's late lineups
    handed_in_from_phone: str  # %(moment)s: the desk's lineups
    cards_title: str  # the PDF of the codes
    card_of: str  # %(team)s
    card_note: str
    codes_intro: str  # the desk's page of the codes
    cards_button: str  # … its button issuing every code at once
    auto_accept: str  # … its setting: confirmed reports accepted without the arbiter's key
    reports_intro: str  # the desk's reports of a round
    disputed_note: str  # … a disputed one
    no_reports: str  # … before any


TEAM_PHONE = PhoneWords(
    code_label=gettext_noop("Your team's captain code"),
    enter_code_first=gettext_noop("Enter your team's captain code first."),
    wrong_code=gettext_noop(
        "This captain code is wrong, revoked or not one of this tournament. Ask the desk for your team's code."
    ),
    code_revoked=gettext_noop(
        "The captain code this phone used is no longer valid (revoked by the desk, or the tournament has "
        "finished). Ask the desk for your team's new code."
    ),
    too_many_guesses=gettext_noop("Too many wrong captain codes from this address; wait a few minutes."),
    signed_in_elsewhere=gettext_noop("Signed in for %(team)s, which does not play this match."),
    reported=gettext_noop("Reported. The opposing captain confirms it on their phone."),
    waiting=gettext_noop("The first-named team's captain has not reported yet. Reload this page once they have."),
    only_first_reports=gettext_noop("only the captain of the first-named team reports this match."),
    only_opponent_answers=gettext_noop("only the captain of the opposing team confirms or disputes this report."),
    only_confirmed_accepted=gettext_noop("only a report both captains confirmed can be accepted."),
    entrants_changed=gettext_noop("the teams of this match changed since the report; enter its result in the grid."),
    no_code=gettext_noop("this team has no captain code to revoke."),
    lineup_heading=gettext_noop("Your lineup"),
    lineup_button=gettext_noop("Hand in the lineup"),
    lineup_saved=gettext_noop("Lineup handed in."),
    lineup_reported=gettext_noop(
        "The result of this match has been reported, so the lineup can no longer be changed here; if it must "
        "change, the desk changes it."
    ),
    lineup_refused_reported=gettext_noop(
        "the result of this match has been reported; its lineup can now be changed at the desk only."
    ),
    from_phone=gettext_noop("(from the captain's phone)"),
    handed_in_from_phone=gettext_noop("handed in from the captain's phone, %(moment)s"),
    cards_title=gettext_noop("Captain cards"),
    card_of=gettext_noop("Captain card of %(team)s"),
    card_note=gettext_noop(
        "Scan the QR code on your match report form with your phone and enter this code once. Keep it to "
        "yourself: with it you report and confirm your team's results."
    ),
    codes_intro=gettext_noop(
        "A captain reports and confirms results on a phone with the team's captain code. Hand each captain their "
        "own code, never on a sheet the opponent sees. Issuing a new code revokes the old one."
    ),
    cards_button=gettext_noop("Issue new codes for every team and print their cards"),
    auto_accept=gettext_noop(
        "Accept reports both captains confirmed automatically (a report that differs from the desk's results "
        "still waits for the arbiter)"
    ),
    reports_intro=gettext_noop(
        "A report becomes the result only when accepted here (or, if the tournament says so, when both captains "
        "confirmed it and it matches the desk's results). The public sees it once the round is published."
    ),
    disputed_note=gettext_noop("Disputed: settle it with both captains, then enter the result in the grid."),
    no_reports=gettext_noop("No captain has reported in this round yet."),
)

PLAYER_PHONE = PhoneWords(
    code_label=gettext_noop("Your report code"),
    enter_code_first=gettext_noop("Enter your report code first."),
    wrong_code=gettext_noop(
        "This report code is wrong, revoked or not one of this tournament. Ask the desk for your code."
    ),
    code_revoked=gettext_noop(
        "The report code this phone used is no longer valid (revoked by the desk, or the tournament has "
        "finished). Ask the desk for your new code."
    ),
    too_many_guesses=gettext_noop("Too many wrong report codes from this address; wait a few minutes."),
    signed_in_elsewhere=gettext_noop("Signed in for %(team)s, who does not play at this table."),
    reported=gettext_noop("Reported. Another player of this table confirms it on their phone."),
    waiting=gettext_noop("The player at seat 1 has not reported yet. Reload this page once they have."),
    only_first_reports=gettext_noop("only the player at seat 1 reports this table."),
    only_opponent_answers=gettext_noop("only an opponent at this table confirms or disputes this report."),
    only_confirmed_accepted=gettext_noop("only a report an opponent confirmed can be accepted."),
    entrants_changed=gettext_noop("the players of this table changed since the report; enter its result in the grid."),
    no_code=gettext_noop("this player has no report code to revoke."),
    lineup_heading=gettext_noop("Do you play this round?"),
    lineup_button=gettext_noop("Tell the desk"),
    lineup_saved=gettext_noop("The desk knows whether you play."),
    lineup_reported=gettext_noop(
        "The result of this table has been reported, so whether you play can no longer be changed here; ask the desk."
    ),
    lineup_refused_reported=gettext_noop(
        "the result of this table has been reported; who plays can now be changed at the desk only."
    ),
    from_phone=gettext_noop("(from the player's phone)"),
    handed_in_from_phone=gettext_noop("handed in from the player's phone, %(moment)s"),
    cards_title=gettext_noop("Report code cards"),
    card_of=gettext_noop("Report code of %(team)s"),
    card_note=gettext_noop(
        "Scan the QR code on your seat card with your phone and enter this code once. Keep it to yourself: with "
        "it you report and confirm your results."
    ),
    codes_intro=gettext_noop(
        "Each player reports and confirms the table's result on a phone with their own report code. Hand each "
        "player their code alone. Issuing a new code revokes the old one."
    ),
    cards_button=gettext_noop("Issue new codes for every player and print their cards"),
    auto_accept=gettext_noop(
        "Accept reports an opponent confirmed automatically (a report that differs from the desk's results still "
        "waits for the arbiter)"
    ),
    reports_intro=gettext_noop(
        "A report becomes the result only when accepted here (or, if the tournament says so, when an opponent "
        "confirmed it and it matches the desk's results). The public sees it once the round is published."
    ),
    disputed_note=gettext_noop("Disputed: settle it with the table's players, then enter the result in the grid."),
    no_reports=gettext_noop("No player has reported in this round yet."),
)

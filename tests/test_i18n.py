"""German (the default) and English: complete catalogues, compiled, and used by pages and rules."""

import ast
import gettext
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import translation

from tests.builders import make_paired, play_round
from tournaments.domain.errors import gettext_noop
from tournaments.domain.lineup import LineupRules, lineup_violations
from tournaments.domain.presets import PRESETS
from tournaments.services.publishing import round_publish

LOCALE = Path(settings.BASE_DIR) / "locale"
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|<[^>]+>")


def po_entries(path: Path) -> list[dict]:
    """The live entries of a .po file (obsolete ``#~`` ones and the header left out).

    A tiny reader for what makemessages writes, so the check needs neither gettext tools nor polib.
    """
    entries, entry, field = [], None, None

    def flush():
        if entry and entry.get("msgid") and not entry["obsolete"]:
            entries.append(entry)

    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        if not line.strip():
            flush()
            entry, field = None, None
            continue
        if entry is None:
            entry = {"flags": set(), "obsolete": False, "msgstr": {}}
        if line.startswith("#~"):
            entry["obsolete"] = True
        elif line.startswith("#,"):
            entry["flags"].update(flag.strip() for flag in line[2:].split(","))
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            value = ast.literal_eval(line)
            if isinstance(field, int):
                entry["msgstr"][field] += value
            else:
                entry[field] += value
        else:
            keyword, _, quoted = line.partition(" ")
            value = ast.literal_eval(quoted)
            if keyword.startswith("msgstr"):
                field = int(keyword[7:-1]) if "[" in keyword else 0
                entry["msgstr"][field] = value
            else:
                field = keyword
                entry[field] = value
    return entries


def catalogue(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "django.po"


def test_every_german_message_is_translated_with_its_placeholders_and_none_is_fuzzy():
    entries = po_entries(catalogue("de"))
    assert len(entries) > 400  # the whole app, not a stub
    untranslated = [e["msgid"] for e in entries if not all(e["msgstr"].values())]
    fuzzy = [e["msgid"] for e in entries if "fuzzy" in e["flags"]]
    assert untranslated == [] and fuzzy == []
    for entry in entries:
        source = entry.get("msgid_plural", entry["msgid"])
        for translated in entry["msgstr"].values():
            assert sorted(set(PLACEHOLDER.findall(translated))) == sorted(set(PLACEHOLDER.findall(source))), entry[
                "msgid"
            ]
    plural = next(e for e in entries if e["msgid"] == "Pair %(counter)s round")
    assert plural["msgstr"] == {0: "%(counter)s Runde auslosen", 1: "Alle %(counter)s Runden auslosen"}
    # a discipline's words about a number of things: singular and plural as two entries
    singular, plural = (
        next(e for e in entries if e["msgid"] == msgid) for msgid in ("%(counter)s team", "%(counter)s teams")
    )
    assert (singular["msgstr"], plural["msgstr"]) == ({0: "%(counter)s Mannschaft"}, {0: "%(counter)s Mannschaften"})


def test_english_lists_the_same_messages_and_needs_no_translation():
    german, english = po_entries(catalogue("de")), po_entries(catalogue("en"))
    assert {e["msgid"] for e in english} == {e["msgid"] for e in german}
    assert [e["msgid"] for e in english if "fuzzy" in e["flags"]] == []


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_committed_mo_file_matches_its_po_file(language):
    """Run `make messages` after editing a .po file: Django reads only the compiled .mo."""
    po = catalogue(language)
    with open(po.with_suffix(".mo"), "rb") as file:
        compiled = gettext.GNUTranslations(file)
    for entry in po_entries(po):
        if not all(entry["msgstr"].values()):
            continue  # untranslated (English): gettext falls back to the msgid
        context = entry.get("msgctxt")
        if "msgid_plural" in entry:
            for n, index in ((1, 0), (2, 1)):
                args = (entry["msgid"], entry["msgid_plural"], n)
                got = compiled.npgettext(context, *args) if context else compiled.ngettext(*args)
                assert got == entry["msgstr"][index], entry["msgid"]
        else:
            got = compiled.pgettext(context, entry["msgid"]) if context else compiled.gettext(entry["msgid"])
            assert got == entry["msgstr"][0], entry["msgid"]


@pytest.fixture
def published(db):
    tournament = make_paired(teams=4)
    round_1 = tournament.rounds.get(number=1)
    play_round(round_1, {1: "1-0 1-0 ½-½ 0-1", 2: "0-1 0-1 0-1 ½-½"})
    round_publish(round_=round_1)
    return tournament


def test_public_standings_follow_the_browsers_language(client, published):
    url = f"/t/{published.slug}/standings/"
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9").text
    assert '<html lang="de">' in german
    assert "Tabelle nach Runde 1" in german and 'title="Mannschaftspunkte"' in german
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9").text
    assert '<html lang="en">' in english
    assert "Standings after round 1" in english and 'title="Match points"' in english
    assert "Tabelle" not in english


def test_german_is_the_default_and_the_switcher_changes_the_language(client, published, settings):
    settings.LANGUAGE_CODE = "de"  # the site's default (tests otherwise default to English)
    url = f"/t/{published.slug}/crosstable/"
    assert "Kreuztabelle" in client.get(url).text
    response = client.post("/i18n/setlang/", {"language": "en", "next": url})
    assert response.status_code == 302 and response.url == url
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    page = client.get(url).text
    assert "Crosstable" in page and "Kreuztabelle" not in page


def test_the_desk_speaks_the_language_of_the_cookie_including_rule_violations(client, published):
    client.force_login(get_user_model().objects.create_user("td", is_staff=True, is_superuser=True))
    match = published.rounds.get(number=3).matches.get(table=1)
    url = f"/desk/{published.slug}/rounds/3/lineups/"
    lineup = {"match": match.pk, "side": "first", "version": match.version} | {
        f"m{match.pk}-first-board_{board}": position for board, position in enumerate([1, 5, 3, 4], start=1)
    }
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    assert "Aufstellung speichern" in client.get(url).text
    refused = client.post(url, lineup)
    assert refused.status_code == 400
    # at board 2's field, whose label names it (issue 28 item 10: no field prefix beside the field)
    assert "<li>ein Ersatzspieler darf nur an Brett 4 spielen (Blitz, Präambel).</li>" in refused.text
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert "Save lineup" in client.get(url).text
    assert "<li>a substitute may only play board 4 (Blitz preamble).</li>" in client.post(url, lineup).text


def test_a_domain_rule_violation_is_translated_with_its_parameters_and_rule():
    rules = LineupRules(
        boards=4, substitute_boards=(4,), max_substitutes=1, rule=PRESETS["blitz-frankenwald"].lineup_rule
    )
    problems = lineup_violations([1, 2, 5, 5], roster_size=5, rules=rules)
    with translation.override("de"):
        assert [p.text(translation.gettext) for p in problems] == [
            "Brett 3: ein Ersatzspieler darf nur an Brett 4 spielen (Blitz, Präambel).",
            "Brett 4: der Spieler spielt bereits an Brett 3.",
        ]
    with translation.override("en"):
        assert problems[1].text(translation.gettext) == "board 4: the player already plays board 3."


@pytest.mark.parametrize(
    ("field", "german", "english"),
    [
        ("line 4", "Zeile 4", "line 4"),
        ("board 3", "Brett 3", "board 3"),
        ("players", "Spieler", "players"),
        ("players[2].rating", "Spieler 2, Wertzahl", "player 2, rating"),
        ("delete_results", "Ergebnisse löschen", "delete results"),
        ("colour_pattern", "Farbverteilung", "colour pattern"),
        ("from_round", "ab Runde", "from round"),
        ("places.seat 2", "Platz 2", "seat 2"),
        (
            "round 4, table 2, leg 2, board 1",
            "Runde 4, Tisch 2, Durchgang 2, Brett 1",
            "round 4, table 2, leg 2, board 1",
        ),
        ("team “SK Kronach”, players[1]", "Mannschaft “SK Kronach”, Spieler 1", "team “SK Kronach”, player 1"),
        ("something_new", "something new", "something new"),  # a name nobody listed: its words
    ],
)
def test_a_violations_field_is_named_in_the_users_language(field, german, english):
    """Issue 28 item 10: a person reads words, never the path ("from_round:", "places.seat 1:")."""
    from tournaments.domain.errors import RuleViolation

    error = RuleViolation(gettext_noop("the rating must be a whole number from 0 to 3500."), field=field)
    with translation.override("de"):
        assert error.text(translation.gettext) == f"{german}: die Wertzahl muss eine ganze Zahl von 0 bis 3500 sein."
    with translation.override("en"):
        assert error.text(translation.gettext) == f"{english}: the rating must be a whole number from 0 to 3500."
    assert error.text() == f"{field}: the rating must be a whole number from 0 to 3500."  # untranslated: the path
    assert error.field == field  # the API's "field" keeps the path


def test_a_version_is_no_place_a_person_corrects():
    """The 409's "version: this match was changed by someone else …" named a field nobody sees."""
    from tournaments.domain.errors import RuleViolation

    error = RuleViolation(
        gettext_noop(
            "this match was changed by someone else in the meantime (now version %(version)d); reload and try again."
        ),
        field="version",
        version=3,
    )
    with translation.override("en"):
        assert error.text(translation.gettext).startswith("this match was changed by someone else")


@pytest.mark.parametrize(
    ("count", "german"), [(1, "1 Ergebnis; löschen Sie es"), (4, "4 Ergebnisse; löschen Sie diese")]
)
def test_counted_messages_take_the_singular_or_plural(count, german):
    from tournaments.domain.errors import RuleViolation

    error = RuleViolation(
        gettext_noop("round %(number)d already has %(count)d result; delete it explicitly to pair the round again."),
        plural=gettext_noop("round %(number)d already has %(count)d results; delete them explicitly to pair it again."),
        field="delete_results",
        number=3,
        count=count,
    )
    with translation.override("de"):
        text = error.text(translation.gettext)
    assert text.startswith(f"Ergebnisse löschen: Runde 3 hat bereits {german}") and "(se)" not in text


def test_unpairing_a_played_round_is_refused_in_german_without_english_names(client, published):
    from tests.builders import enter_board
    from tournaments.models import BoardGame

    client.force_login(get_user_model().objects.create_user("td", is_staff=True, is_superuser=True))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    enter_board(board=BoardGame.objects.filter(match__round__number=3).first(), result="1-0")
    refused = client.post(f"/desk/{published.slug}/rounds/3/unpair/", follow=True).text
    assert "Ergebnisse löschen: Runde 3 hat bereits 1 Ergebnis; löschen Sie es ausdrücklich" in refused
    assert "delete_results:" not in refused and "Ergebnis(se)" not in refused


def test_the_add_team_form_names_roster_lines_in_german(client, published):
    from tests.builders import make_tournament

    client.force_login(get_user_model().objects.create_user("td", is_staff=True, is_superuser=True))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    tournament = make_tournament(teams=0, name="Leer")
    refused = client.post(
        f"/desk/{tournament.slug}/teams/", {"name": "SV Höchstadt", "players": "A, stark\nB\nC, schwach"}
    )
    assert "Zeile 1: " in refused.text and "Zeile 3: " in refused.text and "line 1" not in refused.text


def test_the_apis_not_found_speaks_german(client, published):
    for path in [f"/api/v1/tournaments/{published.slug}/teams/999999/", "/api/v1/tournaments/nope/", "/api/v1/nope/"]:
        response = client.get(path, HTTP_ACCEPT_LANGUAGE="de")
        assert response.status_code == 404
        assert response.json()["detail"] == "Nicht gefunden.", path

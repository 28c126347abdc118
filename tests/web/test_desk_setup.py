"""Creating a tournament, its settings, teams by form and by CSV import, start and pairing."""

import pytest

from tests.builders import make_tournament
from tournaments.models import AuditEntry, Player, Tournament

pytestmark = pytest.mark.django_db

CSV = """team;board;name;rating;fide_id
SK Kronach;1;Jürgen Müller;2010;4612345
SK Kronach;2;Łukasz Dvořák;1950;
SK Kronach;3;Ayşe Şahin;1900;
SK Kronach;4;Bärbel Weiß;1850;
SK Kronach;S;Käthe Bäuerle;1700;
TSV Küps;1;Björn Schäfer;2000;
TSV Küps;2;Sören Köhler;1990;
TSV Küps;3;Jörg Größer;1800;
TSV Küps;4;Renée Hübner;1750;
"""


def test_a_td_creates_a_tournament_from_a_preset(desk):
    response = desk.post(
        "/desk/new/", {"name": "Frankenwaldpokal 2027", "preset": "blitz-frankenwald", "venue": "Kronach"}
    )
    tournament = Tournament.objects.get()
    assert response.status_code == 302 and response.headers["Location"] == f"/desk/{tournament.slug}/"
    assert (tournament.slug, tournament.colour_pattern, tournament.substitute_boards) == (
        "frankenwaldpokal-2027",
        "BWBW",
        [4],
    )
    assert AuditEntry.objects.get().source == "desk"


def test_a_taken_slug_comes_back_as_a_form_error_with_the_input_kept(desk):
    make_tournament(name="Pokal", teams=0, slug="pokal")
    response = desk.post("/desk/new/", {"name": "Mein Pokal", "preset": "fide-team", "slug": "pokal"})
    assert response.status_code == 400
    assert "the slug “pokal” is already taken." in response.text
    assert 'value="Mein Pokal"' in response.text
    assert Tournament.objects.count() == 1


def test_an_unknown_preset_is_a_form_error(desk):
    response = desk.post("/desk/new/", {"name": "X", "preset": "chess960"})
    assert response.status_code == 400
    assert Tournament.objects.count() == 0


def test_settings_are_saved_and_rule_violations_name_the_field(desk):
    tournament = make_tournament(teams=2)
    from tournaments.forms.tournament import TournamentSettingsForm

    data = {k: ("" if v is None else v) for k, v in TournamentSettingsForm.initial_for(tournament).items()}
    data["playoff_for_first"] = "on"
    data.update(venue="Küps, Gasthof", colour_pattern="BWBX")
    response = desk.post(f"/desk/{tournament.slug}/", data)
    assert response.status_code == 400
    assert "“BWBX” must be one letter W or B for each of the 4 boards." in response.text
    assert 'value="Küps, Gasthof"' in response.text  # nothing the TD typed is lost
    data.update(colour_pattern="WBWB", tiebreaks_other="BP, BW")
    assert desk.post(f"/desk/{tournament.slug}/", data).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.venue, tournament.colour_pattern, tournament.tiebreaks_other) == (
        "Küps, Gasthof",
        "WBWB",
        ["BP", "BW"],
    )


def test_an_unknown_tiebreak_code_is_shown_on_its_field(desk):
    tournament = make_tournament(teams=2)
    from tournaments.forms.tournament import TournamentSettingsForm

    data = {k: ("" if v is None else v) for k, v in TournamentSettingsForm.initial_for(tournament).items()}
    data["tiebreaks_first"] = "DE, XYZ"
    response = desk.post(f"/desk/{tournament.slug}/", data)
    assert response.status_code == 400
    assert "unknown tie-break “XYZ”" in response.text


def test_a_team_is_added_by_form_and_its_roster_edited(desk):
    tournament = make_tournament(teams=0)
    response = desk.post(
        f"/desk/{tournament.slug}/teams/",
        {"name": "SV Höchstadt", "players": "Jürgen Müller, 2010, 4612345\nSören Köhler, 1990\nBärbel Weiß\nZoë Fuß"},
    )
    assert response.status_code == 302
    team = tournament.teams.get()
    assert [(p.position, p.name, p.rating, p.fide_id) for p in team.players.all()] == [
        (1, "Jürgen Müller", 2010, "4612345"),
        (2, "Sören Köhler", 1990, ""),
        (3, "Bärbel Weiß", None, ""),
        (4, "Zoë Fuß", None, ""),
    ]
    edit = desk.get(f"/desk/{tournament.slug}/teams/{team.pk}/")
    assert "Jürgen Müller, 2010, 4612345\nSören Köhler, 1990\nBärbel Weiß\nZoë Fuß</textarea>" in edit.text
    response = desk.post(f"/desk/{tournament.slug}/teams/{team.pk}/", {"players": "Zoë Fuß, 1800\nJürgen Müller"})
    assert response.status_code == 302
    assert list(team.players.values_list("name", flat=True)) == ["Zoë Fuß", "Jürgen Müller"]


def test_a_bad_roster_line_keeps_the_form_filled(desk):
    tournament = make_tournament(teams=0)
    typed = "Jürgen Müller, stark\nSören Köhler"
    response = desk.post(f"/desk/{tournament.slug}/teams/", {"name": "SV Höchstadt", "players": typed})
    assert response.status_code == 400
    assert "line 1: “stark” is not a rating" in response.text
    assert "Jürgen Müller, stark" in response.text
    assert not tournament.teams.exists()


def test_a_duplicate_team_name_is_a_field_error(desk):
    tournament = make_tournament(teams=1)
    response = desk.post(f"/desk/{tournament.slug}/teams/", {"name": "SK Kronach", "players": "A\nB"})
    assert response.status_code == 400
    assert "a team named “SK Kronach” is already registered." in response.text


def test_too_many_players_is_refused_naming_the_limit(desk):
    tournament = make_tournament(teams=0)
    response = desk.post(f"/desk/{tournament.slug}/teams/", {"name": "SK", "players": "A\nB\nC\nD\nE\nF"})
    assert response.status_code == 400
    assert "at most 5 players (4 boards and 1 substitute)." in response.text


def test_csv_import_previews_then_imports_every_team(desk, tmp_path):
    tournament = make_tournament(teams=0)
    upload = tmp_path / "teams.csv"
    upload.write_text(CSV, encoding="utf-8")
    with upload.open("rb") as handle:
        preview = desk.post(f"/desk/{tournament.slug}/teams/import/", {"file": handle, "action": "preview"})
    assert preview.status_code == 200
    assert "Łukasz Dvořák" in preview.text and "2 teams will be registered." in preview.text
    assert not tournament.teams.exists()  # the preview writes nothing
    text = preview.context["text"]
    response = desk.post(f"/desk/{tournament.slug}/teams/import/", {"text": text, "action": "import"})
    assert response.status_code == 302
    kronach = tournament.teams.get(name="SK Kronach")
    assert [p.name for p in kronach.players.all()] == [
        "Jürgen Müller",
        "Łukasz Dvořák",
        "Ayşe Şahin",
        "Bärbel Weiß",
        "Käthe Bäuerle",
    ]
    assert kronach.players.get(position=1).fide_id == "4612345"
    assert list(tournament.teams.values_list("seed", flat=True)) == [1, 2]


def test_csv_in_windows_1252_with_commas_is_read(desk):
    tournament = make_tournament(teams=0)
    data = "team,board,name,rating\nTSV Küps,1,Jörg Größer,1800\n".encode("cp1252")
    from django.core.files.uploadedfile import SimpleUploadedFile

    preview = desk.post(
        f"/desk/{tournament.slug}/teams/import/", {"file": SimpleUploadedFile("t.csv", data), "action": "preview"}
    )
    assert preview.status_code == 200
    assert "Jörg Größer" in preview.text


def test_csv_preview_shows_every_rows_problem_and_import_writes_nothing(desk):
    tournament = make_tournament(teams=1)  # "SK Kronach" is already registered
    bad = (
        "team;board;name;rating\n"
        "SK Kronach;1;A;1500\n"
        "TSV Küps;1;Björn;zwei\n"
        "TSV Küps;1;Sören;1900\n"
        "TSV Küps;7x;Jörg;1800\n"
        ";2;Käthe;1700\n"
    )
    from django.core.files.uploadedfile import SimpleUploadedFile

    preview = desk.post(
        f"/desk/{tournament.slug}/teams/import/",
        {"file": SimpleUploadedFile("t.csv", bad.encode()), "action": "preview"},
    )
    assert preview.status_code == 400
    text = preview.text
    assert "line 2: a team named “SK Kronach” is already registered." in text
    assert "line 3: the rating must be a whole number from 0 to 3500." in text
    assert "line 4: board 1 is already taken by line 3." in text
    assert "line 5: “7x” is not a board: use 1 to 4, or S for the substitute." in text
    assert "line 6: the team is missing." in text
    assert 'value="import"' not in text
    response = desk.post(f"/desk/{tournament.slug}/teams/import/", {"text": bad, "action": "import"})
    assert response.status_code == 400
    assert tournament.teams.count() == 1 and Player.objects.filter(team__tournament=tournament).count() == 5


def test_import_without_a_file_is_a_form_error_and_get_goes_back(desk):
    tournament = make_tournament(teams=0)
    assert desk.post(f"/desk/{tournament.slug}/teams/import/", {"action": "preview"}).status_code == 400
    assert desk.get(f"/desk/{tournament.slug}/teams/import/").status_code == 302


def test_start_locks_rosters_and_pair_creates_all_rounds(desk):
    tournament = make_tournament(teams=4)
    response = desk.post(f"/desk/{tournament.slug}/start/", follow=True)
    assert "rosters are locked" in response.text
    team = tournament.teams.first()
    locked = desk.post(f"/desk/{tournament.slug}/teams/{team.pk}/", {"players": "A\nB"})
    assert locked.status_code == 400
    assert "rosters are locked since the tournament started" in locked.text
    assert "Pair all 3 rounds" in desk.get(f"/desk/{tournament.slug}/").text
    response = desk.post(f"/desk/{tournament.slug}/pair/", follow=True)
    assert "3 rounds paired." in response.text
    assert "/pair/" not in response.text  # nothing left to pair: no button
    assert tournament.rounds.count() == 3
    again = desk.post(f"/desk/{tournament.slug}/pair/", follow=True)
    assert "all 3 rounds of the round robin are already paired." in again.text


def test_starting_with_one_team_is_refused_with_a_message(desk):
    tournament = make_tournament(teams=1)
    response = desk.post(f"/desk/{tournament.slug}/start/", follow=True)
    assert "teams: a tournament needs at least two teams to start." in response.text
    tournament.refresh_from_db()
    assert tournament.status == "registration"


def test_the_overview_lists_all_rounds_with_tables_and_colours(desk, running, django_assert_max_num_queries):
    with django_assert_max_num_queries(16):
        response = desk.get(f"/desk/{running.slug}/")
    assert response.status_code == 200
    assert response.text.count("<details") == 3
    assert 'title="Board 1: Black"' in response.text  # Blitz §18: first-named team Black on board 1


def test_the_board_count_cannot_change_once_the_tournament_runs(desk, running):
    from tournaments.forms.tournament import TournamentSettingsForm

    data = {k: ("" if v is None else v) for k, v in TournamentSettingsForm.initial_for(running).items()}
    data.update(boards=6, playoff_for_first="on")
    response = desk.post(f"/desk/{running.slug}/", data)
    assert response.status_code == 400
    assert "cannot be changed once the tournament has started." in response.text
    running.refresh_from_db()
    assert running.boards == 4


def _token(page) -> str:
    return page.text.split('name="submission" value="')[1][:32]


def test_a_create_form_sent_twice_creates_one_tournament_and_says_so(desk):
    data = {"name": "Pokal", "preset": "blitz-frankenwald", "submission": _token(desk.get("/desk/new/"))}
    assert desk.post("/desk/new/", data).status_code == 302
    repeat = desk.post("/desk/new/", data, follow=True)
    assert repeat.status_code == 200
    assert "This form was sent twice; the tournament is created only once." in repeat.text
    assert list(Tournament.objects.values_list("slug", flat=True)) == ["pokal"]
    # a fresh form creates a second tournament as before
    data["submission"] = _token(desk.get("/desk/new/"))
    assert desk.post("/desk/new/", data).status_code == 302
    assert Tournament.objects.count() == 2


def test_a_refused_create_form_can_be_corrected_and_sent_again(desk):
    make_tournament(name="Pokal", teams=0, slug="pokal")
    data = {"name": "Pokal", "preset": "fide-team", "slug": "pokal", "submission": _token(desk.get("/desk/new/"))}
    refused = desk.post("/desk/new/", data)
    assert refused.status_code == 400 and _token(refused) == data["submission"]
    assert desk.post("/desk/new/", {**data, "slug": "pokal-b"}).status_code == 302
    assert Tournament.objects.filter(slug="pokal-b").exists()


def test_an_add_team_form_sent_twice_registers_one_team(desk):
    tournament = make_tournament(teams=0)
    page = desk.get(f"/desk/{tournament.slug}/teams/")
    data = {"name": "SV Höchstadt", "players": "A\nB\nC\nD", "submission": _token(page)}
    assert desk.post(f"/desk/{tournament.slug}/teams/", data).status_code == 302
    repeat = desk.post(f"/desk/{tournament.slug}/teams/", data, follow=True)
    assert repeat.status_code == 200
    assert "This form was sent twice; the team is registered only once." in repeat.text
    assert list(tournament.teams.values_list("name", flat=True)) == ["SV Höchstadt"]


def test_a_slug_taken_by_a_simultaneous_create_is_a_slug_error_not_a_500(monkeypatch):
    from tournaments.domain.errors import RuleViolation
    from tournaments.services import tournaments as service

    make_tournament(name="Pokal", teams=0, slug="pokal")
    # what a request in another process sees: the slug was free a moment before its insert
    monkeypatch.setattr(service, "_free_slug", lambda text, explicit: "pokal")
    with pytest.raises(RuleViolation) as error:
        service.tournament_create(name="Pokal")
    assert (error.value.field, str(error.value)) == ("slug", "slug: the slug “pokal” is already taken.")
    assert Tournament.objects.count() == 1


def test_the_add_team_form_reports_every_bad_roster_line(desk):
    tournament = make_tournament(teams=0)
    typed = "Jürgen Müller, stark\nSören Köhler, 1990\nBärbel Weiß, schwach\nZoë Fuß"
    response = desk.post(f"/desk/{tournament.slug}/teams/", {"name": "SV Höchstadt", "players": typed})
    assert response.status_code == 400
    assert "line 1: “stark” is not a rating" in response.text
    assert "line 3: “schwach” is not a rating" in response.text
    assert not tournament.teams.exists()


def test_the_add_team_form_reports_every_roster_rule_at_once(desk):
    tournament = make_tournament(teams=0)  # 4 boards, 1 substitute
    typed = "Jürgen Müller\nJürgen Müller\nBärbel Weiß\nZoë Fuß\nUwe Maier\nJürgen Müller"
    response = desk.post(f"/desk/{tournament.slug}/teams/", {"name": "SV Höchstadt", "players": typed})
    assert response.status_code == 400
    errors = response.context["form"].errors["players"]
    assert errors == [
        "at most 5 players (4 boards and 1 substitute).",
        "player 2: “Jürgen Müller” is on the roster twice.",
        "player 6: “Jürgen Müller” is on the roster twice.",
    ]


def test_a_team_name_differing_only_in_case_is_registered_after_a_confirmation(desk):
    tournament = make_tournament(teams=0)
    url = f"/desk/{tournament.slug}/teams/"
    assert desk.post(url, {"name": "Team Sechs", "players": "A\nB\nC\nD"}).status_code == 302
    data = {"name": "team sechs", "players": "E\nF\nG\nH"}
    asked = desk.post(url, data)
    assert asked.status_code == 200
    assert asked.context["warnings"] == [
        "name: “team sechs” differs from the registered team “Team Sechs” only in upper and lower case."
    ]
    assert 'name="confirm"' in asked.text and 'value="team sechs"' in asked.text
    assert list(tournament.teams.values_list("name", flat=True)) == ["Team Sechs"]
    assert desk.post(url, {**data, "confirm": "1"}).status_code == 302
    assert list(tournament.teams.values_list("name", flat=True)) == ["Team Sechs", "team sechs"]


def test_a_team_with_fewer_players_than_boards_is_registered_after_a_confirmation(desk):
    tournament = make_tournament(teams=0)
    url = f"/desk/{tournament.slug}/teams/"
    data = {"name": "SV Höchstadt", "players": "A\nB\nC"}
    asked = desk.post(url, data)
    assert asked.status_code == 200
    assert asked.context["warnings"] == [
        "players: 3 players for 4 boards: the empty boards are lost by forfeit in every round."
    ]
    assert not tournament.teams.exists()
    assert desk.post(url, {**data, "confirm": "1"}).status_code == 302
    assert [p.name for p in tournament.teams.get().players.all()] == ["A", "B", "C"]


def test_the_csv_preview_warns_like_the_add_team_form(desk):
    tournament = make_tournament(teams=0)
    desk.post(f"/desk/{tournament.slug}/teams/", {"name": "Team Sechs", "players": "A\nB\nC\nD"})
    text = "team;board;name;rating\nteam sechs;1;E;\nteam sechs;2;F;\nteam sechs;3;G;\n"
    preview = desk.post(f"/desk/{tournament.slug}/teams/import/", {"text": text, "action": "preview"})
    assert preview.status_code == 200
    assert preview.context["warnings"] == [
        "team “team sechs”: “team sechs” differs from the registered team “Team Sechs” only in upper and lower case.",
        "team “team sechs”: 3 players for 4 boards: the empty boards are lost by forfeit in every round.",
    ]
    assert 'value="import"' in preview.text  # a warning, not a refusal


def test_board_numbers_in_other_scripts_are_refused_not_read_as_digits(desk):
    """int() reads "٤" (Arabic-Indic four) and "４" (full-width four) as 4; the TD typed no 4."""
    tournament = make_tournament(teams=2)
    from tournaments.forms.tournament import TournamentSettingsForm

    data = {k: ("" if v is None else v) for k, v in TournamentSettingsForm.initial_for(tournament).items()}
    for typed in ("٤", "3, ４"):
        data["substitute_boards"] = typed
        response = desk.post(f"/desk/{tournament.slug}/", data)
        assert response.status_code == 400
        assert "Write board numbers separated by commas" in response.text
    data["substitute_boards"] = "3, 4"
    assert desk.post(f"/desk/{tournament.slug}/", data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.substitute_boards == [3, 4]

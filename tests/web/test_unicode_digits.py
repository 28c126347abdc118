"""Numbers in requests are ASCII digits only: "²" or "٣" is a clear 400 naming the parameter, never a 500."""

import pytest

from tournaments.models import Match

pytestmark = pytest.mark.django_db

ODD_DIGITS = ["²", "٣", "①"]


@pytest.mark.parametrize("digit", ODD_DIGITS)
def test_public_pdfs_refuse_unicode_digits(client, running, digit):
    standings = client.get(f"/t/{running.slug}/pdf/standings.pdf", {"round": digit})
    pairings = client.get(f"/t/{running.slug}/pdf/pairings/1.pdf", {"boards": digit})
    assert (standings.status_code, pairings.status_code) == (400, 400)
    assert "round" in standings.text and "boards" in pairings.text


@pytest.mark.parametrize("digit", ODD_DIGITS)
def test_desk_number_parameters_refuse_unicode_digits(desk, running, digit):
    reports = desk.get(f"/desk/{running.slug}/pdf/rounds/1/reports.pdf", {"per_page": digit})
    bundle = desk.post(f"/desk/{running.slug}/rounds/1/bundle/request", {"per_page": digit})
    assert (reports.status_code, bundle.status_code) == (400, 400)
    assert "per page:" in reports.text and "per_page" not in reports.text  # issue 28 item 10: words, not the path
    match = Match.objects.filter(round__tournament=running, round__number=2).first()
    revert = desk.post(f"/desk/{running.slug}/matches/{match.pk}/audit/", {"revert": digit})
    assert revert.status_code == 400 and "revert" in revert.text


def test_the_archive_import_ignores_a_unicode_content_length(client, running):
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.create_user("staff", is_staff=True))
    response = client.post("/api/v1/archives/", b"{}", content_type="application/json", CONTENT_LENGTH="²")
    assert response.status_code == 400

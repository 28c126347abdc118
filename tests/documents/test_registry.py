"""The print-document registry: every document downloads at its URL for its audience, and where a
round's form is not printed it is refused in one place (``PrintDocument.refusal``)."""

from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.template.loader import get_template
from django.urls import resolve, reverse

from tournaments.documents.registry import DOCUMENTS, Audience, round_bundle_parts, round_forms
from tournaments.domain.disciplines import DISCIPLINES
from tournaments.layouts import layout_of

from .pdf import text


def test_every_document_has_its_url_and_view_by_audience():
    for document in DOCUMENTS.values():
        args = ["x", 1] if document.per_round else ["x"]
        url = reverse(f"tournaments:{document.url_name}", args=args)
        prefix = "/t/x/" if document.audience == Audience.PUBLIC else "/desk/x/"
        assert url.startswith(prefix) and url.endswith(".pdf")
        match = resolve(url)
        assert match.kwargs["document"] == document.id
        assert match.func.__name__ == f"{document.audience}_pdf"


@pytest.mark.parametrize("discipline", DISCIPLINES.values(), ids=lambda d: d.key)
def test_a_round_form_is_available_exactly_where_the_discipline_prints_it(discipline):
    tournament = SimpleNamespace(discipline_rules=discipline)
    available = {d.id for d in DOCUMENTS.values() if d.refusal(tournament) is None}
    forms = {d.id for d in DOCUMENTS.values() if d.unavailable}
    printed = layout_of(discipline).round_forms
    assert available == set(DOCUMENTS) - forms | set(printed)
    assert [d.id for d in round_forms(tournament)] == list(printed)
    assert [d.id for d in round_bundle_parts(tournament)] == ["desk-pairings", *printed]
    for document in round_forms(tournament):
        get_template(f"desk/_print_{document.id}.html")  # the desk's link to it


@pytest.mark.django_db
def test_the_desk_download_refuses_a_form_the_event_does_not_print(client, played):
    client.force_login(get_user_model().objects.create_user("td", is_staff=True, is_superuser=True))
    refused = client.get(reverse("tournaments:pdf_seat_cards", args=[played.slug, 1]))
    assert refused.status_code == 400
    assert refused.content.decode() == "round: this tournament plays on boards: print the match report forms instead."
    printed = client.get(reverse("tournaments:pdf_match_reports", args=[played.slug, 1]))
    assert printed["Content-Disposition"] == f'inline; filename="{played.slug}-reports-1.pdf"'
    assert "Match report form Round 1" in text(printed.content)
    incidents = client.get(reverse("tournaments:pdf_incidents", args=[played.slug, 1]))
    assert incidents.status_code == 200 and incidents["Content-Type"] == "application/pdf"

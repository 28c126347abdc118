"""What the README promises a fresh clone: its links resolve, its claims hold (issue 18, item 22)."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
RULES = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


def test_every_relative_link_and_path_of_the_readme_is_in_the_repository():
    links = re.findall(r"\]\(([^)#:]+)\)", README)
    assert "docs/rules.md" in links and "LICENSE" in links
    for link in links:
        assert (ROOT / link).exists(), link
    assert "../" not in README  # nothing outside the clone


def test_the_licence_is_mit_and_the_readme_says_so():
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License\n\nCopyright (c) 2026 Arbiter contributors\n")
    assert "MIT licence" in README


def test_the_readme_knows_tandem_exists_and_documents_run_addr():
    assert "(coming)" not in README and "tandem (bughouse)" in README
    assert "RUN_ADDR" in (ROOT / "Makefile").read_text() and "RUN_ADDR=" in README


def test_every_paragraph_the_code_cites_is_in_the_rules_digest():
    cited = set()
    for source in (ROOT / "tournaments").rglob("*.py"):
        for book, paragraphs in re.findall(
            r"(Blitz|Tandem) (§\d+(?:\.\d+)*[a-z]?(?:, §\d+(?:\.\d+)*[a-z]?)*)", source.read_text(encoding="utf-8")
        ):  # a paragraph number, not the full stop after it ("Blitz §16.")
            cited |= {(book, p) for p in re.findall(r"§\d+(?:\.\d+)*[a-z]?", paragraphs)}
    assert ("Blitz", "§16") in cited and ("Tandem", "§1.3") in cited
    sections = {"Blitz": RULES.split("## Tandem")[0], "Tandem": RULES.split("## Tandem")[1]}
    missing = sorted(
        f"{book} {p}" for book, p in cited if not re.search(re.escape(p) + r"(?![\d.]*\d)", sections[book])
    )
    assert missing == []


@pytest.mark.django_db
@pytest.mark.parametrize(("accept", "heading"), [("de-DE,de;q=0.9", "Turniere"), ("en-GB,en;q=0.9", "Tournaments")])
def test_pages_follow_the_browsers_language_as_the_readme_says(client, settings, accept, heading):
    assert "Pages are in the browser's language" in README
    settings.LANGUAGE_CODE = "de"
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=accept)
    assert f">{heading}<" in response.text

import pytest
from django.core.management import CommandError, call_command

from .pdf import pages

pytestmark = pytest.mark.django_db


def test_print_round_writes_the_bundle_and_refuses_an_unpaired_round(played, tmp_path, capsys):
    out = tmp_path / "runde-1.pdf"
    call_command("print_round", played.slug, "1", "--out", str(out), "--per-page", "1")
    assert capsys.readouterr().out.strip() == str(out)
    printed = pages(out.read_bytes())
    assert len(printed) == 3 and "Pairings – round 1" in printed[0]
    with pytest.raises(CommandError, match="round 4: not paired yet"):
        call_command("print_round", played.slug, "4", "--out", str(tmp_path / "x.pdf"))

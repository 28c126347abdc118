"""What differs between disciplines lives in ``tournaments/domain/disciplines``: nothing outside the
domain may branch on a discipline's name, on ``Discipline.…`` or on the removed ``match_level_result``
(issue 14). The rest of the app asks the discipline object (``tournament.discipline_rules``)."""

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAMED = re.compile(r"(?i:tandem|match_level|team-blitz|team_blitz)|\bDiscipline\.|\bdiscipline\s*(==|!=|\bin\b|\bnot in\b)")
TEMPLATE_CONDITION = re.compile(r"{%-?\s*(?:if|elif)\b(.*?)%}", re.S)
JS_CONDITION = re.compile(r"\b(?:if|switch|case|while)\b|\?")


def python_branches(source: str) -> list[str]:
    """Logical lines with ``if``/``elif``/``while`` (statement or expression) that name a discipline;
    comments and docstrings do not count."""
    found, line, keywords = [], [], False
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
            text = " ".join(line)
            if keywords and NAMED.search(text):
                found.append(text)
            line, keywords = [], False
        elif token.type not in (tokenize.COMMENT, tokenize.NL, tokenize.INDENT, tokenize.DEDENT):
            line.append(token.string)
            keywords = keywords or (token.type == tokenize.NAME and token.string in {"if", "elif", "while", "match", "case"})
    return found


def template_branches(source: str) -> list[str]:
    source = re.sub(r"{#.*?#}|{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", "", source, flags=re.S)
    return [condition.strip() for condition in TEMPLATE_CONDITION.findall(source) if NAMED.search(condition)]


def js_branches(source: str) -> list[str]:
    source = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    lines = (line.split("//")[0] for line in source.splitlines())
    return [line.strip() for line in lines if JS_CONDITION.search(line) and NAMED.search(line)]


def branches_outside_the_domain() -> dict[str, list[str]]:
    readers = {".py": python_branches, ".html": template_branches, ".js": js_branches}
    found = {}
    for folder in ("tournaments", "templates"):
        for path in sorted((ROOT / folder).rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if path.suffix not in readers or relative.startswith(("tournaments/domain/", "tournaments/migrations/")):
                continue
            hits = readers[path.suffix](path.read_text(encoding="utf-8"))
            if hits:
                found[relative] = hits
    return found


def test_nothing_outside_the_domain_branches_on_the_discipline():
    assert branches_outside_the_domain() == {}


def test_the_check_sees_each_kind_of_branch():
    assert python_branches("if tournament.match_level_result:\n    pass\n")
    assert python_branches("x = 1 if t.discipline == Discipline.TANDEM else 2\n")
    assert python_branches("if t.discipline in ('tandem',):\n    pass\n")
    assert python_branches('def f():\n    """Where a match has one result (tandem)."""\n    # if tandem: nothing\n') == []
    assert python_branches("if discipline.scores_boards:\n    pass\n") == []
    assert template_branches("{% if line.match_level %}x{% endif %}{# if tandem #}")
    assert template_branches("{% if tournament.discipline == 'tandem' %}x{% endif %}")
    assert template_branches("{% if line.discipline.scores_boards %}x{% endif %}") == []
    assert js_branches('if (grid.dataset.tandem) {\n') and js_branches("// per match for tandem\n") == []

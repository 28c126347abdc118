"""What differs between disciplines lives in ``tournaments/domain/disciplines``: nothing outside the
domain may branch on a discipline's name, on ``Discipline.…`` or on the removed ``match_level_result``
(issue 14). The rest of the app asks the discipline object (``tournament.discipline_rules``).

Nor may it branch on what a discipline can do (``scores_boards``, ``checks_claim_material``,
``groups_tables``, its result keys …, the capability flags) or on its kind or layout (``kind``,
``layout_of``, the round's forms): a template includes the discipline's partial, a page or document
takes its part from the layout registry (``tournaments/layouts.py``), a page loops over its
standings columns (``domain/disciplines/presentation.py``). The two registries
(``tournaments/layouts.py``, ``tournaments/documents/registry.py``) are where a layout and a
document are named, so they alone may."""

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAMED = re.compile(
    r"(?i:tandem|match_level|team-blitz|team_blitz)|\bDiscipline\.|\bdiscipline\s*(==|!=|\bin\b|\bnot in\b)"
)
TEMPLATE_CONDITION = re.compile(r"{%-?\s*(?:if|elif)\b(.*?)%}", re.S)
JS_CONDITION = re.compile(r"\b(?:if|switch|case|while)\b|\?")
# What a discipline can do, or which kind it is: in any spelling (``per_board``, ``perBoard``, ``per-board``).
FLAGS = re.compile(
    r"(?i:\b(?:scores[_-]?boards|scores[_-]?matches|per[_-]?board|board[_-]?points|checks[_-]?claim[_-]?material"
    r"|supports[_-]?playoff|(?:board|match|place)[_-]?result[_-]?keys|has[_-]?deciding[_-]?board|groups[_-]?tables"
    r"|round[_-]?prints|round[_-]?forms|presentation|partials|per[_-]?seat|place[_-]?fields)\b)"
    r"|\.\s*(?:scored|layout)\b|\b(?:discipline|discipline_rules|rules)\s*\.\s*kind\b|\blayout_of\s*\([^)]*\)\s*(?:==|!=|is\b|in\b)"
    r"|\b(?:Scored|DisciplineKind|BoardScored|MatchScored|TableScored|ViererMatch|LAYOUTS|ONE_RESULT_BOARDS)\b"
)
# The two registries are where a layout and a document are named: they answer, the rest asks them.
REGISTRIES = ("tournaments/layouts.py", "tournaments/documents/registry.py")


def python_branches(source: str, named: re.Pattern = NAMED) -> list[str]:
    """Logical lines with ``if``/``elif``/``while`` (statement or expression) that name a discipline
    (or with ``FLAGS``, a capability); comments and docstrings do not count."""
    found, line, keywords = [], [], False
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
            text = " ".join(line)
            if keywords and named.search(text):
                found.append(text)
            line, keywords = [], False
        elif token.type not in (tokenize.COMMENT, tokenize.NL, tokenize.INDENT, tokenize.DEDENT):
            line.append(token.string)
            keywords = keywords or (
                token.type == tokenize.NAME and token.string in {"if", "elif", "while", "match", "case"}
            )
    return found


def template_branches(source: str, named: re.Pattern = NAMED) -> list[str]:
    source = re.sub(r"{#.*?#}|{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", "", source, flags=re.S)
    return [condition.strip() for condition in TEMPLATE_CONDITION.findall(source) if named.search(condition)]


def js_branches(source: str, named: re.Pattern = NAMED) -> list[str]:
    source = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    lines = (line.split("//")[0] for line in source.splitlines())
    return [line.strip() for line in lines if JS_CONDITION.search(line) and named.search(line)]


def branches_outside_the_domain(named: re.Pattern = NAMED) -> dict[str, list[str]]:
    readers = {".py": python_branches, ".html": template_branches, ".js": js_branches}
    found = {}
    for folder in ("tournaments", "templates"):
        for path in sorted((ROOT / folder).rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if path.suffix not in readers or relative.startswith(("tournaments/domain/", "tournaments/migrations/")):
                continue
            if named is FLAGS and relative in REGISTRIES:
                continue
            hits = readers[path.suffix](path.read_text(encoding="utf-8"), named)
            if hits:
                found[relative] = hits
    return found


def test_nothing_outside_the_domain_branches_on_the_discipline():
    assert branches_outside_the_domain() == {}


def test_the_check_sees_each_kind_of_branch():
    assert python_branches("if tournament.match_level_result:\n    pass\n")
    assert python_branches("x = 1 if t.discipline == Discipline.TANDEM else 2\n")
    assert python_branches("if t.discipline in ('tandem',):\n    pass\n")
    assert (
        python_branches('def f():\n    """Where a match has one result (tandem)."""\n    # if tandem: nothing\n') == []
    )
    assert python_branches("if discipline.scores_boards:\n    pass\n") == []
    assert template_branches("{% if line.match_level %}x{% endif %}{# if tandem #}")
    assert template_branches("{% if tournament.discipline == 'tandem' %}x{% endif %}")
    assert template_branches("{% if line.discipline.scores_boards %}x{% endif %}") == []
    assert js_branches("if (grid.dataset.tandem) {\n") and js_branches("// per match for tandem\n") == []


def test_nothing_outside_the_domain_branches_on_what_a_discipline_can_do():
    """Python outside the domain, templates and static JS ask the discipline for the answer (its
    partial, layout, columns, score text …) instead of branching on a capability flag."""
    assert branches_outside_the_domain(FLAGS) == {}


def test_the_check_sees_each_kind_of_capability_branch():
    assert python_branches("if discipline.scores_boards:\n    pass\n", FLAGS)
    assert python_branches("bp = [x] if self.board_points else []\n", FLAGS)
    assert python_branches("if not d.checks_claim_material:\n    pass\n", FLAGS)
    assert python_branches("elif spec['per_board']:\n    pass\n", FLAGS)
    assert python_branches("if discipline.scored == Scored.MATCH:\n    pass\n", FLAGS)
    assert python_branches("if isinstance(discipline, MatchScored):\n    pass\n", FLAGS)
    assert python_branches("if d.presentation == 'match_scored':\n    pass\n", FLAGS)
    assert python_branches("if tournament.discipline_rules.layout == 'table':\n    pass\n", FLAGS)
    assert python_branches("if discipline.kind == DisciplineKind.TABLE:\n    pass\n", FLAGS)
    assert python_branches("if layout_of(discipline) is TABLE:\n    pass\n", FLAGS)
    assert python_branches("if 'seat-cards' in layout_of(d).round_forms:\n    pass\n", FLAGS)
    assert python_branches("if 'seat-cards' not in discipline.round_prints:\n    pass\n", FLAGS)
    assert python_branches("x = 1 if discipline.groups_tables else 2\n", FLAGS)
    assert python_branches("if not discipline.place_result_keys:\n    pass\n", FLAGS)
    assert python_branches("if not per_seat and not line.is_bye:\n    pass\n", FLAGS)
    # asking, not branching; and the other kinds of "kind" (a round's, a setting's) are not a discipline's
    assert python_branches("template = layout_of(discipline).round_page\n", FLAGS) == []
    assert python_branches("c = {'t': layout_of(d).round_page, 'n': next(r for r in rs if r.open)}\n", FLAGS) == []
    assert python_branches("if round_.kind == Round.Kind.PLAYOFF:\n    pass\n", FLAGS) == []
    assert python_branches("x = {'layout': 'public/_live.html' if partial else 'x'}\n", FLAGS) == []
    assert (
        python_branches('def f():\n    """Only where scores_boards (Blitz §16)."""\n    # if per_board: x\n', FLAGS)
        == []
    )
    assert python_branches("total_board_points = 1 if x else 2\n", FLAGS) == []
    assert template_branches("{% if line.discipline.scores_boards %}x{% endif %}", FLAGS)
    assert template_branches("{% elif not crosstable.standings.board_points %}x{% endif %}", FLAGS)
    assert template_branches("{% if not tournament.discipline_rules.checks_claim_material %}x{% endif %}", FLAGS)
    assert template_branches('{% include line.discipline|partial:"match" %}{# if scores_boards #}', FLAGS) == []
    assert template_branches("{% if tournament.discipline_rules.round_prints %}x{% endif %}", FLAGS)
    assert js_branches("if (spec.perBoard) {\n", FLAGS) and js_branches(
        "const x = grid.dataset.boardPoints ? 1 : 2;\n", FLAGS
    )
    assert js_branches("// only if per_board\n", FLAGS) == []

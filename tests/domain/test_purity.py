"""The domain core is plain Python: what the arbiter must trust cannot depend on the framework."""

import ast
from pathlib import Path

DOMAIN = Path(__file__).resolve().parents[2] / "tournaments" / "domain"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module)
    return names


def test_no_domain_module_imports_django_or_the_rest_of_the_app():
    offenders = {
        path.name: sorted(name for name in imported_modules(path) if name.split(".")[0] in {"django", "rest_framework", "celery", "tournaments"})
        for path in sorted(DOMAIN.glob("*.py"))
    }
    assert {name: found for name, found in offenders.items() if found} == {}
    assert len(offenders) >= 10

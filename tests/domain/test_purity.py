"""The domain core is plain Python: what the arbiter must trust cannot depend on the framework."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOMAIN = ROOT / "tournaments" / "domain"
FORBIDDEN = {"django", "rest_framework", "celery"}


def imported_modules(path: Path, root: Path = ROOT) -> set[str]:
    """Absolute names of everything ``path`` imports; relative imports resolved from its package."""
    package = list(path.relative_to(root).with_suffix("").parts[:-1])
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = [*base, *(node.module.split(".") if node.module else [])]
            if node.module:
                names.add(".".join(module))
            else:  # ``from . import x``: each x is a module (or a name) of that package
                names |= {".".join([*module, alias.name]) for alias in node.names}
    return names


def outside_the_domain(name: str) -> bool:
    return name.split(".")[0] in FORBIDDEN or (
        name.startswith("tournaments") and not name.startswith("tournaments.domain")
    )


def offenders(root: Path = ROOT) -> dict[str, list[str]]:
    domain = root / "tournaments" / "domain"
    found = {
        str(path.relative_to(domain)): sorted(name for name in imported_modules(path, root) if outside_the_domain(name))
        for path in sorted(domain.rglob("*.py"))
    }
    return {name: names for name, names in found.items() if names}


def test_no_domain_module_imports_django_or_the_rest_of_the_app():
    assert offenders() == {}
    assert len(list(DOMAIN.rglob("*.py"))) >= 10


def test_relative_imports_that_leave_the_domain_are_caught(tmp_path):
    package = tmp_path / "tournaments" / "domain" / "disciplines"
    package.mkdir(parents=True)
    (package / "sneaky.py").write_text(
        "from ...models import Match\nfrom .. import errors\nfrom ... import selectors\nfrom ..results import "
        "BoardResult\n"
    )
    (package.parent / "fine.py").write_text("from .errors import RuleViolation\nfrom . import results\n")
    assert offenders(tmp_path) == {"disciplines/sneaky.py": ["tournaments.models", "tournaments.selectors"]}

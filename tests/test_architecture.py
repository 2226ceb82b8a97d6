"""Imports go one way (DESIGN.md): games imports nothing of ours, tournament may import games,
banking imports both; and the rules engine imports no Django at all."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The project's root URLconf lives in tournament/ and routes to every app by name.
PROJECT_WIDE = {ROOT / "tournament" / "urls.py", ROOT / "tournament" / "settings"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def python_files(package: str) -> list[Path]:
    return [
        path
        for path in sorted((ROOT / package).rglob("*.py"))
        if not any(path == p or p in path.parents for p in PROJECT_WIDE)
    ]


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [("games", ("tournament", "banking")), ("tournament", ("banking",))],
)
def test_imports_go_one_way(package, forbidden):
    offending = [
        f"{path.relative_to(ROOT)} imports {module}"
        for path in python_files(package)
        for module in imported_modules(path)
        if module.split(".")[0] in forbidden
    ]
    assert offending == []


def test_the_rules_engine_is_plain_python():
    offending = [
        f"{path.relative_to(ROOT)} imports {module}"
        for path in python_files("games/engine")
        for module in imported_modules(path)
        if module.split(".")[0] in ("django", "rest_framework", "celery", "tournament", "banking")
    ]
    assert offending == []

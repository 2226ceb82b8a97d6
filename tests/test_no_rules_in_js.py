"""The browser shows what the bank computed: no rule arithmetic in the site's scripts, and
money, clocks and elements each written by one function (static/js/format.js, elements.js)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "static" / "js").rglob("*.js"))
CONSOLE = sorted((ROOT / "static" / "js" / "console").glob("*.js"))

# Half a house, ten percent, rent doubled, dice times ten: the bank's arithmetic.
RULE_ARITHMETIC = re.compile(r"(\*\s*1\.1\b|/\s*2\b|\*\s*2\b|\*\s*10\b|/\s*10\b)")


def test_the_console_holds_no_rule_arithmetic():
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in CONSOLE
        for n, line in enumerate(path.read_text().splitlines(), start=1)
        if RULE_ARITHMETIC.search(line)
    ]
    assert found == []


def defined(pattern: str) -> list[str]:
    return [
        str(path.relative_to(ROOT))
        for path in SCRIPTS
        if re.search(pattern, path.read_text(), re.MULTILINE)
    ]


def test_money_clocks_and_elements_are_written_once():
    """Written once; a page may name a one-line shortcut to the shared one."""
    assert defined(r"function money\b.*\{\s*$") == ["static/js/format.js"]
    assert defined(r"function (clock|countdown|duration|clockText)\b.*\{\s*$") == [
        "static/js/format.js"
    ]
    assert defined(r"function h\b") == ["static/js/elements.js"]
    assert defined(r"toLocaleString\(") == []
    assert defined(r"\\u2212") == ["static/js/format.js"]  # the minus sign of a debt


def test_the_console_has_no_words_of_its_own_for_an_entry():
    console = "\n".join(p.read_text() for p in CONSOLE)
    assert "describe(" not in console
    assert "KIND_TITLES" not in console
    assert "buys" not in console

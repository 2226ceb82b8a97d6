"""Every catalogue is complete: each language of locale/ (French, Spanish, German) has every
string the code marks for translation, translated and none fuzzy. A string newly marked
(`{% translate %}`, `gettext`, a script's `gettext`) without its translations fails here:
`make messages` adds it to the catalogues, to be translated (README.md, Adding a language)."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
LANGUAGES = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
DOMAINS = ("django", "djangojs")
# What makemessages reads: the code, the templates and the scripts (not the vendored ones).
SOURCES = ("banking", "games", "tournament", "templates", "static", "locale", "scripts")

# Debian's gettext (scripts/test-prerequisites.sh): its check of formats, of the header (each
# plural message has as many forms as the language's header says) and its count of messages.
MSGFMT = (shutil.which("msgfmt") or "msgfmt", "--check", "--statistics")


def msgids(catalogue: Path) -> set[str]:
    """The messages of a .po file (its header, the empty msgid, left out; obsolete ones too)."""
    found: set[str] = set()
    parts: list[str] | None = None
    for line in [*catalogue.read_text().splitlines(), ""]:
        if line.startswith("msgid "):
            parts = [ast.literal_eval(line.removeprefix("msgid "))]
        elif parts is not None and line.startswith('"'):
            parts.append(ast.literal_eval(line))
        elif parts is not None:
            found.add("".join(parts))
            parts = None
    return found - {""}


def test_every_language_has_each_catalogue():
    assert LANGUAGES == ["fr", "es", "de"]
    for language in LANGUAGES:
        for domain in DOMAINS:
            assert (LOCALE / language / "LC_MESSAGES" / f"{domain}.po").is_file()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_and_none_is_fuzzy(language: str):
    for domain in DOMAINS:
        catalogue = LOCALE / language / "LC_MESSAGES" / f"{domain}.po"
        counted = subprocess.run(  # noqa: S603 - gettext's own count, fixed arguments
            [*MSGFMT, "--output-file=/dev/null", str(catalogue)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert counted.returncode == 0, counted.stderr
        assert "fuzzy" not in counted.stderr, f"{catalogue}: {counted.stderr}"
        assert "untranslated" not in counted.stderr, f"{catalogue}: {counted.stderr}"


def test_the_catalogues_hold_every_string_the_code_marks(tmp_path: Path):
    """scripts/makemessages.sh, run on a copy of the sources, finds nothing the committed
    catalogues lack."""
    copy = tmp_path / "copy"
    ignore = shutil.ignore_patterns("__pycache__", "vendor", "*.mo")
    for source in SOURCES:
        shutil.copytree(ROOT / source, copy / source, ignore=ignore)
    shutil.copy2(ROOT / "manage.py", copy / "manage.py")
    made = subprocess.run(  # noqa: S603 - the project's own script, fixed arguments
        [str(copy / "scripts" / "makemessages.sh")],
        cwd=copy,
        env={**os.environ, "PYTHON": sys.executable, "PYTHONPATH": str(copy)},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    for language in LANGUAGES:
        for domain in DOMAINS:
            path = Path(language) / "LC_MESSAGES" / f"{domain}.po"
            missing = msgids(copy / "locale" / path) - msgids(LOCALE / path)
            assert not missing, f"locale/{path} lacks {sorted(missing)}: run make messages"

"""The pseudo-locale: a language whose catalogue writes each message of the product's (and
Django's own) between brackets, ⟦like this⟧, for the tests that read every page and every
printed document in it (tests/test_every_string_translated.py, and its browser half): a
word left outside the brackets that is not the night's own data (what people typed, an
edition's deed names and cards as it prints them) is a string nobody marked.

The catalogue is made from the code's own messages (the French catalogue's ids, which
tests/test_translations.py keeps complete) and Django's, by Debian's gettext (msgcat,
msgfilter, msgen, msgfmt), so a string newly marked is in it with no step of anyone's.
The fixture `pseudo` makes it one of the product's languages for a test (this module is a
plugin of the suite's: tests/conftest.py)."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import django
import pytest
from django.apps import apps
from django.conf import settings
from django.conf.locale import LANG_INFO
from django.db import models

from games.engine.editions import EDITIONS
from tournament.models import time_zone_names

CODE = "xx"  # no language's code
OPEN, CLOSE = "⟦", "⟧"
ROOT = Path(__file__).resolve().parent.parent
DJANGO = Path(django.__file__).parent
# Each domain's messages: the product's, and Django's own that its pages show (a form's
# errors, a date's month, the login form's).
SOURCES = {
    "django": [
        ROOT / "locale/fr/LC_MESSAGES/django.po",
        DJANGO / "conf/locale/en/LC_MESSAGES/django.po",
        DJANGO / "contrib/auth/locale/en/LC_MESSAGES/django.po",
    ],
    "djangojs": [ROOT / "locale/fr/LC_MESSAGES/djangojs.po"],
}
INFO = {"bidi": False, "code": CODE, "name": "Pseudo", "name_local": "Pseudo"}
# Not words to translate: the product's name, the names of file formats, the languages'
# names in the switcher (each in its own words); and what the pages show of addresses,
# e-mail addresses and codes.
KEPT = ["Monopoly Night", INFO["name"], "CSV", "JSON", "PDF", "QR"]
KEPT += [name for _, name in settings.LANGUAGES]
ADDRESS = re.compile(
    r"\b(?:https?://|/)[\w./?=&%#:-]*"  # an address
    r"|\b[\w.+-]+@[\w-]+\.[\w.]+"  # an e-mail address
    r"|\b[A-Z0-9]{4,}-[A-Z0-9]{3,}\b"  # a code as a scoresheet prints it ("ABCDE-FGH23")
)
WORD = re.compile(r"[^\W\d_]{2,}")
BRACKETED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
HIDDEN = ("script", "style", "code", "pre", "kbd", "samp")
READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "aria-description")


def _gettext(*arguments: str | Path) -> None:
    tool = shutil.which(str(arguments[0])) or str(arguments[0])
    subprocess.run([tool, *map(str, arguments[1:])], check=True, capture_output=True)  # noqa: S603


def make_catalogues(locale: Path) -> Path:
    """locale/xx/LC_MESSAGES/{django,djangojs}.mo: every message ⟦as its id says it⟧."""
    out = locale / CODE / "LC_MESSAGES"
    out.mkdir(parents=True)
    wrap = ["sed", "-e", f"s/^/{OPEN}/", "-e", f"s/$/{CLOSE}/"]
    for domain, sources in SOURCES.items():
        work = locale / domain
        _gettext("msgcat", "--use-first", *sources, "-o", f"{work}.all.po")
        blank = ("msgfilter", "--keep-header", "-i", f"{work}.all.po", "-o", f"{work}.blank.po")
        _gettext(*blank, "sed", "-e", "d")
        _gettext("msgen", f"{work}.blank.po", "-o", f"{work}.en.po")
        _gettext("msgfilter", "--keep-header", "-i", f"{work}.en.po", "-o", f"{work}.xx.po", *wrap)
        _gettext("msgfmt", "-o", out / f"{domain}.mo", f"{work}.xx.po")
    return locale


@pytest.fixture(scope="session")
def pseudo_catalogues(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_catalogues(tmp_path_factory.mktemp("pseudo"))


@pytest.fixture
def pseudo(pseudo_catalogues: Path, settings: Any, monkeypatch: pytest.MonkeyPatch) -> str:
    """The pseudo-locale, one of the product's languages for this test: its code."""
    monkeypatch.setitem(LANG_INFO, CODE, INFO)
    settings.LANGUAGES = [*settings.LANGUAGES, (CODE, INFO["name"])]
    settings.LOCALE_PATHS = [pseudo_catalogues, *settings.LOCALE_PATHS]
    return CODE


class Read(HTMLParser):
    """What a person reads of a page: its text (not its scripts' or styles' code, nor what
    it shows as code: an example of a file to import, of a scoresheet's code) and the
    attributes a browser shows or says (a title, a label, a placeholder, a button's value)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attributes: list[tuple[str, str | None]]) -> None:
        a = {name: value or "" for name, value in attributes}
        if tag in HIDDEN:
            self._hidden += 1
        self.parts += [a[name] for name in READ_ATTRIBUTES if a.get(name)]
        if tag == "input" and a.get("type") in ("submit", "button") and a.get("value"):
            self.parts.append(a["value"])

    def handle_endtag(self, tag: str) -> None:
        if tag in HIDDEN:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def read(html: str) -> str:
    """What a person reads of `html`."""
    reader = Read()
    reader.feed(html)
    return "\n".join(reader.parts)


def data_of_the_night() -> list[str]:
    """Every text people typed or the product made for them (names, notes, tokens, an
    entry's memo): each stored text field's values that are not a choice's code, and the
    texts a JSON field holds; what an edition prints (its
    deeds' and spaces' names, its cards); and the time zones' names, as the world's time
    zone database writes them. Longest first."""
    found: set[str] = set()

    def strings(value: Any) -> Iterator[str]:  # what a JSON field holds (an entry's memo)
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            yield from (s for v in value.values() for s in strings(v))
        elif isinstance(value, list):
            yield from (s for v in value for s in strings(v))

    for model in apps.get_models():
        for field in model._meta.concrete_fields:
            if isinstance(field, (models.CharField, models.TextField)) and not field.choices:
                found.update(model.objects.values_list(field.attname, flat=True).distinct())
            if isinstance(field, models.JSONField):
                for value in model.objects.values_list(field.attname, flat=True):
                    found.update(strings(value))
    for edition in EDITIONS.values():
        found.update(space.name for space in edition.spaces)
        found.update(card.text for card in edition.cards.values())
    found.update(name.replace("_", " ") for name in time_zone_names())
    return sorted((f for f in found if f and isinstance(f, str)), key=len, reverse=True)


def unmarked(text: str, data: list[str]) -> list[str]:
    """The words of `text` outside every ⟦bracketed⟧ message and the night's data."""
    for kept in [*data, *KEPT]:
        text = text.replace(kept, " ")
    while BRACKETED.search(text):
        text = BRACKETED.sub(" ", text)
    return WORD.findall(ADDRESS.sub(" ", text))


def night_in_pseudo(code: str) -> tuple[Any, dict[str, Any]]:
    """A night whose final is live (tests/played.py), its event speaking `code` (the big
    screen and the prints speak the event's language), and who visits it: each role of
    tests/crawl.py and the big screen. The final's table, and the visitors by role."""
    from tests import crawl
    from tests.played import final_started, night
    from tournament.models import Event
    from tournament.services.screens import screen_link_issue, screen_path

    n = night(teams=("Reds", "Blues"))
    table = final_started(n)
    Event.objects.filter(pk=n.event.pk).update(language=code)
    visitors = crawl.visitors(n.organiser, n.referee, table)
    visitors["screen"] = (None, [screen_path(screen_link_issue(event_id=n.event.pk))], {})
    return table, visitors


def report(left: dict[str, list[str]]) -> str:
    """Each place with words nobody marked, one a line."""
    return "\n".join(f"{place}: {' '.join(sorted(set(words)))}" for place, words in left.items())

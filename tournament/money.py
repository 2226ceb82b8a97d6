"""Money as people read it, the one way every page, print, export and message writes it: in
the event's currency, its digits and symbol placed as the language being spoken places them
(CLDR's, through Babel), in whole units. 1091 euros read in German is "1.091 €", in French
"1 091 €" (a narrow no-break space between the thousands), in English "€1,091"; a debt
takes a real minus sign ("\N{MINUS SIGN}€50"). The language is the active one: the reader's
on their own pages, the event's on the big screen and in print (tournament/pages/screen,
tournament/printing).
The browser's copy is static/js/format.js (Intl.NumberFormat, the same CLDR): the two agree
(tests/tournament/test_money_browser.py)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from babel import Locale, UnknownLocaleError
from babel.numbers import format_currency, get_currency_symbol, get_group_symbol
from django.db import models
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from games.engine.money import MINUS

NO_BREAK_SPACE = "\N{NO-BREAK SPACE}"


class Currency(models.TextChoices):
    """The currencies an event's money can be written in (ISO 4217 codes)."""

    USD = "USD", _("US dollar ($)")
    GBP = "GBP", _("Pound sterling (£)")
    EUR = "EUR", _("Euro (€)")
    CHF = "CHF", _("Swiss franc (CHF)")
    CAD = "CAD", _("Canadian dollar ($)")
    AUD = "AUD", _("Australian dollar ($)")


#: An edition's board is printed in its country's money: the currency an event takes unless
#: its organiser chooses another.
EDITION_CURRENCY = {"us": Currency.USD, "uk": Currency.GBP}


def edition_currency(edition: str) -> str:
    return EDITION_CURRENCY.get(edition, Currency.USD)


def thousands_separator(language: str | None = None) -> str:
    """What `language` (default: the active one) writes between thousands: "," in English,
    "." in German, a narrow no-break space in French."""
    return get_group_symbol(_locale(language or translation.get_language() or "en"))


@lru_cache(maxsize=16)
def _locale(language: str) -> Locale:
    """The language's CLDR data; English's for a language CLDR does not know (a test's
    pseudo-locale)."""
    try:
        return Locale.parse(translation.to_locale(language))
    except (UnknownLocaleError, ValueError):
        return Locale.parse("en")


@lru_cache(maxsize=64)
def _pattern(language: str, currency: str) -> tuple[Locale, str, str]:
    """The language's currency pattern without its decimals, and the currency's symbol in it."""
    locale = _locale(language)
    pattern = locale.currency_formats["standard"].pattern.split(";")[0]
    whole = pattern.replace(".00", "")
    return locale, whole, get_currency_symbol(currency, locale=locale)


def _spaced(text: str, symbol: str) -> str:
    """CLDR's currency spacing, which Babel leaves out: a symbol of letters is kept apart from
    the digits beside it ("CHF 1,091"), as the browser writes it."""
    before, after = text.startswith(symbol), text.endswith(symbol)
    if before and symbol[-1].isalpha() and text[len(symbol)].isdigit():
        return f"{symbol}{NO_BREAK_SPACE}{text.removeprefix(symbol)}"
    if after and symbol[0].isalpha() and text[-len(symbol) - 1].isdigit():
        return f"{text.removesuffix(symbol)}{NO_BREAK_SPACE}{symbol}"
    return text


def money(amount: int | None, currency: str, language: str | None = None) -> str:
    """`amount` whole units of `currency` (an ISO code) as `language` (default: the active
    one) writes them; None gives nothing."""
    if amount is None:
        return ""
    return _written(int(amount), currency, language or translation.get_language() or "en")


# Each amount written is kept: Babel takes some 30 µs to write one, and a page that watches a
# hundred tables writes the same net worths at each of its polls (the desk's control room
# spent 3 ms of its 20 on them).
@lru_cache(maxsize=4096)
def _written(amount: int, currency: str, language: str) -> str:
    locale, pattern, symbol = _pattern(language, currency)
    text = format_currency(
        abs(int(amount)), currency, format=pattern, locale=locale, currency_digits=False
    )
    text = _spaced(text, symbol)
    # A debt: CLDR's sign before the whole ("-" and the positive pattern), a real minus sign.
    return f"{MINUS}{text}" if amount < 0 else text


@dataclass(frozen=True, slots=True)
class Written:
    """Amounts of one currency as money() writes them, for what is given a way to write
    money rather than a currency (the rules engine's Rules.written)."""

    currency: str

    def __call__(self, amount: int) -> str:
        return money(amount, self.currency)

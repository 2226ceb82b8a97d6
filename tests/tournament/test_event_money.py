"""Money as people read it (tournament/money.py): the event's currency, written as the
language being spoken writes it (CLDR, through Babel), whole units, a real minus sign."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.template import Context, Template
from django.utils import translation

from games import engine
from tournament.money import Currency, Written, edition_currency, money, thousands_separator

NARROW = "\N{NARROW NO-BREAK SPACE}"
NBSP = "\N{NO-BREAK SPACE}"
MINUS = "\N{MINUS SIGN}"

#: What each language writes for 1091 of each currency, as CLDR says.
WRITTEN = {
    "en": {
        "USD": "$1,091",
        "GBP": "£1,091",
        "EUR": "€1,091",
        "CHF": f"CHF{NBSP}1,091",
        "CAD": "CA$1,091",
        "AUD": "A$1,091",
    },
    "de": {
        "USD": f"1.091{NBSP}$",
        "GBP": f"1.091{NBSP}£",
        "EUR": f"1.091{NBSP}€",
        "CHF": f"1.091{NBSP}CHF",
        "CAD": f"1.091{NBSP}CA$",
        "AUD": f"1.091{NBSP}AU$",
    },
    "fr": {
        "USD": f"1{NARROW}091{NBSP}$US",
        "GBP": f"1{NARROW}091{NBSP}£GB",
        "EUR": f"1{NARROW}091{NBSP}€",
        "CHF": f"1{NARROW}091{NBSP}CHF",
        "CAD": f"1{NARROW}091{NBSP}$CA",
        "AUD": f"1{NARROW}091{NBSP}$AU",
    },
    "es": {
        "USD": f"1.091{NBSP}US$",
        "GBP": f"1.091{NBSP}GBP",
        "EUR": f"1.091{NBSP}€",
        "CHF": f"1.091{NBSP}CHF",
        "CAD": f"1.091{NBSP}CAD",
        "AUD": f"1.091{NBSP}AUD",
    },
}


def test_every_language_and_currency_has_a_written_example():
    assert set(WRITTEN) == {"en", "de", "fr", "es"}
    assert all(set(row) == set(Currency.values) for row in WRITTEN.values())


@pytest.mark.parametrize(
    ("language", "currency"),
    [(language, currency) for language in WRITTEN for currency in Currency.values],
)
def test_each_language_writes_each_currency_as_cldr_says(language, currency):
    written = WRITTEN[language][currency]
    assert money(1091, currency, language) == written
    assert money(-1091, currency, language) == MINUS + written  # a debt: the sign before
    assert money(1091.0, currency, language) == written  # whole units, never decimals


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["€0", "€5", "€1,000,000", f"{MINUS}€50"]),
        ("de", [f"0{NBSP}€", f"5{NBSP}€", f"1.000.000{NBSP}€", f"{MINUS}50{NBSP}€"]),
        (
            "fr",
            [f"0{NBSP}€", f"5{NBSP}€", f"1{NARROW}000{NARROW}000{NBSP}€", f"{MINUS}50{NBSP}€"],
        ),
    ],
)
def test_nothing_small_and_large_amounts(language, expected):
    assert [money(a, "EUR", language) for a in (0, 5, 1_000_000, -50)] == expected


def test_nothing_is_written_for_no_amount():
    assert money(None, "USD", "en") == ""


def test_the_language_is_the_one_spoken_unless_named():
    with translation.override("de"):
        assert money(1500, "USD") == f"1.500{NBSP}$"
        assert thousands_separator() == "."
    with translation.override("fr"):
        assert thousands_separator() == NARROW
    assert thousands_separator("en") == ","


def test_in_english_dollars_read_as_the_engine_writes_them():
    """The engine's own plain writing and the site's agree where they meet."""
    rules = engine.rules_for("us")
    for amount in (0, 5, 1500, -50, 1_234_567):
        assert money(amount, "USD", "en") == rules.money(amount)


def test_the_filter_writes_through_the_same_function():
    template = Template("{% load money %}{{ amount|money:currency }}")
    with translation.override("de"):
        text = template.render(Context({"amount": -1091, "currency": "EUR"}))
    assert text == f"{MINUS}1.091{NBSP}€"
    assert Template("{% load money %}[{{ nothing|money:'USD' }}]").render(Context({})) == "[]"


def test_rules_given_a_currency_write_their_amounts_in_it():
    """The bank's words come from the rules: given the event's way of writing money, every
    amount they say is in the event's currency."""
    rules = engine.rules_for("us")
    euros = replace(rules, written=Written("EUR"))
    with translation.override("de"):
        assert euros.money(200) == f"200{NBSP}€"
    assert euros == rules  # the same rules, however they write money


def test_an_edition_gives_its_country_s_currency():
    assert edition_currency("us") == "USD"
    assert edition_currency("uk") == "GBP"


def test_a_language_cldr_does_not_know_writes_money_as_english_does():
    assert money(-1091, "EUR", "xx") == f"{MINUS}€1,091"
    assert thousands_separator("xx") == ","

"""A right-to-left name in a left-to-right line keeps the digits and punctuation beside it in
their places: `isolated` encloses it in Unicode's isolates, and leaves every other name as it
is, so that English pages stay as they were."""

from __future__ import annotations

import pytest
from django.template import Context, Template

from tournament.text import isolated

FSI, PDI = "\u2068", "\u2069"


@pytest.mark.parametrize(
    "name",
    [
        "محمد العلي",  # Arabic (AL)
        "דוד כהן",  # Hebrew (R)
        "Ada محمد",  # Latin first, one Arabic word after it
        "محمد 2",  # a digit after it
    ],
)
def test_a_name_with_a_right_to_left_letter_is_isolated(name):
    assert isolated(name) == f"{FSI}{name}{PDI}"


@pytest.mark.parametrize("name", ["Ada Lovelace", "李明", "Zoë O'Brien", "12", "", None])
def test_any_other_name_is_left_as_it_is(name):
    assert isolated(name) == ("" if name is None else name)


def test_isolating_twice_isolates_once():
    assert isolated(isolated("محمد")) == f"{FSI}محمد{PDI}"


def test_the_filter_isolates_and_still_escapes():
    template = Template("{% load names %}Winner: {{ name|isolated }} (T1)")
    assert (
        template.render(Context({"name": "محمد <b>"})) == f"Winner: {FSI}محمد &lt;b&gt;{PDI} (T1)"
    )
    assert template.render(Context({"name": "Ada"})) == "Winner: Ada (T1)"

"""docs/rules.md, "Editions" and docs/api.md (events): the variants an organiser can switch on, and
each edition's defaults."""

from __future__ import annotations

import copy

import pytest

from games.engine import VARIANTS, RuleViolation, rules_for, variant_defaults
from games.engine.editions import UK, US


def assert_rules_refused(edition, variants, code):
    before = copy.deepcopy(variants)
    with pytest.raises(RuleViolation) as caught:
        rules_for(edition, variants)
    assert caught.value.code == code, caught.value
    assert caught.value.detail
    assert variants == before
    return caught.value


def test_the_three_variants_are_known():
    assert set(VARIANTS) == {"modern_us", "short_game", "double_rent_despite_mortgage"}


def test_the_us_edition_defaults_to_double_rent_despite_mortgage():
    assert variant_defaults("us") == {
        "modern_us": False,
        "short_game": False,
        "double_rent_despite_mortgage": True,
    }
    r = rules_for("us")
    assert r.edition is US
    assert r.variants == variant_defaults("us")


def test_the_uk_edition_defaults_to_no_double_rent_with_a_mortgaged_site():
    assert variant_defaults("uk") == {
        "modern_us": False,
        "short_game": False,
        "double_rent_despite_mortgage": False,
    }
    r = rules_for("uk", {})
    assert r.edition is UK
    assert r.variants == variant_defaults("uk")


@pytest.mark.parametrize(
    ("edition", "variants", "expected"),
    [
        ("us", {"double_rent_despite_mortgage": False}, (False, False, False)),
        ("uk", {"double_rent_despite_mortgage": True}, (False, False, True)),
        ("us", {"modern_us": True, "short_game": True}, (True, True, True)),
        ("uk", {"short_game": True, "modern_us": False}, (False, True, False)),
    ],
)
def test_variants_left_out_take_the_edition_defaults(edition, variants, expected):
    r = rules_for(edition, variants)
    assert (r.modern_us, r.short_game, r.double_rent_despite_mortgage) == expected


@pytest.mark.parametrize(("short_game", "houses"), [(False, 4), (True, 3)])
def test_the_short_game_hotel_comes_after_three_houses(ed, short_game, houses):
    assert rules_for(ed, {"short_game": short_game}).houses_per_hotel == houses


@pytest.mark.parametrize("variants", [{"free_parking_jackpot": True}, {"modern_uk": False}])
def test_an_unknown_variant_is_refused(ed, variants):
    error = assert_rules_refused(ed, variants, "unknown_variant")
    known = "modern_us, short_game, double_rent_despite_mortgage"
    assert error.detail == f"There is no variant {next(iter(variants))!r}. Known: {known}."


def test_modern_us_is_refused_on_the_uk_edition():
    error = assert_rules_refused("uk", {"modern_us": True}, "unknown_variant")
    assert error.detail == "The modern_us variant applies to the US edition only."


@pytest.mark.parametrize("value", [1, 0, "yes", "true", None, [True]], ids=repr)
@pytest.mark.parametrize("name", ["modern_us", "short_game", "double_rent_despite_mortgage"])
def test_a_variant_that_is_not_true_or_false_is_refused(name, value):
    assert_rules_refused("us", {name: value}, "invalid_field")


def test_an_unknown_edition_is_refused():
    with pytest.raises(RuleViolation) as caught:
        rules_for("fr")
    assert caught.value.code == "unknown_edition"
    assert caught.value.detail == "There is no edition 'fr': use us or uk."
    with pytest.raises(RuleViolation) as caught:
        variant_defaults("monaco")
    assert caught.value.code == "unknown_edition"

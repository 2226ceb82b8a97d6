"""The rules in force at a table: the edition and the variants the organiser chose."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from games.engine.board import Edition
from games.engine.editions import EDITIONS
from games.engine.money import money
from games.engine.violations import RuleViolation


def gettext_noop(text: str) -> str:
    """A sentence marked for the translation catalogues (Django's makemessages finds it by
    this name) and returned as it is: the engine stays plain Python, and a page says the
    sentence in its reader's language (`gettext(VARIANTS[name])`)."""
    return text


VARIANTS: dict[str, str] = {
    "modern_us": gettext_noop(
        "Modern US rules: Luxury Tax 100 and a flat Income Tax of 200 (US edition only)."
    ),
    "short_game": gettext_noop(
        "Short game: two dealt deeds each at the start, hotels after three houses."
    ),
    "double_rent_despite_mortgage": gettext_noop(
        "An unbuilt site of a complete group earns double rent even when another site "
        "of the group is mortgaged."
    ),
}

EDITION_DEFAULTS: dict[str, dict[str, bool]] = {
    "us": {"modern_us": False, "short_game": False, "double_rent_despite_mortgage": True},
    "uk": {"modern_us": False, "short_game": False, "double_rent_despite_mortgage": False},
}

HOUSES_IN_SET = 32
HOTELS_IN_SET = 12
LUXURY_TAX_SPACE = 38


@dataclass(frozen=True, slots=True)
class Rules:
    edition: Edition
    modern_us: bool = False
    short_game: bool = False
    double_rent_despite_mortgage: bool = False
    houses_per_hotel: int = field(init=False)
    #: How a person reads an amount at this table, given by whoever plays by these rules
    #: (the site: the event's currency, in the language being spoken); without it, the
    #: edition's own plain writing, "$1,500".
    written: Callable[[int], str] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "houses_per_hotel", 3 if self.short_game else 4)

    @property
    def variants(self) -> dict[str, bool]:
        return {name: getattr(self, name) for name in VARIANTS}

    def money(self, amount: int) -> str:
        if self.written is not None:
            return self.written(amount)
        return money(amount, self.edition.currency)

    def tax_due(self, position: int) -> int:
        """The flat tax printed on a tax space, under these variants."""
        if position == LUXURY_TAX_SPACE and self.modern_us:
            return 100
        return self.edition.space(position).tax

    @property
    def income_tax_choice(self) -> bool:
        """Whether a player may pay 10% of total worth instead of the flat Income Tax."""
        return self.edition.code == "us" and not self.modern_us


def variant_defaults(edition: str) -> dict[str, bool]:
    if edition not in EDITION_DEFAULTS:
        raise RuleViolation("unknown_edition", f"There is no edition {edition!r}: use us or uk.")
    return dict(EDITION_DEFAULTS[edition])


def rules_for(edition: str, variants: Mapping[str, bool] | None = None) -> Rules:
    """The rules for an edition with the organiser's variants; left-out variants take defaults."""
    chosen = variant_defaults(edition)
    for name, value in (variants or {}).items():
        if name not in VARIANTS:
            known = ", ".join(VARIANTS)
            raise RuleViolation("unknown_variant", f"There is no variant {name!r}. Known: {known}.")
        if not isinstance(value, bool):
            raise RuleViolation("invalid_field", f"The variant {name} must be true or false.")
        chosen[name] = value
    if chosen["modern_us"] and edition != "us":
        raise RuleViolation(
            "unknown_variant", "The modern_us variant applies to the US edition only."
        )
    return Rules(edition=EDITIONS[edition], **chosen)

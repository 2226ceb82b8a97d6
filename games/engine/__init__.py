"""The rules of Monopoly as plain Python: no Django, no database, data in and data out.

rules = rules_for("us", {"short_game": True})
state = new_table(rules, {1: "Ada", 2: "Brook", 3: "Cy"})
outcome = apply(state, parse_entry({"kind": "buy", "seat": 1, "space": 39}), rules)
"""

from .apply import apply
from .board import Card, Edition, Effect, Kind, Space
from .editions import EDITIONS, edition
from .entries import ENTRY_KINDS, Entry, entry_fields, parse_entry
from .ledger import Recorded, replay, void
from .rules import VARIANTS, Rules, rules_for, variant_defaults
from .state import BANK, Deed, Outcome, TableState, Transfer, new_table
from .valuation import DeedWorth, NetWorth, net_worth, net_worth_lines, total_worth
from .violations import RuleViolation

__all__ = [
    "BANK",
    "EDITIONS",
    "ENTRY_KINDS",
    "VARIANTS",
    "Card",
    "Deed",
    "DeedWorth",
    "Edition",
    "Effect",
    "Entry",
    "Kind",
    "NetWorth",
    "Outcome",
    "Recorded",
    "RuleViolation",
    "Rules",
    "Space",
    "TableState",
    "Transfer",
    "apply",
    "edition",
    "entry_fields",
    "net_worth",
    "net_worth_lines",
    "new_table",
    "parse_entry",
    "replay",
    "rules_for",
    "total_worth",
    "variant_defaults",
    "void",
]

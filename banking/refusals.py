"""The engine's refusals in the reader's language, the stable code unchanged.

The engine says a refusal in English and keeps what it is made of (games/engine/
violations.py): its sentence, marked for the translators where the engine writes it, and
the values of its placeholders. Here the sentence is looked up in the reader's catalogue and
filled in with the values said the reader's way: money as the event's rules write it (its
currency, in the language spoken), a colour group, a deck or a kind of entry in the
reader's words, a list of deeds joined as the reader's language joins them. People's and
deeds' names stay as they are.
"""

from __future__ import annotations

from typing import Any

from django.utils.text import get_text_list
from django.utils.translation import gettext as _

from banking.entry_words import DECK_NAMES, GROUP_NAMES, kind_label
from games.engine import RuleViolation
from games.engine.violations import Amount, Names, Word


def _word(word: Word) -> str:
    if word.kind == "group":
        return str(GROUP_NAMES.get(word.code, word))
    if word.kind == "deck":
        return str(DECK_NAMES.get(word.code, word))
    if word.kind == "entry_kind":
        return kind_label(word.code)
    if word.kind == "card_target":
        if word.code == "nearest_railroad":
            return _("nearest railroad")
        if word.code == "nearest_utility":
            return _("nearest utility")
    return str(word)


def _value(value: Any) -> Any:
    """A placeholder's value, said the reader's way."""
    if isinstance(value, Amount):
        return value.written(int(value))
    if isinstance(value, Word):
        return _word(value)
    if isinstance(value, Names):
        return get_text_list(list(value), _("and"))
    return value


def said(refusal: RuleViolation) -> str:
    """The refusal's sentence in the active language (English where none is kept)."""
    sentence = _(refusal.sentence)
    if not refusal.params:
        return sentence
    return sentence % {name: _value(value) for name, value in refusal.params.items()}


def in_words(refusal: RuleViolation) -> RuleViolation:
    """The same refusal (its code), its detail in the active language."""
    translated = RuleViolation(refusal.code, said(refusal))
    translated.params = refusal.params
    return translated

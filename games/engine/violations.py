"""The one exception the engine raises: a move the rules forbid, or input it cannot read.

A refusal says its sentence in English (`detail`) and keeps what it is made of: the
sentence with named placeholders (`sentence`, marked for the translators by `gettext_noop`)
and their values (`params`), so that the bank can say it in the reader's language
(games/refusals.py). A value the reader's language words differently is kept as what it
is: an `Amount` of money, a `Word` (a colour group, a deck), a `Names` list."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def gettext_noop(sentence: str) -> str:
    """A refusal's sentence, marked for the translators (the catalogues find this name);
    the engine says it as it is, in English."""
    return sentence


class Amount(int):
    """A sum of money in a refusal, with the way the rules it was refused by write money
    (`Rules.money`: the event's currency, in the language being spoken when it is said)."""

    written: Callable[[int], str]

    def __new__(cls, amount: int, written: Callable[[int], str]) -> Amount:
        made = super().__new__(cls, amount)
        made.written = written
        return made

    def __str__(self) -> str:
        return self.written(int(self))


class Word(str):
    """A word of the game the engine says in English ("dark blue", "Community Chest"),
    with its stable `code` among the `kind`'s ("group", "deck", "card_target")."""

    kind: str
    code: str

    def __new__(cls, english: str, *, kind: str, code: str) -> Word:
        made = super().__new__(cls, english)
        made.kind, made.code = kind, code
        return made


class Names(tuple[str, ...]):
    """Several names (deeds) in one place of a sentence: "A, B" in English."""

    def __str__(self) -> str:
        return ", ".join(self)


class RuleViolation(Exception):
    """A refusal: `code` is a stable word (see docs/api.md); `detail` a sentence for the
    volunteer, `sentence` with `params` filled in."""

    def __init__(self, code: str, sentence: str, **params: Any) -> None:
        detail = sentence % params if params else sentence
        super().__init__(detail)
        self.code = code
        self.sentence = sentence
        self.params = params
        self.detail = detail

    def __repr__(self) -> str:
        return f"RuleViolation({self.code!r}, {self.detail!r})"

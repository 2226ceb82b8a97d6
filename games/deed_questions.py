"""Questions about one deed, answered with the number the rules engine computes: "how much
rent with a hotel on Boardwalk" gets "$2,000", not "read the title deed".

Plain Python over the engine (no Django): the FAQ's pages ask it beside their search. The
question is read loosely (the deed's name, with typos; the buildings; how many railroads or
utilities the owner holds; the dice), a small board is set up through the engine's own
entries (so every building is legal) and the engine says the rent, the mortgage or the
price, in the event's rules and currency.

A number is given only when every word of the question is read: a word the bank does not
know could change the answer (a misspelt "hotle" read as nothing would give the rent on a
bare site). A word close to one the bank knows gets a suggestion instead ("did you mean:
hotel?"); any other leaves the question to the FAQ's own answers.

The question is read in the reader's language (`language`, the FAQ's: English, French,
Spanish or German), by one parser: each language's vocabulary (`VOCABULARIES`) gives, for
each of its words, the English word of the same meaning the parser reads by ("loyer",
"alquiler", "Miete": "rent"); accents may be typed or left out. A deed's name is read as
the edition prints it, whatever the language. A misspelt word is offered the nearest word
of the reader's own vocabulary.

The answer is one sentence (games/sentences.py), marked for the translators where it is
written and kept with its values (`DeedAnswer.sentence`): said here in English, in the
reader's language by the FAQ's page, its money (`Amount`) written as the event's rules
write it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from itertools import pairwise
from typing import Any

from games import engine
from games.deed_vocabularies import VOCABULARIES, Vocabulary, plain
from games.engine.board import Kind, Space
from games.engine.entries import BankPayment, Build, Buy
from games.engine.mortgage import lift_cost
from games.engine.rent import rent_due
from games.engine.violations import Amount
from games.sentences import Sentence, gettext_noop, ngettext

#: Words of a deed's name that do not tell it apart from others.
COMMON = frozenset(
    {"avenue", "place", "gardens", "garden", "railroad", "railway", "street", "company"}
    | {"works", "road", "station", "lane", "square", "the", "and", "of", "park"}
)
RAILROAD_WORDS = ("railroad", "railroads", "railways", "stations")
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "both": 2, "all": 4}
OWNER, VISITOR = 1, 2
#: The words the questions are read by, beside the deeds' names and numbers.
KEYWORDS = frozenset(
    {"rent", "hotel", "hotels", "house", "houses", "mortgage", "mortgaged", "unmortgage"}
    | {"lift", "lifting", "cost", "costs", "price", "buy", "buying", "much", "whole", "group"}
    | {"monopoly", "set", "complete", "utility", "utilities", "railroad", "railroads"}
    | {"railway", "railways", "station", "stations", "dice", "roll", "rolled", "rolls"}
    | {"throw", "threw", "owned", "own", "owns", "owner", "both", "all", "no", "none"}
)
#: Words that ask without changing the answer.
FILLERS = frozenset(
    {"how", "what", "whats", "is", "it", "its", "the", "a", "an", "on", "with", "for", "of"}
    | {"and", "if", "i", "you", "someone", "somebody", "player", "lands", "land", "landing"}
    | {"do", "does", "pay", "pays", "paid", "owe", "owes", "charge", "there", "are", "one"}
    | {"please", "in", "at", "to", "get", "by", "when", "s", "can", "be", "will", "same"}
    | {"any", "mortgaging", "raise", "raises", "value"}
)


#: A utility's rent, by whether the question names it and how the dice's number is said
#: in English ("a 4", "an 8"; None: no number rolled).
UTILITY_RENT = {
    (True, None): gettext_noop("Rent on %(deed)s with %(owned)s: %(times)s times the dice"),
    (True, "a"): gettext_noop(
        "Rent on %(deed)s with %(owned)s: %(times)s times the dice, %(rent)s for a %(dice)s"
    ),
    (True, "an"): gettext_noop(
        "Rent on %(deed)s with %(owned)s: %(times)s times the dice, %(rent)s for an %(dice)s"
    ),
    (False, None): gettext_noop("Rent on a utility with %(owned)s: %(times)s times the dice"),
    (False, "a"): gettext_noop(
        "Rent on a utility with %(owned)s: %(times)s times the dice, %(rent)s for a %(dice)s"
    ),
    (False, "an"): gettext_noop(
        "Rent on a utility with %(owned)s: %(times)s times the dice, %(rent)s for an %(dice)s"
    ),
}


@dataclass(frozen=True)
class DeedAnswer:
    """One sentence with the number in it: `text` in English, `sentence` for the reader's
    language (the page says, in it, that the bank worked it out with the event's rules)."""

    sentence: Sentence
    text: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", str(self.sentence))


@dataclass(frozen=True)
class Suggestion:
    """The question with each word the bank could not read replaced by the nearest word it
    knows (`question`), and those words (`words`)."""

    question: str
    words: tuple[str, ...]


def _words(text: str) -> list[str]:
    text = plain(text).replace("&", " and ")
    return re.findall(r"[a-z0-9]+", text)


def _like(word: str, wanted: str) -> bool:
    """The same word, or a typo of it (a letter left out or swapped) in a longer word."""
    if word == wanted:
        return True
    return len(wanted) >= 4 and SequenceMatcher(None, word, wanted).ratio() >= 0.85


def _has(words: list[str], wanted: str) -> bool:
    return any(_like(word, wanted) for word in words)


def _deed(words: list[str], rules: engine.Rules) -> Space | None:
    """The deed the question names: every telling word of its name is in the question (a
    typo allowed); the one with the most such words wins."""
    best, best_score = None, 0
    for space in rules.edition.deeds:
        name = _words(space.name)
        telling = (
            [w for w in name if w not in COMMON and len(w) > 1]
            or [w for w in name if w not in COMMON]
            or name
        )
        if all(_has(words, w) for w in telling):
            score = sum(1 for w in name if _has(words, w))
            if score > best_score:
                best, best_score = space, score
    return best


def _count(words: list[str], nouns: tuple[str, ...]) -> int | None:
    """The number before one of `nouns` ("3 houses", "two railroads", "both utilities")."""
    for before, word in pairwise(words):
        number = int(before) if before.isdecimal() else NUMBERS.get(before)
        if number is not None and any(_like(word, noun) for noun in nouns):
            return number
    return None


def _dice(words: list[str]) -> int | None:
    for before, word in pairwise(words):
        if before in ("dice", "roll", "rolled", "rolls", "throw", "threw") and word.isdecimal():
            value = int(word)
            return value if 2 <= value <= 12 else None
    return None


def _board(rules: engine.Rules, owned: list[int], builds: list[Build]) -> engine.TableState:
    """A two-seat table where the owner holds `owned`, then builds `builds`, each move
    through the engine (it refuses anything the rules do not allow)."""
    state = engine.new_table(rules, {OWNER: "Owner", VISITOR: "Visitor"})
    moves: list[engine.Entry] = [BankPayment(OWNER, 100_000, "for the question")]
    moves += [Buy(OWNER, position) for position in owned]
    for move in [*moves, *builds]:
        state = engine.apply(state, move, rules).state
    return state


def _site_rent(words: list[str], space: Space, rules: engine.Rules) -> DeedAnswer:
    group = list(rules.edition.groups[space.group or ""])
    hotel = _has(words, "hotel")
    houses = 5 if hotel else min(_count(words, ("house", "houses")) or 0, 4)
    whole = houses > 0 or any(
        _has(words, w) for w in ("whole", "group", "monopoly", "set", "complete", "all")
    )
    builds = [Build(OWNER, position, "house") for _ in range(min(houses, 4)) for position in group]
    if hotel:
        builds.append(Build(OWNER, space.position, "hotel"))
    state = _board(rules, group if whole else [space.position], builds)
    rent = Amount(rent_due(state, rules, space, dice=None, via_card=None), rules.money)
    deed = space.name
    if hotel:
        said = gettext_noop("Rent on %(deed)s with a hotel: %(rent)s", deed=deed, rent=rent)
    elif houses:
        said = ngettext(
            "Rent on %(deed)s with %(count)s house: %(rent)s",
            "Rent on %(deed)s with %(count)s houses: %(rent)s",
            houses,
            count=houses,
            deed=deed,
            rent=rent,
        )
    elif whole:
        said = gettext_noop(
            "Rent on %(deed)s with the whole group and no houses: %(rent)s", deed=deed, rent=rent
        )
    else:
        said = gettext_noop(
            "Rent on %(deed)s alone, with no houses: %(rent)s", deed=deed, rent=rent
        )
    return DeedAnswer(said)


def _set_rent(words: list[str], space: Space, rules: engine.Rules, named: bool) -> DeedAnswer:
    """A railroad's or a utility's rent, by how many of them the owner holds."""
    group = list(rules.edition.groups[space.group or ""])
    railroad = space.kind is Kind.RAILROAD
    noun = RAILROAD_WORDS if railroad else ("utilities",)
    held = _count(words, noun) or (len(group) if _has(words, "both") else 1)
    held = max(1, min(held, len(group)))
    others = [p for p in group if p != space.position][: held - 1]
    state = _board(rules, [space.position, *others], [])
    if railroad:
        owned = ngettext("%(count)s railroad owned", "%(count)s railroads owned", held, count=held)
        rent = Amount(rent_due(state, rules, space, dice=None, via_card=None), rules.money)
        if named:
            return DeedAnswer(
                gettext_noop(
                    "Rent on %(deed)s with %(owned)s: %(rent)s",
                    deed=space.name,
                    owned=owned,
                    rent=rent,
                )
            )
        return DeedAnswer(
            gettext_noop("Rent on a railroad with %(owned)s: %(rent)s", owned=owned, rent=rent)
        )
    if held == len(group):
        owned = gettext_noop("both utilities owned")
    else:
        owned = ngettext("%(count)s utility owned", "%(count)s utilities owned", held, count=held)
    times = rent_due(state, rules, space, dice=1, via_card=None)
    dice = _dice(words)
    values: dict[str, Any] = {"owned": owned, "times": times}
    if named:
        values["deed"] = space.name
    if dice is not None:
        values |= {"dice": dice, "rent": Amount(times * dice, rules.money)}
    roll = None if dice is None else "an" if dice in (8, 11) else "a"
    return DeedAnswer(UTILITY_RENT[named, roll]._replace(values=values))


def _known(rules: engine.Rules) -> set[str]:
    """Every word the bank reads a question by, in this edition."""
    names = {word for space in rules.edition.deeds for word in _words(space.name)}
    return {*KEYWORDS, *FILLERS, *NUMBERS, *COMMON, *names}


def _unread(words: list[str], known: set[str]) -> list[str]:
    """The words of a question the bank cannot read: neither a word it knows, nor a typo
    of one (`_like`), nor a number."""
    return [w for w in words if not w.isdigit() and not any(_like(w, k) for k in known)]


def _edits(word: str, other: str) -> int:
    """How many letters to add, drop, change or swap with the next to make `other` of
    `word` (the optimal string alignment distance): "hotle" is one from "hotel"."""
    two_back: list[int] = []
    back = list(range(len(other) + 1))
    for i, letter in enumerate(word, start=1):
        row = [i]
        for j, wanted in enumerate(other, start=1):
            row.append(min(back[j] + 1, row[j - 1] + 1, back[j - 1] + (letter != wanted)))
            if i > 1 and j > 1 and letter == other[j - 2] and word[i - 2] == wanted:
                row[j] = min(row[j], two_back[j - 2] + 1)
        two_back, back = back, row
    return back[-1]


def _suggestion(
    question: str, unread: list[str], known: set[str], shown: dict[str, str]
) -> Suggestion | None:
    """The question with each unread word replaced by the nearest known one (the fewest
    edits, at most one in a short word and two in a longer one), written as its language
    writes it (`shown`); None unless every unread word is near one."""
    nearest = {}
    for word in unread:
        edits, close = min((_edits(word, k), k) for k in known)
        if edits > (1 if len(word) <= 4 else 2):
            return None
        nearest[word] = shown.get(close, close)
    fixed = " ".join(nearest.get(word, word) for word in _words(question))
    return Suggestion(fixed, tuple(dict.fromkeys(nearest.values())))


def _meanings(words: list[str], vocabulary: Vocabulary, rules: engine.Rules) -> list[str]:
    """Each word of a question typed in another language as the English word of its
    meaning: a word of the vocabulary, or a typo of one (`_like`); a deed's word, a
    number or a word the vocabulary lacks as it is."""
    names = {word for space in rules.edition.deeds for word in _words(space.name)}

    def meaning(word: str) -> str:
        if word in vocabulary.meanings:
            return vocabulary.meanings[word]
        if word in names or word.isdigit():
            return word
        like = (english for theirs, english in vocabulary.meanings.items() if _like(word, theirs))
        return next(like, word)

    return [meaning(word) for word in words]


def deed_answer(
    question: str, rules: engine.Rules, language: str = "en"
) -> DeedAnswer | Suggestion | None:
    """The bank's number for a question about one deed, typed in `language` (English
    where it has no vocabulary); a Suggestion, in that language's words, when a word of
    it could not be read but is near one the bank knows; None when the question names no
    deed (nor railroads or utilities in general) or has a word the bank does not know."""
    words = _words(question)
    known = _known(rules)
    offered, shown = known, {}
    if vocabulary := VOCABULARIES.get(language):
        words = _meanings(words, vocabulary, rules)
        names = {word for space in rules.edition.deeds for word in _words(space.name)}
        offered, shown = {*vocabulary.meanings, *names}, vocabulary.shown
    space = _deed(words, rules)
    named = space is not None
    if space is None:
        if any(_like(w, n) for w in words for n in RAILROAD_WORDS):
            space = next(s for s in rules.edition.deeds if s.kind is Kind.RAILROAD)
        elif _has(words, "utilities"):
            space = next(s for s in rules.edition.deeds if s.kind is Kind.UTILITY)
    if unread := _unread(words, known):
        return _suggestion(question, unread, offered, shown) if space is not None else None
    if space is None:
        return None
    deed = space.name
    lift = Amount(lift_cost(space.mortgage), rules.money)
    if {"unmortgage", "lift", "lifting"} & set(words):
        return DeedAnswer(
            gettext_noop(
                "Lifting the mortgage on %(deed)s costs %(cost)s (its mortgage value plus 10%%)",
                deed=deed,
                cost=lift,
            )
        )
    if _has(words, "mortgage"):
        return DeedAnswer(
            gettext_noop(
                "Mortgage on %(deed)s: it raises %(value)s; lifting it costs %(cost)s",
                deed=deed,
                value=Amount(space.mortgage, rules.money),
                cost=lift,
            )
        )
    asks_price = any(w in words for w in ("cost", "costs", "price", "buy", "much", "is"))
    building = _has(words, "house") or _has(words, "hotel")
    if not _has(words, "rent") and asks_price and space.kind is Kind.SITE and building:
        return DeedAnswer(
            gettext_noop(
                "A house on %(deed)s costs %(cost)s; a hotel costs %(cost)s more, once the "
                "site has four houses",
                deed=deed,
                cost=Amount(space.house_cost, rules.money),
            )
        )
    if not _has(words, "rent") and any(w in words for w in ("price", "buy")):
        return DeedAnswer(
            gettext_noop(
                "%(deed)s costs %(price)s to buy", deed=deed, price=Amount(space.price, rules.money)
            )
        )
    if space.kind is Kind.SITE:
        return _site_rent(words, space, rules)
    return _set_rent(words, space, rules, named)

"""One check for every text a person types: no control characters and no bidi controls.

A tab, a line break, NUL or another control character is invisible on a badge or a
scoresheet (and PostgreSQL refuses NUL outright); a right-to-left override makes
`abc\u202egnp.exe` read as "abcexe.png". Every text field of the API, the pages and the CSV
import is checked here, so each refuses the same characters with the same sentence. A plain
space is the only blank allowed inside a text.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from tournament.errors import Refusal

# The characters that change the direction text is shown in (Unicode's bidi controls).
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


# The same rule as a JSON Schema pattern, for the API's schema (tournament/http/schema.py):
# no C0 or C1 control character (Unicode's Cc), no bidi control.
SCHEMA_PATTERN = "^[^\u0000-\u001f\u007f-\u009f" + "".join(sorted(BIDI_CONTROLS)) + "]*$"


#: What is wrong with a text, said of "this" text (a form's field) and of a named one.
PROBLEMS = {
    "bidi": (
        _("This holds a character that reverses the direction of the text around it: retype it."),
        _(
            "The %(field)s holds a character that reverses the direction of the text around "
            "it: retype it."
        ),
    ),
    "control": (
        _(
            "This holds a control character (a tab, a line break or an invisible one): "
            "retype it on one line."
        ),
        _(
            "The %(field)s holds a control character (a tab, a line break or an invisible "
            "one): retype it on one line."
        ),
    ),
    "surrogate": (
        _("This holds a broken character (half of a surrogate pair): retype it."),
        _("The %(field)s holds a broken character (half of a surrogate pair): retype it."),
    ),
}


#: Unicode's FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: what they enclose is laid out
#: in its own direction, and the text around it in the line's, as if it were one letter.
ISOLATE, POP_ISOLATE = "\u2068", "\u2069"


def isolated(name: Any) -> str:
    """A person's or team's name ready to stand in a sentence: enclosed in isolates when it
    holds a right-to-left letter (bidi class R or AL), so that the digits and punctuation
    beside it ("محمد العلي: 2 deeds") keep their places; any other name as it is, since every
    language of the product reads left to right. For what a person reads only: never for
    stored data, an API's or an export's fields, or a name compared as an identifier."""
    text = "" if name is None else str(name)
    if text.startswith(ISOLATE) and text.endswith(POP_ISOLATE):
        return text
    if any(unicodedata.bidirectional(c) in ("R", "AL") for c in text):
        return f"{ISOLATE}{text}{POP_ISOLATE}"
    return text


def _problem(value: str) -> str | None:
    """What is wrong with this text (a key of PROBLEMS), or None if it is fine."""
    for char in value:
        if char in BIDI_CONTROLS:
            return "bidi"
        category = unicodedata.category(char)
        if category == "Cc":
            return "control"
        if category == "Cs":
            return "surrogate"
    return None


def text_problem(value: str, field: str | None = None) -> str | None:
    """Why this text is refused, as a sentence in the reader's language, of `field` when it
    is named (else of "this" text), or None if it is fine."""
    if (problem := _problem(value)) is None:
        return None
    this, named = PROBLEMS[problem]
    return str(this) if field is None else str(named) % {"field": field}


#: Letters that show nothing: the fillers of Hangul (besides Unicode's format characters,
#: category Cf: zero-width spaces and joiners, soft hyphens, byte-order marks).
FILLERS = frozenset("\u115f\u1160\u3164\uffa0")
#: Alphabets whose letters look like Latin ones: a name mixing one with Latin is a look-alike.
LOOK_ALIKE_SCRIPTS = ("CYRILLIC", "GREEK")
LOOK_ALIKE = {
    "CYRILLIC": _(
        "The name %(name)s mixes Latin and Cyrillic letters, which look alike: "
        "retype it in one alphabet."
    ),
    "GREEK": _(
        "The name %(name)s mixes Latin and Greek letters, which look alike: "
        "retype it in one alphabet."
    ),
}


def visible(text: str) -> str:
    """The text as it reads: compatibility forms folded (NFKC: a full-width A as A),
    characters that show nothing dropped."""
    folded = unicodedata.normalize("NFKC", text)
    return "".join(c for c in folded if c not in FILLERS and unicodedata.category(c) != "Cf")


def name_key(name: str) -> str:
    """What two names are compared by: as they read (`visible`), in any case, spaces
    collapsed. "Ada", "ADA" and "Ada" with a zero-width space are one name."""
    return " ".join(visible(name).casefold().split())


def name_problem(name: str) -> str | None:
    """Why a person's name is refused, as a sentence, or None: one that shows no letter, or
    one that mixes Latin with Cyrillic or Greek letters, which look alike (a Cyrillic A
    before a Latin "da")."""
    if not name_key(name):
        return str(_("A player needs a name: this one shows no letters."))
    scripts = {unicodedata.name(c, "").split(" ")[0] for c in visible(name) if c.isalpha()}
    for script in LOOK_ALIKE_SCRIPTS:
        if "LATIN" in scripts and script in scripts:
            return str(LOOK_ALIKE[script]) % {"name": name}
    return None


def check_text(value: str, field: str) -> None:
    """Refuse (400 `invalid_text`) a text with a character `text_problem` refuses."""
    if (problem := text_problem(value, field)) is not None:
        raise Refusal("invalid_text", problem)


def texts_in(data: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every text in parsed JSON (keys too), with where it is: ("memo", "a\\u0000b")."""
    if isinstance(data, str):
        yield path or "text", data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from texts_in(key, path or "a field name")
            yield from texts_in(value, f"{path}.{key}" if path else str(key))
    elif isinstance(data, list):
        for value in data:
            yield from texts_in(value, path)


def check_texts(data: Any) -> None:
    """`check_text` on every text in parsed JSON."""
    for where, value in texts_in(data):
        check_text(value, where)


def validate_text(value: str) -> None:
    """`text_problem` as a Django validator, for forms."""
    if not isinstance(value, str):  # a UUIDField's UUID, a date
        return
    if (problem := text_problem(value)) is not None:
        raise ValidationError(problem, code="invalid_text")


class TextCheckedForm(forms.Form):
    """A page's form whose every text field passes `validate_text`; a field named in
    `several_lines` (a pasted CSV) may hold line breaks, and is checked line by line."""

    several_lines: tuple[str, ...] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, field in self.fields.items():
            if isinstance(field, forms.CharField):
                check = _validate_lines if name in self.several_lines else validate_text
                field.validators.append(check)


def _validate_lines(value: str) -> None:
    for line in value.splitlines():
        validate_text(line)

"""Sentences said by plain-Python modules (no Django: tournament/seating.py, games/
deed_questions.py), in English, kept with what another language needs to say them: marked
for the translation catalogues where they are written (Django's makemessages finds
`gettext_noop` and `ngettext` by name), said in the reader's language by
tournament.lineups.said."""

from __future__ import annotations

from typing import Any, NamedTuple


class Sentence(NamedTuple):
    """A sentence as plain Python says it, in English (`str`), with what another language
    needs to say it (tournament.lineups.said): its English forms, the count that chooses
    between them (`plural` None: one form) and its named values (a value may be a
    sentence itself: "2 players")."""

    singular: str
    plural: str | None
    count: int
    values: dict[str, Any]

    def __str__(self) -> str:
        form = self.singular if self.plural is None or self.count == 1 else self.plural
        return form % {k: str(v) for k, v in self.values.items()} if self.values else form


def gettext_noop(singular: str, **values: Any) -> Sentence:
    """A sentence of one form, marked for the translation catalogues: Django's
    makemessages finds it by this name. Plain Python: nothing is translated here."""
    return Sentence(singular, None, 1, values)


def ngettext(singular: str, plural: str, count: int, /, **values: Any) -> Sentence:
    """A sentence whose form follows `count`, marked for the catalogues as gettext's
    ngettext is (both forms); said in English here, in the reader's language by
    tournament.lineups.said."""
    return Sentence(singular, plural, count, values)

"""The kinds of document a print job can make, and how each one gets its data.

A document is one function and one template. The function takes the job and returns
its `Parts`: how many there are (for the progress bar) and the parts themselves, one
template context each, made lazily so that a part's data is read when it is rendered.
The renderer lays out a few parts at a time, so memory stays flat however many tables
an event has.

    @document("badges", title=gettext_lazy("Player badges"), template="print/badges.html")
    def badges(job: PrintJob) -> Parts: ...

Each document registers itself when its module is imported: the package's `__init__`
imports them all (documents.py and scoresheets.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tournament.models import PrintJob


@dataclass(frozen=True, slots=True)
class Parts:
    """The parts of a document: `total` of them, each a template context."""

    total: int
    items: Iterable[Mapping[str, Any]]


@dataclass(frozen=True, slots=True)
class Document:
    """A document's kind, its title and description (said in the reader's language: given
    with gettext_lazy), its template and how it gets its parts."""

    kind: str
    title: str
    template: str
    parts: Callable[[PrintJob], Parts]
    needs_round: bool = False
    description: str = ""
    # Parts laid out together in one WeasyPrint document: more is faster, fewer is leaner.
    chunk: int = 4


#: Every registered document, by kind.
DOCUMENTS: dict[str, Document] = {}


def document(
    kind: str, *, title: str, template: str, **options: Any
) -> Callable[[Callable[[PrintJob], Parts]], Callable[[PrintJob], Parts]]:
    """Register the function that gives a document's parts, under its kind; `options`,
    any of Document's needs_round, description and chunk."""

    def register(parts: Callable[[PrintJob], Parts]) -> Callable[[PrintJob], Parts]:
        DOCUMENTS[kind] = Document(kind, title, template, parts, **options)
        return parts

    return register

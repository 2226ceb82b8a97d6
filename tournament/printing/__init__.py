"""Printed documents made by Celery tasks: the registry of kinds, the renderer, and the
documents the event side prints from its own models.

    registry.py   a document is one function (its parts) and one template; `document()`
    render.py     HTML -> PDF with WeasyPrint a chunk at a time, pages appended with pypdf
    documents.py  table cards, fallback sheets, bracket, results, badges
    bracket.py    the bracket as data, and fitting it on one landscape page

Scoresheets need the ledger and live in banking/printing.py. The job's life (queued,
running, done or failed) is in tournament/services/printing.py.
"""

from . import documents  # noqa: F401  (registers the event side's documents)

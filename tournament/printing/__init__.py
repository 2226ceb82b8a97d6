"""Printed documents made by Celery tasks: what a print job makes and how.

    jobs.py         a job's life: asked for, queued, rendered, done or failed, retried
    tasks.py        the Celery tasks that render jobs
    registry.py     a document is one function (its parts) and one template; `document()`
    render.py       HTML -> PDF with WeasyPrint a chunk at a time, pages appended with pypdf
    documents.py    table cards, fallback sheets, bracket, results, badges
    scoresheets.py  the signed scoresheets from the ledger, and checking their codes
    night.py        the night in numbers, one page for the charity's trustees
    bracket.py      the bracket as data, and fitting it on one landscape page

The organiser's print page is in tournament/pages/print/.
"""

from tournament.printing import documents, night, scoresheets  # noqa: F401  (they register themselves)

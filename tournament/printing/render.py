"""HTML to PDF with WeasyPrint, a few parts at a time, each chunk's pages appended to one PDF.

WeasyPrint keeps a whole document's layout in memory until it is written, so a
document of 240 tables laid out at once would need 240 tables' worth of boxes. Here
each chunk of `Document.chunk` parts is laid out and written on its own, and pypdf
copies its pages into the output: the layout of one chunk is all that is ever held,
plus the finished pages (a few kilobytes each).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from io import BytesIO
from itertools import islice
from pathlib import Path
from typing import IO, Any, TypeVar

import segno
from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import get_template
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from tournament.money import money, thousands_separator
from tournament.printing.registry import Document, Parts

STYLESHEET = "css/print.css"
WRAPPER = "print/document.html"

Progress = Callable[[int], None]
T = TypeVar("T")

# WeasyPrint tells every step of every render at INFO; a worker's log needs none of it.
logging.getLogger("weasyprint.progress").setLevel(logging.WARNING)


def site_url(path: str) -> str:
    """An absolute link for paper: SITE_URL (the address people type) plus the path."""
    return settings.SITE_URL.rstrip("/") + path


FIGURE_SPACE = "\u2007"  # as wide as a digit, in fonts with tabular figures
PUNCTUATION_SPACE = "\u2008"  # as wide as a comma


def figure(amount: int, currency: str, width: int = 6, commas: int = 1) -> str:
    """An amount written by money() in the event's currency ("$1,500", "\N{MINUS SIGN}$50",
    "1.500 €"), padded on the left to `width` characters besides `commas` thousands
    separators (figure spaces for the characters, punctuation spaces for the separators),
    so that a column of them lines up on the right in a font whose digits, currency signs
    and figure space share one width (DejaVu Sans): one text block can then hold several
    columns."""
    text = money(amount, currency)
    separators = text.count(thousands_separator())
    pad = max(0, width - (len(text) - separators))
    return FIGURE_SPACE * pad + PUNCTUATION_SPACE * max(0, commas - separators) + text


def qr_png(text: str, *, scale: int = 1) -> str:
    """A QR code as a data: URI of a PNG of `scale` pixels a module. One pixel, for an <img>
    styled with `image-rendering: pixelated` (sharp at any size), is much faster for
    WeasyPrint to draw than an SVG path, where a document holds one code a page; an email
    message wants a bigger one."""
    return segno.make(text, error="m", micro=False).png_data_uri(scale=scale, border=4)


@lru_cache(maxsize=1)
def _weasy() -> tuple[Any, Any, Any]:
    """Fonts, the print stylesheet (parsed once) and a fetcher that loads data: URIs only.

    Imported on first use: WeasyPrint loads Pango and fonts, which a web process that never
    prints should not pay for. A document never reaches for files or the network, whatever
    a player's name holds."""
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration
    from weasyprint.urls import URLFetcher

    fonts = FontConfiguration()
    path = finders.find(STYLESHEET) or str(Path(settings.STATIC_ROOT) / STYLESHEET)
    return fonts, CSS(filename=path, font_config=fonts), URLFetcher(allowed_protocols={"data"})


def chunks(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """`items` in lists of `size` (the last one shorter), read as they are needed."""
    iterator = iter(items)
    while chunk := list(islice(iterator, max(1, size))):
        yield chunk


def html_of(document: Document, parts: Sequence[Mapping[str, Any]], *, title: str = "") -> str:
    """The HTML of some parts of a document: each part through the document's template."""
    template = get_template(document.template)
    body = mark_safe("".join(template.render(dict(part)) for part in parts))  # noqa: S308
    return get_template(WRAPPER).render(
        {"title": title or document.title, "kind": document.kind, "body": body}
    )


def pdf_of_html(html: str) -> bytes:
    """One WeasyPrint document, with the print stylesheet (parsed once per process)."""
    from weasyprint import HTML

    fonts, stylesheet, fetcher = _weasy()
    return HTML(string=html, url_fetcher=fetcher).write_pdf(
        stylesheets=[stylesheet], font_config=fonts
    )


def render(
    document: Document,
    parts: Parts,
    out: IO[bytes],
    *,
    title: str = "",
    progress: Progress | None = None,
) -> int:
    """Write the document's PDF to `out`, reporting percent done; return its page count."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    done = 0
    total = max(1, parts.total)
    for chunk in chunks(parts.items, document.chunk):
        pdf = pdf_of_html(html_of(document, chunk, title=title))
        for page in PdfReader(BytesIO(pdf)).pages:
            writer.add_page(page)
        done += len(chunk)
        if progress is not None:
            progress(min(99, done * 100 // total))
    if not writer.pages:
        raise ValueError(_("%(document)s: nothing to print.") % {"document": document.title})
    writer.add_metadata({"/Title": str(title or document.title), "/Creator": "Monopoly Night"})
    writer.write(out)
    return len(writer.pages)

"""Reading the PDFs the service makes."""

from __future__ import annotations

import shutil
import subprocess

from pypdf import PdfReader


def pdf_text(path: str) -> str:
    """The PDF's text as pdftotext (poppler-utils) reads it, or pypdf when it is missing."""
    if tool := shutil.which("pdftotext"):
        done = subprocess.run(  # noqa: S603 - a path we made, no shell
            [tool, "-layout", path, "-"], capture_output=True, text=True, check=True
        )
        return done.stdout
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)

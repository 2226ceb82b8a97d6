from __future__ import annotations

from typing import Any

from rest_framework.parsers import BaseParser


class CSVParser(BaseParser):
    """Takes a CSV request body as text."""

    media_type = "text/csv"

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> str:
        from rest_framework.exceptions import ParseError

        try:
            return stream.read().decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ParseError("The CSV must be UTF-8 text.") from exc

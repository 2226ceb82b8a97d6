"""The API's parsers: JSON read within the upload limit and a nesting depth, and CSV text."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from rest_framework import exceptions, status
from rest_framework.parsers import BaseParser, get_encoding

# Deeper than any body the API takes (an entry is 2 levels, an event's variants 3): far
# below the depth at which reading or walking the body would run out of stack.
MAX_DEPTH = 32


class TooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"

    def __init__(self) -> None:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        super().__init__(f"The request body is larger than {limit:,} bytes: send less.")


class TooDeep(exceptions.ParseError):
    default_code = "too_deep"

    def __init__(self) -> None:
        super().__init__(f"The request body nests more than {MAX_DEPTH} levels deep.")


def _depth_ok(data: Any) -> bool:
    """Whether the parsed body nests no deeper than MAX_DEPTH (walked without recursion)."""
    level = [data]
    for _ in range(MAX_DEPTH + 1):
        level = [
            child
            for value in level
            if isinstance(value, dict | list)
            for child in (value.values() if isinstance(value, dict) else value)
            if isinstance(child, dict | list)
        ]
        if not level:
            return True
    return False


def read_limited(stream: Any) -> bytes:
    """The body, refused with 413 when it is over the upload limit."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    raw = stream.read() if limit is None else stream.read(limit + 1)
    if limit is not None and len(raw) > limit:
        raise TooLarge()
    return raw


class JSONParser(BaseParser):
    """JSON, as DRF's parser reads it, within the upload limit (413 `too_large`) and
    MAX_DEPTH levels of nesting (400 `too_deep`); Python's reader would otherwise recurse
    until it fails with a server error."""

    media_type = "application/json"

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        encoding = get_encoding(parser_context or {})
        if stream is None:
            return None
        raw = read_limited(stream)
        try:
            data = json.loads(raw.decode(encoding), parse_constant=_no_constant)
        except RecursionError as exc:
            raise TooDeep() from exc
        except ValueError as exc:
            raise exceptions.ParseError(f"JSON parse error - {exc}") from exc
        if not _depth_ok(data):
            raise TooDeep()
        return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


class CSVParser(BaseParser):
    """Takes a CSV request body as text."""

    media_type = "text/csv"

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> str:
        try:
            return read_limited(stream).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise exceptions.ParseError("The CSV must be UTF-8 text.") from exc

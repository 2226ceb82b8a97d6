"""Every refusal as `{"error": code, "detail": sentence}` (docs/api.md), whatever raised it."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ObjectDoesNotExist, RequestDataTooBig, SuspiciousOperation
from django.db import InterfaceError, OperationalError
from django.http import Http404
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler

from games.engine import RuleViolation
from tournament.errors import Refusal
from tournament.http.parsers import TooLarge

# The database went away (a restart, a lost connection): nothing was saved, and the same
# request sent again once it is back is answered normally (entries keep their ids).
UNAVAILABLE = {
    "error": "unavailable",
    "detail": "The database is not answering: nothing was saved. Try again shortly.",
}
RETRY_AFTER = {"Retry-After": "5"}


def _first_message(detail: Any) -> str:
    if isinstance(detail, dict):
        for field, value in detail.items():
            message = _first_message(value)
            return message if field == "non_field_errors" else f"{field}: {message}"
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return str(detail)


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """The refusal for `exc` in the error shape, any text it echoes made writable."""
    response = _refusal(exc, context)
    if response is not None:
        response.data = _writable(response.data)
    return response


def _writable(data: Any) -> Any:
    """`data` with every lone surrogate (half of a UTF-16 pair, valid in JSON text but no
    character) replaced by U+FFFD: a refusal that echoes one could not be encoded."""
    if isinstance(data, str):
        return data.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    if isinstance(data, dict):
        return {_writable(key): _writable(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [_writable(value) for value in data]
    return data


def _refusal(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, Refusal):
        return Response({"error": exc.code, "detail": exc.detail, **exc.extra}, status=exc.status)
    if isinstance(exc, RuleViolation):
        return Response({"error": exc.code, "detail": exc.detail}, status=400)
    if isinstance(exc, Http404 | ObjectDoesNotExist):
        return Response({"error": "not_found", "detail": "There is no such object."}, status=404)
    if isinstance(exc, exceptions.ValidationError):
        detail = _first_message(exc.detail)
        return Response({"error": "invalid", "detail": detail, "fields": exc.detail}, status=400)
    if isinstance(exc, RequestDataTooBig):  # read by Django itself (a form, an upload)
        exc = TooLarge()
    if isinstance(exc, SuspiciousOperation):  # too many form fields or files, a bad boundary
        detail = "The request body cannot be read."
        return Response({"error": "malformed_body", "detail": detail}, status=400)
    if isinstance(exc, exceptions.ParseError) and exc.default_code == "too_deep":
        return Response({"error": "too_deep", "detail": str(exc.detail)}, status=400)
    if isinstance(exc, exceptions.ParseError):
        if str(exc.detail).startswith("JSON parse error"):
            detail = "The request body is not valid JSON."
            return Response({"error": "malformed_json", "detail": detail}, status=400)
        return Response({"error": "malformed_body", "detail": str(exc.detail)}, status=400)
    if isinstance(exc, (OperationalError, InterfaceError)):  # lost or refused connection
        return Response(UNAVAILABLE, status=503, headers=RETRY_AFTER)
    response = exception_handler(exc, context)
    if response is not None and isinstance(exc, exceptions.APIException):
        response.data = {
            "error": exc.get_codes() if isinstance(exc.get_codes(), str) else exc.default_code,
            "detail": _first_message(exc.detail),
        }
    return response

"""Every refusal as `{"error": code, "detail": sentence}` (docs/api.md), whatever raised it."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ObjectDoesNotExist, RequestDataTooBig, SuspiciousOperation
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, JsonResponse
from rest_framework import exceptions, status
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
    if isinstance(exc, RuleViolation | Refusal):
        code = exc.code
        status_code = exc.status if isinstance(exc, Refusal) else status.HTTP_400_BAD_REQUEST
        extra = exc.extra if isinstance(exc, Refusal) else {}
        return Response({"error": code, "detail": exc.detail, **extra}, status=status_code)
    if isinstance(exc, Http404 | ObjectDoesNotExist):
        return Response(
            {"error": "not_found", "detail": "There is no such object."},
            status=status.HTTP_404_NOT_FOUND,
        )
    if isinstance(exc, exceptions.ValidationError):
        return Response(
            {"error": "invalid", "detail": _first_message(exc.detail), "fields": exc.detail},
            status=status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, RequestDataTooBig):  # read by Django itself (a form, an upload)
        exc = TooLarge()
    if isinstance(exc, SuspiciousOperation):  # too many form fields or files, a bad boundary
        return Response(
            {"error": "malformed_body", "detail": "The request body cannot be read."},
            status=status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, exceptions.ParseError) and exc.default_code == "too_deep":
        return Response({"error": "too_deep", "detail": str(exc.detail)}, status=400)
    if isinstance(exc, exceptions.ParseError):
        is_json = str(exc.detail).startswith("JSON parse error")
        return Response(
            {
                "error": "malformed_json" if is_json else "malformed_body",
                "detail": "The request body is not valid JSON." if is_json else str(exc.detail),
            },
            status=status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, (OperationalError, InterfaceError)):  # lost or refused connection
        return Response(
            UNAVAILABLE, status=status.HTTP_503_SERVICE_UNAVAILABLE, headers=RETRY_AFTER
        )
    response = exception_handler(exc, context)
    if response is not None and isinstance(exc, exceptions.APIException):
        response.data = {
            "error": exc.get_codes() if isinstance(exc.get_codes(), str) else exc.default_code,
            "detail": _first_message(exc.detail),
        }
    return response


def server_error(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """A 500 on an API path still answers in the API's error shape."""
    return JsonResponse(
        {
            "error": "server_error",
            "detail": "Something went wrong on the server; nothing was saved.",
        },
        status=500,
    )


def unavailable(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """The database is down, wherever that was found (a view, a middleware, the login)."""
    return JsonResponse(UNAVAILABLE, status=503, headers=RETRY_AFTER)


def not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    return JsonResponse(
        {"error": "not_found", "detail": "There is no such address in the API."}, status=404
    )

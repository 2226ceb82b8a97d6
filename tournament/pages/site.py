import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string

from tournament import selectors
from tournament.http.errors import not_found as api_not_found
from tournament.http.errors import server_error as api_server_error
from tournament.http.errors import unavailable as api_unavailable


def home(request: HttpRequest) -> HttpResponse:
    """A logged-in person's events, with the desk for those they organise; else a welcome."""
    events = selectors.home_events(request.user) if request.user.is_authenticated else None
    return render(request, "home.html", {"events": events})


def server_error(request: HttpRequest) -> HttpResponse:
    """A 500: JSON in the API's error shape under /api/, a plain page elsewhere.

    When the cause is the database being away (restarting, unreachable) it is a 503 instead,
    which the banker console retries and which tells a person to try again shortly; the
    page is rendered without touching the database (no session, no user)."""
    if isinstance(sys.exc_info()[1], OperationalError | InterfaceError):
        if request.path.startswith("/api/"):
            return api_unavailable(request)
        return HttpResponse(render_to_string("503.html"), status=503, headers={"Retry-After": "5"})
    if request.path.startswith("/api/"):
        return api_server_error(request)
    return render(request, "500.html", status=500)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """A 404: JSON in the API's error shape under /api/, a plain page elsewhere."""
    if request.path.startswith("/api/"):
        return api_not_found(request)
    return render(request, "404.html", status=404)

import sys
from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django.views.i18n import JavaScriptCatalog

from tournament import access, selectors
from tournament.http.errors import RETRY_AFTER, UNAVAILABLE


def home(request: HttpRequest) -> HttpResponse:
    """A logged-in person's events, each with the pages their roles open (the desk, the
    referees' pages, the briefing, the FAQ, the consoles of their tables); else a welcome."""
    context: dict[str, Any] = {"events": None}
    if request.user.is_authenticated:
        context["events"] = selectors.home_events(request.user)
        context["may_create"] = access.can_create_events(request.user)
    return render(request, "home.html", context)


@login_required
def start(request: HttpRequest) -> HttpResponse:
    """Where the login form sends a person (LOGIN_REDIRECT_URL): their own start page."""
    return redirect(selectors.start_page(request.user))


@require_safe
def scripts_catalogue(request: HttpRequest, language: str) -> HttpResponse:
    """The scripts' sentences in `language` (Django's JavaScript catalogue, djangojs.po), at
    an address of its own per language: a page asks for the one of the language it was
    drawn in (the reader's, or at the big screen the event's, whatever the browser asks),
    and the console's service worker keeps it for opening offline."""
    if language not in dict(settings.LANGUAGES):
        raise Http404(_("The product does not speak that language."))
    with translation.override(language):
        return JavaScriptCatalog.as_view()(request)


@require_safe
def choose_language(request: HttpRequest, code: str) -> HttpResponse:
    """The language switcher's link (templates/_language.html): the person's choice of one of
    the product's languages, kept in Django's language cookie (which then outranks their
    browser's Accept-Language), and back to the page they were on (`next`, this site's
    only). A link, not a form: it changes nothing but the reader's own pages, so it fits
    the pages that send nothing (a player's)."""
    if code not in dict(settings.LANGUAGES):
        raise Http404(_("The product does not speak that language."))
    back = request.GET.get("next", "")
    here = url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    response = HttpResponseRedirect(back if here else "/")
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    """A 500: JSON in the API's error shape under /api/, a plain page elsewhere.

    When the cause is the database being away (restarting, unreachable) it is a 503 instead,
    which the banker console retries and which tells a person to try again shortly; the
    page is rendered without touching the database (no session, no user)."""
    api = request.path.startswith("/api/")
    if isinstance(sys.exc_info()[1], OperationalError | InterfaceError):
        if api:
            return JsonResponse(UNAVAILABLE, status=503, headers=RETRY_AFTER)
        return HttpResponse(render_to_string("503.html"), status=503, headers=RETRY_AFTER)
    if api:
        detail = _("Something went wrong on the server; nothing was saved.")
        return JsonResponse({"error": "server_error", "detail": detail}, status=500)
    return render(request, "500.html", status=500)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """A 404: JSON in the API's error shape under /api/, a plain page elsewhere."""
    if request.path.startswith("/api/"):
        detail = _("There is no such address in the API.")
        return JsonResponse({"error": "not_found", "detail": detail}, status=404)
    return render(request, "404.html", status=404)

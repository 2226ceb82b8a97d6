"""A fast path for the players' polls (views.py), near the top of MIDDLEWARE.

Four hundred phones ask their page's live part (`/p/<token>/` with HX-Request, as htmx asks)
every ten seconds, nearly always with the ETag of what they show and nearly always for
nothing new. This answers those 304s after one round trip, before sessions,
authentication, CSRF, messages and URL resolving: the same answer the view gives, for a
fraction of the cost. Anything else, and any poll whose page has changed, goes on to the
view.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_vary_headers

from tournament.pages.players.selectors import player_shown

POLL = re.compile(r"^/p/([A-Za-z0-9_-]{1,64})/$")


def etags(header: str) -> set[str]:
    """The entity tags of an If-None-Match header (weak ones compare as strong)."""
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}


def private(response: HttpResponse, cache_control: str) -> HttpResponse:
    """The headers of every answer about a player: kept as `cache_control` says, never
    indexed, and no referrer sent on (the token is in the address)."""
    response["Cache-Control"] = cache_control
    response["X-Robots-Tag"] = "noindex, nofollow"
    response["Referrer-Policy"] = "no-referrer"
    return response


def poll_headers(response: HttpResponse, version: str) -> HttpResponse:
    """The headers of every answer to a poll: its ETag, and private to the player."""
    response["ETag"] = f'"{version}"'
    # the page or its live part alone; in the reader's language (LocaleMiddleware's Vary,
    # given here too to the early 304s that never reach it)
    patch_vary_headers(response, ["HX-Request", "Accept-Language"])
    return private(response, "private, no-cache")


class PlayerPollMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        known = request.META.get("HTTP_IF_NONE_MATCH")
        if known and request.method == "GET" and "HTTP_HX_REQUEST" in request.META:
            found = POLL.match(request.path_info)
            if found is not None:
                shown = player_shown(found.group(1))
                if shown is not None and f'"{shown.version}"' in etags(known):
                    return poll_headers(HttpResponseNotModified(), shown.version)
                request.player_shown = (found.group(1), shown)  # the view reads it
        return self.get_response(request)

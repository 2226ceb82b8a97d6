"""The Content-Security-Policy header: pages run only this site's own scripts and styles.

Every response gets the policy in settings.CONTENT_SECURITY_POLICY unless its view set
one of its own (`content_security_policy` below, for the API's documentation page).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

HEADER = "Content-Security-Policy"


def policy_header(directives: Mapping[str, Sequence[str]]) -> str:
    return "; ".join(" ".join([name, *sources]) for name, sources in directives.items())


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.header = policy_header(settings.CONTENT_SECURITY_POLICY)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault(HEADER, self.header)
        return response


def content_security_policy(
    **more: Sequence[str],
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Decorate a view to answer with the site's policy plus `more` sources per directive
    (keyword names with underscores: `script_src=["https://cdn.example"]`)."""
    directives = {name: list(sources) for name, sources in settings.CONTENT_SECURITY_POLICY.items()}
    for name, sources in more.items():
        directive = name.replace("_", "-")
        directives[directive] = [*directives.get(directive, []), *sources]
    header = policy_header(directives)

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            response = view(request, *args, **kwargs)
            response.headers[HEADER] = header
            return response

        return wrapped

    return decorate

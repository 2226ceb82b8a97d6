"""The Content-Security-Policy header: pages run only this site's own scripts and styles.

Every response gets the policy in settings.CONTENT_SECURITY_POLICY unless its view set one
of its own. The API's documentation page needs no exception: Swagger UI's files come from
drf-spectacular-sidecar, served from this site.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

HEADER = "Content-Security-Policy"


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        directives = settings.CONTENT_SECURITY_POLICY.items()
        self.header = "; ".join(" ".join([name, *sources]) for name, sources in directives)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault(HEADER, self.header)
        return response

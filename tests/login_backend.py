"""The suite's lockout backend (tournament.settings.test).

It is production's (axes' AxesStandaloneBackend) for every login that comes with a request:
the login page, the admin's login, POST /api/auth/token/. Django's test client `login()`
and a bare `authenticate(username=..., password=...)` come without one, which axes refuses
outright; here they log in as they would without axes, and count towards no lockout.
"""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from django.http import HttpRequest


class RequestOptionalAxesBackend(AxesStandaloneBackend):
    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)

"""The public page that checks a printed scoresheet's verification code.

Anyone may type a code (no login, nothing else to pick) and is told which event, round
and table it belongs to and whether the ledger, recomputed now, still gives that code: a
clear yes or no. A code that cannot be one, or that no table has, is refused plainly.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournament.errors import Refusal
from tournament.printing.scoresheets import scoresheet_check


@require_GET
def verify_page(request: HttpRequest) -> HttpResponse:
    code = request.GET.get("code", "").strip()[:40]
    context: dict = {"code": code, "asked": bool(code)}
    status = 200
    if code:
        try:
            context["found"] = scoresheet_check(code=code)
        except Refusal as refused:
            context["refused"] = refused.detail
            status = 400
        else:
            status = 200 if context["found"] else 404
    response = render(request, "verify/page.html", context, status=status)
    response["Cache-Control"] = "no-store"
    return response

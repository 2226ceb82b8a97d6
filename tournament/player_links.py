"""A player's own link and its QR code: on their page, in their message, on their badge.

The link opens the player's own page (no login: the token is the key) and, scanned at the
desk, checks them in. It is built from SITE_URL, the address people reach from their
phones, and from the request only when no SITE_URL is set.
"""

from __future__ import annotations

import segno
from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe


def player_page_url(token: str, request: HttpRequest | None = None) -> str:
    """The absolute link to a player's own page."""
    path = reverse("player-page", args=[token])
    if base := getattr(settings, "SITE_URL", ""):
        return base.rstrip("/") + path
    if request is not None:
        return request.build_absolute_uri(path)
    return path


def qr_svg(text: str) -> SafeString:
    """A QR code as inline SVG, sized by the stylesheet, with a quiet zone for cameras."""
    code = segno.make(text, error="m", micro=False)
    svg = code.svg_inline(omitsize=True, border=4, dark="#000", light="#fff")
    return mark_safe(svg)  # noqa: S308 - segno's own markup

"""The big screen's link: organisers issue a new one (the old stops working) or revoke it."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from tournament.api.views import SCOPED_REFUSALS, ScopedApi
from tournament.services import screens

ScreenLink = inline_serializer(
    "ScreenLink",
    {
        "url": serializers.URLField(
            help_text="The big screen's address, with its secret token: open it on the "
            "projector. Anyone with it can watch the screen (nothing more)."
        )
    },
)


class ScreenLinkApi(ScopedApi):
    @extend_schema(
        request=None,
        responses={201: ScreenLink, **SCOPED_REFUSALS},
        tags=["events"],
        summary="Issue a new big-screen link",
        description="Makes a new secret link to the event's big screen (clock, leaderboard, "
        "bracket). The previous link, if any, stops working at once. Organisers only.",
    )
    def post(self, request: Request, event_id: int) -> Response:
        event = screens.screen_link_issue(event_id=event_id, actor=request.user)
        url = request.build_absolute_uri(screens.screen_path(event))
        return Response({"url": url}, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=None,
        responses={204: None, **SCOPED_REFUSALS},
        tags=["events"],
        summary="Revoke the big-screen link",
        description="The current link stops working; no link works until a new one is "
        "issued. Organisers only.",
    )
    def delete(self, request: Request, event_id: int) -> Response:
        screens.screen_link_revoke(event_id=event_id, actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

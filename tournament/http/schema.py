"""The schema's account of refusals: every 4xx answer is an `ApiError` (docs/api.md, Errors).

`ApiAutoSchema` documents, on every operation, the refusals its shape allows, each with the
`ApiError` body: 400 where a request carries input, 401 and 403 where callers must
authenticate, 404 where the path names an object, 409 where a change meets the object's state.
An operation's own `extend_schema` responses keep their descriptions (and their bodies, where
they give one); a refusal they describe without a body gets the `ApiError` body.

Request bodies are documented as JSON, the API's one format (docs/api.md), unless a view names its
own parsers (the players' CSV import).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse, PolymorphicProxySerializer
from rest_framework import serializers

from tournament.text import SCHEMA_PATTERN


class ApiError(serializers.Serializer):
    """A refusal. It changes nothing."""

    error = serializers.CharField(
        help_text="A stable code for programs: invalid, not_authenticated, permission_denied, "
        "not_found, round_not_running, id_reused, or the rule a move breaks "
        "(uneven_building, insufficient_cash...)."
    )
    detail = serializers.CharField(help_text="A sentence a volunteer understands.")
    fields = serializers.JSONField(
        required=False,
        help_text="Bad input only: the messages for each field that was refused.",
    )


REFUSALS = {
    "400": "Bad input, or a move the rules forbid: `error` says which.",
    "401": "No credentials, or ones that no longer work (a replaced table key, a round that "
    "is over).",
    "403": "These credentials may not do this.",
    "404": "There is no such object.",
    "409": "The object's state does not allow this now (for example the round is not running, "
    "or the event has started): `error` says why.",
}
WRITES = ("POST", "PUT", "PATCH", "DELETE")


class ApiAutoSchema(AutoSchema):
    def get_auth(self) -> list[dict[str, Any]]:
        """Who may call: a view with no authentication at all is public (`{}`); every other
        view refuses anonymous callers with a sentence (its permission classes, or the
        service it calls: tournament/access.py), so anonymous access is not offered for it."""
        requirements = super().get_auth()
        if self.view.get_authenticators():
            requirements = [requirement for requirement in requirements if requirement]
        return requirements

    def _refusals(self) -> list[str]:
        codes = []
        if self.method in WRITES:
            codes.append("400")
        if any(requirement for requirement in self.get_auth()):  # {} alone: a public operation
            codes += ["401", "403"]
        if "{" in self.path:
            codes.append("404")
            if self.method in WRITES:
                codes.append("409")
        return codes

    def map_parsers(self) -> list[Any]:
        media_types = super().map_parsers()
        if "parser_classes" in vars(type(self.view)):
            return media_types
        return [media for media in media_types if media == "application/json"] or media_types

    def _get_request_for_media_type(self, serializer: Any, direction: Any = "request") -> Any:
        schema, required = super()._get_request_for_media_type(serializer, direction)
        if isinstance(serializer, PolymorphicProxySerializer):
            required = True  # one of several shapes, each with fields of its own to give
        return schema, required

    def _map_basic_serializer(self, serializer: Any, direction: Any) -> dict[str, Any]:
        schema = super()._map_basic_serializer(serializer, direction)
        if getattr(serializer, "refuses_unknown_fields", False):
            schema["additionalProperties"] = False
        if direction == "request":  # a text sent is checked by tournament.text
            for prop in schema.get("properties", {}).values():
                if prop.get("type") == "string" and not {"format", "enum", "pattern"} & set(prop):
                    prop["pattern"] = SCHEMA_PATTERN
        return schema

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        bodies = super()._get_response_bodies(direction)
        for code in self._refusals():
            bodies.setdefault(code, {"description": REFUSALS[code]})
        for code, body in bodies.items():
            if code.startswith("4") and "content" not in body:
                refusal = OpenApiResponse(ApiError, description=body["description"])
                bodies[code] = self._get_response_for_code(refusal, code, direction=direction)
        return bodies

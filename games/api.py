"""The public editions endpoints: the board, the card decks and the variants with defaults."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.engine import EDITIONS, VARIANTS, Edition, variant_defaults


def edition_data(edition: Edition) -> dict[str, Any]:
    return {
        "code": edition.code,
        "name": edition.name,
        "currency": edition.currency,
        "salary": edition.salary,
        "jail_fine": edition.jail_fine,
        "starting_cash": edition.starting_cash,
        "spaces": [
            {
                "position": space.position,
                "name": space.name,
                "kind": str(space.kind),
                "group": space.group,
                "price": space.price or None,
                "mortgage": space.mortgage or None,
                "house_cost": space.house_cost or None,
                "rents": list(space.rents),
                "tax": space.tax or None,
            }
            for space in edition.spaces
        ],
        "cards": [
            {
                "id": card.id,
                "deck": card.deck,
                "text": card.text,
                "effect": {
                    "kind": str(card.effect),
                    "amount": card.amount or None,
                    "per_house": card.per_house or None,
                    "per_hotel": card.per_hotel or None,
                    "rent_via": card.rent_via or None,
                },
            }
            for card in (*edition.chance, *edition.community_chest)
        ],
        "variants": [
            {"name": name, "description": text, "default": variant_defaults(edition.code)[name]}
            for name, text in VARIANTS.items()
        ],
    }


class EditionOutput(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    currency = serializers.CharField()
    salary = serializers.IntegerField()
    jail_fine = serializers.IntegerField()
    starting_cash = serializers.IntegerField()
    spaces = serializers.ListField(child=serializers.DictField())
    cards = serializers.ListField(child=serializers.DictField())
    variants = serializers.ListField(child=serializers.DictField())


class EditionListApi(APIView):
    authentication_classes: list[type] = []
    permission_classes = [AllowAny]

    @extend_schema(responses=EditionOutput(many=True), tags=["editions"])
    def get(self, request: Request) -> Response:
        return Response([edition_data(edition) for edition in EDITIONS.values()])


class EditionDetailApi(APIView):
    authentication_classes: list[type] = []
    permission_classes = [AllowAny]

    @extend_schema(responses=EditionOutput, tags=["editions"])
    def get(self, request: Request, code: str) -> Response:
        if code not in EDITIONS:
            raise exceptions.NotFound(f"There is no edition {code!r}: use us or uk.")
        return Response(edition_data(EDITIONS[code]))

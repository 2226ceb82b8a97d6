"""OpenAPI shapes of the entry kinds, derived from the engine's own entry classes,
so the documented contract and the rules engine cannot drift apart."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

from games.engine import ENTRY_KINDS
from games.engine.entries import TradeSide


class TradeSideSerializer(serializers.Serializer):
    spaces = serializers.ListField(child=serializers.IntegerField(min_value=0, max_value=39))
    cash = serializers.IntegerField(min_value=0, required=False)
    jail_cards = serializers.IntegerField(min_value=0, max_value=2, required=False)


def _field(annotation: Any, required: bool) -> serializers.Field:
    optional = type(None) in typing.get_args(annotation)
    if optional:
        annotation = next(a for a in typing.get_args(annotation) if a is not type(None))
    kwargs = {"required": required and not optional, "allow_null": optional}
    if annotation is TradeSide:
        return TradeSideSerializer(required=False)
    if typing.get_origin(annotation) is tuple:
        return serializers.ListField(child=serializers.IntegerField(), required=False)
    if annotation is int:
        return serializers.IntegerField(**kwargs)
    return serializers.CharField(**kwargs)


def _entry_serializer(kind: str, cls: type) -> type[serializers.Serializer]:
    hints = typing.get_type_hints(cls)
    fields: dict[str, serializers.Field] = {
        "id": serializers.UUIDField(help_text="Made by the client before the first send."),
        "kind": serializers.CharField(help_text=f'Always "{kind}".'),
    }
    for f in dataclasses.fields(cls):
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        fields[f.name] = _field(hints[f.name], required)
    name = "".join(part.capitalize() for part in kind.split("_")) + "Entry"
    return type(name, (serializers.Serializer,), {**fields, "__doc__": cls.__doc__ or kind})


ENTRY_SERIALIZERS = {kind: _entry_serializer(kind, cls) for kind, cls in ENTRY_KINDS.items()}

EntryRequest = PolymorphicProxySerializer(
    component_name="EntryRequest", serializers=ENTRY_SERIALIZERS, resource_type_field_name="kind"
)

"""The base of the API's input shapes: a text limit holds for the text as it was sent, and
every text passes the shared check (`tournament.text`: no control or bidi characters).

DRF trims the blanks around a text before checking its length, so 101 characters with a
leading space would pass a 100-character limit; the schema states the limit on what is sent,
and so does `Input`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework import serializers
from rest_framework.request import Request

from tournament.text import text_problem


class Input(serializers.Serializer):
    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            texts = [
                (name, field, data[name])
                for name, field in self.fields.items()
                if isinstance(field, serializers.CharField) and isinstance(data.get(name), str)
            ]
            too_long = {
                name: [field.error_messages["max_length"].format(max_length=field.max_length)]
                for name, field, text in texts
                if field.max_length is not None and len(text) > field.max_length
            }
            unsafe = {
                name: [problem]
                for name, _, text in texts
                if (problem := text_problem(text)) is not None
            }
            if too_long or unsafe:  # a text too long is refused for that first
                raise serializers.ValidationError(too_long or unsafe)
        return super().to_internal_value(data)


def validated(serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    """The request's body checked by `serializer_class`; a 400 in the error shape if not."""
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data

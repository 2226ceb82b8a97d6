"""The one exception the engine raises: a move the rules forbid, or input it cannot read."""


class RuleViolation(Exception):
    """A refusal: `code` is a stable word (see docs/api.md); `detail` a sentence for the
    volunteer."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail

    def __repr__(self) -> str:
        return f"RuleViolation({self.code!r}, {self.detail!r})"

"""Refusals raised by services. Each carries a stable code and a sentence for the person asking.

The sentence is worded where the refusal is raised, whole, in the asker's language
(`gettext` with named placeholders: `Refusal("not_alternate", _("%(name)s is not an
alternate.") % {"name": ...})`); the code is the same in every language. The API turns
them into `{"error": code, "detail": sentence}` with the status below; pages show the
sentence.
"""


class Refusal(Exception):
    status = 400

    def __init__(self, code: str, detail: str, **extra: object) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.extra = extra  # more for a program to read, e.g. the tables a round waits on


class NotFound(Refusal):
    status = 404


class NotAllowed(Refusal):
    status = 403


class Conflict(Refusal):
    """The request clashes with the object's state: a round not running, an id reused."""

    status = 409

"""Who is making a bank record: the table's banker (by key), a referee or an organiser."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser


@dataclass(frozen=True, slots=True)
class Actor:
    role: str  # "banker", "referee" or "organiser"
    name: str
    user: AbstractBaseUser | None = None  # a person logged in
    # By a table's key: the account of the table's banker as the key is used, if any, so
    # that what the key records stays theirs whoever banks the table later.
    user_id: int | None = None

    @property
    def account_id(self) -> int | None:
        """The account a record made by this actor names: the person's, or the key's."""
        return self.user.pk if self.user is not None else self.user_id

    BANKER = "banker"
    REFEREE = "referee"
    ORGANISER = "organiser"
    #: Who corrects a table's ledger (adjusts a balance, voids any entry).
    CORRECTORS = (REFEREE, ORGANISER)

    @property
    def corrects(self) -> bool:
        return self.role in self.CORRECTORS

"""Who is making a bank record: the table's banker (by key), a referee or an organiser."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser


@dataclass(frozen=True, slots=True)
class Actor:
    role: str  # "banker", "referee" or "organiser"
    name: str
    user: AbstractBaseUser | None = None

    BANKER = "banker"
    REFEREE = "referee"
    ORGANISER = "organiser"

    @property
    def corrects(self) -> bool:
        """Referees and organisers may adjust balances."""
        return self.role in (self.REFEREE, self.ORGANISER)

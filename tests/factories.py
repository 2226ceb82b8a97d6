"""Factories that build the world for tests: users, events, players, rounds, tables."""

from __future__ import annotations

import datetime

import factory
from django.contrib.auth import get_user_model

from tournament.models import Event, Player, Round, Seat, Table, Volunteer
from tournament.money import edition_currency

PASSWORD = "correct-horse-battery"  # every UserFactory user's: tests log in with it


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def saved(obj, create: bool, extracted: object, **kwargs: object) -> None:
        if create:
            obj.save()


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    name = factory.Sequence(lambda n: f"Monopoly Night {n}")
    date = datetime.date(2026, 12, 5)
    venue = "Town Hall"
    charity = "Food Bank"
    edition = "us"
    variants = factory.LazyFunction(
        lambda: {"modern_us": False, "short_game": False, "double_rent_despite_mortgage": True}
    )
    currency = factory.LazyAttribute(lambda event: edition_currency(event.edition))  # as made


class VolunteerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Volunteer

    event = factory.SubFactory(EventFactory)
    user = factory.SubFactory(UserFactory)
    role = Volunteer.Role.ORGANISER


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    event = factory.SubFactory(EventFactory)
    name = factory.Sequence(lambda n: f"Player {n}")
    email = factory.LazyAttribute(lambda p: f"{p.name.replace(' ', '.').lower()}@example.org")


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    event = factory.SubFactory(EventFactory)
    number = factory.Sequence(lambda n: n + 1)
    kind = Round.Kind.PRELIMINARY


class TableFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Table

    round = factory.SubFactory(RoundFactory)
    number = factory.Sequence(lambda n: n + 1)


class SeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Seat

    table = factory.SubFactory(TableFactory)
    number = factory.Sequence(lambda n: n + 1)
    player = factory.SubFactory(PlayerFactory)

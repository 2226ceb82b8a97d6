"""Load a demo event: volunteers with logins, sixteen players, a round under way."""

import datetime
import os
import uuid
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from banking.actors import Actor
from banking.services.entries import entry_post
from tournament.models import Event, Volunteer
from tournament.selectors import console_path
from tournament.services.events import donation_add, event_create, volunteer_add
from tournament.services.players import player_check_in, players_import
from tournament.services.rounds import round_create, round_release, round_seat, round_start

DEMO_NAME = "Demo Monopoly Night"
PASSWORD = os.environ.get("DEMO_PASSWORD", "monopoly-night")
PLAYERS = """name,email,team,paid
Ada Lovelace,ada@example.org,Analysts,25
Brook Taylor,brook@example.org,,25
Cy Young,cy@example.org,Pitchers,25
Dee Dee Ramone,dee@example.org,,25
Eli Whitney,eli@example.org,Analysts,25
Fay Wray,fay@example.org,,25
Gus Grissom,gus@example.org,Pitchers,25
Hal Jordan,hal@example.org,,0
Ivy Baker,ivy@example.org,,25
Jo March,jo@example.org,Writers,25
Kit Carson,kit@example.org,,25
Lou Reed,lou@example.org,Writers,25
Mo Farah,mo@example.org,,25
Ned Kelly,ned@example.org,,0
Olive Oyl,olive@example.org,,25
Pip Pirrip,pip@example.org,,25
"""

OPENING = [
    {"kind": "buy", "seat": 1, "space": 1},
    {"kind": "buy", "seat": 2, "space": 5},
    {"kind": "pass_go", "seat": 3},
    {"kind": "buy", "seat": 3, "space": 39},
    {"kind": "buy", "seat": 1, "space": 3},
    {"kind": "rent", "seat": 4, "space": 5},
]


class Command(BaseCommand):
    help = "Create the demo event (organiser, referee and banker logins; a round under way)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--force", action="store_true", help="Load it even when DEBUG is off (production)."
        )

    def handle(self, *args: Any, force: bool = False, **options: Any) -> None:
        if not settings.DEBUG and not force:
            raise CommandError("Refusing to load demo logins with DEBUG off; use --force.")
        if Event.objects.filter(name=DEMO_NAME).exists():
            self.stdout.write(f"The demo event is already loaded ({DEMO_NAME}).")
            return
        with transaction.atomic():
            users = {name: self._user(name) for name in ("organiser", "referee", "banker")}
            event = event_create(
                creator=users["organiser"],
                name=DEMO_NAME,
                date=datetime.date.today(),
                edition="us",
                venue="Community Hall",
                charity="The Food Bank",
                entry_fee=25,
                advancement={"format": "knockout", "wildcards": 1},
            )
            volunteer_add(event_id=event.pk, username="referee", role=Volunteer.Role.REFEREE)
            volunteer_add(event_id=event.pk, username="banker", role=Volunteer.Role.BANKER)
            players_import(event_id=event.pk, text=PLAYERS)
            for player in event.players.all():  # everyone came: checked in at the door
                player_check_in(player_id=player.pk, checked_in=True)
            donation_add(event_id=event.pk, donor="The Corner Shop", amount=150, note="Raffle")
            round_ = round_create(event_id=event.pk, time_limit_minutes=90, table_size=4)
            round_seat(round_id=round_.pk, seed=2026)
            round_release(round_id=round_.pk, actor=users["organiser"])
            round_start(round_id=round_.pk)
        for table in round_.tables.all():
            for payload in OPENING:
                entry_post(
                    table_id=table.pk,
                    entry_id=uuid.uuid4(),
                    payload=payload,
                    actor=Actor(role=Actor.BANKER, name="banker"),
                )
        first = round_.tables.order_by("number").first()
        self.stdout.write(self.style.SUCCESS(f"Loaded {DEMO_NAME}: 16 players, 4 tables running."))
        self.stdout.write(f"  Logins (password {PASSWORD}): organiser, referee, banker")
        if first is not None:
            self.stdout.write(f"  Table 1's banker console: {console_path(first.key)}")

    def _user(self, username: str) -> Any:
        user, created = get_user_model().objects.get_or_create(username=username)
        if created:
            user.set_password(PASSWORD)
            user.is_staff = username == "organiser"
            user.is_superuser = username == "organiser"
            user.save()
        return user

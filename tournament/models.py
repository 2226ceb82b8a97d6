"""Events and what happens at them: players, volunteers, rounds, tables, seats and results.

Money lives on the banking side; at the end of a round banking writes each seat's
result here, so the organiser's pages and the printed documents read this app alone.

A foreign key with `db_index=False` is indexed by the unique constraint or the Meta index
that it leads (the first of their fields), so it needs no index of its own.
"""

from __future__ import annotations

import datetime
import secrets
import zoneinfo
from functools import lru_cache

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournament.money import Currency


def new_table_key() -> str:
    """A console key: 32 random bytes (256 bits), URL-safe."""
    return secrets.token_urlsafe(32)


def new_player_token() -> str:
    """A player's own link and check-in code: 16 random bytes (128 bits), URL-safe."""
    return secrets.token_urlsafe(16)


@lru_cache(maxsize=1)
def time_zone_names() -> tuple[str, ...]:
    """Every IANA time zone name this machine knows (e.g. Europe/London), sorted."""
    return tuple(sorted(zoneinfo.available_timezones()))


def default_time_zone() -> str:
    """A new event's time zone: the site's (the TIME_ZONE setting)."""
    return settings.TIME_ZONE


def validate_time_zone(value: str) -> None:
    if value not in time_zone_names():
        raise ValidationError(
            _("%(zone)s is not a time zone: use a name such as Europe/London or America/Chicago.")
            % {"zone": repr(value)}
        )


class Event(models.Model):
    class Edition(models.TextChoices):
        US = "us", _("United States (Atlantic City)")
        UK = "uk", _("United Kingdom (London)")

    class Format(models.TextChoices):
        KNOCKOUT = "knockout", _("Knock-out: table winners (and wildcards) go on")
        POINTS = "points", _("Points: the best over the preliminary rounds play the final")
        AGGREGATE = (
            "aggregate",
            _("Aggregate: the best net worths summed over the preliminary rounds play the final"),
        )

    class Status(models.TextChoices):
        SETUP = "setup", _("Setting up")
        UNDER_WAY = "under_way", _("Under way")
        FINISHED = "finished", _("Finished")

    name = models.CharField(max_length=120)
    date = models.DateField()
    venue = models.CharField(max_length=200, blank=True)
    charity = models.CharField(max_length=200, blank=True)
    edition = models.CharField(max_length=2, choices=Edition.choices, default=Edition.US)
    language = models.CharField(
        max_length=8,
        choices=settings.LANGUAGES,
        default="en",
        help_text="What the big screen and the printed documents speak; each person's own "
        "pages speak their browser's language.",
    )
    currency = models.CharField(
        max_length=3,
        choices=Currency.choices,
        default=Currency.USD,
        help_text="What the event's money is written in, fees and donations as well as the "
        "game's (whole units); by default its edition's.",
    )
    variants = models.JSONField(default=dict, blank=True)
    advancement = models.CharField(max_length=10, choices=Format.choices, default=Format.KNOCKOUT)
    wildcards = models.PositiveSmallIntegerField(default=0)
    finalists = models.PositiveSmallIntegerField(
        default=6, validators=[MinValueValidator(2), MaxValueValidator(64)]
    )
    entry_fee = models.PositiveIntegerField(default=0)
    sanctioned = models.BooleanField(
        default=False,
        help_text="The event follows the maker's tournament rules: the desk warns where its "
        "plan breaks them (tournament.selectors.sanctioned_breaks).",
    )
    team_best = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(64)],
        help_text="A team's score each round counts its best this many members; 0: all of "
        "them (tournament/results/teams.py).",
    )
    time_zone = models.CharField(
        max_length=64,
        default=default_time_zone,
        validators=[validate_time_zone],
        help_text="Where the event happens: its pages, documents and exports show times here.",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SETUP)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    screen_token = models.CharField(
        max_length=64,
        blank=True,
        default="",
        help_text="The secret in the big screen's link (256 random bits); blank when the "
        "organiser has revoked the link or never issued one.",
    )
    screen_token_issued_at = models.DateTimeField(null=True, blank=True)
    # The control room's thresholds: when a table of a live round needs the desk's attention.
    attention_offline_minutes = models.PositiveSmallIntegerField(
        default=2,
        validators=[MaxValueValidator(120)],
        help_text="A table's tablet offline (or failing to send its entries) this long.",
    )
    attention_quiet_minutes = models.PositiveSmallIntegerField(
        default=10,
        validators=[MinValueValidator(1), MaxValueValidator(120)],
        help_text="An open table with no entry for this long.",
    )
    attention_last_turn_minutes = models.PositiveSmallIntegerField(
        default=5,
        validators=[MaxValueValidator(120)],
        help_text="A table still open this long after time is called.",
    )
    # What the watched pages (the referees' overview, the big screen) show also comes from
    # rows they do not read their versions from (tournament/watched/selectors.py): seats,
    # players, results, volunteers. Every save or deletion of one of those moves this, in
    # the same transaction (tournament/services/watched.py).
    watched_version = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["-date", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d %b %Y})"

    @property
    def plays_every_preliminary(self) -> bool:
        """Whether every player plays every preliminary round, the final taking the best
        over them all (points, aggregate), rather than only the winners going on."""
        return self.advancement in (self.Format.POINTS, self.Format.AGGREGATE)

    @property
    def rules_locked(self) -> bool:
        """Whether a round has started: from then on the edition, variants and advancement
        stay as they are."""
        return self.rounds.exclude(status__in=[Round.Status.PLANNED, Round.Status.SEATED]).exists()


class Player(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=100)
    email = models.EmailField(blank=True)
    team = models.CharField(max_length=100, blank=True)
    paid = models.PositiveIntegerField(default=0, help_text="Amount paid towards the entry fee.")
    checked_in = models.BooleanField(default=False)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    withdrawn = models.BooleanField(
        default=False,
        help_text="Left the event after playing: kept with what they played, never seated again.",
    )
    alternate = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Place in the event's list of alternates (1 is called first); null for a "
        "player in the draw. An alternate is seated only by stepping into a vacant seat "
        "before a round starts (tournament/services/alternates.py).",
    )
    token = models.CharField(
        max_length=32,
        unique=True,
        default=new_player_token,
        help_text="In the player's QR code: opens their own page and checks them in.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class Team(models.Model):
    """What an event keeps of a team besides its members: its sponsor. A team is its
    players' `team` name; this row exists once an organiser names a sponsor."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams", db_index=False)
    name = models.CharField(max_length=100)
    sponsor = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["event", "name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="team_name_once"),
        ]

    def __str__(self) -> str:
        return self.name


class Donation(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="donations")
    donor = models.CharField(max_length=120)
    amount = models.PositiveIntegerField(validators=[MinValueValidator(1)])
    note = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.donor}: {self.amount}"


class Volunteer(models.Model):
    class Role(models.TextChoices):
        ORGANISER = "organiser", _("Organiser")
        REFEREE = "referee", _("Referee")
        BANKER = "banker", _("Banker")

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="volunteers", db_index=False
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="volunteering"
    )
    role = models.CharField(max_length=10, choices=Role.choices)
    player = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Set when this volunteer also plays in the event.",
    )

    class Meta:
        ordering = ["role", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["event", "user", "role"], name="one_role_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user.get_username()} ({self.get_role_display()})"


class Round(models.Model):
    class Kind(models.TextChoices):
        PRELIMINARY = "preliminary", _("Preliminary")
        FINAL = "final", _("Final")

    class Status(models.TextChoices):
        PLANNED = "planned", _("Planned")
        SEATED = "seated", _("Seated")
        RUNNING = "running", _("Running")
        TIME_CALLED = "time_called", _("Time called")
        ENDED = "ended", _("Ended")

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="rounds", db_index=False
    )
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.PRELIMINARY)
    time_limit_minutes = models.PositiveSmallIntegerField(
        default=90, validators=[MinValueValidator(1), MaxValueValidator(600)]
    )
    table_size = models.PositiveSmallIntegerField(
        default=4, validators=[MinValueValidator(3), MaxValueValidator(8)]
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PLANNED)
    seed = models.BigIntegerField(null=True, blank=True)
    released_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the organiser showed the seating to the big screen and the players.",
    )
    started_at = models.DateTimeField(
        null=True, blank=True, help_text="When its first wave started: the round's start."
    )
    ends_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When time is called in its last wave, once that wave has started: the "
        "round's end. Each wave's own clock is its Wave row's.",
    )
    ended_at = models.DateTimeField(null=True, blank=True)
    wave_count = models.PositiveSmallIntegerField(
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(8)],
        help_text="How many waves its tables play in, one after another, each with its own "
        "clock (tournament/services/waves.py). 1: every table at once.",
    )

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_once"),
        ]

    def __str__(self) -> str:
        return f"{self.event.name}: round {self.number} ({self.get_kind_display()})"

    @property
    def is_live(self) -> bool:
        """Whether bankers may record entries: running, or time called but not ended."""
        return self.status in (self.Status.RUNNING, self.Status.TIME_CALLED)

    @property
    def clock_ran_out(self) -> bool:
        """Running, with its end passed, and time not yet called in the database."""
        return (
            self.status == self.Status.RUNNING
            and self.ends_at is not None
            and timezone.now() >= self.ends_at
        )

    @property
    def status_now(self) -> str:
        """The status as read now: once the clock runs out a running round reads as time
        called, before the worker's `call_time` (or the next write at its tables) records
        it. Reads show this; they never call time themselves."""
        return self.Status.TIME_CALLED if self.clock_ran_out else self.status

    @property
    def status_now_label(self) -> str:
        return self.Status(self.status_now).label


class Wave(models.Model):
    """One wave of a round: the tables given its number play together, on its own clock
    of the round's time limit. Its row is written when the desk starts it; a wave with no
    row has not started. A round of one wave has one, written when the round starts: the
    round's clock is its wave's."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting")  # as read: a wave with no row has not started
        RUNNING = "running", _("Running")
        TIME_CALLED = "time_called", _("Time called")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="waves", db_index=False)
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.RUNNING)
    started_at = models.DateTimeField()
    ends_at = models.DateTimeField(help_text="When time is called (or was, when called early).")

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="wave_number_once"),
        ]

    def __str__(self) -> str:
        return f"Wave {self.number} ({self.round})"

    @property
    def clock_ran_out(self) -> bool:
        """Running, with its end passed, and time not yet called in the database."""
        return self.status == self.Status.RUNNING and timezone.now() >= self.ends_at

    @property
    def status_now(self) -> str:
        """As `Round.status_now`: a running wave whose clock ran out reads as time called."""
        return self.Status.TIME_CALLED if self.clock_ran_out else self.status


class TableQuerySet(models.QuerySet["Table"]):
    def with_event_and_banker(self) -> TableQuerySet:
        """Each table read with its round, its event and its banker's volunteer and user
        (none when it has no banker), in the same query: tournament/queries.py's
        `event_and_banker_joins` in SQL."""
        return self.select_related("round__event", "banker__user")


class Table(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        CLOSED = "closed", _("Closed")

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="tables", db_index=False
    )
    number = models.PositiveSmallIntegerField()
    banker = models.ForeignKey(
        Volunteer, null=True, blank=True, on_delete=models.SET_NULL, related_name="banked_tables"
    )
    referee = models.ForeignKey(
        Volunteer, null=True, blank=True, on_delete=models.SET_NULL, related_name="refereed_tables"
    )
    key = models.CharField(max_length=64, unique=True, default=new_table_key)
    wave = models.PositiveSmallIntegerField(
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(8)],
        help_text="The wave of its round it plays in: it takes entries while that wave runs.",
    )

    class Review(models.TextChoices):
        """A closed table's result counts only once a second person confirms it."""

        NONE = "", _("Not closed yet")
        AWAITING = "awaiting", _("Awaiting confirmation")
        CONFIRMED = "confirmed", _("Confirmed")
        DISPUTED = "disputed", _("Disputed")

    status = models.CharField(max_length=6, choices=Status.choices, default=Status.OPEN)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Who closed it, when logged in (a banker's key names nobody).",
    )
    verification_code = models.CharField(max_length=32, blank=True)
    review = models.CharField(
        max_length=10, choices=Review.choices, default=Review.NONE, blank=True
    )
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reviewed_at = models.DateTimeField(null=True, blank=True)
    review_note = models.CharField(max_length=300, blank=True, help_text="Why it was disputed.")

    objects = TableQuerySet.as_manager()

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_once"),
        ]

    def __str__(self) -> str:
        return f"Table {self.number} ({self.round})"


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats", db_index=False)
    number = models.PositiveSmallIntegerField(help_text="Turn order at the table, from 1.")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="seat_number_once"),
            models.UniqueConstraint(fields=["table", "player"], name="player_once_a_table"),
        ]

    def __str__(self) -> str:
        return f"Seat {self.number}: {self.player}"


class Result(models.Model):
    """A seat's standing when its table closed, with the breakdown of its net worth: written
    once, when the table closes (tournament/results/closing.py), and shaped for every reader
    by tournament/results/shape.py."""

    class TieBreak(models.TextChoices):
        """The rule that placed the seat against others level with it (docs/rules.md)."""

        NONE = "", _("None needed")
        BANKRUPT = "bankrupt", _("Bankrupt: ranks below every player still in")
        CASH = "cash", _("Level on net worth: more cash ranks higher")
        ORGANISER = "organiser", _("Level on net worth and cash: the organiser's decision")

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="result")
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="results", db_index=False
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="results")
    cash = models.IntegerField()
    property_value = models.IntegerField()
    building_value = models.IntegerField()
    net_worth = models.IntegerField()
    bankrupt = models.BooleanField(default=False)
    rank = models.PositiveSmallIntegerField()
    points = models.PositiveSmallIntegerField(default=0)
    tied = models.BooleanField(default=False, help_text="A tie the rules could not break.")
    advances = models.BooleanField(default=False)
    undecided = models.BooleanField(
        default=False, help_text="Tied for a place in the next round: the organiser decides."
    )
    override_reason = models.CharField(max_length=200, blank=True)
    deeds = models.JSONField(
        null=True,
        blank=True,
        help_text="Each deed behind property_value and building_value, in board order: "
        "space, name, group, price, mortgaged, value (the price, half when mortgaged), "
        "houses, hotel, building_value (at cost). Null when not known.",
    )
    tie_break = models.CharField(
        max_length=10,
        choices=TieBreak.choices,
        blank=True,
        default=TieBreak.NONE,
        help_text="The rule that placed this seat against seats level with it.",
    )

    class Meta:
        ordering = ["round", "seat__table__number", "rank", "seat__number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="one_result_a_round"),
            models.CheckConstraint(
                condition=models.Q(
                    net_worth=models.F("cash")
                    + models.F("property_value")
                    + models.F("building_value")
                ),
                name="net_worth_is_its_parts",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.net_worth} (rank {self.rank})"


class AuditEvent(models.Model):
    """Who did what that changes an outcome: overrides, forced ends, key rotations."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="audit_trail", db_index=False
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=40)
    subject = models.CharField(max_length=120, blank=True)
    reason = models.CharField(max_length=300, blank=True)
    data = models.JSONField(default=dict, blank=True)
    # The seat whose advancement the record decides: set by the organiser's override
    # (tournament/results/overrides.py) and by nothing else. A round's overrides are found
    # by it, never by the record's words.
    decided_seat = models.ForeignKey(
        Seat, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["event", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.action} {self.subject}"


class PrintJob(models.Model):
    """A document to print, made by a Celery task: the row exists first, the task fills it."""

    class Kind(models.TextChoices):
        TABLE_CARDS = "table_cards", _("Table cards")
        FALLBACK_SHEETS = "fallback_sheets", _("Paper fallback sheets")
        SCORESHEETS = "scoresheets", _("Scoresheets")
        BRACKET = "bracket", _("Bracket")
        RESULTS = "results", _("Results")
        BADGES = "badges", _("Player badges")
        NIGHT = "night", _("The night in numbers")

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for the print queue")  # the broker was down: sent later
        QUEUED = "queued", _("Queued")
        RUNNING = "running", pgettext_lazy("a print job", "Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    kind = models.CharField(max_length=20, choices=Kind.choices)
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="print_jobs", db_index=False
    )
    round = models.ForeignKey(
        Round, null=True, blank=True, on_delete=models.CASCADE, related_name="print_jobs"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    progress = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(100)], help_text="Percent done."
    )
    file = models.FileField(upload_to="prints/", blank=True)
    pages = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    queued_at = models.DateTimeField(
        null=True, blank=True, help_text="When the job was last handed to the print queue."
    )
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["event", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.get_status_display()})"


class BriefingItem(models.Model):
    """One question an organiser picked to read aloud at an event's players' briefing. An
    event with no items reads the FAQ's suggested entries (`FaqEntry.briefing`)."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="briefing_items", db_index=False
    )
    faq = models.ForeignKey("games.FaqEntry", on_delete=models.CASCADE, related_name="+")
    position = models.PositiveIntegerField()

    class Meta:
        ordering = ["event", "position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "faq"], name="briefing_question_once"),
        ]

    def __str__(self) -> str:
        return f"{self.position}. {self.faq}"


class ApiToken(models.Model):
    """An API token, one for each login (POST /api/auth/token/). Only the token's SHA-256
    digest is kept, so neither this table nor a backup of it holds a token that works
    (tournament/http/tokens.py)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=100)
    digest = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(default=timezone.now)
    last_used = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name = "API token"

    def __str__(self) -> str:
        return f"{self.name} ({self.user})"

    @staticmethod
    def lifetime() -> datetime.timedelta:
        """How long a token works after it is given."""
        return datetime.timedelta(hours=settings.API_TOKEN_HOURS)

    @property
    def expires(self) -> datetime.datetime:
        return self.created + self.lifetime()

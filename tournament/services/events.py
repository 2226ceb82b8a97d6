"""Setting up an event: the event itself, its players, donations and volunteers."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone

from games.engine import RuleViolation, rules_for
from tournament import access
from tournament.errors import Conflict, NotAllowed, NotFound, Refusal
from tournament.models import AuditEvent, Donation, Event, Player, Volunteer, time_zone_names
from tournament.text import name_key, name_problem, text_problem

EDITABLE = ("name", "date", "venue", "charity", "entry_fee")

#: The control room's thresholds, in minutes (tournament/room/selectors.py): the lowest and
#: highest each may be. Changeable at any time, the night included.
ATTENTION = {
    "attention_offline_minutes": (0, 120),
    "attention_quiet_minutes": (1, 120),
    "attention_last_turn_minutes": (0, 120),
}


def _check_attention(values: Mapping[str, Any], event: Event) -> None:
    for name, (low, high) in ATTENTION.items():
        if name not in values:
            continue
        value = values[name]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            words = name.removeprefix("attention_").replace("_", " ")
            raise Refusal("invalid", f"The attention threshold ({words}) must be {low} to {high}.")
        setattr(event, name, value)


def _check_variants(edition: str, variants: Mapping[str, Any] | None) -> dict[str, bool]:
    try:
        return rules_for(edition, variants or {}).variants
    except RuleViolation as exc:
        raise Refusal(exc.code, exc.detail) from exc


def _check_advancement(advancement: Mapping[str, Any] | None, event: Event) -> None:
    advancement = advancement or {}
    unknown = set(advancement) - {"format", "wildcards", "finalists"}
    if unknown:
        raise Refusal("invalid", f"Advancement has no setting {', '.join(sorted(unknown))}.")
    if "format" in advancement:
        if advancement["format"] not in Event.Format.values:
            raise Refusal("invalid", "The advancement format must be knockout or points.")
        event.advancement = advancement["format"]
    for name, low, high in (("wildcards", 0, 64), ("finalists", 2, 64)):
        if name in advancement:
            value = advancement[name]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise Refusal(
                    "invalid", f"{name.capitalize()} must be a number from {low} to {high}."
                )
            setattr(event, name, value)


@transaction.atomic
def event_create(
    *,
    creator: AbstractBaseUser,
    name: str,
    date: Any,
    edition: str,
    venue: str = "",
    charity: str = "",
    variants: Mapping[str, Any] | None = None,
    advancement: Mapping[str, Any] | None = None,
    entry_fee: int = 0,
    time_zone: str | None = None,
    **attention: int,
) -> Event:
    """Create an event; its creator, staff or granted "Can add event", becomes its first
    organiser. Its time zone is the site's (TIME_ZONE) unless given; `attention`: the control
    room's thresholds (ATTENTION), each with its default when left out."""
    if not access.can_create_events(creator):
        raise NotAllowed(
            "organiser_only",
            "Only organisers create events: ask one to give you the right in the admin.",
        )
    unknown = set(attention) - set(ATTENTION)
    if unknown:
        raise TypeError(f"event_create() got unexpected arguments: {sorted(unknown)}")
    event = Event(
        name=name,
        date=date,
        venue=venue,
        charity=charity,
        edition=edition,
        entry_fee=entry_fee,
        created_by=creator,
    )
    if time_zone:
        event.time_zone = _check_time_zone(time_zone)
    event.variants = _check_variants(edition, variants)
    _check_advancement(advancement, event)
    _check_attention(attention, event)
    event.save()
    Volunteer.objects.create(event=event, user=creator, role=Volunteer.Role.ORGANISER)
    audit(
        event_id=event.pk,
        actor=creator,
        action="event_created",
        subject=event.name,
        data=_event_data(event),
    )
    return event


def _event_data(event: Event) -> dict[str, Any]:
    """An event's details and rules, for the audit trail."""
    return {
        "name": event.name,
        "date": str(event.date),
        "venue": event.venue,
        "charity": event.charity,
        "entry_fee": event.entry_fee,
        "edition": event.edition,
        "variants": event.variants,
        "advancement": event.advancement,
        "wildcards": event.wildcards,
        "finalists": event.finalists,
    }


@transaction.atomic
def event_update(
    *, event_id: int, changes: Mapping[str, Any], actor: AbstractBaseUser | None = None
) -> Event:
    """Change an event's details; edition, variants and advancement only until a round starts."""
    event = Event.objects.select_for_update().get(pk=event_id)
    before = _event_data(event)
    rules_changing = {"edition", "variants", "advancement"} & set(changes)
    if rules_changing and event.rounds.exclude(status__in=["planned", "seated"]).exists():
        raise Conflict("event_started", "The rules cannot change once the first round has started.")
    for name in EDITABLE:
        if name in changes:
            setattr(event, name, changes[name])
    if changes.get("time_zone"):
        event.time_zone = _check_time_zone(changes["time_zone"])
    if "edition" in changes:
        event.edition = changes["edition"]
    if "variants" in changes or "edition" in changes:
        merged = {**event.variants, **(changes.get("variants") or {})}
        if "edition" in changes and "variants" not in changes:
            merged = {}
        event.variants = _check_variants(event.edition, merged)
    _check_advancement(changes.get("advancement"), event)
    _check_attention(changes, event)
    event.save()
    after = _event_data(event)
    changed = {name: [before[name], after[name]] for name in after if before[name] != after[name]}
    if changed:
        audit(
            event_id=event.pk,
            actor=actor,
            action="event_updated",
            subject=event.name,
            data={"changed": changed},
        )
    return event


def _check_time_zone(name: str) -> str:
    if name not in time_zone_names():
        raise Refusal(
            "invalid",
            f"{name!r} is not a time zone: use a name such as Europe/London or America/Chicago.",
        )
    return name


@transaction.atomic
def player_add(
    *,
    event_id: int,
    name: str,
    email: str = "",
    team: str = "",
    paid: int = 0,
    actor: AbstractBaseUser | None = None,
    same_name_ok: bool = True,
) -> Player:
    """Register a player. With `same_name_ok` False, a name the event already has (in any
    case) is refused: the desk asks first whether it is another person, since two badges
    would print."""
    name = name.strip()
    if (problem := name_problem(name)) is not None:
        raise Refusal("invalid", problem)
    registered = None
    if not same_name_ok:  # the same name as it reads (tournament.text.name_key)
        key = name_key(name)
        names = Player.objects.filter(event_id=event_id).values_list("name", flat=True)
        registered = next((n for n in names if name_key(n) == key), None)
    if registered is not None:
        raise Conflict(
            "same_name",
            f"{registered} is already registered for this event: two badges would print. If "
            "this is another person with the same name, tick the box and add them again.",
        )
    player = Player.objects.create(
        event_id=event_id, name=name, email=email.strip(), team=team.strip(), paid=paid
    )
    audit(
        event_id=event_id,
        actor=actor,
        action="player_added",
        subject=player.name,
        data={"player_id": player.pk, "paid": paid},
    )
    return player


PLAYER_FIELDS = ("name", "email", "team", "paid")


@transaction.atomic
def player_update(
    *, player_id: int, changes: Mapping[str, Any], actor: AbstractBaseUser | None = None
) -> Player:
    """Correct a player's details (PLAYER_FIELDS), audited with what changed."""
    player = Player.objects.select_for_update().get(pk=player_id)
    name = str(changes.get("name", player.name)).strip()
    if (problem := name_problem(name)) is not None:
        raise Refusal("invalid", problem)
    wanted = {**{f: changes.get(f, getattr(player, f)) for f in PLAYER_FIELDS}, "name": name}
    _correct(player, wanted, actor=actor, action="player_updated", named_by="name")
    return player


def _correct(
    row: Player | Donation,
    wanted: Mapping[str, Any],
    *,
    actor: AbstractBaseUser | None,
    action: str,
    named_by: str,
) -> None:
    """Give `row` the `wanted` values and save those that changed, audited as `action` with
    each change's old and new value (the audit's subject: the row's `named_by` field)."""
    changed = {f: [getattr(row, f), v] for f, v in wanted.items() if getattr(row, f) != v}
    if not changed:
        return
    for field_name, (_, value) in changed.items():
        setattr(row, field_name, value)
    row.save(update_fields=list(changed))
    audit(
        event_id=row.event_id,
        actor=actor,
        action=action,
        subject=getattr(row, named_by),
        data={"id": row.pk, "changed": changed},
    )


@transaction.atomic
def player_remove(*, player_id: int, actor: AbstractBaseUser | None = None) -> bool:
    """Remove a player registered by mistake, or withdraw one who has played: they keep
    what they played and are never seated again. Whether they were removed (else
    withdrawn)."""
    player = Player.objects.select_for_update().get(pk=player_id)
    if player.seats.exists():
        player.withdrawn, player.checked_in, player.checked_in_at = True, False, None
        player.save(update_fields=["withdrawn", "checked_in", "checked_in_at"])
        action, removed = "player_withdrawn", False
    else:
        player.delete()
        action, removed = "player_removed", True
    audit(
        event_id=player.event_id,
        actor=actor,
        action=action,
        subject=player.name,
        data={"player_id": player_id, "paid": player.paid},
    )
    return removed


@transaction.atomic
def player_return(*, player_id: int, actor: AbstractBaseUser | None = None) -> Player:
    """Bring a withdrawn player back: they may be checked in and seated again."""
    player = Player.objects.select_for_update().get(pk=player_id)
    if player.withdrawn:
        player.withdrawn = False
        player.save(update_fields=["withdrawn"])
        audit(
            event_id=player.event_id,
            actor=actor,
            action="player_returned",
            subject=player.name,
            data={"player_id": player.pk},
        )
    return player


@dataclass
class ImportLine:
    """What the import did with one line of the file: `outcome` is added, updated or
    unchanged; `changes` say what an update changed, and what it left as the desk has it."""

    line: int
    name: str
    outcome: str
    changes: list[str] = field(default_factory=list)

    @property
    def detail(self) -> str:
        said = {"added": "added", "updated": "updated", "unchanged": "already registered"}
        head = said[self.outcome]
        if self.outcome == "unchanged":
            head += ", unchanged"
        return f"{head}: {', '.join(self.changes)}" if self.changes else head

    def as_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "name": self.name,
            "outcome": self.outcome,
            "detail": self.detail,
        }


@dataclass
class ImportReport:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)
    lines: list[ImportLine] = field(default_factory=list)
    paid: int = 0  # the entry fees the import counted: new players' and raised amounts

    @property
    def summary(self) -> str:
        """What the import did, in one sentence: "Added 9 players." when it only added."""
        added = f"Added {self.created} player{'s' if self.created != 1 else ''}"
        head = added if self.created else "No player added"
        rest = []
        if self.updated:
            rest.append(f"updated {self.updated}")
        if self.unchanged:
            rest.append(f"{self.unchanged} already registered, unchanged")
        if not rest:
            return f"{head}."
        return f"{head}, {'; '.join(rest)}." if self.created else f"{head}: {'; '.join(rest)}."


IMPORT_COLUMNS = ("name", "email", "team", "paid")


@transaction.atomic
def players_import(
    *, event_id: int, text: str, actor: AbstractBaseUser | None = None
) -> ImportReport:
    """Add players from CSV text with a header row (name,email,team,paid), or update those
    already registered: a line is the player with its email, else the player of its name
    (in any case) who has no other email. An update takes the line's filled cells (the
    name too when found by email); what a player has paid is never lowered.

    Every line is checked first; a file with any bad line (one person on two lines among
    them) changes nothing, and the report lists each problem with its line number.
    """
    report = ImportReport()
    # newline="": the reader itself takes \n, \r\n and a lone \r (old Macs) as line ends.
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    try:
        _players_from_csv(event_id, reader, report)
    except csv.Error as exc:  # a line the CSV reader cannot split: nothing changes
        line = reader.line_num + 1  # the line it was reading
        report.errors.append({"line": line, "detail": f"This line cannot be read as CSV: {exc}."})
    if report.created or report.updated:
        audit(
            event_id=event_id,
            actor=actor,
            action="players_imported",
            subject=f"{report.created} added, {report.updated} updated",
            data={
                "created": report.created,
                "updated": report.updated,
                "paid": report.paid,
                "lines": [line.as_dict() for line in report.lines if line.outcome != "unchanged"],
            },
        )
    return report


def _players_from_csv(event_id: int, reader: csv.DictReader, report: ImportReport) -> ImportReport:
    header = [h.strip().lower() for h in (reader.fieldnames or [])]
    if "name" not in header:
        report.errors.append(
            {
                "line": 1,
                "detail": "The first line must name the columns: "
                "name,email,team,paid (only name is required).",
            }
        )
        return report
    unknown = [h for h in header if h not in IMPORT_COLUMNS]
    if unknown:
        report.errors.append({"line": 1, "detail": f"Unknown column(s): {', '.join(unknown)}."})
        return report
    reader.fieldnames = header
    registered = _Registered(list(Player.objects.filter(event_id=event_id)))
    rows: list[tuple[int, dict[str, str], Player | None]] = []
    for row in reader:
        line = reader.line_num
        if None in row:
            report.errors.append({"line": line, "detail": "This line has more cells than columns."})
            continue
        values = {k: (v or "").strip() for k, v in row.items()}
        if not any(values.values()):
            continue
        problems = _import_row_problems(values)
        if problems:
            report.errors.extend({"line": line, "detail": problem} for problem in problems)
            continue
        player, problem = registered.claim(line, values)
        if problem:
            report.errors.append({"line": line, "detail": problem})
            continue
        rows.append((line, values, player))
    if not rows and not report.errors:
        report.errors.append({"line": 2, "detail": "The file has no players in it."})
    if report.errors:
        return report
    for line, values, player in rows:
        report.lines.append(_import_line(event_id, line, values, player, report))
    return report


class _Registered:
    """The event's players, found by a line's email, else by its name, each claimed by one
    line of the file at most (as is each new person)."""

    def __init__(self, players: list[Player]) -> None:
        self.by_email = {p.email.lower(): p for p in players if p.email}
        self.by_name: dict[str, list[Player]] = {}
        for player in players:
            self.by_name.setdefault(name_key(player.name), []).append(player)
        self.claimed: dict[Any, int] = {}  # a player's id, or a new person's key -> line

    def claim(self, line: int, values: Mapping[str, str]) -> tuple[Player | None, str]:
        """The player this line is (None: a new one), or the problem with it."""
        email, name = values.get("email", "").lower(), name_key(values["name"])
        player = self.by_email.get(email) if email else None
        if player is None:
            same = [p for p in self.by_name.get(name, []) if not p.email or not email]
            if len(same) > 1:
                return None, (
                    f"{len(same)} players are registered as {values['name']}: add their email "
                    "to this line to say which."
                )
            player = same[0] if same else None
        key = player.pk if player is not None else ("email", email) if email else ("name", name)
        if key in self.claimed:
            return None, f"This is the same person as line {self.claimed[key]}: keep one line."
        self.claimed[key] = line
        return player, ""


def _import_line(
    event_id: int, line: int, values: Mapping[str, str], player: Player | None, report: ImportReport
) -> ImportLine:
    """Add or update the player of one checked line, and say what was done."""
    paid = int(values["paid"]) if values.get("paid") else None  # an empty cell says nothing
    if player is None:
        Player.objects.create(
            event_id=event_id,
            name=values["name"],
            email=values.get("email", ""),
            team=values.get("team", ""),
            paid=paid or 0,
        )
        report.created += 1
        report.paid += paid or 0
        return ImportLine(line, values["name"], "added")
    changes, notes = [], []
    found_by_email = bool(player.email) and player.email.lower() == values.get("email", "").lower()
    wanted = {"team": values.get("team", ""), "email": values.get("email", "")}
    if found_by_email:
        wanted["name"] = values["name"]
    for name in ("name", "email", "team"):
        new, old = wanted.get(name, ""), getattr(player, name)
        if new and new != old:
            changes.append(f"{name} {old} → {new}" if old else f"{name} → {new}")
            setattr(player, name, new)
    if paid is not None and paid > player.paid:
        changes.append(f"paid {player.paid} → {paid}")
        report.paid += paid - player.paid
        player.paid = paid
    elif paid is not None and paid < player.paid:
        notes.append(f"paid stays {player.paid} (the sheet says {paid})")
    if not changes:
        report.unchanged += 1
        return ImportLine(line, values["name"], "unchanged", notes)
    player.save(update_fields=["name", "email", "team", "paid"])
    report.updated += 1
    return ImportLine(line, values["name"], "updated", changes + notes)


def _import_row_problems(values: Mapping[str, str]) -> list[str]:
    """Everything wrong with one line of the import, so that one pass fixes the file."""
    problems = []
    if not values.get("name"):
        problems.append("The name is missing.")
    elif (problem := name_problem(values["name"])) is not None:
        problems.append(problem)
    for column, value in values.items():
        if (problem := text_problem(value)) is not None:
            problems.append(f"The {column} {problem}")
    if len(values.get("name", "")) > 100:
        problems.append("The name is longer than 100 characters.")
    if values.get("email"):
        try:
            validate_email(values["email"])
        except ValidationError:
            problems.append(f"{values['email']!r} is not an email address.")
    paid = values.get("paid") or "0"
    if not paid.isdigit() or int(paid) > 1_000_000:
        problems.append(f"Paid must be a whole amount of money, not {paid!r}.")
    return problems


def _check_donation(amount: int) -> None:
    if amount < 1:
        raise Refusal("invalid", "A donation must be at least 1.")


@transaction.atomic
def donation_add(
    *,
    event_id: int,
    donor: str,
    amount: int,
    note: str = "",
    actor: AbstractBaseUser | None = None,
) -> Donation:
    _check_donation(amount)
    donation = Donation.objects.create(
        event_id=event_id, donor=donor.strip(), amount=amount, note=note
    )
    audit(
        event_id=event_id,
        actor=actor,
        action="donation_added",
        subject=donation.donor,
        data={"donation_id": donation.pk, "amount": amount, "note": note},
    )
    return donation


@transaction.atomic
def donation_update(
    *,
    donation_id: int,
    donor: str,
    amount: int,
    note: str = "",
    actor: AbstractBaseUser | None = None,
) -> Donation:
    """Correct a donation, audited with what changed."""
    _check_donation(amount)
    donation = Donation.objects.select_for_update().get(pk=donation_id)
    wanted = {"donor": donor.strip(), "amount": amount, "note": note}
    _correct(donation, wanted, actor=actor, action="donation_updated", named_by="donor")
    return donation


@transaction.atomic
def donation_remove(*, donation_id: int, actor: AbstractBaseUser | None = None) -> Donation:
    """Remove a donation recorded by mistake, audited with what it was."""
    donation = Donation.objects.select_for_update().get(pk=donation_id)
    donation.delete()
    audit(
        event_id=donation.event_id,
        actor=actor,
        action="donation_removed",
        subject=donation.donor,
        data={"donation_id": donation_id, "amount": donation.amount, "note": donation.note},
    )
    return donation


@transaction.atomic
def volunteer_remove(*, volunteer_id: int, actor: AbstractBaseUser | None = None) -> Volunteer:
    """Take a volunteer off the team: the tables they banked or refereed have nobody in
    that place until the desk assigns someone; what they recorded keeps their name."""
    volunteer = Volunteer.objects.select_related("user").select_for_update().get(pk=volunteer_id)
    tables = list(volunteer.banked_tables.values_list("pk", flat=True)) + list(
        volunteer.refereed_tables.values_list("pk", flat=True)
    )
    volunteer.delete()
    audit(
        event_id=volunteer.event_id,
        actor=actor,
        action="volunteer_removed",
        subject=volunteer.user.get_username(),
        data={"volunteer_id": volunteer_id, "role": volunteer.role, "tables": tables},
    )
    return volunteer


@transaction.atomic
def volunteer_add(
    *,
    event_id: int,
    username: str,
    role: str,
    player_id: int | None = None,
    actor: AbstractBaseUser | None = None,
    account_created: bool = False,
) -> Volunteer:
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise NotFound("unknown_user", f"There is no user called {username!r}.")
    if role not in Volunteer.Role.values:
        raise Refusal("invalid", "The role must be organiser, referee or banker.")
    if (
        player_id is not None
        and not Player.objects.filter(pk=player_id, event_id=event_id).exists()
    ):
        raise NotFound("unknown_player", "That player is not registered at this event.")
    volunteer, _ = Volunteer.objects.update_or_create(
        event_id=event_id, user=user, role=role, defaults={"player_id": player_id}
    )
    audit(
        event_id=event_id,
        actor=actor,
        action="volunteer_added",
        subject=f"{username} ({role})",
        data={
            "user_id": user.pk,
            "role": role,
            "player_id": player_id,
            "account_created": account_created,
        },
    )
    return volunteer


def audit(
    *,
    event_id: int,
    actor: AbstractBaseUser | None,
    action: str,
    subject: str = "",
    reason: str = "",
    data: Mapping[str, Any] | None = None,
    decided_seat_id: int | None = None,
) -> AuditEvent:
    return AuditEvent.objects.create(
        event_id=event_id,
        actor=actor if actor and actor.is_authenticated else None,
        action=action,
        subject=subject,
        reason=reason,
        data=dict(data or {}),
        decided_seat_id=decided_seat_id,
    )


# --------------------------------------------------------------------------- the desk


@transaction.atomic
def player_check_in(
    *, player_id: int, checked_in: bool, actor: AbstractBaseUser | None = None
) -> Player:
    """Tick a player in at the door (or take the tick back)."""
    player = Player.objects.select_for_update().filter(pk=player_id).first()
    if player is None:
        raise NotFound("unknown_player", "That player is not registered.")
    if checked_in and player.withdrawn:
        raise Conflict(
            "withdrawn",
            f"{player.name} has withdrawn: bring them back from their page first.",
        )
    if player.checked_in != checked_in:
        player.checked_in = checked_in
        player.checked_in_at = timezone.now() if checked_in else None
        player.save(update_fields=["checked_in", "checked_in_at"])
        _checked_in_audit(player, actor, by="list")
    return player


def _checked_in_audit(player: Player, actor: AbstractBaseUser | None, *, by: str) -> None:
    """The audit row of a tick at the door, given or taken back (`by`: list or scan)."""
    audit(
        event_id=player.event_id,
        actor=actor,
        action="player_checked_in" if player.checked_in else "player_checked_out",
        subject=player.name,
        data={"player_id": player.pk, "by": by},
    )


#: A player's link: SITE_URL + /p/<token>/ (tournament/urls_players.py); the token alone too.
_TOKEN_IN_CODE = re.compile(r"(?:^|/p/)([A-Za-z0-9_-]{16,32})/?(?:status\.json)?$")


def token_from_code(code: str) -> str | None:
    """The player token a scanned QR code holds: their page's link, or the bare token."""
    found = _TOKEN_IN_CODE.search(code.strip().split("?", 1)[0].split("#", 1)[0])
    return found.group(1) if found else None


@dataclass(frozen=True)
class CheckedIn:
    """A scan at the door: who it was, and whether they were already checked in."""

    player: Player
    already: bool


@transaction.atomic
def player_check_in_by_code(
    *, event_id: int, code: str, actor: AbstractBaseUser | None = None
) -> CheckedIn:
    """Check a player in from the QR code on their badge, ticket or phone.

    Refuses clearly a code that is no player's (404) and a player of another event (409);
    scanning someone already checked in changes nothing and says so.
    """
    token = token_from_code(code)
    player = None
    if token is not None:
        player = Player.objects.select_for_update().filter(token=token).first()
    if player is None:
        raise NotFound(
            "unknown_code", "This code is not a player's: check them in by name from the list."
        )
    if player.event_id != event_id:
        raise Conflict(
            "other_event", "This code belongs to a player of another event, not this one."
        )
    if player.withdrawn:
        raise Conflict(
            "withdrawn", f"{player.name} has withdrawn: bring them back from their page first."
        )
    if player.checked_in:
        return CheckedIn(player=player, already=True)
    player.checked_in = True
    player.checked_in_at = timezone.now()
    player.save(update_fields=["checked_in", "checked_in_at"])
    _checked_in_audit(player, actor, by="scan")
    return CheckedIn(player=player, already=False)


@transaction.atomic
def player_set_paid(*, player_id: int, paid: int, actor: AbstractBaseUser | None = None) -> Player:
    """Record how much a player has paid towards the entry fee (0 when nothing)."""
    if isinstance(paid, bool) or not isinstance(paid, int) or not 0 <= paid <= 1_000_000:
        raise Refusal("invalid", "Paid must be a whole amount of money from 0 to 1,000,000.")
    player = Player.objects.select_for_update().filter(pk=player_id).first()
    if player is None:
        raise NotFound("unknown_player", "That player is not registered.")
    if player.paid != paid:
        audit(
            event_id=player.event_id,
            actor=actor,
            action="player_paid",
            subject=player.name,
            data={"player_id": player.pk, "was": player.paid, "paid": paid},
        )
        player.paid = paid
        player.save(update_fields=["paid"])
    return player


@dataclass(frozen=True)
class Enlisted:
    """A volunteer added from the desk; `password` is set only when the account was created
    on the spot, and is shown to the organiser once."""

    volunteer: Volunteer
    password: str | None = None


# No 0/o or 1/l/i: a password read aloud and typed on a tablet.
UNAMBIGUOUS = "abcdefghjkmnpqrstuvwxyz23456789"


def _new_password() -> str:
    import secrets

    return "-".join("".join(secrets.choice(UNAMBIGUOUS) for _ in range(4)) for _ in range(4))


@transaction.atomic
def volunteer_enlist(
    *,
    event_id: int,
    username: str,
    role: str,
    player_id: int | None = None,
    actor: AbstractBaseUser | None = None,
) -> Enlisted:
    """Give a person a role at the event, creating their account when there is none yet.

    A new account gets a generated password, returned once in `Enlisted.password`.
    """
    username = username.strip()
    if not username:
        raise Refusal("invalid", "A volunteer needs a username.")
    if role not in Volunteer.Role.values:
        raise Refusal("invalid", "The role must be organiser, referee or banker.")
    password = None
    user_model = get_user_model()
    if not user_model.objects.filter(username=username).exists():
        try:
            user_model.username_validator(username)
        except ValidationError as exc:
            raise Refusal(
                "invalid",
                "A username may use letters, digits and @ . + - _ only, with no spaces.",
            ) from exc
        if len(username) > 150:
            raise Refusal("invalid", "A username is at most 150 characters.")
        password = _new_password()
        user_model.objects.create_user(username=username, password=password)
    volunteer = volunteer_add(
        event_id=event_id,
        username=username,
        role=role,
        player_id=player_id,
        actor=actor,
        account_created=password is not None,
    )
    return Enlisted(volunteer=volunteer, password=password)

"""Setting up an event: the event itself, its donations and volunteers, and the audit trail
every write of the event keeps (its players: services/players.py)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Model
from django.utils import translation
from django.utils.translation import gettext as _

from games.engine import RuleViolation, rules_for
from tournament import access
from tournament.errors import Conflict, NotAllowed, NotFound, Refusal
from tournament.models import (
    AuditEvent,
    Donation,
    Event,
    Player,
    Round,
    Team,
    Volunteer,
    validate_time_zone,
)
from tournament.money import Currency, edition_currency
from tournament.text import isolated

EDITABLE = ("name", "date", "venue", "charity", "entry_fee", "sanctioned", "team_best")

#: What the event speaks and writes its money in: changeable at any time.
LOCALE = ("language", "currency")

#: The control room's thresholds, in minutes (tournament/room/selectors.py): the lowest and
#: highest each may be. Changeable at any time, the night included.
ATTENTION = {
    "attention_offline_minutes": (0, 120),
    "attention_quiet_minutes": (1, 120),
    "attention_last_turn_minutes": (0, 120),
}


def _whole(value: Any, low: int, high: int) -> bool:
    """Whether `value` is a whole number from `low` to `high` (a boolean is not)."""
    return not isinstance(value, bool) and isinstance(value, int) and low <= value <= high


def _check_attention(values: Mapping[str, Any], event: Event) -> None:
    for name in [name for name in ATTENTION if name in values]:
        low, high = ATTENTION[name]
        if not _whole(values[name], low, high):
            words = name.removeprefix("attention_").replace("_", " ")
            said = {"name": words, "low": low, "high": high}
            raise Refusal(
                "invalid",
                _("The attention threshold (%(name)s) must be %(low)s to %(high)s.") % said,
            )
        setattr(event, name, values[name])


def _check_variants(edition: str, variants: Mapping[str, Any] | None) -> dict[str, bool]:
    try:
        return rules_for(edition, variants or {}).variants
    except RuleViolation as exc:
        raise Refusal(exc.code, exc.detail) from exc


def _check_advancement(advancement: Mapping[str, Any] | None, event: Event) -> None:
    advancement = advancement or {}
    if unknown := set(advancement) - {"format", "wildcards", "finalists"}:
        said = {"names": ", ".join(sorted(unknown))}
        raise Refusal("invalid", _("Advancement has no setting %(names)s.") % said)
    if "format" in advancement:
        if advancement["format"] not in Event.Format.values:
            raise Refusal(
                "invalid", _("The advancement format must be knockout, points or aggregate.")
            )
        event.advancement = advancement["format"]
    for name, low, high in (("wildcards", 0, 64), ("finalists", 2, 64)):
        if name in advancement and not _whole(advancement[name], low, high):
            said = {"low": low, "high": high}
            if name == "wildcards":
                sentence = _("Wildcards must be a number from %(low)s to %(high)s.")
            else:
                sentence = _("Finalists must be a number from %(low)s to %(high)s.")
            raise Refusal("invalid", sentence % said)
        if name in advancement:
            setattr(event, name, advancement[name])


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
    sanctioned: bool = False,
    team_best: int = 0,
    time_zone: str | None = None,
    language: str | None = None,
    currency: str | None = None,
    **attention: int,
) -> Event:
    """Create an event; its creator, staff or granted "Can add event", becomes its first
    organiser. Its time zone is the site's (TIME_ZONE) unless given; `attention`: the control
    room's thresholds (ATTENTION), each with its default when left out; `sanctioned`: whether
    it follows the maker's tournament rules (the desk then warns where its plan breaks
    them); `team_best`: a team's score each round counts its best this many members (0:
    all of them). `language`: what its big screen and prints speak (default: the language
    active for its creator, else English); `currency`: what its money is written in
    (default: its edition's)."""
    if not access.can_create_events(creator):
        raise NotAllowed(
            "organiser_only",
            _("Only organisers create events: ask one to give you the right in the admin."),
        )
    if unknown := set(attention) - set(ATTENTION):
        raise TypeError(f"event_create() got unexpected arguments: {sorted(unknown)}")
    event = Event(
        name=name,
        date=date,
        venue=venue,
        charity=charity,
        edition=edition,
        entry_fee=entry_fee,
        sanctioned=_check_sanctioned(sanctioned),
        team_best=_check_team_best(team_best),
        created_by=creator,
        language=_check_language(language) if language else speaking(),
        currency=_check_currency(currency or edition_currency(edition)),
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


#: An event's details and rules, as the audit trail records them.
AUDITED = (*EDITABLE, *LOCALE, "edition", "variants", "advancement", "wildcards", "finalists")


def _event_data(event: Event) -> dict[str, Any]:
    return {**{name: getattr(event, name) for name in AUDITED}, "date": str(event.date)}


@transaction.atomic
def event_update(
    *, event_id: int, changes: Mapping[str, Any], actor: AbstractBaseUser | None = None
) -> Event:
    """Change an event's details; edition, variants and advancement only until a round starts."""
    event = Event.objects.select_for_update().get(pk=event_id)
    before = _event_data(event)
    rules_changing = {"edition", "variants", "advancement"} & set(changes)
    if rules_changing and event.rules_locked:
        raise Conflict(
            "event_started", _("The rules cannot change once the first round has started.")
        )
    if "sanctioned" in changes:
        _check_sanctioned(changes["sanctioned"])
    if "team_best" in changes:
        _check_team_best(changes["team_best"])
    if "language" in changes:
        event.language = _check_language(changes["language"])
    if "currency" in changes:
        event.currency = _check_currency(changes["currency"])
    for name in (*EDITABLE, "edition"):
        if name in changes:
            setattr(event, name, changes[name])
    if changes.get("time_zone"):
        event.time_zone = _check_time_zone(changes["time_zone"])
    if "variants" in changes or "edition" in changes:
        # A new edition alone starts from its own defaults; variants change the event's.
        kept = event.variants if "variants" in changes else {}
        event.variants = _check_variants(event.edition, {**kept, **(changes.get("variants") or {})})
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


def _check_sanctioned(value: Any) -> bool:
    if not isinstance(value, bool):
        raise Refusal("invalid", _("Sanctioned must be true or false."))
    return value


def _check_team_best(value: Any) -> int:
    if not _whole(value, 0, 64):
        raise Refusal("invalid", _("Team best must be a number from 0 (every member) to 64."))
    return value


def speaking() -> str:
    """The language of the person at work (their browser's, or their choice), as one the
    product speaks: German for "de-at"; else English."""
    active = (translation.get_language() or "en").lower().split("-")[0]
    return next((code for code, _name in settings.LANGUAGES if code == active), "en")


def _check_language(code: Any) -> str:
    codes = [code for code, _name in settings.LANGUAGES]
    if code not in codes:
        said = {"codes": ", ".join(codes)}
        raise Refusal("invalid", _("The language must be one of %(codes)s.") % said)
    return code


def _check_currency(code: Any) -> str:
    if code not in Currency.values:
        said = {"codes": ", ".join(Currency.values)}
        raise Refusal("invalid", _("The currency must be one of %(codes)s.") % said)
    return code


def _check_time_zone(name: str) -> str:
    try:
        validate_time_zone(name)
    except ValidationError as exc:
        raise Refusal("invalid", exc.messages[0]) from exc
    return name


def save_fields(row: Model, **values: Any) -> None:
    """Give `row` these values and save those fields alone (`update_fields`): each field
    named once, so that none is set and left unsaved."""
    for name, value in values.items():
        setattr(row, name, value)
    row.save(update_fields=list(values))


def correct(
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
    save_fields(row, **{name: value for name, (_, value) in changed.items()})
    audit(
        event_id=row.event_id,
        actor=actor,
        action=action,
        subject=getattr(row, named_by),
        data={"id": row.pk, "changed": changed},
    )


@transaction.atomic
def team_sponsor_set(
    *, event_id: int, name: str, sponsor: str, actor: AbstractBaseUser | None = None
) -> Team:
    """Name a team's sponsor (blank: none), audited with the old and new one. Refused for
    a name nobody at the event plays for."""
    if not Player.objects.filter(event_id=event_id, team=name).exists():
        said = {"name": isolated(repr(name))}
        raise NotFound(
            "unknown_team", _("Nobody at this event plays for a team called %(name)s.") % said
        )
    team, _created = Team.objects.select_for_update().get_or_create(event_id=event_id, name=name)
    sponsor = sponsor.strip()
    if team.sponsor != sponsor:
        audit(
            event_id=event_id,
            actor=actor,
            action="team_sponsor_set",
            subject=name,
            data={"changed": {"sponsor": [team.sponsor, sponsor]}},
        )
        save_fields(team, sponsor=sponsor)
    return team


def _check_donation(amount: int) -> None:
    if amount < 1:
        raise Refusal("invalid", _("A donation must be at least 1."))


@transaction.atomic
def donation_add(
    *, event_id: int, donor: str, amount: int, note: str = "", actor: AbstractBaseUser | None = None
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
    correct(donation, wanted, actor=actor, action="donation_updated", named_by="donor")
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
        said = {"username": repr(username)}
        raise NotFound("unknown_user", _("There is no user called %(username)s.") % said)
    if role not in Volunteer.Role.values:
        raise Refusal("invalid", _("The role must be organiser, referee or banker."))
    if (
        player_id is not None
        and not Player.objects.filter(pk=player_id, event_id=event_id).exists()
    ):
        raise NotFound("unknown_player", _("That player is not registered at this event."))
    volunteer, _created = Volunteer.objects.update_or_create(
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


@dataclass(frozen=True)
class Enlisted:
    """A volunteer added from the desk; `password` is set only when the account was created
    on the spot, and is shown to the organiser once."""

    volunteer: Volunteer
    password: str | None = None


# No 0/o or 1/l/i: a password read aloud and typed on a tablet.
UNAMBIGUOUS = "abcdefghjkmnpqrstuvwxyz23456789"


def _new_password() -> str:
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
        raise Refusal("invalid", _("A volunteer needs a username."))
    password = None
    user_model = get_user_model()
    if not user_model.objects.filter(username=username).exists():
        try:
            user_model.username_validator(username)
        except ValidationError as exc:
            raise Refusal(
                "invalid",
                _("A username may use letters, digits and @ . + - _ only, with no spaces."),
            ) from exc
        if len(username) > 150:
            raise Refusal("invalid", _("A username is at most 150 characters."))
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


def round_audit(round_: Round, actor: AbstractBaseUser | None, action: str, **data: Any) -> None:
    """The audit row of a write to a round (its rounds' and its waves' services), which it
    names."""
    audit(
        event_id=round_.event_id,
        actor=actor,
        action=action,
        subject=f"Round {round_.number}",
        data={"round_id": round_.pk, **data},
    )

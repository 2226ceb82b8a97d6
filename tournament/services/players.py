"""The event's players: registering them (one by one or from a CSV file), correcting,
withdrawing and bringing them back, the door (check-in and what they paid), and the
alternates' list (an alternate steps into a vacant seat: `tournament.services.rounds`)."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.errors import Conflict, NotFound, Refusal
from tournament.models import Event, Player
from tournament.services.events import audit, correct, save_fields
from tournament.text import isolated, name_key, name_problem, text_problem


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
    if not same_name_ok:  # the same name as it reads (tournament.text.name_key)
        key = name_key(name)
        names = Player.objects.filter(event_id=event_id).values_list("name", flat=True)
        if (registered := next((n for n in names if name_key(n) == key), None)) is not None:
            raise Conflict(
                "same_name",
                _(
                    "%(name)s is already registered for this event: two badges would print. If "
                    "this is another person with the same name, tick the box and add them again."
                )
                % {"name": isolated(registered)},
            )
    player = Player.objects.create(
        event_id=event_id, name=name, email=email.strip(), team=team.strip(), paid=paid
    )
    _audit(player, actor, "player_added", paid=paid)
    return player


def _audit(player: Player, actor: AbstractBaseUser | None, action: str, **data: Any) -> None:
    """The audit row of a write to a player, which it names."""
    audit(
        event_id=player.event_id,
        actor=actor,
        action=action,
        subject=player.name,
        data={"player_id": player.pk, **data},
    )


#: A player's details: what the desk corrects, and the columns of an import.
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
    correct(player, wanted, actor=actor, action="player_updated", named_by="name")
    return player


@transaction.atomic
def player_remove(*, player_id: int, actor: AbstractBaseUser | None = None) -> bool:
    """Remove a player registered by mistake, or withdraw one who has played: they keep
    what they played and are never seated again. Whether they were removed (else
    withdrawn)."""
    player = _listing(player_id)  # an alternate leaves a gap in the list
    removed = not player.seats.exists()
    _audit(player, actor, "player_removed" if removed else "player_withdrawn", paid=player.paid)
    if removed:
        player.delete()
        if player.alternate is not None:
            alternates_renumber(event_id=player.event_id)
    else:
        save_fields(player, withdrawn=True, checked_in=False, checked_in_at=None)
    return removed


@transaction.atomic
def player_return(*, player_id: int, actor: AbstractBaseUser | None = None) -> Player:
    """Bring a withdrawn player back: they may be checked in and seated again."""
    player = Player.objects.select_for_update().get(pk=player_id)
    if player.withdrawn:
        save_fields(player, withdrawn=False)
        _audit(player, actor, "player_returned")
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
        head = {
            "added": _("added"),
            "updated": _("updated"),
            "unchanged": _("already registered, unchanged"),
        }[self.outcome]
        if not self.changes:
            return head
        return _("%(outcome)s: %(changes)s") % {"outcome": head, "changes": ", ".join(self.changes)}

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
        rest = []
        if self.updated:
            rest.append(_("updated %(count)s") % {"count": self.updated})
        if self.unchanged:
            rest.append(_("%(count)s already registered, unchanged") % {"count": self.unchanged})
        said = {"count": self.created, "rest": "; ".join(rest)}
        if not rest:
            return (
                ngettext("Added %(count)s player.", "Added %(count)s players.", self.created) % said
            )
        if self.created:
            return (
                ngettext(
                    "Added %(count)s player, %(rest)s.",
                    "Added %(count)s players, %(rest)s.",
                    self.created,
                )
                % said
            )
        return _("No player added: %(rest)s.") % said


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
        said = _("This line cannot be read as CSV: %(error)s.") % {"error": exc}
        report.errors.append({"line": line, "detail": said})
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


def _players_from_csv(event_id: int, reader: csv.DictReader, report: ImportReport) -> None:
    header = [h.strip().lower() for h in (reader.fieldnames or [])]
    if "name" not in header:
        report.errors.append(
            {
                "line": 1,
                "detail": _(
                    "The first line must name the columns: name,email,team,paid (only name "
                    "is required)."
                ),
            }
        )
        return
    if unknown := [h for h in header if h not in PLAYER_FIELDS]:
        said = _("Unknown column(s): %(columns)s.") % {"columns": ", ".join(unknown)}
        report.errors.append({"line": 1, "detail": said})
        return
    reader.fieldnames = header
    registered = _Registered(list(Player.objects.filter(event_id=event_id)))
    rows: list[tuple[int, dict[str, str], Player | None]] = []
    for row in reader:
        line = reader.line_num
        if None in row:
            said = _("This line has more cells than columns.")
            report.errors.append({"line": line, "detail": said})
            continue
        values = {k: (v or "").strip() for k, v in row.items()}
        if not any(values.values()):
            continue
        if problems := _import_row_problems(values):
            report.errors.extend({"line": line, "detail": problem} for problem in problems)
            continue
        player, problem = registered.claim(line, values)
        if problem:
            report.errors.append({"line": line, "detail": problem})
            continue
        rows.append((line, values, player))
    if not rows and not report.errors:
        report.errors.append({"line": 2, "detail": _("The file has no players in it.")})
    if not report.errors:
        for line, values, player in rows:
            report.lines.append(_import_line(event_id, line, values, player, report))


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
                said = {"count": len(same), "name": isolated(values["name"])}
                return None, (
                    _(
                        "%(count)s players are registered as %(name)s: add their email to this "
                        "line to say which."
                    )
                    % said
                )
            player = same[0] if same else None
        key = player.pk if player is not None else ("email", email) if email else ("name", name)
        if key in self.claimed:
            said = {"line": self.claimed[key]}
            return None, _("This is the same person as line %(line)s: keep one line.") % said
        self.claimed[key] = line
        return player, ""


def _import_line(
    event_id: int, line: int, values: Mapping[str, str], player: Player | None, report: ImportReport
) -> ImportLine:
    """Add or update the player of one checked line, and say what was done."""
    paid = int(values["paid"]) if values.get("paid") else None  # an empty cell says nothing
    if player is None:
        Player.objects.create(event_id=event_id, **{**values, "paid": paid or 0})
        report.created += 1
        report.paid += paid or 0
        return ImportLine(line, values["name"], "added")
    changes, notes = [], []
    found_by_email = bool(player.email) and player.email.lower() == values.get("email", "").lower()
    # The line's name replaces the registered one only when the email found the player.
    for name in ("name", "email", "team") if found_by_email else ("email", "team"):
        new, old = values.get(name, ""), getattr(player, name)
        if new and new != old:
            changes.append(f"{name} {old} → {new}" if old else f"{name} → {new}")
            setattr(player, name, new)
    if paid is not None and paid > player.paid:
        changes.append(f"paid {player.paid} → {paid}")
        report.paid += paid - player.paid
        player.paid = paid
    elif paid is not None and paid < player.paid:
        said = {"paid": player.paid, "sheet": paid}
        notes.append(_("paid stays %(paid)s (the sheet says %(sheet)s)") % said)
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
        problems.append(_("The name is missing."))
    elif (problem := name_problem(values["name"])) is not None:
        problems.append(problem)
    for column, value in values.items():
        if (problem := text_problem(value, column)) is not None:
            problems.append(problem)
    if len(values.get("name", "")) > 100:
        problems.append(_("The name is longer than 100 characters."))
    if values.get("email"):
        try:
            validate_email(values["email"])
        except ValidationError:
            said = {"email": repr(values["email"])}
            problems.append(_("%(email)s is not an email address.") % said)
    paid = values.get("paid") or "0"
    if not paid.isdecimal() or int(paid) > 1_000_000:
        said = {"paid": repr(paid)}
        problems.append(_("Paid must be a whole amount of money, not %(paid)s.") % said)
    return problems


def _locked(player_id: int) -> Player:
    player = Player.objects.select_for_update().filter(pk=player_id).first()
    if player is None:
        raise NotFound("unknown_player", _("That player is not registered."))
    return player


def _refuse_withdrawn(player: Player) -> None:
    if player.withdrawn:
        said = {"name": isolated(player.name)}
        raise Conflict(
            "withdrawn", _("%(name)s has withdrawn: bring them back from their page first.") % said
        )


def _tick(player: Player, checked_in: bool, actor: AbstractBaseUser | None, *, by: str) -> None:
    """Tick a player in at the door or take the tick back, audited (`by`: list or scan)."""
    save_fields(player, checked_in=checked_in, checked_in_at=timezone.now() if checked_in else None)
    _audit(player, actor, "player_checked_in" if checked_in else "player_checked_out", by=by)


@transaction.atomic
def player_check_in(
    *, player_id: int, checked_in: bool, actor: AbstractBaseUser | None = None
) -> Player:
    """Tick a player in at the door from the list (or take the tick back)."""
    player = _locked(player_id)
    if checked_in:
        _refuse_withdrawn(player)
    if player.checked_in != checked_in:
        _tick(player, checked_in, actor, by="list")
    return player


#: A player's link: SITE_URL + /p/<token>/ (tournament/pages/players/urls.py); the token alone too.
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
    player = Player.objects.select_for_update().filter(token=token).first() if token else None
    if player is None:
        raise NotFound(
            "unknown_code", _("This code is not a player's: check them in by name from the list.")
        )
    if player.event_id != event_id:
        raise Conflict(
            "other_event", _("This code belongs to a player of another event, not this one.")
        )
    _refuse_withdrawn(player)
    already = player.checked_in
    if not already:
        _tick(player, True, actor, by="scan")
    return CheckedIn(player=player, already=already)


@transaction.atomic
def player_set_paid(*, player_id: int, paid: int, actor: AbstractBaseUser | None = None) -> Player:
    """Record how much a player has paid towards the entry fee (0 when nothing)."""
    if isinstance(paid, bool) or not isinstance(paid, int) or not 0 <= paid <= 1_000_000:
        raise Refusal("invalid", _("Paid must be a whole amount of money from 0 to 1,000,000."))
    player = _locked(player_id)
    if player.paid != paid:
        _audit(player, actor, "player_paid", was=player.paid, paid=paid)
        save_fields(player, paid=paid)
    return player


# --------------------------------------------------------------------------- alternates
# The event's alternates are numbered 1, 2, 3... with no gaps: each change numbers them
# again. An alternate who steps into a vacant seat leaves the list and plays as any player.


def _listing(player_id: int) -> Player:
    """The player, locked after their event's row: one change to its list at a time."""
    event_id = Player.objects.filter(pk=player_id).values_list("event_id", flat=True).first()
    Event.objects.select_for_update().filter(pk=event_id).first()
    return _locked(player_id)


def _number(players: list[Player]) -> None:
    """Give the alternates their places in this order: 1, 2, 3..."""
    for place, player in enumerate(players, 1):
        if player.alternate != place:
            save_fields(player, alternate=place)


def _alternates(event_id: int) -> list[Player]:
    listed = Player.objects.filter(event_id=event_id, alternate__isnull=False)
    return list(listed.order_by("alternate", "id"))


def alternates_renumber(*, event_id: int) -> None:
    """Close the gap a player leaving the list leaves (stepping in, removed). The caller
    holds the event's row (`_listing`, or the round's step-in)."""
    _number(_alternates(event_id))


@transaction.atomic
def alternate_mark(*, player_id: int, actor: AbstractBaseUser | None = None) -> Player:
    """Put a registered player who has no seat at the end of the alternates' list. An
    alternate already listed keeps their place."""
    player = _listing(player_id)
    if player.alternate is not None:
        return player
    _refuse_withdrawn(player)
    if player.seats.exists():
        raise Conflict(
            "already_seated",
            _("%(name)s already has a seat: an alternate waits for a seat that falls vacant.")
            % {"name": isolated(player.name)},
        )
    _number([*_alternates(player.event_id), player])
    _audit(player, actor, "alternate_marked", place=player.alternate)
    return player


@transaction.atomic
def alternate_unmark(*, player_id: int, actor: AbstractBaseUser | None = None) -> Player:
    """Take a player off the alternates' list: they are in the draw like any player."""
    player = _listing(player_id)
    if player.alternate is not None:
        _audit(player, actor, "alternate_unmarked", place=player.alternate)
        save_fields(player, alternate=None)
        alternates_renumber(event_id=player.event_id)
    return player


@transaction.atomic
def alternate_move(*, player_id: int, place: int, actor: AbstractBaseUser | None = None) -> Player:
    """Move an alternate to `place` in the list (1 is called first; past the end, last)."""
    player = _listing(player_id)
    if player.alternate is None:
        raise Conflict(
            "not_alternate", _("%(name)s is not an alternate.") % {"name": isolated(player.name)}
        )
    was = player.alternate
    listed = [p for p in _alternates(player.event_id) if p.pk != player.pk]
    listed.insert(min(max(place, 1), len(listed) + 1) - 1, player)
    _number(listed)
    if player.alternate != was:
        _audit(player, actor, "alternate_moved", was=was, place=player.alternate)
    return player

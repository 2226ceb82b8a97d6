"""The organiser desk's forms: they parse what a person typed; services decide the rules."""

from __future__ import annotations

import secrets
from typing import Any

from django import forms

from games.engine import VARIANTS, variant_defaults

from .models import Event, Player, Round, Volunteer

MAX_MONEY = 1_000_000
MAX_SEED = 2**31 - 1

#: Short names for the variants; their descriptions come from the rules engine.
VARIANT_LABELS = {
    "modern_us": "Modern US rules",
    "short_game": "Short game",
    "double_rent_despite_mortgage": "Double rent despite a mortgage",
}


def _yes_no(value: Any) -> bool:
    return value in (True, "1", "yes", "true", "on")


class EventForm(forms.Form):
    """A new event, or an existing one's details; the rules lock once a round has started."""

    name = forms.CharField(max_length=120)
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    venue = forms.CharField(max_length=200, required=False)
    charity = forms.CharField(max_length=200, required=False)
    entry_fee = forms.IntegerField(
        min_value=0, max_value=MAX_MONEY, initial=0, help_text="In whole units; 0 for free entry."
    )
    edition = forms.ChoiceField(
        choices=Event.Edition.choices, widget=forms.RadioSelect, initial=Event.Edition.US
    )
    advancement = forms.ChoiceField(
        label="Advancement format",
        choices=Event.Format.choices,
        widget=forms.RadioSelect,
        initial=Event.Format.KNOCKOUT,
    )
    wildcards = forms.IntegerField(
        min_value=0,
        max_value=64,
        initial=0,
        help_text="Knock-out: the best net worths among the non-winners also go on.",
    )
    finalists = forms.IntegerField(
        min_value=2,
        max_value=64,
        initial=6,
        help_text="Points: how many players reach the final.",
    )

    RULE_FIELDS = (
        "edition",
        "advancement",
        "wildcards",
        "finalists",
        *(f"variant_{name}" for name in VARIANTS),
    )

    def __init__(self, *args: Any, event: Event | None = None, locked: bool = False, **kw: Any):
        if event is not None:
            kw["initial"] = {
                "name": event.name,
                "date": event.date,
                "venue": event.venue,
                "charity": event.charity,
                "entry_fee": event.entry_fee,
                "edition": event.edition,
                "advancement": event.advancement,
                "wildcards": event.wildcards,
                "finalists": event.finalists,
                **{f"variant_{n}": bool(event.variants.get(n)) for n in VARIANTS},
            }
        super().__init__(*args, **kw)
        self.event = event
        self.locked = locked
        defaults = variant_defaults(Event.Edition.US)
        for name, description in VARIANTS.items():
            field = forms.BooleanField(
                label=VARIANT_LABELS.get(name, name.replace("_", " ").capitalize()),
                required=False,
                help_text=description,
                initial=defaults[name],
            )
            self.fields[f"variant_{name}"] = field
        if locked:
            for name in self.RULE_FIELDS:
                self.fields[name].disabled = True

    @property
    def variant_fields(self) -> list[forms.BoundField]:
        return [self[f"variant_{name}"] for name in VARIANTS]

    @property
    def edition_defaults(self) -> dict[str, dict[str, bool]]:
        return {code: variant_defaults(code) for code in Event.Edition.values}

    def _variants(self) -> dict[str, bool]:
        return {name: self.cleaned_data[f"variant_{name}"] for name in VARIANTS}

    def _advancement(self) -> dict[str, Any]:
        return {
            "format": self.cleaned_data["advancement"],
            "wildcards": self.cleaned_data["wildcards"],
            "finalists": self.cleaned_data["finalists"],
        }

    def create_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for `event_create`."""
        data = self.cleaned_data
        return {
            "name": data["name"],
            "date": data["date"],
            "venue": data["venue"],
            "charity": data["charity"],
            "entry_fee": data["entry_fee"],
            "edition": data["edition"],
            "variants": self._variants(),
            "advancement": self._advancement(),
        }

    def changes(self) -> dict[str, Any]:
        """The `changes` for `event_update`: the details, plus the rules only where they
        differ from the event's (so an unchanged form never trips the rules lock)."""
        if self.event is None:
            raise TypeError("changes() needs the form's event: EventForm(..., event=event).")
        event, data = self.event, self.cleaned_data
        changes: dict[str, Any] = {
            name: data[name] for name in ("name", "date", "venue", "charity", "entry_fee")
        }
        if self.locked:
            return changes
        if data["edition"] != event.edition:
            changes["edition"] = data["edition"]
            changes["variants"] = self._variants()
        elif self._variants() != {n: bool(event.variants.get(n)) for n in VARIANTS}:
            changes["variants"] = self._variants()
        current = {
            "format": event.advancement,
            "wildcards": event.wildcards,
            "finalists": event.finalists,
        }
        advancement = {k: v for k, v in self._advancement().items() if current[k] != v}
        if advancement:
            changes["advancement"] = advancement
        return changes


class PlayerForm(forms.Form):
    name = forms.CharField(max_length=100)
    email = forms.EmailField(required=False)
    team = forms.CharField(max_length=100, required=False, help_text="Team-mates are seated apart.")
    paid = forms.IntegerField(min_value=0, max_value=MAX_MONEY, initial=0, label="Paid")


class ImportForm(forms.Form):
    file = forms.FileField(
        label="CSV file", required=False, help_text="A .csv saved from the registration sheet."
    )
    text = forms.CharField(
        label="…or paste the CSV here",
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload = data.get("file")
        if upload:
            if upload.size > 2_000_000:
                raise forms.ValidationError("The file is larger than 2 MB: is it the right one?")
            try:
                data["csv"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError as exc:
                raise forms.ValidationError(
                    "The file must be UTF-8 text: save it as “CSV UTF-8” and try again."
                ) from exc
        elif (data.get("text") or "").strip():
            data["csv"] = data["text"]
        else:
            raise forms.ValidationError("Choose a CSV file or paste the CSV text.")
        return data


class CheckInForm(forms.Form):
    checked_in = forms.TypedChoiceField(choices=[("1", "yes"), ("0", "no")], coerce=_yes_no)


class PaidForm(forms.Form):
    paid = forms.IntegerField(min_value=0, max_value=MAX_MONEY)


class DonationForm(forms.Form):
    donor = forms.CharField(max_length=120, help_text="A name, a company, or “Anonymous”.")
    amount = forms.IntegerField(min_value=1, max_value=MAX_MONEY)
    note = forms.CharField(max_length=200, required=False)


class VolunteerForm(forms.Form):
    username = forms.CharField(
        max_length=150,
        help_text="An existing account, or a new one: it is created with a password shown once.",
    )
    role = forms.ChoiceField(choices=Volunteer.Role.choices, initial=Volunteer.Role.BANKER)
    player = forms.TypedChoiceField(
        label="Also plays as",
        required=False,
        coerce=int,
        empty_value=None,
        help_text="Only for a volunteer who also plays in the event.",
    )

    def __init__(self, *args: Any, players: list[Player] | None = None, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.fields["player"].choices = [("", "Does not play")] + [
            (p.pk, p.name) for p in players or []
        ]


class RoundForm(forms.Form):
    kind = forms.ChoiceField(choices=Round.Kind.choices, initial=Round.Kind.PRELIMINARY)
    time_limit_minutes = forms.IntegerField(
        label="Time limit (minutes)", min_value=1, max_value=600, initial=90
    )
    table_size = forms.IntegerField(
        label="Players a table",
        min_value=3,
        max_value=8,
        initial=4,
        help_text="One more or one less where the count needs it.",
    )


class SeatForm(forms.Form):
    seed = forms.IntegerField(min_value=0, max_value=MAX_SEED, required=False)
    tables = forms.IntegerField(
        label="Final tables",
        min_value=1,
        max_value=20,
        required=False,
        help_text="One table of up to six unless you ask for more.",
    )
    include_all = forms.BooleanField(
        label="Include players not checked in",
        required=False,
        help_text="Seat every registered player, not only those checked in at the door.",
    )

    @staticmethod
    def new_seed() -> int:
        return secrets.randbelow(MAX_SEED)


class OverrideForm(forms.Form):
    player = forms.TypedChoiceField(coerce=int)
    advances = forms.TypedChoiceField(
        label="Decision",
        choices=[("1", "Advances"), ("0", "Does not advance")],
        coerce=_yes_no,
        widget=forms.RadioSelect,
    )
    reason = forms.CharField(
        max_length=200, help_text="Recorded in the audit trail with your name."
    )

    def __init__(self, *args: Any, players: list[tuple[int, str]] | None = None, **kw: Any):
        super().__init__(*args, **kw)
        self.fields["player"].choices = players or []

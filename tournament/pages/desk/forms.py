"""The organiser desk's forms: they parse what a person typed; services decide the rules."""

from __future__ import annotations

import secrets
from typing import Any

from django import forms
from django.conf import settings
from django.forms.models import model_to_dict
from django.utils.formats import number_format
from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _

from games.engine import VARIANTS, variant_defaults
from tournament.models import Event, Player, Round, Volunteer, default_time_zone, time_zone_names
from tournament.money import Currency
from tournament.services.events import ATTENTION, EDITABLE, LOCALE
from tournament.text import TextCheckedForm

MAX_MONEY = 1_000_000
MAX_SEED = 2**31 - 1

#: Short names for the variants; their descriptions come from the rules engine.
VARIANT_LABELS = {
    "modern_us": gettext_lazy("Modern US rules"),
    "short_game": gettext_lazy("Short game"),
    "double_rent_despite_mortgage": gettext_lazy("Double rent despite a mortgage"),
}


#: The event's advancement as `event_create` and `event_update` take it: each key's field.
ADVANCEMENT = {"format": "advancement", "wildcards": "wildcards", "finalists": "finalists"}


def _yes_no(value: Any) -> bool:
    return value in (True, "1", "yes", "true", "on")


def _minutes(name: str, label: str, help_text: str) -> forms.IntegerField:
    """A control room threshold (services/events.py ATTENTION: its lowest and highest),
    starting at the event's default."""
    low, high = ATTENTION[name]
    return forms.IntegerField(
        required=False,
        label=label,
        min_value=low,
        max_value=high,
        initial=Event._meta.get_field(name).default,
        help_text=help_text,
    )


class EventForm(TextCheckedForm):
    """A new event, or an existing one's details; the rules lock once a round has started."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=120)
    date = forms.DateField(
        label=gettext_lazy("Date"), widget=forms.DateInput(attrs={"type": "date"})
    )
    venue = forms.CharField(label=gettext_lazy("Venue"), max_length=200, required=False)
    charity = forms.CharField(label=gettext_lazy("Charity"), max_length=200, required=False)
    entry_fee = forms.IntegerField(
        label=gettext_lazy("Entry fee"),
        min_value=0,
        max_value=MAX_MONEY,
        initial=0,
        help_text=gettext_lazy("In whole units; 0 for free entry."),
    )
    time_zone = forms.ChoiceField(
        label=gettext_lazy("Time zone"),
        required=False,
        choices=lambda: [(name, name.replace("_", " ")) for name in time_zone_names()],
        initial=default_time_zone,
        help_text=gettext_lazy(
            "Where the event happens: its pages, documents and exports show times here."
        ),
    )
    language = forms.ChoiceField(
        label=gettext_lazy("Language"),
        required=False,
        choices=settings.LANGUAGES,
        help_text=gettext_lazy("What the big screen and the printed documents speak."),
    )
    currency = forms.ChoiceField(
        label=gettext_lazy("Currency"),
        required=False,
        choices=[
            ("", gettext_lazy("The edition's ($ for the US board, £ for the UK's)")),
            *Currency.choices,
        ],
        help_text=gettext_lazy("Fees, donations and the game's money, in whole units."),
    )
    edition = forms.ChoiceField(
        label=gettext_lazy("Edition"),
        choices=Event.Edition.choices,
        widget=forms.RadioSelect,
        initial=Event.Edition.US,
    )
    advancement = forms.ChoiceField(
        label=gettext_lazy("Advancement format"),
        choices=Event.Format.choices,
        widget=forms.RadioSelect,
        initial=Event.Format.KNOCKOUT,
    )
    wildcards = forms.IntegerField(
        label=gettext_lazy("Wildcards"),
        min_value=0,
        max_value=64,
        initial=0,
        help_text=gettext_lazy("Knock-out: the best net worths among the non-winners also go on."),
    )
    finalists = forms.IntegerField(
        label=gettext_lazy("Finalists"),
        min_value=2,
        max_value=64,
        initial=6,
        help_text=gettext_lazy("Points and aggregate: how many players reach the final."),
    )
    sanctioned = forms.BooleanField(
        label=gettext_lazy("Follows the maker's tournament rules"),
        required=False,
        help_text=gettext_lazy(
            "At least 24 players, at least two preliminary rounds of 90 minutes before "
            "a final of six, the long game: the desk warns wherever the plan breaks them, and "
            "you may still run the night as you choose."
        ),
    )
    team_best = forms.IntegerField(
        label=gettext_lazy("A team counts its best"),
        required=False,
        min_value=0,
        max_value=64,
        initial=0,
        help_text=gettext_lazy(
            "Teams: how many members' net worths make a team's score each round; "
            "0 counts every member."
        ),
    )
    attention_offline_minutes = _minutes(
        "attention_offline_minutes",
        gettext_lazy("Tablet offline for"),
        gettext_lazy("Minutes: a table's tablet offline (or unable to send) this long."),
    )
    attention_quiet_minutes = _minutes(
        "attention_quiet_minutes",
        gettext_lazy("No entry for"),
        gettext_lazy("Minutes: an open table where nothing has been recorded this long."),
    )
    attention_last_turn_minutes = _minutes(
        "attention_last_turn_minutes",
        gettext_lazy("Still open after time is called for"),
        gettext_lazy("Minutes: the last turn should be played and the table closed by then."),
    )

    RULE_FIELDS = ("edition", *ADVANCEMENT.values(), *(f"variant_{name}" for name in VARIANTS))

    def __init__(self, *args: Any, event: Event | None = None, locked: bool = False, **kw: Any):
        if event is not None:
            variants = {f"variant_{n}": bool(event.variants.get(n)) for n in VARIANTS}
            kw["initial"] = {**model_to_dict(event), **variants}
        super().__init__(*args, **kw)
        self.fields["language"].initial = get_language()
        defaults = variant_defaults(Event.Edition.US)
        for name, description in VARIANTS.items():
            field = forms.BooleanField(
                label=VARIANT_LABELS.get(name, name.replace("_", " ").capitalize()),
                required=False,
                help_text=gettext_lazy(description),  # marked in games/engine/rules.py
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

    def _details(self) -> dict[str, Any]:
        """The details, the time zone, the control room's thresholds and the teams' best
        given (a blank one keeps its value)."""
        data = self.cleaned_data
        given = [*ATTENTION, *LOCALE, "time_zone"]
        return {
            **{name: data[name] for name in EDITABLE if data.get(name) is not None},
            **{name: data[name] for name in given if data.get(name) not in (None, "")},
        }

    def create_kwargs(self) -> dict[str, Any]:
        return {
            **self._details(),
            "edition": self.cleaned_data["edition"],
            "variants": self._variants(),
            "advancement": {key: self.cleaned_data[name] for key, name in ADVANCEMENT.items()},
        }

    def changes(self) -> dict[str, Any]:
        """The `changes` for `event_update`: the details, plus the rules only where they
        differ from the event's (so an unchanged form never trips the rules lock). A locked
        rule's field is disabled, and a disabled field never changes."""
        changes, changed = self._details(), set(self.changed_data)
        if "edition" in changed:
            changes["edition"] = self.cleaned_data["edition"]
        if changed & {"edition", *(f"variant_{name}" for name in VARIANTS)}:
            changes["variants"] = self._variants()
        advancement = {k: self.cleaned_data[n] for k, n in ADVANCEMENT.items() if n in changed}
        if advancement:
            changes["advancement"] = advancement
        return changes


class PlayerForm(TextCheckedForm):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=100)
    email = forms.EmailField(label=gettext_lazy("Email"), required=False)
    team = forms.CharField(
        label=gettext_lazy("Team"),
        max_length=100,
        required=False,
        help_text=gettext_lazy("Team-mates are seated apart."),
    )
    paid = forms.IntegerField(
        min_value=0, max_value=MAX_MONEY, initial=0, label=gettext_lazy("Paid")
    )
    again = forms.BooleanField(
        required=False, label=gettext_lazy("Another person with the same name: add them anyway")
    )


class PlayerCorrectionForm(PlayerForm):
    again = None  # the same-name question is for adding someone, not correcting them


class TeamSponsorForm(TextCheckedForm):
    sponsor = forms.CharField(
        label=gettext_lazy("Sponsor"),
        max_length=200,
        required=False,
        help_text=gettext_lazy("Shown with the team; leave blank for none."),
    )


class ImportForm(TextCheckedForm):
    several_lines = ("text",)
    file = forms.FileField(
        label=gettext_lazy("CSV file"),
        required=False,
        help_text=gettext_lazy("A .csv saved from the registration sheet."),
    )
    text = forms.CharField(
        label=gettext_lazy("…or paste the CSV here"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload = data.get("file")
        if upload:
            limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE  # the API's limit for the same file
            if limit is not None and upload.size > limit:
                raise forms.ValidationError(
                    _("The file is larger than %(size)s MB: is it the right one?")
                    % {"size": number_format(limit / 1_000_000, 1)}
                )
            try:
                data["csv"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError as exc:
                raise forms.ValidationError(
                    _("The file must be UTF-8 text: save it as “CSV UTF-8” and try again.")
                ) from exc
        elif (data.get("text") or "").strip():
            data["csv"] = data["text"]
        else:
            raise forms.ValidationError(_("Choose a CSV file or paste the CSV text."))
        return data


class CheckInForm(TextCheckedForm):
    checked_in = forms.TypedChoiceField(
        choices=[("1", gettext_lazy("yes")), ("0", gettext_lazy("no"))], coerce=_yes_no
    )


class PaidForm(TextCheckedForm):
    paid = forms.IntegerField(min_value=0, max_value=MAX_MONEY)


class DonationForm(TextCheckedForm):
    donor = forms.CharField(
        label=gettext_lazy("Donor"),
        max_length=120,
        help_text=gettext_lazy("A name, a company, or “Anonymous”."),
    )
    amount = forms.IntegerField(label=gettext_lazy("Amount"), min_value=1, max_value=MAX_MONEY)
    note = forms.CharField(label=gettext_lazy("Note"), max_length=200, required=False)


class VolunteerForm(TextCheckedForm):
    username = forms.CharField(
        label=gettext_lazy("Username"),
        max_length=150,
        help_text=gettext_lazy(
            "An existing account, or a new one: it is created with a password shown once."
        ),
    )
    role = forms.ChoiceField(
        label=gettext_lazy("Role"), choices=Volunteer.Role.choices, initial=Volunteer.Role.BANKER
    )
    player = forms.TypedChoiceField(
        label=gettext_lazy("Also plays as"),
        required=False,
        coerce=int,
        empty_value=None,
        help_text=gettext_lazy("Only for a volunteer who also plays in the event."),
    )

    def __init__(self, *args: Any, players: list[Player] | None = None, **kw: Any) -> None:
        super().__init__(*args, **kw)
        playing = [(p.pk, p.name) for p in players or []]
        self.fields["player"].choices = [("", _("Does not play")), *playing]


class RoundForm(TextCheckedForm):
    kind = forms.ChoiceField(
        label=pgettext_lazy("round", "Kind"),
        choices=Round.Kind.choices,
        initial=Round.Kind.PRELIMINARY,
    )
    time_limit_minutes = forms.IntegerField(
        label=gettext_lazy("Time limit (minutes)"), min_value=1, max_value=600, initial=90
    )
    table_size = forms.IntegerField(
        label=gettext_lazy("Players a table"),
        min_value=3,
        max_value=8,
        initial=4,
        help_text=gettext_lazy("One more or one less where the count needs it."),
    )


class WaveForm(TextCheckedForm):
    """A wave of the round, by its number: to start it, call time in it, or move a table."""

    wave = forms.IntegerField(min_value=1, max_value=8)


class WavesForm(TextCheckedForm):
    waves = forms.IntegerField(min_value=1, max_value=8)


class SeatForm(TextCheckedForm):
    seed = forms.IntegerField(min_value=0, max_value=MAX_SEED, required=False)
    tables = forms.IntegerField(
        label=gettext_lazy("Final tables"),
        min_value=1,
        max_value=20,
        required=False,
        help_text=gettext_lazy("One table of up to six unless you ask for more."),
    )
    include_all = forms.BooleanField(
        label=gettext_lazy("Include players not checked in"),
        required=False,
        help_text=gettext_lazy(
            "Seat every registered player, not only those checked in at the door."
        ),
    )
    keep = forms.BooleanField(
        label=gettext_lazy("Keep"),
        required=False,
        help_text=gettext_lazy("Move players in the saved seating, not a new one."),
    )

    @staticmethod
    def new_seed() -> int:
        return secrets.randbelow(MAX_SEED)


class OverrideForm(TextCheckedForm):
    player = forms.TypedChoiceField(label=gettext_lazy("Player"), coerce=int)
    advances = forms.TypedChoiceField(
        label=gettext_lazy("Decision"),
        choices=[("1", gettext_lazy("Advances")), ("0", gettext_lazy("Does not advance"))],
        coerce=_yes_no,
        widget=forms.RadioSelect,
    )
    reason = forms.CharField(
        label=gettext_lazy("Reason"),
        max_length=200,
        help_text=gettext_lazy("Recorded in the audit trail with your name."),
    )

    def __init__(self, *args: Any, players: list[tuple[int, str]] | None = None, **kw: Any):
        super().__init__(*args, **kw)
        self.fields["player"].choices = players or []

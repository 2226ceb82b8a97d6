"""Entries in words, said one way wherever they are shown: the label of each kind of entry
(the console's move titles, the ledger's tags, the referee's pages) and the short sentence
that says what one entry does ("Ada buys Boardwalk"). The console shows these as the bank
sends them: it keeps no words of its own for an entry.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from banking.models import Entry
from games import engine
from tournament.text import isolated

KIND_LABELS = {
    "pass_go": pgettext_lazy("move", "Pass GO"),
    "buy": pgettext_lazy("move", "Buy"),
    "auction": pgettext_lazy("move", "Auction"),
    "deal": pgettext_lazy("move", "Deal"),
    "rent": pgettext_lazy("move", "Rent"),
    "tax": pgettext_lazy("move", "Tax"),
    "jail_fine": pgettext_lazy("move", "Jail fine"),
    "card": pgettext_lazy("move", "Card"),
    "use_jail_card": pgettext_lazy("move", "Use a jail card"),
    "bank_payment": pgettext_lazy("move", "Bank payment"),
    "pay_player": pgettext_lazy("move", "Pay a player"),
    "build": pgettext_lazy("move", "Build"),
    "sell_building": pgettext_lazy("move", "Sell a building"),
    "mortgage": pgettext_lazy("move", "Mortgage"),
    "unmortgage": pgettext_lazy("move", "Lift a mortgage"),
    "trade": pgettext_lazy("move", "Trade"),
    "bankrupt": pgettext_lazy("move", "Bankruptcy"),
    "adjust": pgettext_lazy("move", "Adjustment"),
    Entry.VOID: pgettext_lazy("move", "Undo"),
}

# A colour group as a sentence names it ("building on the %(group)s sites", "every
# %(group)s site"), after the word for a group: "the dark blue group".
GROUP_NAMES = {
    "brown": pgettext_lazy("colour group", "brown"),
    "light_blue": pgettext_lazy("colour group", "light blue"),
    "pink": pgettext_lazy("colour group", "pink"),
    "orange": pgettext_lazy("colour group", "orange"),
    "red": pgettext_lazy("colour group", "red"),
    "yellow": pgettext_lazy("colour group", "yellow"),
    "green": pgettext_lazy("colour group", "green"),
    "dark_blue": pgettext_lazy("colour group", "dark blue"),
    "railroad": pgettext_lazy("colour group", "railroad"),
    "utility": pgettext_lazy("colour group", "utility"),
}

DECK_NAMES = {
    "chance": pgettext_lazy("deck", "Chance"),
    "community_chest": pgettext_lazy("deck", "Community Chest"),
}


def group_name(group: str | None) -> str:
    """A colour group in the reader's words ("dark blue")."""
    return str(GROUP_NAMES.get(group or "", (group or "").replace("_", " ")))


def seat_name(account: Any, names: Mapping[int, str]) -> str:
    """A seat's player by name; a seat nobody named, by number."""
    return isolated(names.get(account)) or _("Seat %(seat)s") % {"seat": account}


def party(account: Any, names: Mapping[int, str]) -> str | None:
    """A transfer's account by name: a seat's player, or None for the bank."""
    return None if account == engine.BANK else seat_name(account, names)


def transfer_words(
    transfer: Mapping[str, Any], *, names: Mapping[int, str], rules: engine.Rules
) -> str:
    """One transfer in words, payer first, the amount said beside it: who pays whom ("Ada
    pays Brook"), or, for a transfer that says what it is for (a bankruptcy's), that too:
    "Brook pays the bank the interest on mortgaged Boardwalk". In the reader's language
    (each sentence whole, the names and the deed as placeholders)."""
    payer, payee = party(transfer["from"], names), party(transfer["to"], names)
    space = transfer.get("space")
    deed = rules.edition.space(space).name if isinstance(space, int) and 0 <= space < 40 else ""
    said = {"payer": payer, "payee": payee, "deed": deed}
    match transfer.get("for"):
        case "buildings":
            return _("The bank buys back %(payee)s's buildings at half price") % said
        case "cash" if payee is None:
            return _("%(payer)s's cash goes to the bank") % said
        case "cash":
            return _("%(payer)s's cash goes to %(payee)s") % said
        case "unpaid" if payer is None:
            return _("The bank writes off the part of the debt %(payee)s cannot pay") % said
        case "unpaid":
            return _("%(payer)s gives back the part of the debt %(payee)s cannot pay") % said
        case "interest":
            return _("%(payer)s pays the bank the interest on mortgaged %(deed)s") % said
        case "lift":
            return _("%(payer)s pays the bank to lift the mortgage on %(deed)s") % said
    # "Ada pays Brook", "The bank pays Ada", "Ada pays the bank": as the console says it.
    if payer is None:
        return _("The bank pays %(payee)s") % said
    if payee is None:
        return _("%(payer)s pays the bank") % said
    return _("%(payer)s pays %(payee)s") % said


def worded(
    transfers: Iterable[Mapping[str, Any]], *, names: Mapping[int, str], rules: engine.Rules
) -> list[dict[str, Any]]:
    """Transfers, each with its words (transfer_words) beside its amount."""
    return [{**t, "words": transfer_words(t, names=names, rules=rules)} for t in transfers]


def kind_label(kind: str) -> str:
    """A kind of entry's label in the reader's language ("Pass GO")."""
    return str(KIND_LABELS.get(kind, kind.replace("_", " ").capitalize()))


def kind_labels() -> dict[str, str]:
    """Every kind of entry's label in the reader's language."""
    return {kind: str(label) for kind, label in KIND_LABELS.items()}


def entry_sentence(
    kind: str, fields: Mapping[str, Any], *, names: Mapping[int, str], rules: engine.Rules
) -> str:
    """What an entry does, in a short sentence a volunteer reads at a glance."""

    def seat(n: Any) -> str:
        if n is None or n == engine.BANK:
            return _("the bank")
        return seat_name(n, names)

    def space(p: Any) -> str:
        if isinstance(p, int) and 0 <= p < 40:
            return rules.edition.space(p).name
        return _("space %(space)s") % {"space": p}

    def group(p: Any) -> str:
        """The group of a site (the dark blue one), for several buildings across a group."""
        if isinstance(p, int) and 0 <= p < 40:
            return group_name(rules.edition.space(p).group)
        return space(p)

    said = {
        "who": seat(fields.get("seat")),
        "deed": space(fields.get("space")),
        "memo": fields.get("memo") or "",
        "count": fields.get("count") or 1,  # buildings at once
        "other": seat(fields.get("to_seat")),
    }
    who, memo, count = said["who"], fields.get("memo"), said["count"]
    match kind:
        case "pass_go":
            return _("%(who)s passes GO") % said
        case "buy":
            return _("%(who)s buys %(deed)s") % said
        case "auction":
            return _("%(who)s wins %(deed)s at auction") % said
        case "deal":
            return _("%(who)s is dealt %(deed)s") % said
        case "rent":
            if fields.get("via_card"):
                return _("%(who)s pays rent on %(deed)s (Chance card)") % said
            if fields.get("dice"):
                return _("%(who)s pays rent on %(deed)s (dice %(dice)s)") % {
                    **said,
                    "dice": fields["dice"],
                }
            return _("%(who)s pays rent on %(deed)s") % said
        case "tax":
            if fields.get("choice") == "percent":
                return _("%(who)s pays %(deed)s (10%%)") % said
            return _("%(who)s pays %(deed)s") % said
        case "jail_fine":
            return _("%(who)s pays the jail fine") % said
        case "card":
            card = rules.edition.cards.get(fields.get("card"))
            said["card"] = card.text if card else str(fields.get("card"))
            if fields.get("choice") == "chance":
                return _("%(who)s: %(card)s (takes a Chance)") % said
            return _("%(who)s: %(card)s") % said
        case "use_jail_card":
            return _("%(who)s uses a Get Out of Jail Free card") % said
        case "bank_payment" if (fields.get("amount") or 0) > 0:
            if memo:
                return _("Bank pays %(who)s: %(memo)s") % said
            return _("Bank pays %(who)s") % said
        case "bank_payment":
            if memo:
                return _("%(who)s pays the bank: %(memo)s") % said
            return _("%(who)s pays the bank") % said
        case "pay_player":
            if memo:
                return _("%(who)s pays %(other)s: %(memo)s") % said
            return _("%(who)s pays %(other)s") % said
        case "build" if count > 1:
            said["group"] = group(fields.get("space"))
            if fields.get("building") == "hotel":
                return _("%(who)s builds %(count)s hotels on the %(group)s sites") % said
            return _("%(who)s builds %(count)s houses on the %(group)s sites") % said
        case "build":
            if fields.get("building") == "house":
                return _("%(who)s builds a house on %(deed)s") % said
            if fields.get("building") == "hotel":
                return _("%(who)s builds a hotel on %(deed)s") % said
            return _("%(who)s builds on %(deed)s") % said
        case "sell_building" if count > 1:
            said["group"] = group(fields.get("space"))
            return _("%(who)s sells %(count)s buildings on the %(group)s sites") % said
        case "sell_building":
            return _("%(who)s sells a building on %(deed)s") % said
        case "mortgage":
            return _("%(who)s mortgages %(deed)s") % said
        case "unmortgage":
            return _("%(who)s lifts the mortgage on %(deed)s") % said
        case "trade":
            return _("%(who)s trades with %(other)s") % said
        # A bankruptcy, on the bankrupt player's own page too: in the reader's language.
        case "bankrupt" if fields.get("creditor") is None:
            return _(
                "%(who)s goes bankrupt to the bank, which takes %(who)s's cash; "
                "%(who)s's deeds go back to the bank unmortgaged, for auction"
            ) % {"who": who}
        case "bankrupt":
            said = {"who": who, "creditor": seat(fields.get("creditor"))}
            if not (lifted := [space(p) for p in fields.get("lift") or ()]):
                return (
                    _("%(who)s goes bankrupt to %(creditor)s, who takes %(who)s's cash and deeds")
                    % said
                )
            said["deeds"] = get_text_list(lifted, _("and"))
            return (
                ngettext(
                    "%(who)s goes bankrupt to %(creditor)s, who takes %(who)s's cash and deeds and "
                    "lifts the mortgage on %(deeds)s",
                    "%(who)s goes bankrupt to %(creditor)s, who takes %(who)s's cash and deeds and "
                    "lifts the mortgages on %(deeds)s",
                    len(lifted),
                )
                % said
            )
        case "adjust":
            return _("Correction for %(who)s: %(reason)s") % {
                "who": who,
                "reason": fields.get("reason", ""),
            }
        case Entry.VOID if fields.get("seq"):
            return _("Undo #%(seq)s: %(reason)s") % {
                "seq": fields["seq"],
                "reason": fields.get("reason", ""),
            }
        case Entry.VOID:
            return _("Undo: %(reason)s") % {"reason": fields.get("reason", "")}
    return kind_label(kind)

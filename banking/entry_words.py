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
from django.utils.translation import ngettext

from banking.models import Entry
from games import engine

KIND_LABELS = {
    "pass_go": "Pass GO",
    "buy": "Buy",
    "auction": "Auction",
    "deal": "Deal",
    "rent": "Rent",
    "tax": "Tax",
    "jail_fine": "Jail fine",
    "card": "Card",
    "use_jail_card": "Use a jail card",
    "bank_payment": "Bank payment",
    "pay_player": "Pay a player",
    "build": "Build",
    "sell_building": "Sell a building",
    "mortgage": "Mortgage",
    "unmortgage": "Lift a mortgage",
    "trade": "Trade",
    "bankrupt": "Bankruptcy",
    "adjust": "Adjustment",
    Entry.VOID: "Undo",
}


def party(account: Any, names: Mapping[int, str]) -> str | None:
    """A transfer's account by name: a seat's player, or None for the bank."""
    return None if account == engine.BANK else names.get(account, f"Seat {account}")


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
    return KIND_LABELS.get(kind, kind.replace("_", " ").capitalize())


def entry_sentence(
    kind: str, fields: Mapping[str, Any], *, names: Mapping[int, str], rules: engine.Rules
) -> str:
    """What an entry does, in a short sentence a volunteer reads at a glance."""

    def seat(n: Any) -> str:
        if n is None or n == engine.BANK:
            return "the bank"
        return names.get(n) or f"Seat {n}"

    def space(p: Any) -> str:
        if isinstance(p, int) and 0 <= p < 40:
            return rules.edition.space(p).name
        return f"space {p}"

    def group(p: Any) -> str:
        """ "the dark blue sites", for several buildings across a group."""
        if isinstance(p, int) and 0 <= p < 40:
            colour = (rules.edition.space(p).group or "").replace("_", " ")
            return f"the {colour} sites"
        return f"space {p}'s group"

    who = seat(fields.get("seat"))
    where = space(fields.get("space"))
    memo = f": {fields['memo']}" if fields.get("memo") else ""
    count = fields.get("count") or 1  # buildings at once
    match kind:
        case "pass_go":
            return f"{who} passes GO"
        case "buy":
            return f"{who} buys {where}"
        case "auction":
            return f"{who} wins {where} at auction"
        case "deal":
            return f"{who} is dealt {where}"
        case "rent":
            how = ""
            if fields.get("via_card"):
                how = " (Chance card)"
            elif fields.get("dice"):
                how = f" (dice {fields['dice']})"
            return f"{who} pays rent on {where}{how}"
        case "tax":
            return f"{who} pays {where}{' (10%)' if fields.get('choice') == 'percent' else ''}"
        case "jail_fine":
            return f"{who} pays the jail fine"
        case "card":
            card = rules.edition.cards.get(fields.get("card"))
            text = card.text if card else str(fields.get("card"))
            chance = " (takes a Chance)" if fields.get("choice") == "chance" else ""
            return f"{who}: {text}{chance}"
        case "use_jail_card":
            return f"{who} uses a Get Out of Jail Free card"
        case "bank_payment":
            paid = (fields.get("amount") or 0) > 0
            return (f"Bank pays {who}" if paid else f"{who} pays the bank") + memo
        case "pay_player":
            return f"{who} pays {seat(fields.get('to_seat'))}{memo}"
        case "build":
            building = fields.get("building")
            if count > 1:
                what = "hotels" if building == "hotel" else "houses"
                return f"{who} builds {count} {what} on {group(fields.get('space'))}"
            what = f" a {building}" if building in ("house", "hotel") else ""
            return f"{who} builds{what} on {where}"
        case "sell_building":
            if count > 1:
                return f"{who} sells {count} buildings on {group(fields.get('space'))}"
            return f"{who} sells a building on {where}"
        case "mortgage":
            return f"{who} mortgages {where}"
        case "unmortgage":
            return f"{who} lifts the mortgage on {where}"
        case "trade":
            return f"{who} trades with {seat(fields.get('to_seat'))}"
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
            return f"Correction for {who}: {fields.get('reason', '')}"
        case Entry.VOID:
            target = f" #{fields['seq']}" if fields.get("seq") else ""
            return f"Undo{target}: {fields.get('reason', '')}"
    return kind_label(kind)

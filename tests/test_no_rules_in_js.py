"""The browser shows what the bank computed: every amount on the banker's console (the
seats' balances, the choices a move offers, the check before Record) is the bank's, from
its state, options and preview answers; and money, clocks and elements are each written by
one function (static/js/format.js, elements.js)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine.money import money
from tests.conftest import World
from tests.console import Banker, open_console

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "static" / "js").rglob("*.js"))
CONSOLE = sorted((ROOT / "static" / "js" / "console").glob("*.js"))

# A board where the rules' exceptions show: Baltic mortgaged (no double rent on
# Mediterranean), one house on Boardwalk (Park Place's rent doubled, building evenly), two
# railroads, a utility; deeds of every price.
PLAYED = (
    {"kind": "buy", "seat": 1, "space": 37},
    {"kind": "buy", "seat": 1, "space": 39},
    {"kind": "build", "seat": 1, "space": 39},
    {"kind": "buy", "seat": 1, "space": 1},
    {"kind": "buy", "seat": 1, "space": 3},
    {"kind": "mortgage", "seat": 1, "space": 3},
    {"kind": "buy", "seat": 2, "space": 5},
    {"kind": "buy", "seat": 2, "space": 15},
    {"kind": "buy", "seat": 3, "space": 12},
)
# A figure the console shows: an amount of money, or a multiple of the dice.
FIGURE = re.compile(r"\N{MINUS SIGN}?\$[\d,]+|\N{MULTIPLICATION SIGN} \d+")


def figures(text: str) -> list[str]:
    return FIGURE.findall(text)


class Bank:
    """The bank's answers for the console's table, asked through the API as a tablet asks."""

    def __init__(self, world: World) -> None:
        self.client = world.banker()
        self.url = f"/api/tables/{world.table.pk}"

    def state(self) -> dict[str, Any]:
        return self.client.get(f"{self.url}/state/").json()

    def options(self) -> dict[str, Any]:
        return self.client.get(f"{self.url}/options/").json()

    def preview(self, entry: dict[str, Any]) -> dict[str, Any]:
        answer = self.client.post(f"{self.url}/preview/", entry, format="json")
        assert answer.status_code == 200, answer.json()
        return answer.json()


def shown_choices(banker: Banker) -> dict[int, list[str]]:
    """The figures under each choice of the open sheet's list, by space."""
    choices = banker.sheet.locator(".choices .choice[data-space]")
    expect(choices.first).to_be_visible()
    subs = choices.evaluate_all(
        "els => els.map((e) => [e.dataset.space, e.querySelector('.choice-sub').innerText])"
    )
    return {int(space): figures(sub) for space, sub in subs}


def offered(bank: dict[str, Any], seat: int, move: str) -> dict[int, list[str]]:
    """What the bank's options say each choice of `move` costs or brings `seat`."""
    if move == "rent":
        rents = {row["space"]: row for row in bank["rents"]}
        mine = next(s for s in bank["seats"] if s["seat"] == seat)["rent"]
        return {
            p: [f"\N{MULTIPLICATION SIGN} {rents[p]['per_dice']}"]
            if rents[p]["per_dice"]
            else [money(rents[p]["amount"], "$")]
            for p in mine
        }
    amounts = next(s for s in bank["seats"] if s["seat"] == seat)["amounts"][move]
    return {int(p): [money(amount, "$")] for p, amount in amounts.items()}


def shown_check(banker: Banker) -> dict[str, Any]:
    """What the check before Record shows: each payment, the totals, the balances."""
    expect(banker.sheet.locator("[data-action=record]")).to_be_visible()
    sheet = banker.sheet
    transfers = sheet.locator(".transfers li").evaluate_all(
        "els => els.map((li) => [li.querySelector('span').innerText,"
        " li.querySelector('.amount').innerText])"
    )
    balances = sheet.locator("table.balances tbody tr").evaluate_all(
        "rows => rows.map((row) => [...row.querySelectorAll('th, td')].map((c) => c.innerText))"
    )
    return {
        "transfers": [tuple(t) for t in transfers],
        "totals": figures(" ".join(sheet.locator("p.each, p.total").all_inner_texts())),
        "balances": [tuple(b) for b in balances],
    }


def checked(preview: dict[str, Any], seat: int) -> dict[str, Any]:
    """The same, as the bank's preview answer says it."""
    total, transfers = preview["total"], preview["transfers"]
    totals = [money(total["each"], "$")] if total["each"] is not None else []
    if len(transfers) > 1:
        totals.append(money(abs(total["net"]) if total["net"] else total["moved"], "$"))
    balances = sorted(preview["balances"], key=lambda b: b["seat"] != seat)  # theirs first
    return {
        "transfers": [(t["words"], money(t["amount"], "$")) for t in transfers],
        "totals": totals,
        "balances": [
            (
                b["name"],
                money(b["before"], "$"),
                money(b["after"], "$"),
                ("+" if b["change"] > 0 else "") + money(b["change"], "$"),
            )
            for b in balances
        ],
    }


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_every_amount_the_console_shows_is_the_banks(live_server, new_page):
    banker, world = open_console(live_server, new_page, played=PLAYED)
    bank = Bank(world)

    seats = bank.state()["seats"]
    for seat in seats:
        tile = banker.page.locator(f"#seats [data-seat='{seat['seat']}']")
        assert figures(tile.locator(".seat-cash").inner_text()) == [money(seat["cash"], "$")]
        assert figures(tile.locator(".seat-worth").inner_text()) == [money(seat["net_worth"], "$")]

    options = bank.options()
    # The choices of each move with amounts, as the bank offers them, then one choice's check.
    checks = (
        (1, "mortgage", {"kind": "mortgage", "seat": 1, "space": 1}),
        (1, "unmortgage", {"kind": "unmortgage", "seat": 1, "space": 3}),
        (1, "sell_building", {"kind": "sell_building", "seat": 1, "space": 39}),
        (1, "build", None),
        (2, "buy", None),
        (2, "rent", {"kind": "rent", "seat": 2, "space": 37}),
        (4, "rent", {"kind": "rent", "seat": 4, "space": 1}),
    )
    for seat, move, entry in checks:
        banker.player(seat).move(move)
        assert shown_choices(banker) == offered(options, seat, move), (seat, move)
        if entry is not None:
            banker.tap(f".choice[data-space='{entry['space']}']")
            assert shown_check(banker) == checked(bank.preview(entry), seat), entry
        banker.page.locator("#sheet-close").click()
        expect(banker.sheet).to_be_hidden()

    # Amounts the console has no list for: a utility's rent by the dice, a tax on worth.
    for seat, move, pick, entry in (
        (2, "rent", (".choice[data-space='12']", "[data-dice='7']"),
         {"kind": "rent", "seat": 2, "space": 12, "dice": 7}),
        (2, "tax", (".choice[data-space='4'][data-choice='percent']",),
         {"kind": "tax", "seat": 2, "space": 4, "choice": "percent"}),
    ):  # fmt: skip
        banker.player(seat).move(move)
        for selector in pick:
            banker.tap(selector)
        assert shown_check(banker) == checked(bank.preview(entry), seat), entry
        banker.page.locator("#sheet-close").click()
        expect(banker.sheet).to_be_hidden()


def defined(pattern: str) -> list[str]:
    return [
        str(path.relative_to(ROOT))
        for path in SCRIPTS
        if re.search(pattern, path.read_text(), re.MULTILINE)
    ]


def test_money_clocks_and_elements_are_written_once():
    """Written once; a page may name a one-line shortcut to the shared one."""
    assert defined(r"function money\b.*\{\s*$") == ["static/js/format.js"]
    assert defined(r"function (clock|countdown|duration|clockText)\b.*\{\s*$") == [
        "static/js/format.js"
    ]
    assert defined(r"function h\b") == ["static/js/elements.js"]
    assert defined(r"toLocaleString\(") == []
    assert defined(r"\\u2212") == ["static/js/format.js"]  # the minus sign of a debt


def test_the_console_has_no_words_of_its_own_for_an_entry():
    console = "\n".join(p.read_text() for p in CONSOLE)
    assert "describe(" not in console
    assert "KIND_TITLES" not in console
    assert "buys" not in console

"""A right-to-left name (a player's, a team's) in a left-to-right line keeps the digits and
punctuation around it in their places: on each kind of page each role reaches, drawn in
Chromium once its scripts have run, and in the banker's console with each move's sheet open
for that player, every text that holds the name holds it isolated."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import crawl
from tests.browser import TABLET, log_in
from tests.console import Banker
from tests.entries import bank
from tests.played import final_started, night
from tournament.models import Result
from tournament.services.screens import screen_link_issue, screen_path
from tournament.text import isolated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARABIC = "محمد العلي"
TEAM = "الصقور"  # a team's name
NAMES = [
    ARABIC,
    "דוד כהן",
    "Ada محمد",
    "Ada Lovelace",
    "李明",
    "",
    "\N{LINEAR B SYLLABLE B008 A}",
    "\N{PHOENICIAN LETTER ALF}",
]

# The texts of the page holding `name` that are not isolated. A text is isolated when the
# name sits between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE in it, or when its
# element holds the name alone and isolates it: a <bdi>, an element with a dir attribute or
# whose computed unicode-bidi isolates, or a block (not inline) element. (Chromium gives
# every <p> and <div> unicode-bidi: isolate, which keeps the element apart from what is
# around it, not the name apart from the rest of the element's line.)
NOT_ISOLATED = """(name) => {
  const left = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode()); ) {
    const text = node.data;
    const element = node.parentElement;
    if (!text.includes(name) || element.closest("script, style, template")) continue;
    if (text.split("\\u2068" + name + "\\u2069").every(part => !part.includes(name))) continue;
    const style = getComputedStyle(element);
    const isolating = element.localName === "bdi" || element.hasAttribute("dir")
      || ["isolate", "plaintext", "isolate-override"].includes(style.unicodeBidi)
      || !style.display.startsWith("inline");
    if (isolating && element.textContent.trim() === name) continue;
    left.push(`<${element.localName} class="${element.className}">${text.trim()}`);
  }
  return left;
}"""


def not_isolated(page: Any) -> list[str]:
    return [text for name in (ARABIC, TEAM) for text in page.evaluate(NOT_ISOLATED, name)]


def test_every_page_keeps_a_right_to_left_name_isolated(live_server, new_page) -> None:
    n = night(teams=(TEAM, "Blues"))
    # A winner of round 1, renamed before the final's table opens its ledger (which keeps
    # the names its seats had): the final's player on turn at the console.
    first = Result.objects.filter(round=n.round, rank=1).order_by("seat__table__number")[0]
    player = first.player
    player.name = ARABIC
    player.save()
    table = final_started(n)
    seat = table.seats.get(player=player).number
    for _ in range(2):  # past GO twice: the table's leader, on the control room's tile
        bank(table, kind="pass_go", seat=seat)
    roles = crawl.visitors(n.organiser, n.referee, table)
    roles["player"] = (None, [f"/p/{player.token}/"], {})
    roles["screen"] = (None, [screen_path(screen_link_issue(event_id=n.event.pk))], {})
    final_table = f"/referee/events/{n.event.pk}/tables/{table.pk}/"
    mine = reverse("desk:player-edit", args=[player.pk])  # the crawl opens another player's
    message = reverse("desk:player-message", args=[player.pk])  # their invitation
    live = {
        "organiser": [f"/desk/rounds/{table.round_id}/", final_table, mine, message],
        "referee": [final_table],
    }
    left: dict[str, list[str]] = {}
    shown = teams = opened = 0
    for role, (user, starts, _) in roles.items():
        page = new_page(TABLET)
        if user is not None:
            log_in(page, live_server.url, user.get_username(), "/")
        # One address a route, and besides the final's live pages (the round page's tiles,
        # its table's ledger), whose route the crawl may have met first at round 1's, and
        # the renamed player's own page at the desk.
        for path in [*crawl.kinds_of_page(user, starts), *live.get(role, [])]:
            page.goto(live_server.url + path)
            page.wait_for_load_state("networkidle")
            opened += 1
            shown += ARABIC in page.inner_text("body")
            teams += TEAM in page.inner_text("body")
            if texts := not_isolated(page):
                left[f"{role} {path}"] = texts
    assert opened > 40  # every kind of page of every role
    assert shown > 10  # the name is on the pages that name the night's players
    assert teams > 3, teams  # and the team's on those that name teams

    # The console, its player chosen, each move's sheet open: drawn by its script.
    banker = new_page(TABLET)
    log_in(banker, live_server.url, table.banker.user.get_username(), "/")
    console = Banker(banker, table.key).open(live_server.url)
    console.player(seat)
    moves = banker.locator("#moves [data-move]")
    kinds = [m.get_attribute("data-move") for m in moves.all() if m.is_visible()]
    assert len(kinds) > 10
    for kind in kinds:
        console.player(seat)
        banker.locator(f"#moves [data-move='{kind}']").click()
        expect(console.sheet).to_be_visible()
        banker.wait_for_load_state("networkidle")
        if texts := not_isolated(banker):
            left[f"the console's {kind} sheet"] = texts
        banker.keyboard.press("Escape")
        expect(console.sheet).to_be_hidden()
    # The browser's copy of the rule says every name as the server's does.
    said = banker.evaluate("names => names.map(window.MonopolyNight.isolated)", NAMES)
    assert said == [isolated(name) for name in NAMES]
    assert not left, "\n".join(f"{where}: {texts}" for where, texts in left.items())

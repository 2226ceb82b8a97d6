"""Reading without a mouse, or with larger text: on every control a keyboard user reaches
with Tab, in the page and in its green header, the focus ring stands out from what lies
behind it by at least 3:1 (WCAG's non-text contrast); and text grows with the size the
reader chose in their browser."""

from __future__ import annotations

import re

import pytest

from tests.browser import log_in
from tests.conftest import make_world

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The focused control's ring (its outline and any ring drawn by box-shadow around it) and the
# colour behind the control: its own, or that of the nearest ancestor that has one.
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  let behind = el.parentElement, back = 'rgba(0, 0, 0, 0)';
  while (behind) {
    back = getComputedStyle(behind).backgroundColor;
    if (!back.startsWith('rgba(0, 0, 0, 0)') && back !== 'transparent') break;
    behind = behind.parentElement;
  }
  return {name: (el.textContent || el.name || el.tagName).trim().slice(0, 40),
          outline: style.outlineStyle === 'none' ? '' : style.outlineColor,
          width: parseFloat(style.outlineWidth), shadow: style.boxShadow, behind: back};
}"""


def _rgb(text: str) -> list[tuple[int, int, int]]:
    return [tuple(map(int, found)) for found in re.findall(r"rgba?\((\d+), (\d+), (\d+)", text)]


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def rings_seen(page, presses: int = 25) -> list[dict]:
    found = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused:
            found.append(focused)
    return found


def test_the_focus_ring_stands_out_in_the_page_and_in_the_header(live_server, page):
    world = make_world(players=4)
    log_in(page, live_server.url, world.organiser.username, next_url="/")
    seen = rings_seen(page)
    assert len(seen) >= 10
    for focused in seen:
        assert focused["outline"], focused
        assert focused["width"] >= 2, focused
        behind = _rgb(focused["behind"])[0]
        ring = _rgb(focused["outline"]) + _rgb(focused["shadow"])
        best = max(contrast(colour, behind) for colour in ring)
        assert best >= 3, f"{focused['name']!r}: its ring is {best:.1f}:1 against {behind}"
    header = [f for f in seen if _rgb(f["behind"])[0] == (11, 93, 59)]  # the green header
    assert header, "no control of the header was reached"


def test_text_grows_with_the_size_the_reader_chose(live_server, page):
    world = make_world(players=4)
    log_in(page, live_server.url, world.organiser.username, next_url="/")
    console = f"{live_server.url}/console/{world.table.key}/"
    sizes = {}
    for chosen in (16, 24):  # the browser's default text size, then a reader's larger one
        cdp = page.context.new_cdp_session(page)
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": chosen, "fixed": chosen}})
        for address in (f"{live_server.url}/", console):
            page.goto(address)
            size = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
            sizes[address, chosen] = size
    for address in (f"{live_server.url}/", console):
        # In proportion (a page may turn to its narrow layout, a step smaller, as the
        # larger text leaves less room on the line).
        assert sizes[address, 24] >= sizes[address, 16] * 1.4, (address, sizes)


# The labels (our own words) whose single words the browser broke over two lines.
BROKEN_WORDS = """() => {
  const broken = [];
  for (const el of document.querySelectorAll('dt, th, label, .label')) {
    if (!el.offsetParent) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /\\S+/g;
      for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""


def test_labels_keep_their_words_whole_on_a_laptop(live_server, new_page):
    world = make_world(players=4)
    page = new_page(viewport={"width": 1366, "height": 768})
    log_in(page, live_server.url, world.organiser.username, next_url="/")
    for path in (f"/desk/events/{world.event.pk}/", f"/desk/rounds/{world.round.pk}/"):
        page.goto(f"{live_server.url}{path}")
        assert page.evaluate(BROKEN_WORDS) == [], path

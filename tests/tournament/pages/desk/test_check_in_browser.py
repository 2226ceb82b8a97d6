"""Check-in by scanning, in a real headless Chromium: a player's QR code is shown to the
desk's camera (a fake video stream made from the code at test time), and a player's own
page on a phone follows the banker's entries by itself."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import segno
from PIL import Image

from tests.browser import (
    ARGS,
    CHROMIUM,
    PHONE,
    TABLET,
    TABLET_LANDSCAPE,
    log_in,
    no_horizontal_scroll,
    serious_accessibility_violations,
    snap,
    wait_until,
    watch_content_security,
)
from tests.entries import bank
from tests.factories import EventFactory, PlayerFactory, UserFactory, VolunteerFactory
from tournament.models import Player, Volunteer
from tournament.player_links import player_page_url
from tournament.services.rounds import round_create, round_release, round_seat, round_start
from tournament.services.screens import screen_link_issue

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH, HEIGHT = 640, 480


def qr_image(text: str) -> Image.Image:
    """The player's QR code as a camera would see it held up: black on white, centred."""
    png = io.BytesIO()
    segno.make(text, error="m", micro=False).save(png, kind="png", scale=8, border=4)
    code = Image.open(io.BytesIO(png.getvalue())).convert("L")
    frame = Image.new("L", (WIDTH, HEIGHT), 235)
    frame.paste(code, ((WIDTH - code.width) // 2, (HEIGHT - code.height) // 2))
    return frame


def y4m(image: Image.Image, path: Path, frames: int = 10) -> Path:
    """A Y4M video (4:2:0, grey: chroma at 128) of `frames` copies of the image, the format
    Chromium's --use-file-for-fake-video-capture plays in a loop."""
    luma = image.tobytes()
    chroma = bytes([128]) * ((WIDTH // 2) * (HEIGHT // 2))
    with path.open("wb") as out:
        out.write(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            out.write(b"FRAME\n" + luma + chroma + chroma)
    return path


@pytest.fixture
def door() -> dict[str, Any]:
    event = EventFactory(name="Spring Monopoly Night", venue="Guild Hall", charity="Food Bank")
    organiser = UserFactory(username="olga")
    VolunteerFactory(event=event, user=organiser, role=Volunteer.Role.ORGANISER)
    VolunteerFactory(event=event, role=Volunteer.Role.BANKER)
    names = ["Ada Lovelace", "Brook Taylor", "Cy Young", "Dee Ramone", "Eli Whitney", "Fay Wray"]
    players = [PlayerFactory(event=event, name=name, team="") for name in names]
    return {"event": event, "organiser": organiser, "players": players}


@pytest.fixture
def camera_browser(playwright: Any, tmp_path: Path, door: dict[str, Any]) -> Iterator[Any]:
    """A Chromium of its own whose camera films Ada's QR code."""
    video = y4m(qr_image(player_page_url(door["players"][0].token)), tmp_path / "qr.y4m")
    args = [
        *ARGS,
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]
    browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=args)
    yield browser
    browser.close()


def test_the_desk_checks_a_player_in_by_scanning_their_code(
    live_server, camera_browser, door, tmp_path
):
    event, ada, brook = door["event"], door["players"][0], door["players"][1]
    context = camera_browser.new_context(
        viewport=TABLET, has_touch=True, permissions=["camera"], base_url=live_server.url
    )
    context.set_default_timeout(15_000)
    watch_content_security(context)
    page = context.new_page()
    url = f"/desk/events/{event.pk}/check-in/"
    log_in(page, live_server.url, "olga", url)
    wait_until(page, "!!window.jsQR")  # the reader the setup installed (package.json)
    assert page.locator("[data-count-missing]").inner_text() == "6"

    page.get_by_role("button", name="Start camera").click()
    result = page.locator("[data-scan-result]")
    result.filter(has_text="Ada Lovelace").wait_for()
    assert "Checked in" in result.inner_text()
    assert "is-ok" in result.get_attribute("class")
    ada.refresh_from_db()
    assert ada.checked_in
    assert ada.checked_in_at is not None
    wait_until(page, "document.querySelector('[data-count-checked]').textContent === '1'")
    assert page.locator("[data-count-missing]").inner_text() == "5"
    row = page.locator(f"#player-{ada.pk} button.toggle")
    assert row.get_attribute("aria-pressed") == "true"
    # The code stays in view: it checks Ada in once, and the screen keeps saying who it was.
    page.wait_for_timeout(1500)
    assert Player.objects.filter(event=event, checked_in=True).count() == 1
    snap(page, "check-in-tablet")
    assert serious_accessibility_violations(page) == []
    assert no_horizontal_scroll(page)

    # A photo of a code goes through the same reader: Brook's, then Ada's again.
    page.get_by_role("button", name="Stop camera").click()
    photo = tmp_path / "brook.png"
    qr_image(player_page_url(brook.token)).save(photo)
    page.get_by_label("Or read a photo of a code").set_input_files(str(photo))
    result.filter(has_text="Brook Taylor").wait_for()
    assert Player.objects.get(pk=brook.pk).checked_in
    again = tmp_path / "ada.png"
    qr_image(player_page_url(ada.token)).save(again)
    page.get_by_label("Or read a photo of a code").set_input_files(str(again))
    result.filter(has_text="already checked in").wait_for()
    assert "is-already" in result.get_attribute("class")

    # A code from another event is refused clearly, and nobody is checked in by it.
    stranger = PlayerFactory(event=EventFactory(name="Another Night"))
    page.get_by_label("Or type the code").fill(player_page_url(stranger.token))
    page.get_by_role("button", name="Check in", exact=True).click()
    result.filter(has_text="another event").wait_for()
    assert "is-error" in result.get_attribute("class")
    assert not Player.objects.get(pk=stranger.pk).checked_in

    # Ticks by name still work, with the search.
    page.get_by_label("Find a player").fill("fay")
    assert page.locator("tr[data-player]:visible").count() == 1
    page.get_by_role("button", name="Check in — Fay Wray").click()
    wait_until(page, "document.querySelector('[data-count-checked]').textContent === '3'")
    snap(page, "check-in-tablet-after")

    # Each player's link and QR code, and a message ready to send.
    page.get_by_label("Find a player").fill("")
    page.get_by_role("link", name="Link and QR code of Brook Taylor").click()
    page.get_by_role("heading", name="Message to send").wait_for()
    assert player_page_url(brook.token) in page.get_by_label("Plain text").input_value()
    page.get_by_text("HTML version, with the QR code inline").click()
    assert page.locator(".message-preview img[src^='data:image/png']").count() == 1
    snap(page, "check-in-message-tablet")
    assert serious_accessibility_violations(page) == []
    assert no_horizontal_scroll(page)
    assert context.csp_complaints == []  # the camera and the reader run under the policy
    context.close()


def test_a_players_page_on_a_phone_shows_their_table_once_released_and_follows_the_bank(
    live_server, new_page, door
):
    event, players = door["event"], door["players"]
    Player.objects.filter(event=event).update(checked_in=True)
    round_ = round_create(event_id=event.pk, table_size=3)
    round_seat(round_id=round_.pk, seed=4)
    ada = Player.objects.get(pk=players[0].pk)
    seat = ada.seats.select_related("table").get()
    page = new_page(viewport=PHONE)
    page.goto(f"{live_server.url}/p/{ada.token}/")
    page.get_by_text("Seating coming soon").first.wait_for()
    snap(page, "player-phone-coming-soon")
    event = screen_link_issue(event_id=event.pk)
    screen = new_page(viewport=TABLET_LANDSCAPE)
    screen.goto(f"{live_server.url}/events/{event.pk}/screen/{event.screen_token}/")
    screen.get_by_text("Seating coming soon").first.wait_for()
    assert screen.locator(".board").count() == 0
    snap(screen, "screen-seating-coming-soon")

    round_release(round_id=round_.pk, actor=door["organiser"])
    screen.locator(".board").first.wait_for(timeout=15_000)  # the screen's next refresh
    assert screen.locator(".board").count() == 2
    round_start(round_id=round_.pk)
    for payload in (
        {"kind": "buy", "seat": seat.number, "space": 39},
        {"kind": "buy", "seat": seat.number, "space": 37},
        {"kind": "pass_go", "seat": seat.number},
    ):
        bank(seat.table, **payload)
    # The page notices by itself (its live part every ten seconds): no reload.
    page.locator(".p-where-big").first.wait_for(timeout=25_000)
    assert page.locator(".p-where-big").all_inner_texts() == [
        str(seat.table.number),
        str(seat.number),
    ]
    assert page.locator(".p-cash").inner_text().endswith("$950")  # 1,500 - 400 - 350 + 200
    assert "Boardwalk" in page.locator(".p-deeds").inner_text()
    wait_until(
        page,
        "/^[0-9]+(:[0-5][0-9]){1,2}$/.test(document.querySelector('.p-clock').textContent.trim())",
    )
    assert page.locator("form").count() == 0  # nothing here sends anything
    snap(page, "player-phone")
    assert serious_accessibility_violations(page) == []
    assert no_horizontal_scroll(page)

    bank(seat.table, kind="pass_go", seat=seat.number)
    page.locator(".p-cash").filter(has_text=re.compile(r"\$1,150$")).wait_for(timeout=25_000)

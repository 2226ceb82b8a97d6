"""The banker's console in French in a real browser: what its scripts draw (a move's sheet,
the connection, the offline banner, the outbox) is French, and stays French when the tablet,
offline, opens the console again from its cache."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import PHONE, TABLET, no_horizontal_scroll, snap
from tests.conftest import NAMES, make_world
from tests.console import BROKEN_WORDS, SMALLEST_TEXT, Banker
from tests.entries import bank
from tournament.money import money

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_banker_who_chooses_french_reads_the_banks_words_in_french(live_server, new_page):
    """The browser asks for English; the banker picks Français in the switcher: the sheets
    the bank previews and the ledger's lines follow the page, not the browser."""
    world = make_world()
    banker = Banker.at(new_page(TABLET), world).open(live_server.url)
    banker.page.get_by_role("link", name="Français").click()
    banker.open(live_server.url)
    expect(banker.page.locator("html")).to_have_attribute("lang", "fr")
    n = banker.names
    banker.player(1).move("pass_go").record(f"{n[1]} passe par la case Départ")
    expect(banker.page.locator("#ledger [data-seq='1']")).to_contain_text(f"La banque paie {n[1]}")


def test_a_french_tablet_draws_the_console_in_french_offline_too(live_server, new_page):
    world = make_world()
    banker = Banker.at(new_page(TABLET, locale="fr-FR"), world).open(live_server.url)
    page, context = banker.page, banker.page.context
    n = banker.names
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#conn")).to_have_text("En ligne")
    expect(page.locator("#ledger")).to_contain_text("Aucune écriture pour l\u2019instant.")
    worth = money(1500, "USD", "fr")
    expect(page.locator("#seats [data-seat='1']")).to_contain_text(f"Valeur {worth}")

    # A move's sheet: its title, the bank's preview and the buttons, in French.
    banker.player(1).move("pass_go")
    expect(page.locator("#moves-title")).to_have_text(f"Actions de {n[1]}")
    expect(page.locator("#sheet-title")).to_have_text(f"Case Départ · {n[1]}")
    banker.record(f"{n[1]} passe par la case Départ", "Soldes", "Avant", "Après")
    expect(page.locator("#ledger [data-seq='1']")).to_contain_text(f"La banque paie {n[1]}")

    snap(page, "console-fr")

    # A refusal, as the bank words it in French.
    banker.player(2).move("rent").shows(
        f"{n[2]} ne doit aucun loyer ici : le titre n\u2019a pas de propriétaire, appartient à "
        f"{n[2]} ou est hypothéqué."
    )
    page.locator("#sheet-close").click()

    # Offline: the banner, the sheet's note and the outbox, in French.
    expect(page.locator("html")).to_have_attribute("data-offline-ready", "yes")
    context.set_offline(True)
    expect(page.locator("#conn")).to_have_text("Hors ligne")
    expect(page.locator("#banners")).to_contain_text(
        "Les écritures attendent sur cette tablette et partent, dans l\u2019ordre, dès le retour "
        "de la connexion."
    )
    banker.player(3).move("jail_fine").shows("Hors ligne : pas d\u2019aperçu.")
    banker.tap("[data-action=queue]")
    expect(page.locator("#conn")).to_have_text("Hors ligne · 1 en attente")
    expect(page.locator("#ledger .entry.pending")).to_contain_text("Attente")
    snap(page, "console-fr-offline")

    # Opened again with no connection: the page and its French catalogue come from the
    # tablet's cache.
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-console", "ready")
    expect(page.locator("#conn")).to_have_text("Hors ligne · 1 en attente")
    expect(page.locator("#banners")).to_contain_text("Hors ligne.")
    expect(page.locator("#ledger .entry.pending")).to_contain_text(f"Amende de prison · {n[3]}")
    banker.player(4).move("buy")
    expect(page.locator("#sheet-title")).to_have_text(f"Acheter · {n[4]}")
    page.locator("#sheet-close").click()

    context.set_offline(False)
    expect(page.locator("#conn")).to_have_text("En ligne", timeout=15_000)
    expect(page.locator("#ledger [data-seq='2']")).to_contain_text(
        f"{n[3]} paie l\u2019amende pour sortir de prison"
    )


# The moves' buttons whose words run past their edges (a word too long for the button).
OVERFLOWING = """() => [...document.querySelectorAll('#moves button:not([hidden])')]
    .filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent)"""


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR", "es-ES", "de-DE"])
@pytest.mark.parametrize(("name", "viewport"), [("tablet", TABLET), ("phone", PHONE)])
def test_no_move_word_breaks_and_no_text_is_small_in_each_language(
    live_server, new_page, locale, name, viewport
):
    """French, Spanish and German words are longer than English ones: each move's button and
    each deed still holds its words whole, at the console's 15px at least."""
    world = make_world(names=[f"{name} Lovelace" for name in NAMES[:8]])
    bank(world.table, kind="buy", seat=1, space=39)
    bank(world.table, kind="mortgage", seat=1, space=39)  # Unmortgage is offered
    banker = Banker.at(new_page(viewport, locale=locale), world).open(live_server.url)
    banker.player(1)
    assert banker.page.evaluate(SMALLEST_TEXT)[0][0] >= 15
    assert banker.page.evaluate(BROKEN_WORDS) == []
    assert banker.page.evaluate(OVERFLOWING) == []
    assert no_horizontal_scroll(banker.page)
    snap(banker.page, f"console-{locale[:2]}-{name}")

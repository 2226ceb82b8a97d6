"""Names in any script print as they are written: Chinese in its own glyphs, never boxes;
an Arabic name joined and right to left, in a line that stays in its order around it; a
long name cut short clear of the figures beside it."""

from __future__ import annotations

import logging
import re

import pytest

from tests.pdfs import pdf_text
from tests.played import end, night, play
from tests.print_jobs import job_for, make
from tournament.models import Player, Round
from tournament.printing import registry
from tournament.services.rounds import round_create, round_seat, round_start

pytestmark = pytest.mark.django_db

CHINESE, ARABIC = "李明", "محمد العلي"
LONG = "Bartholomew Maximilian Featherstonehaugh-Cholmondeley"
# The other scripts the players' names come in: Hebrew (right to left), Greek, Cyrillic,
# Latin with its accents.
HEBREW, GREEK, CYRILLIC, ACCENTED = "נועה כהן", "Νίκος Παπαδόπουλος", "Ольга Смирнова", "Zoë Ørsted"
SCRIPTS = (CHINESE, ARABIC, LONG, HEBREW, GREEK, CYRILLIC, ACCENTED)


@pytest.fixture
def printed(tmp_path, caplog) -> tuple[dict[str, str], list[str]]:
    """A night whose players include a Chinese, an Arabic, a long, a Hebrew, a Greek, a
    Cyrillic and an accented Latin name, played to its final: every document printed, its
    text by kind, and what WeasyPrint warned of."""
    n = night(ended=False)
    players = Player.objects.filter(event=n.event).order_by("id")
    for player, name in zip(players, SCRIPTS, strict=False):
        player.name = name
        player.save()
    play(n.round)
    end(n.round, n.referee)
    final = round_create(event_id=n.event.pk, kind=Round.Kind.FINAL)
    round_seat(round_id=final.pk, seed=7)
    caplog.set_level(logging.WARNING, logger="weasyprint")
    texts = {}
    for kind in registry.DOCUMENTS:
        job = make(job_for(n, kind, final if kind == "table_cards" else None))
        path = tmp_path / f"{kind}.pdf"
        path.write_bytes(job.file.read())
        texts[kind] = pdf_text(str(path))
    round_start(round_id=final.pk)
    return texts, [record.getMessage() for record in caplog.records]


def test_every_document_prints_every_name_with_glyphs_of_its_own(printed):
    texts, warnings = printed
    assert not [w for w in warnings if "notdef" in w]  # a box drawn for a missing glyph
    for kind in ("badges", "scoresheets", "results", "bracket", "fallback_sheets"):
        assert CHINESE in texts[kind], kind
        assert ARABIC in texts[kind], kind
    # Every player has a badge; two stand side by side, so their lines interleave in the
    # text: each word of each name.
    for name in (HEBREW, GREEK, CYRILLIC, ACCENTED):
        for word in name.split():
            assert word in texts["badges"], name


def test_an_arabic_name_reads_right_to_left_in_a_line_that_keeps_its_order(printed):
    texts, _ = printed
    for kind, text in texts.items():
        assert ARABIC[::-1] not in text, kind  # drawn a letter at a time, left to right
    sheet = texts["scoresheets"]
    # "1. <name>: 2 deeds", not "1. 2 :<name> deeds": the count stays after the name.
    assert re.search(rf"\d\. \W*{ARABIC}\W*: \d+ deeds?", sheet)
    assert re.search(rf"Signed, \W*{ARABIC}", sheet)
    assert re.search(rf"\d\. \W*{ARABIC}\W*\s+\$", texts["results"])  # the final's table

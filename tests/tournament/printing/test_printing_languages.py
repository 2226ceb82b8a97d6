"""Every printed document in French, Spanish and German: each made as the print task makes
it, at an event in that language, reads in it with no English left; and the longer German,
French and Spanish words stay inside the fixed columns of the scoresheet, the table card,
the paper fallback sheet, the results and the bracket (laid out here under
translation.override, as the print task lays them out under the event's language)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from itertools import pairwise
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from tests.conftest import session_for
from tests.pdfs import pdf_text
from tests.played import end, night, play
from tests.print_jobs import job_for, make
from tests.tournament.printing.test_scoresheet_layout import sheet
from tournament.models import Event, PrintJob, Round
from tournament.printing import registry
from tournament.printing.documents import bracket, fallback_sheets, results, table_cards
from tournament.services.rounds import round_create, round_seat

pytestmark = pytest.mark.django_db

# What each document says, in French, and the English it said before.
FRENCH = {
    "table_cards": (
        ["Carton de table", "Places, dans l\u2019ordre de jeu", "Console du banquier", "Arbitre"],
        ["Table card", "Seats, in turn order", "Banker's console", "Keep this card"],
    ),
    "fallback_sheets": (
        ["Registre papier", "Soldes de départ", "Case Départ", "Montant"],
        ["Paper ledger", "Starting balances", "pass GO", "Banker's initials"],
    ),
    "scoresheets": (
        [
            "Feuille de score",
            "Code de vérification",
            "Signé :",
            "Valeur nette après chaque",
            " titres",
        ],
        ["Scoresheet", "Verification code", "Signed", "Net worth after each", "deeds"],
    ),
    "bracket": (
        ["le tableau", "vainqueur", "imprimé le", "tables attribuées"],
        ["the bracket", "winner", "printed", "Round 1"],
    ),
    "results": (
        ["Classement après la manche 1", "Vainqueurs des manches", "Fonds récoltés", "Merci à"],
        ["Standings after", "Round winners", "Money raised", "Thank you", "players"],
    ),
    "badges": (["Manche 2 : table", "place", "au profit de"], ["Round 2", "seat", "in aid of"]),
    "night": (
        ["La soirée en chiffres", "Joueurs inscrits", "Récolté grâce aux dons", "Récolté au total"],
        ["The night in numbers", "Players registered", "Money raised", "Raised in all"],
    ),
}
# An English month, as every document said when it was printed (French writes "nov.").
MONTHS = re.compile(r"\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b")


def one_line(text: str) -> str:
    """A PDF's text on one line: its spaces (and no-break spaces) as one space each."""
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u202f", " "))


@pytest.fixture
def printed_in_french(tmp_path) -> dict[str, str]:
    """A night played to its final's seating, each document printed in French: its text."""
    n = night(ended=False)
    play(n.round)
    end(n.round, n.referee)
    final = round_create(event_id=n.event.pk, kind=Round.Kind.FINAL)
    round_seat(round_id=final.pk, seed=7)
    Event.objects.filter(pk=n.event.pk).update(language="fr")
    texts = {}
    for kind in registry.DOCUMENTS:  # asked in English: paper speaks the event's language
        job = make(job_for(n, kind, final if kind == "table_cards" else None))
        assert job.status == PrintJob.Status.DONE, job.error
        path = tmp_path / f"{kind}.pdf"
        path.write_bytes(job.file.read())
        texts[kind] = one_line(pdf_text(str(path)))
    return texts


def test_every_document_printed_in_french_reads_in_french(printed_in_french):
    assert set(printed_in_french) == set(FRENCH)
    for kind, (french, english) in FRENCH.items():
        text = printed_in_french[kind]
        assert not MONTHS.search(text), (kind, MONTHS.search(text))
        assert not re.search(r"\$\d,\d{3}", text), kind  # "1 500 $US" as French writes it
        text = text.casefold()  # headings are set in capitals
        for words in french:
            assert words.casefold() in text, (kind, words)
        for words in english:
            assert words.casefold() not in text, (kind, words)


def test_a_refusal_to_print_is_said_in_the_language_printed_in():
    n = night(ended=False)
    final = round_create(event_id=n.event.pk, kind=Round.Kind.FINAL)
    Event.objects.filter(pk=n.event.pk).update(language="de")
    job = make(job_for(n, "scoresheets", final))
    assert job.status == PrintJob.Status.FAILED
    assert job.error == (
        "Finale hat noch keine Ergebnisse: Beenden Sie die Runde, bevor Sie ihre "
        "Ergebnisbögen drucken."
    )


# -- Layouts: no word outside its column -------------------------------------------------


MILLIMETRE = 96 / 25.4  # WeasyPrint lays out in CSS pixels


def laid_out(kind: str, parts: list[dict[str, Any]]) -> Any:
    """The first page of a document as WeasyPrint lays it out: its boxes."""
    from weasyprint import HTML

    from tournament.printing.render import _weasy, html_of

    fonts, stylesheet, fetcher = _weasy()
    html = html_of(registry.DOCUMENTS[kind], parts)
    document = HTML(string=html, url_fetcher=fetcher).render(
        stylesheets=[stylesheet], font_config=fonts
    )
    return document


def boxes(page: Any) -> Iterator[Any]:
    yield from page._page_box.descendants()


def classed(page: Any, name: str) -> list[Any]:
    """The boxes of the page's elements whose class list holds `name` (not the lines and
    words inside them, which name the same element)."""
    from weasyprint.formatting_structure.boxes import LineBox, TextBox

    return [
        box
        for box in boxes(page)
        if getattr(box, "element", None) is not None
        and name in (box.element.get("class") or "").split()
        and not isinstance(box, LineBox | TextBox)
    ]


def texts_in(box: Any) -> list[Any]:
    from weasyprint.formatting_structure.boxes import TextBox

    return [child for child in box.descendants() if isinstance(child, TextBox)]


def outside(box: Any) -> list[str]:
    """The words of a box drawn beyond its right edge (half a millimetre's grace)."""
    right = box.content_box_x() + box.width + MILLIMETRE / 2
    return [text.text for text in texts_in(box) if text.position_x + text.width > right]


def broken(page: Any, box: Any) -> list[str]:
    """The words of a box's element drawn cut in two across its lines ("SITZPLA" "TZ"): a
    word none of the page's pieces of text inside that element holds whole."""
    from weasyprint.formatting_structure.boxes import TextBox

    inside = set(box.element.iter())
    drawn = [
        b.text.casefold() for b in boxes(page) if isinstance(b, TextBox) and b.element in inside
    ]
    said = " ".join(box.element.itertext()).casefold().split()
    return [word for word in said if not any(word in piece for piece in drawn)]


def span(box: Any) -> tuple[float, float]:
    words = texts_in(box)
    return min(t.position_x for t in words), max(t.position_x + t.width for t in words)


LANGUAGES = ["de", "fr", "es"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_scoresheets_headings_and_outcomes_stay_in_their_columns(language):
    with translation.override(language):
        part = sheet(6, 7)
        part["seats"][1]["advances"] = True
        part["seats"][2]["undecided"] = True
        part["seats"][3]["bankrupt"] = True
        page = laid_out("scoresheets", [part]).pages[0]
    headings = sorted((span(box) for box in classed(page, "st-h")), key=lambda s: s[0])
    assert len(headings) == 4  # cash, deeds, buildings, net worth
    for (_, right), (left, _) in pairwise(headings):
        assert right + MILLIMETRE <= left, headings  # a millimetre between two headings
    (outcome,) = classed(page, "st-outcome")
    assert outside(outcome) == []
    assert len(laid_out("scoresheets", [part]).pages) == 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_table_card_and_a_fallback_sheet_keep_their_words_in_their_boxes(language):
    from weasyprint.formatting_structure.boxes import TableCellBox

    n = night(ended=False)
    job = job_for(n, "fallback_sheets")
    with translation.override(language):
        for kind, parts in (
            ("fallback_sheets", list(fallback_sheets(job).items)),
            ("table_cards", list(table_cards(job).items)),
        ):
            document = laid_out(kind, parts[:1])
            assert len(document.pages) == 1, kind
            page = document.pages[0]
            cells = [box for box in boxes(page) if isinstance(box, TableCellBox)]
            for box in cells + classed(page, "card-people") + classed(page, "card-number"):
                assert outside(box) == [], (kind, box.element_tag)
                assert broken(page, box) == [], kind


def test_the_print_page_reads_in_the_organisers_language():
    n = night()
    assert make(job_for(n, "results")).status == PrintJob.Status.DONE
    client = session_for(n.organiser)
    page = client.get(reverse("print-page", args=[n.event.pk]), headers={"Accept-Language": "fr"})
    text = one_line(unescape(page.content.decode()))
    for words in ("Documents à imprimer", "Créer le PDF", "Cartons de table", "Ouvrir le PDF"):
        assert words in text, words
    for words in ("Print menu", "Make PDF", "Table cards", "Open PDF", "Nothing printed"):
        assert words not in text, words
    assert not MONTHS.search(text), MONTHS.search(text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_results_pills_keep_their_word_whole_on_one_line(language):
    """'Goes on' and 'Winner' in a pill beside each row of the standings: never broken
    within the word ("QUALIFI É"), however narrow the table leaves their column."""
    n = night(players=8, teams=("Die Rechenkünstler", "Blues"))
    with translation.override(language):
        parts = list(results(job_for(n, "results")).items)
        page = laid_out("results", parts[:1]).pages[0]
    pills = classed(page, "pill")
    assert len(pills) >= 2
    for pill in pills:
        assert len({round(text.position_y) for text in texts_in(pill)}) == 1, pill.element.text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_brackets_boxes_stand_where_they_stand_in_english(language):
    """The bracket's boxes are placed by CSS lengths: a language that writes 12.5 as "12,5"
    must not move them all to the page's corner. (A longer key may take the title to two
    lines, within the room the layout keeps for it: every box then stands as much lower.)"""
    n = night()
    final = round_create(event_id=n.event.pk, kind=Round.Kind.FINAL)
    round_seat(round_id=final.pk, seed=7)
    parts = list(bracket(job_for(n, "bracket")).items)

    def places() -> list[tuple[float, float]]:
        document = laid_out("bracket", parts)
        assert len(document.pages) == 1
        boxes = classed(document.pages[0], "box")
        return [(round(b.position_x), b.position_y) for b in boxes]

    english = places()
    assert len(set(english)) == 3  # two tables, then the final
    with translation.override(language):
        shown = places()
    assert [x for x, _ in shown] == [x for x, _ in english]
    lower = [y - was for (_, y), (_, was) in zip(shown, english, strict=True)]
    assert max(lower) - min(lower) < 0.5
    assert max(lower) <= 6 * MILLIMETRE

"""The rules FAQ in each language: an entry per question and language, loaded from
games/faq/faq.<language>.json; a reader finds the entries of their language, searched with
that language's words (PostgreSQL's text search configuration, or the plain fallback's
endings and stopwords), and the English one of any question not written in it."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.apps import apps as django_apps
from django.db import IntegrityError, connection, transaction

from games import selectors
from games.models import FaqEntry
from games.selectors import faq_briefing, faq_by_topic, faq_in_language, faq_search, readable

FAQ_DIR = Path(selectors.__file__).resolve().parent / "faq"
LANGUAGES = ("fr", "es", "de")
TEXTS = ("question", "answer", "keywords")

# What a reader types in their language, and the entry it must find in the top three.
SEARCHES = [
    ("fr", "loyer gare", "rent-station"),
    ("fr", "Combien coûte le loyer des gares ?", "rent-station"),
    ("fr", "hypothéquer", "mortgage-how"),
    ("fr", "sortir de prison", "jail-ways-out"),
    ("fr", "parc gratuit", "money-free-parking"),
    ("es", "alquiler estación", "rent-station"),
    ("es", "cómo hipoteco una propiedad", "mortgage-how"),
    ("es", "salir de la cárcel", "jail-ways-out"),
    ("de", "Hypothek", "mortgage-how"),
    ("de", "Miete Bahnhöfe", "rent-station"),
    ("de", "aus dem Gefängnis kommen", "jail-ways-out"),
    ("de", "Frei Parken", "money-free-parking"),
]


def items(name: str) -> list[dict]:
    return json.loads((FAQ_DIR / name).read_text(encoding="utf-8"))


def top(query: str, language: str, n: int = 3) -> list[str]:
    return [entry.slug for entry in faq_search(query=query, language=language, limit=n)]


def plain(monkeypatch) -> None:
    """The search as on SQLite: without PostgreSQL's full text and trigrams."""
    monkeypatch.setattr(selectors, "_has_full_text_search", lambda: False)


# ------------------------------------------------------------------------------ content


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_translation_holds_english_entries_with_the_same_fields_but_its_own_words(language):
    english = {item["slug"]: item for item in items("faq.json")}
    translated = items(f"faq.{language}.json")
    assert translated
    for item in translated:
        original = english[item["slug"]]
        assert set(item) == set(original), item["slug"]
        for field in set(original) - set(TEXTS):
            assert item[field] == original[field], (item["slug"], field)
        for field in TEXTS:
            assert item[field].strip(), (item["slug"], field)
        assert item["question"] != original["question"], item["slug"]
        assert item["question"].strip().endswith("?"), item["slug"]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_migration_loads_each_translation_at_its_english_entrys_position(language):
    positions = dict(FaqEntry.objects.filter(language="en").values_list("slug", "position"))
    loaded = FaqEntry.objects.filter(language=language)
    assert sorted(loaded.values_list("slug", flat=True)) == sorted(
        item["slug"] for item in items(f"faq.{language}.json")
    )
    for entry in loaded:
        assert entry.position == positions[entry.slug], entry.slug


@pytest.mark.django_db
def test_a_question_is_written_once_in_each_language():
    with transaction.atomic(), pytest.raises(IntegrityError):
        FaqEntry.objects.create(
            slug="rent-station", language="fr", question="Encore ?", answer="Non.", topic="rent"
        )


@pytest.mark.django_db
def test_unloading_the_translations_leaves_english_and_loading_again_restores_them():
    content = importlib.import_module("games.migrations.0005_faq_translations")
    editor = SimpleNamespace(connection=connection)
    before = FaqEntry.objects.count()
    content.unload(django_apps, editor)
    assert set(FaqEntry.objects.values_list("language", flat=True)) == {"en"}
    content.load(django_apps, editor)
    content.load(django_apps, editor)  # twice changes nothing
    assert FaqEntry.objects.count() == before


# ------------------------------------------------------------------------------ reading


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_reader_reads_every_question_once_in_their_language_or_else_in_english(language):
    slugs = list(FaqEntry.objects.filter(language="en").values_list("slug", flat=True))
    translated = {item["slug"] for item in items(f"faq.{language}.json")}
    read = list(readable(language).order_by("position", "id"))
    assert [entry.slug for entry in read] == slugs  # every question, once, in FAQ order
    for entry in read:
        assert entry.language == (language if entry.slug in translated else "en"), entry.slug
    grouped = [entry.slug for _, entries in faq_by_topic(language) for entry in entries]
    assert sorted(grouped) == sorted(slugs)
    assert [e.slug for e in faq_briefing(language)] == [e.slug for e in faq_briefing()]


@pytest.mark.django_db
def test_an_english_reader_reads_only_english():
    assert set(readable().values_list("language", flat=True)) == {"en"}
    assert {entry.language for entry in faq_search(query="rent station")} == {"en"}


@pytest.mark.django_db
def test_picks_made_in_one_language_are_read_in_another():
    picked = list(FaqEntry.objects.filter(language="de", slug__in=["mortgage-how", "rent-station"]))
    shown = faq_in_language(picked, "fr")
    assert [(e.slug, e.language) for e in shown] == [(e.slug, "fr") for e in picked]
    assert {e.language for e in faq_in_language(picked, "en")} == {"en"}


# ------------------------------------------------------------------------------ search


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "query", "slug"), SEARCHES)
def test_a_question_typed_in_french_spanish_or_german_finds_its_answer(language, query, slug):
    found = faq_search(query=query, language=language, limit=3)
    assert slug in [entry.slug for entry in found], (query, found)
    assert next(e for e in found if e.slug == slug).language == language


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "query", "slug"), SEARCHES)
def test_without_postgresql_the_plain_fallback_finds_it_too_in_one_query(
    monkeypatch, django_assert_max_num_queries, language, query, slug
):
    plain(monkeypatch)
    with django_assert_max_num_queries(1):
        found = top(query, language)
    assert slug in found, (query, found)


@pytest.mark.django_db
@pytest.mark.parametrize("full_text", [True, False])
def test_accents_left_out_or_a_typo_still_find_the_answer(monkeypatch, full_text):
    if not full_text:
        plain(monkeypatch)
    assert "mortgage-how" in top("hypotheque", "fr")
    assert "mortgage-how" in top("Hypotek", "de")
    assert "jail-ways-out" in top("carcel", "es")


@pytest.mark.django_db
@pytest.mark.parametrize("full_text", [True, False])
def test_a_question_written_only_in_english_is_found_by_every_reader(monkeypatch, full_text):
    if not full_text:
        plain(monkeypatch)
    FaqEntry.objects.create(
        slug="raffle",
        question="When is the raffle drawn?",
        answer="At nine. Tickets are sold at the desk.",
        keywords="raffle tombola prize",
        topic="tournament",
        position=5,
    )
    for language in LANGUAGES:
        assert top("raffle", language)[:1] == ["raffle"], language
    # A question the reader's language has is never read in English beside it.
    found = faq_search(query="mortgage hypothèque", language="fr")
    assert all(e.language == "fr" for e in found if e.slug == "mortgage-how")
    assert len([e for e in found if e.slug == "mortgage-how"]) <= 1


@pytest.mark.django_db
def test_a_blank_query_gives_the_readers_briefing_first():
    briefing = faq_briefing("de")
    assert [e.pk for e in faq_search(query=" ", language="de", limit=4)] == [
        e.pk for e in briefing[:4]
    ]


def test_a_language_code_names_the_faqs_language_or_english():
    assert [selectors.faq_language(code) for code in ("fr", "de-ch", "es", "it", "", None)] == [
        "fr",
        "de",
        "es",
        "en",
        "en",
        "en",
    ]

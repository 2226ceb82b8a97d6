"""games/deed_questions.py: a question about one deed, typed in the reader's language
(English, French, Spanish or German), answered with the engine's number; the answer a
sentence marked for the catalogues, said here in English (the FAQ page says it in the
reader's language)."""

from __future__ import annotations

import pytest

from games.deed_questions import DeedAnswer, Suggestion, deed_answer
from games.engine import rules_for

US = rules_for("us", {})

#: Per language: rent with a hotel, two stations, a mortgage, a utility with the dice.
ASKED = {
    "fr": (
        "loyer Boardwalk avec un hôtel",
        "loyer de deux gares",
        "hypothèque Park Place",
        "loyer Electric Company avec les deux compagnies dés 8",
    ),
    "es": (
        "alquiler de Boardwalk con hotel",
        "alquiler de dos estaciones",
        "hipoteca de Park Place",
        "alquiler de Electric Company con las dos compañías dados 8",
    ),
    "de": (
        "Miete Boardwalk mit Hotel",
        "Miete für zwei Bahnhöfe",
        "Hypothek Park Place",
        "Miete Electric Company mit beiden Versorgungswerken Würfel 8",
    ),
}
ANSWERED = (
    "Rent on Boardwalk with a hotel: $2,000",
    "Rent on a railroad with 2 railroads owned: $50",
    "Mortgage on Park Place: it raises $175; lifting it costs $193",
    "Rent on Electric Company with both utilities owned: 10 times the dice, $80 for an 8",
)
THREE_HOUSES = "Rent on Park Place with 3 houses: $1,100"


def said(question: str, language: str) -> str:
    answer = deed_answer(question, US, language)
    assert isinstance(answer, DeedAnswer), answer
    return answer.text


@pytest.mark.parametrize("language", sorted(ASKED))
@pytest.mark.parametrize("which", range(4))
def test_a_question_in_the_readers_language_gets_the_banks_number(language, which):
    assert said(ASKED[language][which], language) == ANSWERED[which]


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("LOYER boardwalk avec un hotel", "fr"),  # accents left out
        ("alquiler de Boardwalk con un hotel", "es"),
        ("Miete für Boardwalk mit einem Hotel", "de"),
    ],
)
def test_words_typed_without_accents_or_in_capitals_are_read(question, language):
    assert said(question, language) == ANSWERED[0]


def test_a_number_word_and_a_plural_are_read_in_each_language():
    assert said("loyer Park Place avec trois maisons", "fr") == THREE_HOUSES
    assert said("alquiler de Park Place con tres casas", "es") == THREE_HOUSES
    assert said("Miete Park Place mit drei Häusern", "de") == THREE_HOUSES


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("loyer de Boardwalk avec tout le groupe, sans maison", "fr"),
        ("alquiler de Boardwalk con todo el grupo y sin casas", "es"),
        ("Miete für Boardwalk mit der ganzen Gruppe ohne Häuser", "de"),
    ],
)
def test_the_whole_group_without_houses_is_read_in_each_language(question, language):
    assert said(question, language) == (
        "Rent on Boardwalk with the whole group and no houses: $100"
    )


@pytest.mark.parametrize(
    ("question", "language", "word", "answered"),
    [
        ("loyre Boardwalk avec un hôtel", "fr", "loyer", ANSWERED[0]),
        ("alquiler de Park Place con tres csaas", "es", "casas", THREE_HOUSES),
        ("Meite Boardwalk mit Hotel", "de", "miete", ANSWERED[0]),
    ],
)
def test_a_misspelt_word_is_offered_the_readers_word(question, language, word, answered):
    answer = deed_answer(question, US, language)
    assert isinstance(answer, Suggestion)
    assert answer.words == (word,)
    fixed = deed_answer(answer.question, US, language)
    assert isinstance(fixed, DeedAnswer)
    assert fixed.text == answered


@pytest.mark.parametrize(
    ("question", "language"),
    [("alqiler de Boardwalk con hotel", "es"), ("Miette Boardwalk mit Hotel", "de")],
)
def test_a_word_one_letter_from_the_readers_word_is_read_as_it(question, language):
    assert said(question, language) == ANSWERED[0]


def test_an_english_misspelling_is_still_offered_the_english_word():
    answer = deed_answer("hotle rent boardwalk", US)
    assert isinstance(answer, Suggestion)
    assert answer.words == ("hotel",)


def test_the_answer_keeps_its_sentence_and_values_for_the_readers_language():
    answer = deed_answer("loyer Boardwalk avec un hôtel", US, "fr")
    assert isinstance(answer, DeedAnswer)
    assert answer.sentence.singular == "Rent on %(deed)s with a hotel: %(rent)s"
    assert answer.sentence.values["deed"] == "Boardwalk"
    assert int(answer.sentence.values["rent"]) == 2000


def test_a_word_of_no_language_the_bank_reads_leaves_the_faq_to_answer():
    assert deed_answer("loyer Boardwalk avec un château", US, "fr") is None


def test_an_unknown_language_reads_english():
    assert said("rent on boardwalk with a hotel", "xx") == ANSWERED[0]

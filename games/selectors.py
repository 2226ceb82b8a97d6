"""Reads for the referees' rules FAQ: search as you type, and the briefing list, each in
the reader's language.

An entry is one question in one language (FaqEntry.language, with its slug). A reader
reads the entries of their language, and the English one of any question not written in
it (`readable`): an entry an organiser adds in English shows to every reader."""

import difflib
import re
import unicodedata
from collections.abc import Iterable, Sequence

from django.contrib.postgres.search import SearchQuery, SearchRank, TrigramStrictWordSimilarity
from django.db import connections
from django.db.models import Case, Exists, F, FloatField, OuterRef, Q, QuerySet, Value, When

from games.models import ENGLISH, SEARCH_CONFIGS, FaqEntry

MAX_WORDS = 12
# Trigram similarity of the typed words to an entry's question catches typos and
# half-typed words: "morgage" scores 0.55 against "How do I mortgage a property?".
# An entry matches on trigrams when pg_trgm's strict word similarity threshold (0.5 by
# default; pg_trgm.strict_word_similarity_threshold) is met, and the similarity adds
# TRIGRAM_WEIGHT times itself to ts_rank (about 0.1 to 1 for a good full-text hit).
TRIGRAM_WEIGHT = 0.5

_WORD = re.compile(r"[^\W_]+")  # letters and digits only: nothing else reaches a tsquery
_ENDS_IN_WORD = re.compile(r"[^\W_]$")
# Words too common to help ("can I collect rent in jail"): left out of the trigram text
# and of the plain fallback, in each language (written without accents, as the plain
# fallback compares words: `_fold`). PostgreSQL's configurations drop their own lists.
_STOPWORD_TEXT = {
    "en": "a an and are as at be but by can do does for from how i if in is it me my of on "
    "or so the to was what when where which who why will with you your",
    "fr": "a au aux avec ce ces comment dans de des du elle en est et il je la le les leur "
    "mais me mon ne nous on ou par pas peut pour quand que quel quelle qui sa se si son sur "
    "ta un une vous y",
    "es": "a al como con cual cuando de del el en es esta la las le lo los mi no o para por "
    "que se si su sus un una usted y yo",
    "de": "am an auf aus bei das dem den der des die ein eine einem einen einer es fur ich "
    "im in ist kann man mit muss oder sie und von was wann wer wie zu zum zur",
}
_STOPWORDS = {language: frozenset(text.split()) for language, text in _STOPWORD_TEXT.items()}
# The endings the plain fallback drops to find a word's other forms ("gares" finds "gare",
# "Hypotheken" finds "Hypothek"), longest first, leaving at least four letters.
_SUFFIXES = {
    "en": ("ies", "es", "s", "ing", "ed"),
    "fr": ("ees", "es", "ee", "s", "x", "e"),
    "es": ("es", "s"),
    "de": ("en", "er", "es", "n", "s", "e"),
}


def faq_language(code: str | None) -> str:
    """The FAQ's language for a language code ("fr", "de-ch"): its own, else English."""
    language = (code or ENGLISH).split("-")[0].lower()
    return language if language in SEARCH_CONFIGS else ENGLISH


def readable(language: str = ENGLISH) -> QuerySet[FaqEntry]:
    """The entries a reader of `language` reads: those in it, and the English entry of each
    question not written in it."""
    entries = FaqEntry.objects.defer("search_document")
    if language == ENGLISH:
        return entries.filter(language=ENGLISH)
    translated = FaqEntry.objects.filter(language=language, slug=OuterRef("slug"))
    return entries.filter(Q(language=language) | Q(language=ENGLISH) & ~Exists(translated))


def faq_briefing(language: str = ENGLISH) -> list[FaqEntry]:
    """The entries suggested for reading aloud at the players' briefing, in order."""
    return list(readable(language).filter(briefing=True).order_by("position", "id"))


def faq_in_language(entries: Sequence[FaqEntry], language: str = ENGLISH) -> list[FaqEntry]:
    """These entries, in this order, each as a reader of `language` reads its question (an
    organiser's picks may have been made in another language): one query, none for none."""
    if not entries:
        return []
    found = {e.slug: e for e in readable(language).filter(slug__in=[e.slug for e in entries])}
    return [found.get(entry.slug, entry) for entry in entries]


def faq_search(*, query: str, language: str = ENGLISH, limit: int = 10) -> list[FaqEntry]:
    """The entries a reader of `language` reads (`readable`) best matching `query`, best
    first; a blank query gives the briefing first.

    PostgreSQL: one query ranking full text (question, keywords, answer) in the language's
    text search configuration, a prefix match on the word being typed and trigram
    similarity to the question; a second query, the longest word alone by trigrams, only
    when several words find nothing (all misspelt). Each entry found carries its score as
    `rank`. Other databases: `faq_rank_plain`.
    """
    if limit <= 0:
        return []
    words = _WORD.findall(query.lower())[:MAX_WORDS]
    if not words:
        first = readable(language).order_by("-briefing", "position", "id")
        return list(first[:limit])
    if not _has_full_text_search():
        return _search_plain(words=words, language=language, limit=limit)
    typing = bool(_ENDS_IN_WORD.search(query))  # no space or "?" yet: last word may be partial
    found = list(_search_postgresql(words=words, language=language, typing=typing)[:limit])
    if not found and len(_without_stopwords(words, language)) > 1:
        found = list(_search_misspelt(words=words, language=language)[:limit])
    return found


def _without_stopwords(words: Sequence[str], language: str = ENGLISH) -> list[str]:
    stopwords = _STOPWORDS[language]
    return [word for word in words if _fold(word) not in stopwords] or list(words)


def _has_full_text_search() -> bool:
    return connections[FaqEntry.objects.db].vendor == "postgresql"


def _search_postgresql(*, words: Sequence[str], language: str, typing: bool) -> QuerySet[FaqEntry]:
    # Any word may match (ts_rank rewards matching more of them); the last one also as a
    # prefix while it is being typed. `words` hold only letters and digits, so the raw
    # tsquery text cannot carry operators, and it is sent as a bound parameter. Each entry
    # is matched and ranked in its own language's configuration: the reader's, or English
    # for a question not written in it.
    terms = list(words)
    if typing:
        terms[-1] = f"{terms[-1]}:*"
    tsquery = SearchQuery(" | ".join(terms), search_type="raw", config=SEARCH_CONFIGS[language])
    english = SearchQuery(" | ".join(terms), search_type="raw", config=SEARCH_CONFIGS[ENGLISH])
    matches = Q(search_document=tsquery)
    rank = SearchRank(F("search_document"), tsquery)
    if language != ENGLISH:
        matches = Q(language=language, search_document=tsquery) | Q(
            language=ENGLISH, search_document=english
        )
        rank = Case(
            When(language=language, then=rank),
            default=SearchRank(F("search_document"), english),
            output_field=FloatField(),
        )
    text = " ".join(_without_stopwords(words, language))
    # Both branches of the filter can use a GIN index (the stored tsvector, the question's
    # trigrams). Trigrams are the costly part, so only the question (the shortest text)
    # is compared, and each row computes one similarity: in the filter if the full text
    # did not match, in the rank if it is kept.
    return (
        readable(language)
        .annotate(
            rank=rank
            + TrigramStrictWordSimilarity(text, "question")
            * Value(TRIGRAM_WEIGHT, output_field=FloatField())
        )
        .filter(matches | Q(question__trigram_strict_word_similar=text))
        .order_by("-rank", "position", "id")
    )


def _search_misspelt(*, words: Sequence[str], language: str) -> QuerySet[FaqEntry]:
    # Every word misspelt ("morgage intrest"): the longest word, the most telling one,
    # alone against the questions' words. One similarity per row, like the first pass.
    longest = max(_without_stopwords(words, language), key=len)
    return (
        readable(language)
        .annotate(rank=TrigramStrictWordSimilarity(longest, "question"))
        .filter(question__trigram_strict_word_similar=longest)
        .order_by("-rank", "position", "id")
    )


def _fold(text: str) -> str:
    """Text as the plain fallback compares it: in lower case, without accents ("hypothèque"
    as "hypotheque", "Bahnhöfe" as "bahnhofe"), as people often type on a phone."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _stem(word: str, language: str = ENGLISH) -> str:
    """A crude stem so "utilities" finds "utility", "houses" finds "house" and "gares" finds
    "gare": the word less the longest of its language's endings that leaves four letters."""
    for suffix in _SUFFIXES[language]:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def _search_plain(*, words: Sequence[str], language: str, limit: int) -> list[FaqEntry]:
    """Without PostgreSQL's full text and trigrams: the whole FAQ in the reader's language
    (a few hundred entries at most) read in one query and ranked in Python, each word the
    FAQ does not use read as the nearest word it does ("morgage" as "mortgage", "jale" as
    "jail")."""
    entries = list(readable(language))
    topical: set[str] = set()  # the questions' and keywords' words, tried first
    answers: set[str] = set()
    for entry in entries:
        topical.update(_WORD.findall(_fold(f"{entry.question} {entry.keywords}")))
        answers.update(_WORD.findall(_fold(entry.answer)))
    nearest = [_nearest(_fold(word), topical, answers) for word in words]
    return faq_rank_plain(entries=entries, words=nearest, language=language, limit=limit)


def _nearest(word: str, *vocabularies: set[str]) -> str:
    """The word, if the FAQ uses it; else the FAQ's word nearest to it in spelling, from the
    first vocabulary that has one: the typo tolerance PostgreSQL's trigrams give, for the
    databases without them."""
    if any(word in vocabulary for vocabulary in vocabularies):
        return word
    for vocabulary in vocabularies:
        close = difflib.get_close_matches(word, vocabulary, n=5, cutoff=0.7)
        if close:  # of the nearest, one with the same first letter (typos seldom change it)
            return next((c for c in close if c[0] == word[0]), close[0])
    return word


def faq_rank_plain(
    *,
    entries: Iterable[FaqEntry],
    words: Sequence[str],
    language: str = ENGLISH,
    limit: int = 10,
) -> list[FaqEntry]:
    """Score entries in Python (the fallback without PostgreSQL): substring hits per word,
    accents and case aside (`_fold`), each word less its ending (`_stem`) and the language's
    stopwords left out. A word found in the question scores 3, in the keywords 2, in the
    answer 1; entries hitting nothing are left out; ties keep FAQ order."""
    folded = [_fold(word) for word in words]
    stems = dict.fromkeys(_stem(word, language) for word in _without_stopwords(folded, language))
    scored: list[tuple[int, int, FaqEntry]] = []
    for entry in entries:
        texts = [(3, _fold(entry.question)), (2, _fold(entry.keywords)), (1, _fold(entry.answer))]
        score = sum(weight * (stem in text) for stem in stems for weight, text in texts)
        if score:
            scored.append((-score, entry.position, entry))
    scored.sort(key=lambda item: item[:2])
    return [entry for _, _, entry in scored[:limit]]


def faq_by_topic(language: str = ENGLISH) -> list[tuple[str, list[FaqEntry]]]:
    """Every entry a reader of `language` reads, grouped by topic in the topics' order (each
    topic's name in the active language); each group in FAQ order."""
    groups: dict[str, list[FaqEntry]] = {topic: [] for topic in FaqEntry.Topic.values}
    for entry in readable(language).order_by("position", "id"):
        groups.setdefault(entry.topic, []).append(entry)
    labels = dict(FaqEntry.Topic.choices)
    return [(labels.get(topic, topic), entries) for topic, entries in groups.items() if entries]

"""Reads for the referees' rules FAQ: search as you type, and the briefing list."""

import difflib
import re
from collections.abc import Iterable, Sequence

from django.contrib.postgres.search import SearchQuery, SearchRank, TrigramStrictWordSimilarity
from django.db import connections
from django.db.models import F, FloatField, Q, QuerySet, Value

from games.models import FaqEntry

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
# and of the plain fallback. (PostgreSQL's english configuration drops its own list.)
_STOPWORD_TEXT = (
    "a an and are as at be but by can do does for from how i if in is it me my of on "
    "or so the to was what when where which who why will with you your"
)
_STOPWORDS = frozenset(_STOPWORD_TEXT.split())


def faq_briefing() -> list[FaqEntry]:
    """The entries suggested for reading aloud at the players' briefing, in order."""
    entries = FaqEntry.objects.defer("search_document").filter(briefing=True)
    return list(entries.order_by("position", "id"))


def faq_search(*, query: str, limit: int = 10) -> list[FaqEntry]:
    """The entries best matching `query`, best first; a blank query gives the briefing first.

    PostgreSQL: one query ranking full text (question, keywords, answer), a prefix match on
    the word being typed and trigram similarity to the question; a second query, the
    longest word alone by trigrams, only when several words find nothing (all misspelt).
    Each entry found carries its score as `rank`. Other databases: `faq_rank_plain`.
    """
    if limit <= 0:
        return []
    words = _WORD.findall(query.lower())[:MAX_WORDS]
    if not words:
        first = FaqEntry.objects.defer("search_document").order_by("-briefing", "position", "id")
        return list(first[:limit])
    if not _has_full_text_search():
        return _search_plain(words=words, limit=limit)
    typing = bool(_ENDS_IN_WORD.search(query))  # no space or "?" yet: last word may be partial
    found = list(_search_postgresql(words=words, typing=typing)[:limit])
    if not found and len(_without_stopwords(words)) > 1:
        found = list(_search_misspelt(words=words)[:limit])
    return found


def _without_stopwords(words: Sequence[str]) -> list[str]:
    return [word for word in words if word not in _STOPWORDS] or list(words)


def _has_full_text_search() -> bool:
    return connections[FaqEntry.objects.db].vendor == "postgresql"


def _search_postgresql(*, words: Sequence[str], typing: bool) -> QuerySet[FaqEntry]:
    # Any word may match (ts_rank rewards matching more of them); the last one also as a
    # prefix while it is being typed. `words` hold only letters and digits, so the raw
    # tsquery text cannot carry operators, and it is sent as a bound parameter.
    terms = list(words)
    if typing:
        terms[-1] = f"{terms[-1]}:*"
    tsquery = SearchQuery(" | ".join(terms), search_type="raw", config="english")
    text = " ".join(_without_stopwords(words))
    # Both branches of the filter can use a GIN index (the stored tsvector, the question's
    # trigrams). Trigrams are the costly part, so only the question (the shortest text)
    # is compared, and each row computes one similarity: in the filter if the full text
    # did not match, in the rank if it is kept.
    return (
        FaqEntry.objects.defer("search_document")
        .annotate(
            rank=SearchRank(F("search_document"), tsquery)
            + TrigramStrictWordSimilarity(text, "question")
            * Value(TRIGRAM_WEIGHT, output_field=FloatField())
        )
        .filter(Q(search_document=tsquery) | Q(question__trigram_strict_word_similar=text))
        .order_by("-rank", "position", "id")
    )


def _search_misspelt(*, words: Sequence[str]) -> QuerySet[FaqEntry]:
    # Every word misspelt ("morgage intrest"): the longest word, the most telling one,
    # alone against the questions' words. One similarity per row, like the first pass.
    longest = max(_without_stopwords(words), key=len)
    return (
        FaqEntry.objects.defer("search_document")
        .annotate(rank=TrigramStrictWordSimilarity(longest, "question"))
        .filter(question__trigram_strict_word_similar=longest)
        .order_by("-rank", "position", "id")
    )


def _stem(word: str) -> str:
    """A crude stem so "utilities" finds "utility" and "houses" finds "house"."""
    for suffix in ("ies", "es", "s", "ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def _search_plain(*, words: Sequence[str], limit: int) -> list[FaqEntry]:
    """Without PostgreSQL's full text and trigrams: the whole FAQ (a few hundred entries at
    most) read in one query and ranked in Python, each word the FAQ does not use read as
    the nearest word it does ("morgage" as "mortgage", "jale" as "jail")."""
    entries = list(FaqEntry.objects.defer("search_document"))
    topical: set[str] = set()  # the questions' and keywords' words, tried first
    answers: set[str] = set()
    for entry in entries:
        topical.update(_WORD.findall(f"{entry.question} {entry.keywords}".lower()))
        answers.update(_WORD.findall(entry.answer.lower()))
    nearest = [_nearest(word, topical, answers) for word in words]
    return faq_rank_plain(entries=entries, words=nearest, limit=limit)


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
    *, entries: Iterable[FaqEntry], words: Sequence[str], limit: int = 10
) -> list[FaqEntry]:
    """Score entries in Python (the fallback without PostgreSQL): substring hits per word. A
    word found in the question scores 3, in the keywords 2, in the answer 1; entries hitting
    nothing are left out; ties keep FAQ order."""
    stems = dict.fromkeys(_stem(word) for word in _without_stopwords([w.lower() for w in words]))
    scored: list[tuple[int, int, FaqEntry]] = []
    for entry in entries:
        texts = [(3, entry.question), (2, entry.keywords), (1, entry.answer)]
        score = sum(weight * (stem in text.lower()) for stem in stems for weight, text in texts)
        if score:
            scored.append((-score, entry.position, entry))
    scored.sort(key=lambda item: item[:2])
    return [entry for _, _, entry in scored[:limit]]


def faq_by_topic() -> list[tuple[str, list[FaqEntry]]]:
    """Every entry, grouped by topic in the topics' order; each group in FAQ order."""
    groups: dict[str, list[FaqEntry]] = {topic: [] for topic in FaqEntry.Topic.values}
    for entry in FaqEntry.objects.defer("search_document").order_by("position", "id"):
        groups.setdefault(entry.topic, []).append(entry)
    labels = dict(FaqEntry.Topic.choices)
    return [(labels.get(topic, topic), entries) for topic, entries in groups.items() if entries]

"""The referees' rules FAQ. (The rules themselves live in the pure `games.engine` package.)"""

from typing import Any

from django.contrib.postgres.search import SearchVector, SearchVectorField
from django.db import models
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models.sql.compiler import SQLCompiler
from django.utils.translation import gettext_lazy as _

#: The FAQ's languages, each with the PostgreSQL text search configuration its entries are
#: indexed and searched with. English is the FAQ's own: an entry with no version in the
#: reader's language is read in English.
ENGLISH = "en"
SEARCH_CONFIGS = {"en": "english", "fr": "french", "es": "spanish", "de": "german"}


class OnPostgreSQL(models.Func):
    """Its one expression on PostgreSQL; NULL on any other database (SQLite has no tsvector).
    Migration 0001 refers to this class by name: keep it here."""

    def as_sql(
        self, compiler: SQLCompiler, connection: BaseDatabaseWrapper, **extra_context: Any
    ) -> tuple[str, list[Any]]:
        return "NULL", []

    def as_postgresql(
        self, compiler: SQLCompiler, connection: BaseDatabaseWrapper, **extra_context: Any
    ) -> tuple[str, list[Any]]:
        sql, params = compiler.compile(self.get_source_expressions()[0])
        return sql, list(params)


def _document(config: str) -> SearchVector:
    """An entry's weighted text (question, keywords, answer) in one text search configuration."""
    return (
        SearchVector("question", weight="A", config=config)
        + SearchVector("keywords", weight="B", config=config)
        + SearchVector("answer", weight="C", config=config)
    )


class FaqEntry(models.Model):
    """One question and answer of the rules FAQ that referees search and read aloud."""

    class Topic(models.TextChoices):
        RENT = "rent", _("Rent")
        BUILDINGS = "buildings", _("Houses and hotels")
        MORTGAGES = "mortgages", _("Mortgages")
        JAIL = "jail", _("Jail")
        TRADING = "trading", _("Buying and trading")
        BANKRUPTCY = "bankruptcy", _("Debts and bankruptcy")
        CARDS = "cards", _("Chance and Community Chest")
        MONEY = "money", _("Money, GO and taxes")
        PLAY = "play", _("Turns and dice")
        TOURNAMENT = "tournament", _("Rounds and results")
        ROLES = "roles", _("Bankers and referees")

    class AppliesTo(models.TextChoices):
        ALL = "all", _("Every game")
        US = "us", _("US edition")
        UK = "uk", _("UK edition")
        MODERN_US = "modern_us", _("Modern US rules")
        SHORT_GAME = "short_game", _("Short game")
        DOUBLE_RENT_DESPITE_MORTGAGE = (
            "double_rent_despite_mortgage",
            _("Double rent despite a mortgaged site"),
        )

    class Setting(models.TextChoices):
        """The event setting (a docs/rules.md variant) an answer depends on, shown beside it."""

        NONE = "", _("None")
        MODERN_US = "modern_us", _("Modern US rules")
        SHORT_GAME = "short_game", _("Short game")
        DOUBLE_RENT_DESPITE_MORTGAGE = (
            "double_rent_despite_mortgage",
            _("Double rent despite a mortgaged site"),
        )

    class Language(models.TextChoices):
        ENGLISH = ENGLISH, "English"
        FRENCH = "fr", "Français"
        SPANISH = "es", "Español"
        GERMAN = "de", "Deutsch"

    # One entry is one question in one language: the same slug in each language it is
    # written in (unique together, Meta.constraints).
    slug = models.SlugField(max_length=80, db_index=False)
    language = models.CharField(max_length=8, choices=Language.choices, default=ENGLISH)
    question = models.CharField(max_length=200)
    answer = models.TextField(help_text="Two to five plain sentences a volunteer can read aloud.")
    topic = models.CharField(max_length=20, choices=Topic.choices)
    keywords = models.TextField(
        blank=True, help_text="Words people might type, everyday synonyms included."
    )
    applies_to = models.CharField(max_length=40, choices=AppliesTo.choices, default=AppliesTo.ALL)
    setting = models.CharField(max_length=40, choices=Setting.choices, blank=True, default="")
    position = models.PositiveIntegerField(default=0, db_index=True)
    briefing = models.BooleanField(
        default=False, help_text="Suggested for reading aloud at the players' briefing."
    )
    updated_at = models.DateTimeField(auto_now=True)
    # Full-text search reads a stored generated column (the weighted document) rather than an
    # index on the expression: ranking (ts_rank) needs the vector of every candidate row, and
    # recomputing to_tsvector of three fields per row cost about 200 ms over 1,000 entries;
    # matching and ranking the stored column costs a few ms. PostgreSQL computes it on every
    # insert and update (bulk_create and .update() included), in the text search
    # configuration of the entry's language (a CASE on the language with a literal
    # configuration in each branch: a generated column needs an immutable expression). On
    # SQLite the column is a constant NULL: the fallback search never reads it.
    search_document = models.GeneratedField(
        expression=OnPostgreSQL(
            models.Case(
                *(
                    models.When(language=language, then=_document(config))
                    for language, config in SEARCH_CONFIGS.items()
                    if language != ENGLISH
                ),
                default=_document(SEARCH_CONFIGS[ENGLISH]),
                output_field=SearchVectorField(),
            ),
            output_field=SearchVectorField(),
        ),
        output_field=SearchVectorField(),
        db_persist=True,
    )

    class Meta:
        ordering = ["position", "id"]
        verbose_name = "FAQ entry"
        verbose_name_plural = "FAQ entries"
        constraints = [
            models.UniqueConstraint(fields=["slug", "language"], name="faq_slug_once_a_language")
        ]
        # The GIN indexes (search_document; trigrams of question) are made by migration 0002
        # on PostgreSQL only, out of Meta.indexes: SQLite cannot create GIN indexes, and it
        # rebuilds the table, with every index declared here, on most AlterFields.

    def __str__(self) -> str:
        return self.question

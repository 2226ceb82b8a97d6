"""The referees' rules FAQ. (The rules themselves live in the pure `games.engine` package.)"""

from django.contrib.postgres.search import CombinedSearchVector, SearchVector
from django.db import models


def faq_search_vector() -> CombinedSearchVector:
    """The weighted full-text document of an entry: question A, keywords B, answer C.

    `games.selectors.faq_search` filters and ranks with exactly this expression,
    and migration 0002 indexes exactly this expression, so PostgreSQL can use
    the index (a test checks the plan).
    """
    return (
        SearchVector("question", weight="A", config="english")
        + SearchVector("keywords", weight="B", config="english")
        + SearchVector("answer", weight="C", config="english")
    )


class FaqEntry(models.Model):
    """One question and answer of the rules FAQ that referees search and read aloud."""

    class Topic(models.TextChoices):
        RENT = "rent", "Rent"
        BUILDINGS = "buildings", "Houses and hotels"
        MORTGAGES = "mortgages", "Mortgages"
        JAIL = "jail", "Jail"
        TRADING = "trading", "Buying and trading"
        BANKRUPTCY = "bankruptcy", "Debts and bankruptcy"
        CARDS = "cards", "Chance and Community Chest"
        MONEY = "money", "Money, GO and taxes"
        PLAY = "play", "Turns and dice"
        TOURNAMENT = "tournament", "Rounds and results"
        ROLES = "roles", "Bankers and referees"

    class AppliesTo(models.TextChoices):
        ALL = "all", "Every game"
        US = "us", "US edition"
        UK = "uk", "UK edition"
        MODERN_US = "modern_us", "Modern US rules"
        SHORT_GAME = "short_game", "Short game"
        DOUBLE_RENT_DESPITE_MORTGAGE = (
            "double_rent_despite_mortgage",
            "Double rent despite a mortgaged site",
        )

    class Setting(models.TextChoices):
        """The event setting (a RULES.md variant) an answer depends on, shown beside it."""

        NONE = "", "None"
        MODERN_US = "modern_us", "Modern US rules"
        SHORT_GAME = "short_game", "Short game"
        DOUBLE_RENT_DESPITE_MORTGAGE = (
            "double_rent_despite_mortgage",
            "Double rent despite a mortgaged site",
        )

    slug = models.SlugField(max_length=80, unique=True)
    question = models.CharField(max_length=200)
    answer = models.TextField(help_text="Two to five plain sentences a volunteer can read aloud.")
    topic = models.CharField(max_length=20, choices=Topic.choices)
    keywords = models.TextField(
        blank=True, help_text="Words people might type, everyday synonyms included."
    )
    applies_to = models.CharField(
        max_length=40, choices=AppliesTo.choices, default=AppliesTo.ALL
    )
    setting = models.CharField(max_length=40, choices=Setting.choices, blank=True, default="")
    position = models.PositiveIntegerField(default=0, db_index=True)
    briefing = models.BooleanField(
        default=False, help_text="Suggested for reading aloud at the players' briefing."
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["position", "id"]
        verbose_name = "FAQ entry"
        verbose_name_plural = "FAQ entries"
        # Search indexes (PostgreSQL only) are made by migration 0002, not declared here:
        # - a GIN index on the weighted tsvector *expression* `faq_search_vector()`, not a
        #   stored generated column. A GeneratedField would be a column of this model, and
        #   SQLite (the default without DATABASE_URL) has no to_tsvector, so the table could
        #   not be created there. The expression index leaves the table identical on both.
        # - GIN gin_trgm_ops indexes on question and keywords (pg_trgm) for typo-tolerant
        #   word similarity (`%>`).
        # They stay out of Meta.indexes because SQLite rebuilds a table on most AlterFields
        # and would then try to create every declared index, GIN included, and fail.

    def __str__(self) -> str:
        return self.question

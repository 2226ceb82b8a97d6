"""Admin for the referees' FAQ: organisers reorder, flag for the briefing, and edit answers."""

from django.contrib import admin

from games.models import FaqEntry


@admin.register(FaqEntry)
class FaqEntryAdmin(admin.ModelAdmin):
    list_display = (
        "question",
        "language",
        "topic",
        "applies_to",
        "setting",
        "position",
        "briefing",
    )
    list_display_links = ("question",)
    list_editable = ("position", "briefing")
    list_filter = ("language", "topic", "applies_to", "setting", "briefing")
    search_fields = ("question", "answer", "keywords", "slug")
    ordering = ("position", "language", "id")
    prepopulated_fields = {"slug": ("question",)}
    readonly_fields = ("updated_at",)
    list_per_page = 100
    fieldsets = (
        (None, {"fields": ("question", "answer", "keywords")}),
        (
            "Where it applies",
            {
                "fields": ("topic", "applies_to", "setting"),
                "description": "Setting: the event setting the answer depends on, "
                "so a page can show the event's own value. Leave empty if none.",
            },
        ),
        # One question in several languages: the same slug, one entry for each language.
        ("Order", {"fields": ("position", "briefing", "slug", "language", "updated_at")}),
    )

from django.apps import AppConfig


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = "Tournament"

    def ready(self) -> None:
        from tournament.http import tokens  # noqa: F401  (drops tokens on a new password)
        from tournament.services import watched  # noqa: F401  (moves the watched pages)

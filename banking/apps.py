from django.apps import AppConfig


class BankingConfig(AppConfig):
    name = "banking"
    verbose_name = "Banking"

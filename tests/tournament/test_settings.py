"""Production settings: no start without a secret key or the site's address, none with a
setting that would fail later (each refused with a sentence saying what to set), and a clean
`check --deploy` (with the HTTPS redirect on, as docs/operations.md says)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.production.environment import PRODUCTION, manage, start

ROOT = Path(__file__).resolve().parents[2]


def test_production_refuses_to_start_without_a_secret_key():
    env = {k: v for k, v in PRODUCTION.items() if k != "SECRET_KEY"}
    result = manage("check", **env)
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_check_deploy_is_clean_under_production_settings():
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_the_sites_address():
    """SITE_URL is what printed QR codes and links point at: no default could be right."""
    env = {k: v for k, v in PRODUCTION.items() if k != "SITE_URL"}
    result = manage("check", **env)
    assert result.returncode != 0
    assert "SITE_URL" in result.stderr


def test_production_refuses_a_site_address_that_is_not_one():
    result = manage("check", **{**PRODUCTION, "SITE_URL": "monopoly.example.org"})
    assert result.returncode != 0
    assert "SITE_URL" in result.stderr


def test_check_deploy_without_the_https_redirect_warns_of_that_alone():
    """compose's default (SECURE_SSL_REDIRECT=false, for plain HTTP on localhost or behind a
    proxy that redirects): the one warning is security.W008, as docs/operations.md says."""
    result = manage("check", "--deploy", **{**PRODUCTION, "SECURE_SSL_REDIRECT": "false"})
    assert result.returncode == 0, result.stdout + result.stderr
    assert "security.W008" in result.stderr + result.stdout
    assert "1 issue" in result.stderr + result.stdout


@pytest.mark.parametrize(
    ("bad", "sentence"),
    [
        pytest.param(
            {"SECRET_KEY": ""},
            "SECRET_KEY is not set: set it to a long random value of your own, e.g.",
            id="empty secret key",
        ),
        pytest.param(
            {"SECRET_KEY": "x"},
            "SECRET_KEY is too short or too simple to keep logins safe: set a random one of "
            "at least 50 characters, 5 or more of them different, e.g.",
            id="weak secret key",
        ),
        pytest.param(
            {"ALLOWED_HOSTS": ""},
            "ALLOWED_HOSTS is not set: set it to the host names people reach the site by, "
            "separated by commas, e.g. monopoly.example.org,localhost",
            id="empty allowed hosts",
        ),
        pytest.param(
            {"ALLOWED_HOSTS": "localhost"},
            "SITE_URL's host, monopoly.example.org, is not in ALLOWED_HOSTS (localhost), so "
            "every printed link and scanned QR code would be answered with 400 Bad Request: "
            "add it, e.g. ALLOWED_HOSTS=localhost,monopoly.example.org",
            id="site's host not allowed",
        ),
        pytest.param(
            {"CELERY_BROKER_URL": ""},
            "CELERY_BROKER_URL is not set: set it to the Redis that queues the printed "
            "documents, e.g. redis://127.0.0.1:6379/0",
            id="empty broker",
        ),
        pytest.param(
            {"DATABASE_URL": " "},
            "DATABASE_URL is not set: set it to the site's PostgreSQL database, e.g.",
            id="empty database",
        ),
        pytest.param(
            {"BEHIND_PROXY": "false", "SECURE_SSL_REDIRECT": "true"},
            "SECURE_SSL_REDIRECT is true but BEHIND_PROXY is not",
            id="https redirect without a proxy",
        ),
        pytest.param(
            {"BEHIND_PROXY": "false", "TRUSTED_PROXY_COUNT": "1"},
            "TRUSTED_PROXY_COUNT is 1 but BEHIND_PROXY is not",
            id="forwarded addresses without a proxy",
        ),
    ],
)
def test_production_refuses_to_start_with_a_setting_that_would_fail_later(bad, sentence):
    """Refused while the settings load, so manage.py, gunicorn and the Celery worker all stop
    before serving, with what to set."""
    result = start(**{**PRODUCTION, **bad})
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert sentence in result.stderr, result.stderr[-1000:]


def test_the_production_environment_starts():
    result = start(**PRODUCTION)
    assert result.returncode == 0, result.stderr[-1000:]

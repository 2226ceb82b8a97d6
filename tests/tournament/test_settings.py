"""Production settings: no start without a secret key or the site's address, and a clean
`check --deploy` (with the HTTPS redirect on, as docs/operations.md says)."""

from __future__ import annotations

from pathlib import Path

from tests.production.environment import PRODUCTION, manage

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

"""Login lockout: 5 failures pause one username, 30 pause one address, for 15 minutes.

Every way in is covered: the login page, the admin's login and POST /api/auth/token/.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import PASSWORD, UserFactory
from tournament.lockout import client_address

pytestmark = pytest.mark.django_db

VENUE = "203.0.113.7"
ELSEWHERE = "198.51.100.20"
LOGIN_PAGES = [reverse("login"), reverse("admin:login")]


def log_in(path: str, username: str, password: str, address: str = VENUE):
    return Client().post(path, {"username": username, "password": password}, REMOTE_ADDR=address)


def token(username: str, password: str, address: str = VENUE):
    return APIClient().post(
        "/api/auth/token/",
        {"username": username, "password": password},
        format="json",
        REMOTE_ADDR=address,
    )


def fail(times: int, username: str, address: str = VENUE) -> None:
    for _ in range(times):
        log_in(reverse("login"), username, "wrong password", address)


def test_four_typos_still_let_the_right_password_in():
    UserFactory(username="ruth", is_staff=True)
    fail(4, "ruth")
    assert log_in(reverse("login"), "ruth", PASSWORD).status_code == 302


@pytest.mark.parametrize("path", LOGIN_PAGES, ids=["login page", "admin login"])
def test_after_five_failures_the_username_is_paused_even_with_the_right_password(path):
    UserFactory(username="ruth", is_staff=True)
    for _ in range(4):
        assert log_in(path, "ruth", "wrong password").status_code == 200
    fifth = log_in(path, "ruth", "wrong password")
    assert fifth.status_code == 429
    right = log_in(path, "ruth", PASSWORD, address=ELSEWHERE)
    assert right.status_code == 429
    page = right.content.decode()
    assert "Logging in is paused" in page
    assert "15 minutes" in page
    assert "ask an organiser" in page
    assert '<link rel="stylesheet"' in page  # the site's own layout
    assert "_auth_user_id" not in right.client.session


def test_a_paused_username_does_not_shut_out_the_rest_of_the_venue():
    UserFactory(username="ruth")
    UserFactory(username="sam")
    fail(5, "ruth")
    assert log_in(reverse("login"), "sam", PASSWORD).status_code == 302


def test_thirty_failures_from_one_address_pause_every_login_from_it_but_not_elsewhere():
    UserFactory(username="sam")
    for n in range(29):  # a different username each time: no username reaches its limit
        log_in(reverse("login"), f"guess{n}", "wrong password")
    assert log_in(reverse("login"), "sam", PASSWORD).status_code == 302
    log_in(reverse("login"), "guess29", "wrong password")
    assert log_in(reverse("login"), "sam", PASSWORD).status_code == 429
    assert token("sam", PASSWORD).status_code == 429
    assert log_in(reverse("login"), "sam", PASSWORD, address=ELSEWHERE).status_code == 302


def test_the_pause_ends_after_fifteen_minutes():
    UserFactory(username="ruth")
    fail(5, "ruth")
    last = AccessAttempt.objects.get().attempt_time
    AccessAttempt.objects.update(attempt_time=last - timedelta(minutes=16))
    assert log_in(reverse("login"), "ruth", PASSWORD).status_code == 302


def test_the_api_token_login_answers_429_in_the_api_shape_once_paused():
    UserFactory(username="ruth")
    for _ in range(4):
        assert token("ruth", "wrong password").json()["error"] == "invalid"
    assert token("ruth", "wrong password").status_code == 429
    paused = token("ruth", PASSWORD)
    assert paused.status_code == 429
    assert paused.json() == {
        "error": "locked_out",
        "detail": "Too many failed logins: logging in is paused for 15 minutes. "
        "An organiser can lift the pause sooner.",
    }
    assert "token" not in paused.json()


def test_failures_on_the_page_and_the_api_count_together():
    UserFactory(username="ruth")
    fail(3, "ruth")
    token("ruth", "wrong password")
    token("ruth", "wrong password")
    assert log_in(reverse("login"), "ruth", PASSWORD).status_code == 429


def test_an_organiser_lifts_the_pause_from_the_admin(client, admin_user):
    UserFactory(username="ruth")
    fail(5, "ruth")
    client.force_login(admin_user)
    listing = client.get(reverse("admin:axes_accessattempt_changelist"))
    assert b"ruth" in listing.content
    client.post(
        reverse("admin:axes_accessattempt_changelist"),
        {
            "action": "delete_selected",
            "_selected_action": list(AccessAttempt.objects.values_list("pk", flat=True)),
            "post": "yes",
        },
    )
    assert log_in(reverse("login"), "ruth", PASSWORD).status_code == 302


def test_the_test_clients_login_still_works_in_the_suite():
    UserFactory(username="ruth")
    assert Client().login(username="ruth", password=PASSWORD)
    assert not Client().login(username="ruth", password="wrong password")


@pytest.mark.parametrize(
    ("proxies", "forwarded", "address"),
    [
        (0, "", "10.0.0.1"),
        (0, f"{ELSEWHERE}", "10.0.0.1"),  # no proxy: a typed header counts for nothing
        (1, f"{VENUE}", VENUE),
        (1, f"{ELSEWHERE}, {VENUE}", VENUE),  # the caller typed the first one
        (2, f"{ELSEWHERE}, {VENUE}, 10.0.0.9", VENUE),
        (2, f"{VENUE}", "10.0.0.1"),  # fewer entries than proxies: the peer
    ],
)
def test_behind_a_proxy_the_address_counted_is_the_one_the_outer_proxy_saw(
    proxies, forwarded, address
):
    request = RequestFactory().post(
        "/accounts/login/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded
    )
    with override_settings(TRUSTED_PROXY_COUNT=proxies):
        assert client_address(request) == address

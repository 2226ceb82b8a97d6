"""The live server's door (tests/browser.py): a browser test ends only once no request runs
on the live server, and none starts, so emptying the test database never meets one."""

from __future__ import annotations

import socket
import time
from typing import Any
from urllib.parse import urlsplit

LOGIN = b"GET /accounts/login/ HTTP/1.1\r\nHost: localhost\r\n"  # headers not yet ended


def connect(live_server: Any) -> socket.socket:
    address = urlsplit(live_server.url)
    return socket.create_connection((address.hostname, address.port), timeout=5)


def answer_to_a_login_page(live_server: Any) -> bytes:
    """The start of the server's answer, or b"" when it closed the connection unanswered."""
    with connect(live_server) as client:
        try:
            client.sendall(LOGIN + b"Connection: close\r\n\r\n")
            return client.recv(64)
        except ConnectionError:
            return b""


def until(condition: Any, seconds: float = 5) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_a_closed_server_serves_no_request_until_it_opens(live_server, live_server_gate):
    assert live_server_gate.close()
    assert answer_to_a_login_page(live_server) == b""

    live_server_gate.open()
    assert answer_to_a_login_page(live_server).startswith(b"HTTP/1.1 200")


def test_closing_waits_for_the_request_being_served(live_server, live_server_gate):
    client = connect(live_server)
    try:
        client.sendall(LOGIN)
        assert until(lambda: live_server_gate.serving == 1)

        assert live_server_gate.close(seconds=0.2) is False  # still being served
        client.sendall(b"Connection: close\r\n\r\n")
        answer = client.recv(64)
        assert answer.startswith(b"HTTP/1.1 200")
    finally:
        client.close()
    assert live_server_gate.close(seconds=5) is True
    assert live_server_gate.serving == 0

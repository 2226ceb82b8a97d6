"""The shared cache (tournament/cache.py) on the real Redis: what is set is read back, a
process makes one Redis client for it, not one for each call, and a Redis that is down is a
miss, never an error."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings

from tournament.cache import ForgivingRedisCache


@pytest.fixture
def shared_cache() -> Any:
    """The cache as production configures it, on the test broker's Redis database."""
    cache = ForgivingRedisCache(settings.CELERY_BROKER_URL, {"KEY_PREFIX": "test-cache"})
    yield cache
    cache.delete_many(["one", "two", "three", *(f"key-{n}" for n in range(5))])


def test_what_is_set_is_read_back(shared_cache):
    shared_cache.set("one", {"html": "<p>1</p>"}, 60)
    shared_cache.set_many({"two": 2, "three": 3}, 60)

    assert shared_cache.get("one") == {"html": "<p>1</p>"}
    assert shared_cache.get_many(["two", "three", "four"]) == {"two": 2, "three": 3}


def test_a_process_makes_one_redis_client_for_all_its_calls(shared_cache, monkeypatch):
    made = []
    backend = shared_cache._cache
    make = backend._client
    monkeypatch.setattr(backend, "_client", lambda **kw: made.append(kw) or make(**kw))

    for n in range(5):
        shared_cache.set(f"key-{n}", n, 60)
        assert shared_cache.get(f"key-{n}") == n
    shared_cache.get_many(["key-1", "key-2"])

    assert len(made) == 1


def test_a_redis_that_is_down_reads_as_a_miss():
    down = ForgivingRedisCache(
        "redis://127.0.0.1:1/0",
        {"OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2}},
    )

    assert down.get("one") is None
    assert down.get("one", "not kept") == "not kept"
    assert down.get_many(["one", "two"]) == {}
    assert down.set("one", 1, 60) is None
    assert down.set_many({"one": 1}, 60) == []

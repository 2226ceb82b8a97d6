"""The shared cache (tournament/cache.py) on the real Redis: what is set is read back, and a
process makes one Redis client for it, not one for each call."""

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

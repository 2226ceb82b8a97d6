"""The cache the pages that watch many tables keep their work in (tournament/watched/
kept.py): Redis when `CACHE_URL` names one, so that every worker of every web server
shares it; else each process's own memory.

What is kept is only ever a copy made from PostgreSQL under the version of what it shows,
so losing it costs time, never correctness: a Redis that is down or slow is a miss, and
the page is computed as if nothing had been kept.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

log = logging.getLogger(__name__)


class OneClientPerPool(RedisCacheClient):
    """Django's Redis cache client, making one redis-py client for each of its connection
    pools, once. Django's makes a new one for every call, which costs more than the call's
    own round trip to Redis (0.18 ms against 0.16 here: each client copies its table of
    some 170 reply handlers); a redis-py client is safe to share between threads."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


@contextmanager
def _outage_is_a_miss() -> Iterator[None]:
    try:
        yield
    except RedisError as exc:
        log.warning("cache unavailable: %s", exc)


class ForgivingRedisCache(RedisCache):
    """Django's Redis cache, where an unreachable Redis is a miss instead of an error, with
    one client per connection pool (OneClientPerPool)."""

    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = OneClientPerPool

    def get(self, key: str, default: Any = None, version: int | None = None) -> Any:
        with _outage_is_a_miss():
            return super().get(key, default, version)
        return default

    def get_many(self, keys: Iterable[str], version: int | None = None) -> dict[str, Any]:
        with _outage_is_a_miss():
            return super().get_many(keys, version)
        return {}

    def set(
        self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> None:
        with _outage_is_a_miss():
            super().set(key, value, timeout, version)

    def set_many(
        self, data: dict[str, Any], timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> list[str]:
        with _outage_is_a_miss():
            return super().set_many(data, timeout, version)
        return []


def caches_from(url: str) -> dict[str, dict[str, Any]]:
    """The CACHES setting for `CACHE_URL`: a Redis URL, or empty for each process's memory."""
    if url.startswith(("redis://", "rediss://", "unix://")):
        return {
            "default": {
                "BACKEND": "tournament.cache.ForgivingRedisCache",
                "LOCATION": url,
                "KEY_PREFIX": "mn",
                "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
            }
        }
    return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

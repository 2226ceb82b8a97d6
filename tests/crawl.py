"""A person's browser without the browser, following links: the crawls of the suite, on
PostgreSQL with Django's test client and on SQLite over HTTP against `make run`
(tests/production/test_make_run.py), share it.

`crawl(open_, *starts)` opens every page reachable from `starts` by what a browser opens
from a page (links, images, the addresses its scripts and htmx poll, its search forms
filled in), each once, and answers each address's status. `unreachable(open_, fill, opened)`
is the other side: the pages of the site's URL patterns, with the night's objects filled
in, that a person may open (200 when asked for directly) and never reached by links.
`kinds_of_page(user, starts)`: one address of each kind of page a role's crawl reaches, for
the browser tests that open every page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html.parser import HTMLParser
from itertools import product
from typing import Any
from urllib.parse import parse_qs, urlencode, urljoin, urlsplit

from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve

from tests.factories import PASSWORD

TEST_CLIENT = "http://testserver"  # where Django's test client's pages are
SEARCH = "rent"  # what a person types into a page's search box
# Not followed: files, the admin (Django's own: its lists sort and filter any number of
# ways), logging out (the crawl would end there) and the language switcher (the same pages
# again, in another language: tests/test_translations.py).
NOT_FOLLOWED = ("/static/", "/admin/", "/accounts/logout/", "/i18n/")
# Not pages a person is sent to by links: the API (the pages' scripts read it), the
# console's service worker, Django's own account pages other than logging in, and the
# languages' addresses (the switcher's links, the scripts' texts).
NOT_PAGES = ("/admin/", "/api/", "/console/sw.js", "/accounts/", "/i18n/")


@dataclass
class Answer:
    status: int
    headers: Any
    body: bytes
    url: str  # where the answer came from, after any redirect

    @property
    def text(self) -> str:
        return self.body.decode()

    def json(self) -> Any:
        return json.loads(self.body)


Open = Callable[[str], Answer]


class Links(HTMLParser):
    """What a browser opens from a page: its links and images, the addresses its scripts
    poll (`data-*-url`) and htmx asks for (`hx-get`), and its search forms, filled in."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._form: dict[str, str] | None = None
        self._action = ""

    def handle_starttag(self, tag: str, attributes: list[tuple[str, str | None]]) -> None:
        a = {name: value or "" for name, value in attributes}
        if tag == "a" and a.get("href"):
            self.found.append(a["href"])
        if tag == "img" and a.get("src"):
            self.found.append(a["src"])
        if a.get("hx-get"):
            self.found.append(a["hx-get"])
        self.found += [v for k, v in a.items() if k.startswith("data-") and k.endswith("-url")]
        if tag == "form" and a.get("method", "get").lower() == "get":
            self._form, self._action = {}, a.get("action", "")
        typed = a.get("type", "text") in ("text", "search", "hidden")
        if tag == "input" and self._form is not None and a.get("name") and typed:
            self._form[a["name"]] = a.get("value") or SEARCH

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self._form is not None:
            self.found.append(f"{self._action}?{urlencode(self._form)}")
            self._form = None


def browser(user: Any = None, **headers: str) -> tuple[Client, Open]:
    """Django's test client as a browser logged in as `user` through the login form
    (nobody's if None), sending `headers` (`HTTP_ACCEPT_LANGUAGE="fr"`), and how it opens
    an address, following redirects as a browser does; on `TEST_CLIENT`."""
    client = Client(**headers)
    if user is not None:
        login = {"username": user.get_username(), "password": PASSWORD}
        assert client.post("/accounts/login/", login).status_code == 302

    def open_(url: str) -> Answer:
        parts = urlsplit(url)
        response = client.get(parts.path, parse_qs(parts.query), follow=True)
        landed = response.redirect_chain[-1][0] if response.redirect_chain else parts.path
        body = b"" if response.streaming else response.content
        return Answer(
            response.status_code,
            response.headers,
            body,
            landed if landed.startswith("http") else TEST_CLIENT + landed,
        )

    return client, open_


Visitor = tuple[Any, list[str], dict[str, list[Any]]]


def visitors(organiser: Any, referee: Any, table: Any) -> dict[str, Visitor]:
    """Who visits a night whose `table` plays: each role's login (None for none), the
    addresses they start from, and the secrets only they are given (by route name)."""
    player = table.seats.order_by("number").first().player
    return {
        "anonymous": (None, ["/"], {}),
        "organiser": (organiser, ["/"], {}),
        "referee": (referee, ["/"], {}),
        # The banker opens the console from the table card's link (its key), or from home.
        "banker": (table.banker.user, ["/", f"/console/{table.key}/"], {"key": [table.key]}),
        # A player has no login: their page's link is all they are given.
        "player": (None, [f"/p/{player.token}/"], {"token": [player.token]}),
    }


def crawl(open_: Open, *starts: str, base: str) -> dict[str, int]:
    """Every address on `base` reachable from `starts`, each opened once, with its status;
    an address that redirects counts where it lands too."""
    opened: dict[str, int] = {}
    todo = [urljoin(base + "/", start) for start in starts]
    while todo:
        url = todo.pop(0).split("#")[0]
        if not url.startswith(base + "/") or url in opened:
            continue
        if urlsplit(url).path.startswith(NOT_FOLLOWED):
            continue
        answer = open_(url)
        opened[url] = answer.status
        opened.setdefault(answer.url, answer.status)
        if answer.status < 400 and answer.headers.get("Content-Type", "").startswith("text/html"):
            links = Links()
            links.feed(answer.text)
            todo += [urljoin(answer.url, link) for link in links.found]
    return opened


def kinds_of_page(user: Any, starts: list[str], **headers: str) -> list[str]:
    """One address of each route that `user`'s crawl from `starts` reaches as a whole page
    (an HTML document, not a fragment that htmx asks for), for opening each in a browser."""
    _, open_ = browser(user, **headers)
    pages: dict[str, str] = {}

    def opened(url: str) -> Answer:
        answer = open_(url)
        html = answer.headers.get("Content-Type", "").startswith("text/html")
        if answer.status == 200 and html and "<html" in answer.text[:200]:
            path = urlsplit(answer.url).path
            pages.setdefault(resolve(path).route, answer.url.removeprefix(TEST_CLIENT))
        return answer

    crawl(opened, *starts, base=TEST_CLIENT)
    return sorted(pages.values())


def failed(opened: dict[str, int]) -> dict[str, int]:
    return {url: status for url, status in opened.items() if status >= 500}


def routes() -> list[str]:
    """Every route of the site's URL patterns, as `path()` writes it (`<int:event_id>`)."""

    def walk(patterns: Iterable[Any], prefix: str) -> Iterable[str]:
        for p in patterns:
            if isinstance(p, URLResolver):
                yield from walk(p.url_patterns, prefix + str(p.pattern))
            elif isinstance(p, URLPattern):
                yield prefix + str(p.pattern)

    return ["/" + route for route in walk(get_resolver().url_patterns, "")]


def unreachable(
    open_: Open, fill: dict[str, list[Any]], opened: dict[str, int], base: str, *, logged_in: bool
) -> set[str]:
    """The pages a person may open and the crawl (`opened`) never reached: each route of a
        page with every combination of the values in `fill` (by the route's names: `event_id`,
        `token`...; a route with a name `fill` lacks is left out), not reached with a 200, that
        answers 200 when asked for directly (not sent elsewhere). The login page is one only for
    someone not logged in."""
    reached = {urlsplit(url).path for url, status in opened.items() if status == 200}
    missed = set()
    for route in routes():
        if route.startswith(NOT_PAGES) and (logged_in or route != "/accounts/login/"):
            continue
        names = re.findall(r"<(?:\w+:)?(\w+)>", route)
        if any(name not in fill for name in names):
            continue
        for values in product(*(fill[name] for name in names)):
            path = route
            for value in values:
                path = re.sub(r"<(?:\w+:)?\w+>", str(value), path, count=1)
            if path in reached:
                continue
            answer = open_(base + path)
            if answer.status == 200 and urlsplit(answer.url).path == path:
                missed.add(path)
    return missed

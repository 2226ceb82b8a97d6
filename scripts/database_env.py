"""The PostgreSQL connection the scripts act as, as libpq's variables, for backup.sh,
restore.sh and app-role.sh: the tables' owner's, OWNER_DATABASE_URL when set (the role
`manage.py migrate` runs as), else DATABASE_URL (the site's own, when the site runs as the
owner).

Both are read as the settings read DATABASE_URL (django-environ, from the environment or the
`.env` file at the root), so the scripts and the site always mean the same database.

    database_env.py              PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE of that URL,
                                 and BACKUP_MEDIA_ROOT: the settings' MEDIA_ROOT (printed PDFs)
    database_env.py NAME_OR_URL  the same for a database to restore into: a name (on the
                                 server of that URL) or a URL; plus TARGET_URL, the URL that
                                 opens it

Prints `export NAME=value` lines for the shell's eval; when OWNER_DATABASE_URL is set, also
SITE_ROLE and SITE_PASSWORD (not exported): the role and password of DATABASE_URL, the role
the site runs as. On bad input, a sentence on stderr and exit status 2.
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

import environ

ROOT = Path(__file__).resolve().parent.parent
POSTGRES = "django.db.backends.postgresql"
PLAIN_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_-]{0,62}$")


class Refused(Exception):
    pass


def read_env() -> environ.Env:
    if (ROOT / ".env").exists():
        environ.Env.read_env(ROOT / ".env")
    return environ.Env()


def database_url() -> str:
    """The URL the scripts act as: the owner's when given, else the site's."""
    env = read_env()
    url = env("OWNER_DATABASE_URL", default="") or env("DATABASE_URL", default="")
    if not url:
        raise Refused(
            "DATABASE_URL is not set, so the site uses SQLite (db.sqlite3): back that up by "
            "copying the file. These scripts are for PostgreSQL."
        )
    return url


def site_role() -> dict[str, str]:
    """The role and password of DATABASE_URL when the owner's URL is another one."""
    env = read_env()
    owner, site = env("OWNER_DATABASE_URL", default=""), env("DATABASE_URL", default="")
    if not owner:
        return {}
    if not site:
        raise Refused("OWNER_DATABASE_URL is set but DATABASE_URL, the site's, is not.")
    settings = config(site)
    return {
        "SITE_ROLE": str(settings.get("USER") or ""),
        "SITE_PASSWORD": str(settings.get("PASSWORD") or ""),
    }


def media_root() -> str:
    """MEDIA_ROOT as the settings read it (after database_url() has read .env)."""
    return environ.Env()("MEDIA_ROOT", default=str(ROOT / "media"))


def config(url: str) -> dict[str, Any]:
    try:
        settings = environ.Env.db_url_config(url)
    except Exception as exc:  # django-environ raises several kinds for a malformed URL
        raise Refused(f"Cannot read the database URL {_safe(url)}: {exc}") from exc
    if settings.get("ENGINE") != POSTGRES:
        raise Refused(f"{_safe(url)} is not a PostgreSQL database: these scripts need one.")
    if not settings.get("NAME"):
        raise Refused(f"{_safe(url)} names no database.")
    return settings


def target(argument: str, source_url: str) -> tuple[dict[str, Any], str]:
    """The database to restore into, and the DATABASE_URL that opens it."""
    if "://" in argument:
        return config(argument), argument
    if not PLAIN_NAME.match(argument):
        raise Refused(
            f"{argument!r} is not a database name this script accepts: use letters, digits, "
            "_ and -, or give a full postgres:// URL."
        )
    parts = urlsplit(source_url)
    url = urlunsplit(parts._replace(path="/" + quote(argument)))
    return config(url), url


def _safe(url: str) -> str:
    """A URL without its password, for messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(":" + parts.password + "@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def exports(settings: dict[str, Any]) -> dict[str, str]:
    found = {
        "PGHOST": settings.get("HOST"),
        "PGPORT": settings.get("PORT"),
        "PGUSER": settings.get("USER"),
        "PGPASSWORD": settings.get("PASSWORD"),
        "PGDATABASE": settings["NAME"],
        "PGSSLMODE": settings.get("OPTIONS", {}).get("sslmode"),
    }
    return {name: str(value) for name, value in found.items() if value not in (None, "")}


def main(arguments: list[str]) -> int:
    try:
        source_url = database_url()
        if arguments:
            settings, url = target(arguments[0], source_url)
            variables = {**exports(settings), "TARGET_URL": url}
        else:
            variables = {**exports(config(source_url)), "BACKUP_MEDIA_ROOT": media_root()}
        site = site_role()
    except Refused as refusal:
        print(refusal, file=sys.stderr)
        return 2
    for name, value in variables.items():
        print(f"export {name}={shlex.quote(value)}")
    for name, value in site.items():
        print(f"{name}={shlex.quote(value)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

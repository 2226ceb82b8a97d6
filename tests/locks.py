"""Reading a lock file as pip-compile writes it (requirements.lock, requirements-test.lock)."""

from __future__ import annotations

from dataclasses import dataclass, field

from packaging.utils import canonicalize_name


@dataclass
class Pin:
    version: str
    hashes: list[str] = field(default_factory=list)
    via: list[str] = field(default_factory=list)


def read_lock(text: str) -> dict[str, Pin]:
    """A lock's pins by package name, each with its hashes and what asked for it."""
    pins: dict[str, Pin] = {}
    current: Pin | None = None
    for line in text.replace("\\\n", " ").splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            via = stripped.lstrip("#").strip().removeprefix("via").strip()
            if current is not None and line.startswith(" ") and via:
                current.via.append(via)
            continue
        requirement, *options = stripped.split()
        name, equals, version = requirement.partition("==")
        assert equals, f"not one pinned version: {stripped}"
        current = pins[canonicalize_name(name)] = Pin(version)
        current.hashes = [option for option in options if option.startswith("--hash=sha256:")]
    return pins

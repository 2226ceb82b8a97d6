"""How the benchmarks print their figures: percentiles, spreads over runs, verdicts."""

from __future__ import annotations

import math
import os
import statistics
from collections.abc import Sequence


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest rank: the smallest value with at least p% of the values at or below it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def spread(values: Sequence[float], unit: str, digits: int = 1) -> str:
    lo, mid, hi = min(values), statistics.median(values), max(values)
    unit = f" {unit}" if unit else ""
    return f"{lo:.{digits}f} / {mid:.{digits}f} / {hi:.{digits}f}{unit} (min / median / max)"


def load_average() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"

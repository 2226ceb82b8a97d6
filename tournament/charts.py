"""Charts drawn by the server as SVG: no chart service, no script, nothing to load, so
they work offline, under the site's Content-Security-Policy, and in printed PDFs alike.

Two kinds: `line_chart` (a few series over the same steps: each seat's net worth after
each entry, money raised over the night) and `bar_chart` (one bar a step: entries a
minute). Lines are told apart by their dash as well as their colour, and each is named at
its end, so no reader depends on colour alone. Each line carries its numbers
(`data-values`) and the chart its scale (`data-min`, `data-max`), so a test can read back
what was drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

# Colours that stay apart for common colour blindness (Okabe-Ito's hues, darkened so that
# each, drawn on white, reads as text: a contrast of 4.5:1 or more), and dashes besides.
COLOURS = ("#0072b2", "#b34a00", "#00795a", "#a4507f", "#7a5200", "#6a3d9a", "#000000", "#6b6b00")
DASHES = ("", "8 4", "2 3", "10 3 2 3", "4 4", "1 2", "12 6", "6 2 2 2")
TICKS = 4
# A character's width, as a share of the writing's size: DejaVu Sans's letters average a
# little under this, so a label measured by it fits the room it is given.
CHARACTER = 0.62


@dataclass(frozen=True, slots=True)
class Series:
    label: str
    values: Sequence[int]


@dataclass(frozen=True, slots=True)
class Frame:
    """The drawing area inside the chart's margins, and the scale of its values."""

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    low: int
    high: int
    step: int  # between the grid's lines

    def y(self, value: float) -> float:
        span = (self.high - self.low) or 1
        return self.top + (self.high - value) / span * (self.height - self.top - self.bottom)

    def x(self, step: int, steps: int) -> float:
        inner = self.width - self.left - self.right
        return self.left + (inner * step / (steps - 1) if steps > 1 else inner / 2)


def line_chart(
    series: Sequence[Series],
    *,
    title: str,
    value_text: Callable[[int], str],
    first: str = "",
    last: str = "",
    width: int = 640,
    height: int = 260,
    text: int = 12,
    named: bool = True,
) -> SafeString:
    """Every series over the same steps, its name at its end; `first` and `last` label the
    horizontal axis's ends ("Start", "Entry 42"), `value_text` writes a tick's value, and
    `text` is the size of the writing (larger for a screen across a hall).

    With `named` False the lines' names are left out, for a key beside the chart
    (`line_key`): a printed chart's, since WeasyPrint draws an SVG's text a letter at a
    time, left to right, which breaks an Arabic or Hebrew name."""
    values = [v for s in series for v in s.values] or [0]
    steps = max((len(s.values) for s in series), default=0)
    label_room = text + round(text * CHARACTER * max((len(s.label) for s in series), default=0))
    right = min(label_room, width // 3) if named else text
    frame = _frame(values, width=width, height=height, left=6 * text, right=right, text=text)
    parts = [_open(frame, title, text), *_grid(frame, value_text, text)]
    ends = _apart(
        [frame.y(one.values[-1]) if one.values else 0.0 for one in series],
        text * 1.3,
        low=text * 1.0,
        high=height - text * 0.6,
    )
    for index, (one, key) in enumerate(
        zip(series, line_key([s.label for s in series]), strict=True)
    ):
        colour, dash = key["colour"], key["dash"]
        points = " ".join(
            f"{frame.x(step, steps):.1f},{frame.y(value):.1f}"
            for step, value in enumerate(one.values)
        )
        numbers = ",".join(str(v) for v in one.values)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<polyline class="chart-line" points="{points}" fill="none" stroke="{colour}" '
            f'stroke-width="2.5"{dash_attr} stroke-linejoin="round" '
            f'data-label="{escape(one.label)}" data-values="{numbers}"/>'
        )
        if named and one.values:
            parts.append(
                f'<text class="chart-name" x="{width - frame.right + text // 2}" '
                f'y="{ends[index] + text / 3:.1f}" '
                f'fill="{colour}">{escape(_cut(one.label, frame.right - text // 2, text))}</text>'
            )
    base = height - frame.bottom + text * 3 // 2
    parts.append(f'<text class="chart-axis" x="{frame.left}" y="{base}">{escape(first)}</text>')
    parts.append(
        f'<text class="chart-axis" x="{width - frame.right}" y="{base}" text-anchor="end">'
        f"{escape(last)}</text>"
    )
    return _close(parts)


def line_key(labels: Sequence[str]) -> list[dict[str, str]]:
    """Each line's name, colour and dash, in the order `line_chart` draws them: a key for a
    chart drawn with `named` False."""
    return [
        {"label": label, "colour": COLOURS[i % len(COLOURS)], "dash": DASHES[i % len(DASHES)]}
        for i, label in enumerate(labels)
    ]


def bar_chart(
    bars: Sequence[tuple[str, int]],
    *,
    title: str,
    value_text: Callable[[int], str],
    width: int = 640,
    height: int = 200,
    text: int = 12,
) -> SafeString:
    """One bar a step, labelled under the first, the middle and the last bar."""
    values = [0, *(value for _, value in bars)]
    frame = _frame(values, width=width, height=height, left=4 * text, right=text, text=text)
    parts = [_open(frame, title, text), *_grid(frame, value_text, text)]
    inner = width - frame.left - frame.right
    slot = inner / max(len(bars), 1)
    labelled = {0, len(bars) // 2, len(bars) - 1}
    for index, (label, value) in enumerate(bars):
        x, top = frame.left + index * slot, frame.y(value)
        parts.append(
            f'<rect class="chart-bar" x="{x + slot * 0.1:.1f}" y="{top:.1f}" '
            f'width="{slot * 0.8:.1f}" height="{frame.y(0) - top:.1f}" fill="{COLOURS[0]}" '
            f'data-label="{escape(label)}" data-value="{value}"/>'
        )
        if index in labelled:  # the ends' labels kept inside the chart
            anchor = "start" if index == 0 else "end" if index == len(bars) - 1 else "middle"
            at = x if anchor == "start" else x + slot if anchor == "end" else x + slot / 2
            parts.append(
                f'<text class="chart-axis" x="{at:.1f}" '
                f'y="{height - frame.bottom + text * 3 // 2}" '
                f'text-anchor="{anchor}">{escape(label)}</text>'
            )
    return _close(parts)


def _apart(ys: Sequence[float], gap: float, *, low: float, high: float) -> list[float]:
    """The lines' end labels moved apart to at least `gap` between neighbours, each as
    close to its line's end as that allows, and kept between `low` and `high` (the chart's
    edges) where there is room for them all."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    placed = [min(max(y, low), high) for y in ys]
    for before, after in pairwise(order):
        placed[after] = max(placed[after], placed[before] + gap)
    if order and placed[order[-1]] > high:  # run off the foot: pushed back up
        placed[order[-1]] = max(high, low + gap * (len(order) - 1))
        for after, before in pairwise(reversed(order)):
            placed[before] = min(placed[before], placed[after] - gap)
    return placed


def _cut(label: str, room: float, text: int) -> str:
    """The label, cut short with an ellipsis where it is wider than `room`."""
    fits = int(room / (text * CHARACTER))
    return label if len(label) <= fits else label[: max(1, fits - 1)].rstrip() + "\u2026"


def _frame(
    values: Sequence[int], *, width: int, height: int, left: int, right: int, text: int
) -> Frame:
    """The drawing area for `values`: a line of text above it, room for the horizontal
    axis's labels below, and as many steps of the grid as its height has room to label
    (a line and a half apart at least, so that no two touch)."""
    bottom = 5 * text // 2
    most = max(1, int((height - text - bottom) / (text * 1.5)))
    return Frame(width, height, left, right, text, bottom, *_range(values, most))


def _range(values: Sequence[int], most: int) -> tuple[int, int, int]:
    """Round ends at or beyond the values, and a round step between grid lines, about
    TICKS of them and at most `most`."""
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 100, high + 100
    step = _step((high - low) / min(TICKS, most))
    while -(-high // step) - low // step > most:
        step = _step(step + 1)
    return int(low // step * step), int(-(-high // step) * step), step


def _step(rough: float) -> int:
    step = 1
    while step * 10 <= rough:
        step *= 10
    return next(step * factor for factor in (1, 2, 5, 10) if step * factor >= rough)


def _open(frame: Frame, title: str, text: int) -> str:
    return (
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'viewBox="0 0 {frame.width} {frame.height}" width="{frame.width}" '
        f'height="{frame.height}" data-min="{frame.low}" data-max="{frame.high}" '
        f'data-top="{frame.top}" data-bottom="{frame.height - frame.bottom}" '
        f'font-family="DejaVu Sans, Liberation Sans, Noto Sans CJK SC, sans-serif" '
        f'font-size="{text}">'
        f"<title>{escape(title)}</title>"
    )


def _grid(frame: Frame, value_text: Callable[[int], str], text: int) -> list[str]:
    lines = []
    for value in range(frame.low, frame.high + 1, frame.step):
        y = frame.y(value)
        lines.append(
            f'<line x1="{frame.left}" x2="{frame.width - frame.right}" y1="{y:.1f}" '
            f'y2="{y:.1f}" stroke="#d0d0d0" stroke-width="1"/>'
        )
        lines.append(
            f'<text class="chart-axis" x="{frame.left - text // 2}" y="{y + text / 3:.1f}" '
            f'text-anchor="end" fill="#444">{escape(value_text(value))}</text>'
        )
    return lines


def _close(parts: list[str]) -> SafeString:
    return mark_safe("".join(parts) + "</svg>")  # noqa: S308 - every text in it is escaped

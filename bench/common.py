"""What every benchmark shares: the run's sizes, timing helpers, a private data folder,
generated journal text, and the loaded model's bookkeeping.

Nothing here touches the user's data: ``isolate`` points every standard location (data,
config, cache) into a temporary folder before the app's code runs.
"""

from __future__ import annotations

import math
import os
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

N_THREADS = 2
"""llama.cpp threads for every model the benchmarks load (the app's default)."""


@dataclass(frozen=True)
class Sizes:
    """How much work one run does; ``QUICK`` stays under about three minutes."""

    overhead_pairs: int = 8
    prefix_entries: int = 6
    scaling_repeats: int = 2
    entry_lengths: tuple[int, ...] = (100, 1000, 5000)
    candidate_counts: tuple[int, ...] = (2, 10, 25)
    notebook_pages: int = 200
    scaling_pages: tuple[int, ...] = (50, 100, 200)
    prompt_pages: int = 41
    """Pages the prompt detector reads (its windows per second)."""
    gui_opens: int = 9
    storage_entries: int = 50_000
    searches: int = 5
    month_lists: int = 5
    memory_pages: int = 7
    max_tokens: int = 512


FULL = Sizes()
QUICK = Sizes(
    overhead_pairs=4,
    prefix_entries=3,
    scaling_repeats=1,
    prompt_pages=5,
    gui_opens=5,
    memory_pages=5,
)


def median(values: Sequence[float]) -> float:
    return float(statistics.median(values)) if values else math.nan


def ms(seconds: float) -> float:
    return round(seconds * 1000.0, 2)


def per_doubling(sizes: Sequence[float], seconds: Sequence[float]) -> float:
    """How many times the time grows each time the size doubles (least squares on the
    log-log points: the slope b of ``t ~ size**b`` gives ``2**b``). 2.0 is linear."""
    xs = [math.log2(s) for s in sizes]
    ys = [math.log2(max(t, 1e-9)) for t in seconds]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / den if den else 0.0
    return round(float(2.0**slope), 3)


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    value = fn()
    return time.perf_counter() - started, value


def isolate(root: Path) -> Path:
    """Point the data, config, cache and state folders into ``root``; return the data folder.

    Call before the app (or Qt) reads any of them, so the user's files are never touched.
    """
    data = root / "data"
    data.mkdir(parents=True, exist_ok=True)
    os.environ["INKLING_DATA_DIR"] = str(data)
    os.environ.pop("INKLING_MODEL", None)
    for var, sub in (
        ("XDG_DATA_HOME", "xdg-data"),
        ("XDG_CONFIG_HOME", "xdg-config"),
        ("XDG_CACHE_HOME", "xdg-cache"),
        ("XDG_STATE_HOME", "xdg-state"),
    ):
        folder = root / sub
        folder.mkdir(mode=0o700, exist_ok=True)
        os.environ[var] = str(folder)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    return data


@contextmanager
def fresh_folder(root: Path, name: str) -> Iterator[Path]:
    """A new, empty data folder under ``root`` (kept until the run's folder is removed)."""
    folder = root / name
    folder.mkdir(parents=True, exist_ok=False)
    yield folder


# ------------------------------------------------------------------------ generated text

_ACTIVITIES = (
    "meditated for fifteen minutes before breakfast",
    "drank 64 oz of water",
    "went for a run along the river",
    "read 30 pages of the novel",
    "played guitar for half an hour",
    "flossed before bed",
    "called my sister about the trip",
    "cooked lentil soup for dinner",
    "walked the dog around the park twice",
    "wrote three pages in the morning",
    "stretched after lunch",
    "did the laundry and ironed shirts",
)
_FILLER = (
    "The weather turned grey in the afternoon.",
    "Work was quiet and the office half empty.",
    "I kept thinking about the garden and what to plant next spring.",
    "The train was late again, so I listened to a podcast about bridges.",
    "Dinner with friends went on longer than planned.",
    "My back is a little stiff today.",
    "Nothing much happened, which was nice for a change.",
    "I want to start painting again one of these weekends.",
)

WORDS = ("garden", "river", "guitar", "lentil", "bridges", "sister", "weather", "podcast")
"""Words the generated entries contain at different frequencies (the search queries)."""


def entry_text(rng: random.Random, length: int) -> str:
    """About ``length`` characters of plausible journal prose with a few activities."""
    parts: list[str] = []
    size = 0
    while size < length:
        if rng.random() < 0.35:
            sentence = "Today I " + rng.choice(_ACTIVITIES) + "."
        else:
            sentence = rng.choice(_FILLER)
        parts.append(sentence)
        size += len(sentence) + 1
    text = " ".join(parts)
    return text[:length].rstrip() if len(text) > length else text


def days_back(count: int, *, end: date = date(2026, 11, 28)) -> list[date]:
    """``count`` dates, several per day, from the past up to ``end``."""
    return [end - timedelta(days=(count - i) // 3) for i in range(count)]


TARGET_NAMES = (
    "Meditation",
    "Drink water",
    "Running",
    "Read",
    "Guitar",
    "Floss",
    "Call family",
    "Cook",
    "Walk the dog",
    "Morning pages",
    "Stretch",
    "Chores",
    "Yoga",
    "Journal",
    "Push-ups",
    "Vitamins",
    "No phone after nine",
    "Tea instead of coffee",
    "Practice Spanish",
    "Sketch",
    "Gratitude list",
    "Bike to work",
    "Early night",
    "Plank",
    "Piano",
)

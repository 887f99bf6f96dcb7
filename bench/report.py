"""The readable tables ``python -m bench`` prints (without ``--json``)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

Check = Callable[[float], bool]

TARGETS: dict[str, tuple[str, Check]] = {
    "runtime_overhead_ratio": ("<= 1.10", lambda v: v <= 1.10),
    "prefix_reuse_ratio": ("<= 0.5", lambda v: v <= 0.5),
    "tokens_evaluated_ratio": ("", lambda v: True),
    "entry_length_growth_per_doubling": ("<= 2 (linear)", lambda v: v <= 2.2),
    "candidates_growth_per_doubling": ("<= 2 (linear)", lambda v: v <= 2.2),
    "pages_growth_per_doubling": ("<= 2 (linear)", lambda v: v <= 2.2),
    "lexical_names_pages_per_s": ("", lambda v: True),
    "prompt_windows_per_s": ("", lambda v: True),
    "rerun_model_calls": ("0", lambda v: v == 0),
    "in_process_windows_per_s": ("", lambda v: True),
    "server_1_windows_per_s": ("", lambda v: True),
    "server_4_windows_per_s": ("", lambda v: True),
    "four_detectors_s": ("<= 40", lambda v: v <= 40),
    "prompt_windows_per_s_ratio": (">= 3", lambda v: v >= 3),
    "window_prefix_reuse_ratio": ("<= 0.5", lambda v: v <= 0.5),
    "rerun_s": ("<= 1", lambda v: v <= 1.0),
    "gui_max_stall_ms": ("<= 50", lambda v: v <= 50),
    "launch_s": ("<= 1.5", lambda v: v <= 1.5),
    "open_entry_ms": ("<= 50", lambda v: v <= 50),
    "import_50k_s": ("", lambda v: True),
    "search_ms": ("<= 50", lambda v: v <= 50),
    "month_list_ms": ("<= 50", lambda v: v <= 50),
    "inbox_open_ms": ("<= 50", lambda v: v <= 50),
    "inbox_next_ms": ("<= 50", lambda v: v <= 50),
    "peak_rss_mb": ("<= 600", lambda v: v <= 600),
}
"""Each figure's target as the issue states it; "linear" allows 10% for noise."""


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A Markdown table (readable as text, pasteable into the README)."""
    cells = [[str(h) for h in headers]] + [[_cell(v) for v in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]

    def line(row: Sequence[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |"

    rule = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    return "\n".join([line(cells[0]), rule, *(line(r) for r in cells[1:])])


def _cell(value: Any) -> str:
    if isinstance(value, float):
        if math.isnan(value):
            return "-"
        return f"{value:,.3f}".rstrip("0").rstrip(".") if abs(value) < 100 else f"{value:,.1f}"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_cell(v)}" for k, v in value.items())
    if value is None:
        return "-"
    return str(value)


def verdict(key: str, value: Any) -> str:
    target = TARGETS.get(key)
    if target is None or not target[0] or not isinstance(value, int | float):
        return ""
    return "holds" if target[1](float(value)) else "misses"


def render(result: dict[str, Any]) -> str:
    machine = result.get("machine", {})
    parts = [
        f"Inkling benchmarks ({result.get('mode')}), model {result.get('model')}, "
        f"{machine.get('threads')} threads on {machine.get('cpus')} CPUs, "
        f"load average {machine.get('load_average_1m')} at the start; "
        f"{result.get('seconds')} s.",
        "",
    ]
    rows = []
    for key, (target, _check) in TARGETS.items():
        if key in result:
            rows.append((key, result[key], target, verdict(key, result[key])))
    parts.append(table(("figure", "value", "target", ""), rows))
    sections = ("overhead", "prefix", "scaling", "notebooks", "server", "gui", "storage", "memory")
    for section in sections:
        if section in result:
            parts += ["", f"{section}:", table(("measure", "value"), list(result[section].items()))]
    if "hostile" in result:
        from bench.hostile import render as render_hostile

        parts += [
            "",
            "hostile inputs (each in a process of its own):",
            render_hostile(result["hostile"]),
        ]
    if "ocr" in result:
        from bench.ocr import render_rows

        parts += [
            "",
            "transcription (page images RENDERED from known text, not real scans):",
            render_rows(result["ocr"]),
        ]
    if "crashes" in result:
        from bench.crashes import render as render_crashes

        parts += ["", render_crashes(result["crashes"])]
    return "\n".join(parts)

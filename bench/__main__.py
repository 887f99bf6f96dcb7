"""``python -m bench``: Inkling's benchmarks (issue 7).

    python -m bench            # the full run, readable tables
    python -m bench --quick    # fewer repetitions (about three minutes on a quiet machine)
    python -m bench --json     # one JSON document on stdout (progress on stderr)

Everything runs in a temporary data folder with the embedded default model (or
``--model PATH``) and 2 llama.cpp threads; nothing is downloaded and the user's data,
settings and caches are never touched.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from bench.common import FULL, N_THREADS, QUICK, Sizes, isolate
from bench.report import render

SECTIONS = (
    "pipeline",
    "notebooks",
    "server",
    "gui",
    "storage",
    "memory",
    "hostile",
    "crashes",
    "ocr",
    "windows",
)
DEFAULT_SECTIONS = SECTIONS[:-4]
"""``hostile`` (bench.hostile: hostile inputs, no model), ``crashes`` (bench.crashes:
kill -9 and two-process cases), ``ocr`` (bench.ocr: the transcription engines' error
rates and speed, no model) and ``windows`` (bench.windows: notebook windows before and
after issue 17, with the dev set's quality; several minutes) run when asked for by name."""


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (~3 minutes)")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    parser.add_argument("--model", help="a GGUF model (default: the embedded default model)")
    parser.add_argument(
        "--only",
        action="append",
        choices=SECTIONS,
        help="run only this section (repeatable); hostile and crashes run only when named",
    )
    parser.add_argument("--entries", type=int, help="generated journal entries (default 50,000)")
    parser.add_argument("--pages", type=int, help="pages of the generated notebook (default 200)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the generated data")
    parser.add_argument(
        "--eval",
        help="the notebooks dev set the windows section scores "
        "(default: ../shared/eval/notebooks_dev.jsonl beside the repository, when present)",
    )
    return parser.parse_args(argv)


def sizes_for(args: argparse.Namespace) -> Sizes:
    sizes = QUICK if args.quick else FULL
    if args.entries:
        sizes = replace(sizes, storage_entries=args.entries)
    if args.pages:
        pages = max(args.pages, 4)
        sizes = replace(
            sizes,
            notebook_pages=pages,
            scaling_pages=(pages // 4, pages // 2, pages),
            prompt_pages=min(sizes.prompt_pages, pages),
        )
    return sizes


def machine() -> dict[str, Any]:
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    return {
        "cpus": os.cpu_count(),
        "load_average_1m": round(load[0], 2),
        "python": platform.python_version(),
        "platform": platform.platform(terse=True),
        "threads": N_THREADS,
    }


def run(
    args: argparse.Namespace, log: Callable[[str], None], sizes: Sizes | None = None
) -> dict[str, Any]:
    """Every section asked for, in a temporary folder removed afterwards; ``sizes``
    overrides the ones the arguments choose (the tests use tiny ones)."""
    root = Path(tempfile.mkdtemp(prefix="inkling-bench-"))
    try:
        isolate(root)
        return _run(args, root, log, sizes or sizes_for(args))
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _run(
    args: argparse.Namespace, root: Path, log: Callable[[str], None], sizes: Sizes
) -> dict[str, Any]:
    from app.llm import default_model_path

    model_path = Path(args.model).expanduser() if args.model else default_model_path()
    if model_path is None or not model_path.is_file():
        raise SystemExit("No model to benchmark: install the default model or pass --model PATH.")
    wanted = set(args.only or DEFAULT_SECTIONS)
    rng = random.Random(args.seed)
    started = time.perf_counter()
    out: dict[str, Any] = {
        "mode": "quick" if args.quick else "full",
        "model": model_path.name,
        "machine": machine(),
    }
    loaded = None
    big_folder: Path | None = None
    try:
        if wanted & {"pipeline", "notebooks", "server", "windows"}:
            from bench import pipeline

            log("loading the model")
            loaded = pipeline.load_model(model_path, max_tokens=sizes.max_tokens)
        if "pipeline" in wanted:
            from bench import pipeline

            assert loaded is not None
            log("pipeline overhead (service vs bare llama.cpp, interleaved)")
            out["overhead"] = pipeline.overhead(loaded, root, sizes, rng)
            log("prefix reuse")
            out["prefix"] = pipeline.prefix_reuse(loaded, root, sizes, rng)
            log("scaling")
            out["scaling"] = pipeline.scaling(loaded, root, sizes, rng)
            log("the default reader: cue words in context (no model)")
            out["rules"] = pipeline.rules(root, sizes, rng)
        if "notebooks" in wanted:
            from bench.notebooks import bench_notebooks

            assert loaded is not None
            log("notebooks")
            out["notebooks"] = bench_notebooks(loaded, root, sizes, rng)
        if "server" in wanted:
            from bench.server import bench_server

            assert loaded is not None
            log("notebooks on a loopback model server (1 and 4 requests at a time)")
            out["server"] = bench_server(loaded, root, sizes, rng)
        if "windows" in wanted:
            from bench import windows

            assert loaded is not None
            log("notebook windows, before and after (prompt versions 1 and 2)")
            eval_file = Path(args.eval) if args.eval else windows.DEFAULT_EVAL
            out["windows"] = windows.bench_windows(
                loaded,
                root,
                eval_file=eval_file,
                cap=sizes.max_tokens,
                pages=3 if args.quick else None,
                log=log,
            )
    finally:
        if loaded is not None:
            loaded.close()
    if "storage" in wanted:
        from bench.storage import bench_storage

        log(f"storage ({sizes.storage_entries:,} entries)")
        out["storage"], big_folder = bench_storage(root, sizes, rng)
    if "gui" in wanted:
        from bench.gui import bench_gui

        log("GUI (offscreen)")
        out["gui"] = bench_gui(model_path, root, sizes, big_folder)
    if "memory" in wanted:
        from bench.memory import measure_in_child

        log("memory (a process of its own)")
        out["memory"] = measure_in_child(model_path, sizes.notebook_pages)
    if "hostile" in wanted:
        from bench import hostile

        out["hostile"] = hostile.run(log=log)
    if "ocr" in wanted:
        from bench.ocr import bench_ocr

        out["ocr"] = bench_ocr(root, pages=4 if args.quick else 12, seed=args.seed, log=log)
    if "crashes" in wanted:
        from bench import crashes

        scale, repeats = (crashes.QUICK, 1) if args.quick else (crashes.FULL, 2)
        out["crashes"] = crashes.run(scale=scale, repeats=repeats, log=log)
    out.update(flatten(out))
    out["seconds"] = round(time.perf_counter() - started, 1)
    return out


KEYS = (
    ("overhead", "runtime_overhead_ratio"),
    ("rules", "rules_detect_ms"),
    ("prefix", "prefix_reuse_ratio"),
    ("prefix", "tokens_evaluated_ratio"),
    ("scaling", "entry_length_growth_per_doubling"),
    ("scaling", "candidates_growth_per_doubling"),
    ("notebooks", "pages_growth_per_doubling"),
    ("notebooks", "lexical_names_pages_per_s"),
    ("notebooks", "prompt_windows_per_s"),
    ("notebooks", "rerun_model_calls"),
    ("notebooks", "rerun_s"),
    ("server", "in_process_windows_per_s"),
    ("server", "server_1_windows_per_s"),
    ("server", "server_4_windows_per_s"),
    ("gui", "gui_max_stall_ms"),
    ("gui", "launch_s"),
    ("gui", "open_entry_ms"),
    ("storage", "import_50k_s"),
    ("storage", "search_ms"),
    ("storage", "month_list_ms"),
    ("storage", "inbox_open_ms"),
    ("storage", "inbox_next_ms"),
    ("memory", "peak_rss_mb"),
)
"""The figures the issue names, also gathered at the top level of the JSON document."""


WINDOW_KEYS = ("four_detectors_s", "prompt_windows_per_s_ratio", "window_prefix_reuse_ratio")
"""The windows section's figures (run only when named), also at the top level."""


def flatten(out: dict[str, Any]) -> dict[str, Any]:
    found = {key: out[section][key] for section, key in KEYS if section in out}
    if "windows" in out:
        found.update({key: out["windows"][key] for key in WINDOW_KEYS})
    return found


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)

    def log(message: str) -> None:
        print(f"bench: {message}", file=sys.stderr, flush=True)

    result = run(args, log)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(render(result))
        if "windows" in result:
            from bench.windows import render_windows

            print()
            print(render_windows(result["windows"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

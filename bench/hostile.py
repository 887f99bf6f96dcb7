"""Hostile inputs, each imported in a process of its own: time, peak memory, outcome.

    python -m bench.hostile                 # the table (Markdown)
    python -m bench.hostile --json          # one JSON document
    python -m bench.hostile --app DIR       # measure the ``app`` package of another checkout
    python -m bench --only hostile          # the same table inside the benchmarks

Every input is generated (``bench.hostile_files``) in a temporary folder; the import runs
through the app's own services in a child process (a temporary data folder), whose peak
resident set is read from ``/proc/self/status`` (``VmHWM``; getrusage's ``ru_maxrss``
where there is no /proc).  A child is capped at ``--memory-gb`` of address space and
``--timeout`` seconds, so that an unbounded reader (the code before issue 14) is
stopped and reported instead of taking the machine down.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.common import isolate
from bench.hostile_files import (
    alias_bomb_note,
    deep_yaml_note,
    jpeg_claiming,
    long_value_note,
    pdf,
    png_claiming,
    zip_bomb,
)
from bench.memory import peak_rss_mb, rss_mb
from bench.report import table

REPO = Path(__file__).resolve().parents[1]
MESSAGE_SHOWN = 90


@dataclass(frozen=True)
class Case:
    name: str
    what: str
    kind: str
    """An import kind (``markdown``, ``dayone``...) or ``notebook``."""
    build: Callable[[Path], Path]
    """Writes the input under the folder given; returns what is imported."""


def _note(text: str, name: str = "2026-01-01.md") -> Callable[[Path], Path]:
    def build(folder: Path) -> Path:
        vault = folder / "vault"
        vault.mkdir()
        (vault / name).write_text(text, encoding="utf-8")
        return vault

    return build


def _file(name: str, data: bytes, *, in_folder: bool = False) -> Callable[[Path], Path]:
    def build(folder: Path) -> Path:
        target = folder / "scans" / name if in_folder else folder / name
        target.parent.mkdir(exist_ok=True)
        target.write_bytes(data)
        return target.parent if in_folder else target

    return build


def _linked_note(folder: Path) -> Path:
    vault = folder / "vault"
    vault.mkdir()
    (vault / "2026-01-01.md").write_text("A real note.\n", encoding="utf-8")
    (vault / "2026-01-02.md").symlink_to("/etc/passwd")
    return vault


def _fifo_note(folder: Path) -> Path:
    vault = folder / "vault"
    vault.mkdir()
    (vault / "2026-01-01.md").write_text("A real note.\n", encoding="utf-8")
    os.mkfifo(vault / "2026-01-02.md")
    return vault


def _sparse_note(folder: Path) -> Path:
    vault = folder / "vault"
    vault.mkdir()
    with (vault / "2026-01-01.md").open("wb") as file:
        file.truncate(3 * 1024**3)  # 3 GB of NULs, no disk used
    return vault


def _dayone_nul(folder: Path) -> Path:
    export = folder / "dayone"
    export.mkdir()
    entry = {"uuid": "U1", "creationDate": "2026-01-01T10:00:00Z", "text": "a\u0000b"}
    (export / "Journal.json").write_text(json.dumps({"entries": [entry]}), encoding="utf-8")
    return export


def _zip_bomb(folder: Path) -> Path:
    return zip_bomb(folder / "export.zip", "Journal.json", 300 * 1024 * 1024)


CASES: tuple[Case, ...] = (
    Case("yaml-alias-bomb", "Markdown note, 9 levels of YAML aliases", "markdown",
         _note(alias_bomb_note(9))),
    Case("yaml-deep", "front matter nested 900 lists deep", "markdown",
         _note(deep_yaml_note(900))),
    Case("yaml-long-value", "a 60,000-character date (echoed by a message)", "markdown",
         _note(long_value_note(60_000))),
    Case("note-3gb-sparse", "a 3 GB note (sparse file)", "markdown", _sparse_note),
    Case("note-link-etc-passwd", "a note linked to /etc/passwd", "markdown", _linked_note),
    Case("note-fifo", "a FIFO named like a note", "markdown", _fifo_note),
    Case("name-with-newline", "page image named 'a\\nb.png' that is not an image",
         "notebook", _file("a\nb.png", b"not an image", in_folder=True)),
    Case("dayone-nul", "Day One text holding a NUL", "dayone", _dayone_nul),
    Case("dayone-zip-bomb", "Journal.json inflating to 300 MB", "dayone", _zip_bomb),
    Case("pdf-huge-page", "PDF, one 14,400 × 14,400 pt page", "notebook",
         _file("poster.pdf", pdf((14_400, 14_400)))),
    Case("pdf-20k-pages", "PDF, 20,000 letter pages", "notebook",
         _file("many.pdf", pdf((612, 792), pages=20_000))),
    Case("png-10-gigapixels", "PNG header claiming 100,000 × 100,000", "notebook",
         _file("p1.png", png_claiming(100_000, 100_000), in_folder=True)),
    Case("jpeg-4-gigapixels", "JPEG header claiming 65,000 × 65,000", "notebook",
         _file("p1.jpg", jpeg_claiming(65_000, 65_000), in_folder=True)),
)  # fmt: skip


def _size(path: Path) -> int:
    """Bytes of the file, or of the files in the folder (a link counts as itself)."""
    if not path.is_dir():
        return path.lstat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_symlink() or p.is_file())


# --- the child ---------------------------------------------------------------------------------


def _child(kind: str, source: Path, data: Path) -> dict[str, Any]:
    isolate(data.parent)
    from app.services.errors import ServiceError
    from app.services.notebooks import pages as notebooks
    from app.services.transfer import journal_import
    from app.store import open_database

    db = open_database(data / "inkling.sqlite3")
    baseline = rss_mb()
    started = time.perf_counter()
    try:
        if kind == "notebook":
            outcome = f"imported {notebooks.import_notebook(db, source).value.pages} page(s)"
        else:
            outcome = f"imported {journal_import.import_journal(db, kind, source).value.imported}"
        message = ""
    except ServiceError as exc:
        message = str(exc)
        outcome = "refused"
    seconds = time.perf_counter() - started
    db.close()
    return {
        "outcome": outcome,
        "message": message,
        "seconds": round(seconds, 2),
        "peak_mb": round(peak_rss_mb(), 1),
        "baseline_mb": round(baseline, 1),
    }


def _limit(memory_gb: float) -> None:
    cap = int(memory_gb * 1024**3)
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def measure(
    case: Case, root: Path, *, app: Path, memory_gb: float, timeout: float
) -> dict[str, Any]:
    folder = _mkdir(root / case.name)
    inputs = _mkdir(folder / "input")
    source = case.build(inputs)
    data = isolate(folder / "child")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(app), str(REPO)])}
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "bench.hostile", "--child", case.kind, str(source), str(data)],
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=app,
            env=env,
            preexec_fn=lambda: _limit(memory_gb),
            check=False,
        )
    except subprocess.TimeoutExpired:
        result: dict[str, Any] = {"outcome": f"stopped after {timeout:.0f} s", "message": ""}
        result["seconds"] = round(time.perf_counter() - started, 1)
    else:
        if done.returncode == 0:
            result = json.loads(done.stdout.splitlines()[-1])
        else:
            last = (done.stderr.strip().splitlines() or ["?"])[-1]
            result = {
                "outcome": f"crashed ({last[:60]})"
                if "MemoryError" not in done.stderr
                else f"out of memory at the {memory_gb:g} GB cap",
                "message": "",
                "seconds": round(time.perf_counter() - started, 1),
            }
    result["input_bytes"] = _size(source)
    result["message"] = result["message"].replace(f"{inputs}{os.sep}", "")
    result["case"] = case.name
    result["what"] = case.what
    shutil.rmtree(folder, ignore_errors=True)
    return result


def _mkdir(path: Path) -> Path:
    path.mkdir(parents=True)
    return path


def run(
    *, app: Path = REPO, memory_gb: float = 4, timeout: float = 120,
    only: Sequence[str] = (), log: Callable[[str], None] = lambda _: None,
) -> list[dict[str, Any]]:  # fmt: skip
    """Every case (or those named in ``only``), one child process each."""
    root = Path(tempfile.mkdtemp(prefix="inkling-bench-hostile-"))
    try:
        results = []
        for case in CASES:
            if only and case.name not in only:
                continue
            log(f"hostile input: {case.name}")
            results.append(measure(case, root, app=app, memory_gb=memory_gb, timeout=timeout))
        return results
    finally:
        shutil.rmtree(root, ignore_errors=True)


def render(results: Sequence[dict[str, Any]]) -> str:
    rows = []
    for r in results:
        message = r.get("message", "")
        shown = message if len(message) <= MESSAGE_SHOWN else message[: MESSAGE_SHOWN - 1] + "…"
        shown = shown.replace("|", "\\|").replace("\n", "\\n")
        rows.append(
            (
                r["case"],
                f"{r['input_bytes']:,}",
                r["outcome"],
                f"{len(message):,}" if message else "-",
                message.count("\n") + 1 if message else "-",
                r.get("seconds"),
                r.get("peak_mb"),
                r.get("baseline_mb"),
                shown or "-",
            )
        )
    headers = (
        "input", "bytes", "outcome", "message chars", "lines", "s", "peak MB", "before MB",
        "message",
    )  # fmt: skip
    return table(headers, rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.hostile", description=__doc__)
    parser.add_argument(
        "--child", nargs=3, metavar=("KIND", "SOURCE", "DATA"), help=argparse.SUPPRESS
    )
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    parser.add_argument("--app", type=Path, default=REPO, help="the checkout whose app is measured")
    parser.add_argument("--memory-gb", type=float, default=4, help="address-space cap per input")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per input")
    parser.add_argument("--only", action="append", default=[], help="one case (repeatable)")
    args = parser.parse_args(argv)
    if args.child:
        kind, source, data = args.child
        print(json.dumps(_child(kind, Path(source), Path(data))))
        return 0
    results = run(
        app=args.app.resolve(),
        memory_gb=args.memory_gb,
        timeout=args.timeout,
        only=args.only,
        log=lambda m: print(f"bench: {m}", file=sys.stderr, flush=True),
    )
    print(json.dumps(results, indent=2) if args.json else render(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""A headless tour: the sample journal, read as the app reads it, in a temporary folder."""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path
from typing import Any, TextIO

from app.domain.journal.pipeline import DEFAULT_PIPELINE, Pipeline
from app.paths import database_path
from app.services.journal import detection
from app.services.journal.samples import load_sample_journal
from app.services.models.choice import choose_model, model_info, start_worker
from app.services.settings import Settings
from app.store import open_database


def _highlight(body: str, spans: list[tuple[int, int, str]]) -> str:
    out, pos = [], 0
    for start, end, name in sorted(spans):
        out.append(body[pos:start])
        out.append(f"[[{body[start:end]}]]<{name}>")
        pos = end
    out.append(body[pos:])
    return "".join(out)


def run_demo(
    model: str | None,
    *,
    out: TextIO,
    err: TextIO,
    as_json: bool = False,
    pipeline: Pipeline = DEFAULT_PIPELINE,
) -> int:
    with tempfile.TemporaryDirectory(prefix="inkling-demo-") as tmp:
        folder = Path(tmp)
        worker = None
        model_name = None
        if pipeline is Pipeline.RULES:
            err.write("Reading with each habit's cue words in context (no model).\n")
        else:
            choice = choose_model(folder, model)
            info = model_info(folder, choice.path)
            model_name = info.name
            size = f"{info.size_bytes / 1e6:.0f} MB"
            err.write(f"Model: {info.name} ({info.architecture}, {size}), {pipeline} pipeline\n")
            worker = start_worker(choice.path, Settings())
        db = open_database(database_path(folder))
        report: list[dict[str, Any]] = []
        try:
            loaded = load_sample_journal(db).value
            for entry in loaded.entries:
                started = time.perf_counter()
                outcome = detection.detect_entry(
                    db, worker, entry.id, today=entry.day, pipeline=pipeline
                ).value
                seconds = time.perf_counter() - started
                found = outcome.suggestions
                report.append(
                    {
                        "date": entry.day.isoformat(),
                        "title": entry.title,
                        "seconds": round(seconds, 2),
                        "suggestions": [
                            {"target": s.target_name, "quote": s.anchor_text} for s in found
                        ],
                    }
                )
                if not as_json:
                    spans = [(s.anchor_start, s.anchor_end, s.target_name) for s in found]
                    out.write(f"\n{entry.day.isoformat()}  {entry.title}  ({seconds:.1f} s)\n")
                    out.write("  " + _highlight(entry.body, spans) + "\n")
                    for s in found:
                        out.write(f"  -> {s.target_name}: \u201c{s.anchor_text}\u201d\n")
                    if not found:
                        out.write("  -> no suggestions\n")
        finally:
            if worker is not None:
                worker.close()
            db.close()
    if as_json:
        doc = {"pipeline": str(pipeline), "model": model_name, "entries": report}
        json.dump(doc, out, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(
            "\nThe embedded model is tiny and often wrong; `inkling model recommended` lists "
            "stronger ones and `inkling model download NAME` fetches one.\n"
        )
    return 0

"""``inkling eval``: measure detection quality on a labelled .jsonl file (a scratch database)."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from app import clock
from app.domain.journal.pipeline import ModelReply, Pipeline
from app.paths import database_path
from app.services import evaluation
from app.services.errors import InvalidInputError
from app.services.models.choice import choose_model
from app.services.models.server import choose_server
from app.services.notebooks.models import TextEngine, text_identity
from app.services.settings import load_settings
from app.store import open_database

from .common import Cli, Commands, add_pipeline, item_progress, pipeline


def _prf_line(name: str, m: dict[str, Any]) -> str:
    return (
        f"{name:<14} precision {m['precision']:.3f}  recall {m['recall']:.3f}  "
        f"F1 {m['f1']:.3f}  (tp {m['tp']}, fp {m['fp']}, fn {m['fn']})"
    )


def _explain_lines(explain: dict[str, Any] | None) -> list[str]:
    if not explain:
        return []
    lines = []
    for kind, key, words in (
        ("miss", "misses", "evidence"),
        ("false hit", "false_hits", "anchor_text"),
    ):
        for x in explain[key]:
            lines.append(f"    {kind} {x['index']} {x['name']}: \u201c{x[words]}\u201d")
            lines += [f"      - {r}" for r in x["reasons"]]
    return lines


def _simulate(cli: Cli, cases: list[dict[str, Any]]) -> int:
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="inkling-eval-") as folder:
        db = open_database(database_path(Path(folder)))
        try:
            doc = evaluation.simulate_user(
                db, cli.args.file, cases, on_progress=item_progress(cli, "entries")
            )
        finally:
            db.close()
    cli.note(f"Done in {time.perf_counter() - started:.1f} s with cue words (rules).")

    def text() -> str:
        lines = [
            f"{a['after']:<12} accepted {a['kind']} \u201c{a['phrase']}\u201d for {a['name']}"
            for a in doc["accepted"]
        ]
        for part in ("first", "last"):
            m = doc[part]
            lines.append(
                f"{part} {evaluation.SIMULATED_WINDOW:<8} precision {m['precision']:.3f}  "
                f"recall {m['recall']:.3f}  (tp {m['tp']}, fp {m['fp']}, fn {m['fn']})"
            )
        lines.append(
            f"proposals      {doc['proposals_accepted']} accepted, "
            f"{doc['proposals_dismissed']} dismissed"
        )
        return "\n".join(lines)

    cli.emit(doc, text)
    return 0


def cmd_eval_journal(cli: Cli) -> int:
    cases = evaluation.load_labelled(cli.args.file, "journal")
    if cli.args.simulate_user:
        if cli.args.pipeline not in (None, "rules") or cli.args.explain:
            raise InvalidInputError(
                "--simulate-user replays the rules alone; drop --pipeline and --explain."
            )
        return _simulate(cli, cases)
    chosen = pipeline(cli)
    rules_only = chosen is Pipeline.RULES
    if rules_only:
        choose_model(cli.data, cli.args.model)
    # a bad model fails here, before any work (the worker loads on its first job)
    worker, reader = (None, "cue words") if rules_only else cli.start_journal_model()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="inkling-eval-") as folder:
        db = open_database(database_path(Path(folder)))
        try:
            doc = evaluation.evaluate_journal(
                db,
                worker,
                cases,
                day=clock.today(),
                on_progress=item_progress(cli, "entries"),
                pipeline=chosen,
                explain=cli.args.explain,
                model_reply=ModelReply(cli.args.model_reply),
            )
        finally:
            if worker is not None:
                worker.close()
            db.close()
    cli.note(f"Done in {time.perf_counter() - started:.1f} s with {reader} ({chosen}).")

    def text() -> str:
        m = doc["metrics"]
        lines: list[str] = []
        for item in doc["items"]:
            lines.append(
                f"{item['id']:<12} "
                + (
                    "; ".join(f"{h['index']}: \u201c{h['anchor_text']}\u201d" for h in item["hits"])
                    or "-"
                )
            )
            lines += _explain_lines(item.get("explain"))
        return "\n".join(
            [
                *lines,
                "",
                _prf_line("completions", m),
                f"{'empty clean':<14} {m['empty_entries_clean']:.3f}  "
                f"({m['entries']} entries, {m['anchors_not_matching_body']} bad anchors)",
            ]
        )

    cli.emit(doc, text)
    return 0


def cmd_eval_notebooks(cli: Cli) -> int:
    a = cli.args
    cases = evaluation.load_labelled(a.file, "notebooks")
    chosen = (
        [d.strip() for d in a.detectors.split(",") if d.strip()]
        if a.detectors
        else list(evaluation.NOTEBOOK_DETECTORS)
    )
    unknown = [d for d in chosen if d not in evaluation.NOTEBOOK_DETECTORS]
    if unknown or not chosen:
        raise InvalidInputError(
            "--detectors takes a comma-separated choice of "
            + ", ".join(evaluation.NOTEBOOK_DETECTORS)
            + "."
        )
    needs_model = any(d in evaluation.PROMPT_DETECTORS for d in chosen)
    text_model = None
    if needs_model:
        server = choose_server(cli.data, a.model)
        engine: TextEngine = server or choose_model(cli.data, a.model).path
        text_model = (engine, text_identity(cli.data, engine, load_settings(cli.data)))
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="inkling-eval-") as folder:
        db = open_database(database_path(Path(folder)))
        worker = (
            cli.workers.start_text_worker(text_model[0], load_settings(cli.data))
            if text_model
            else None
        )
        try:
            doc = evaluation.evaluate_notebooks(
                db,
                worker,
                cases,
                workdir=Path(folder),
                detector_ids=chosen,
                model=text_model[1] if text_model else None,
                on_progress=item_progress(cli, "notebooks"),
            )
        finally:
            if worker is not None:
                worker.close()
            db.close()
    cli.note(f"Done in {time.perf_counter() - started:.1f} s.")

    def text() -> str:
        m = doc["metrics"]
        lines = [f"{m['notebooks']} notebook(s); detectors: {', '.join(chosen)}"]
        lines += [
            _prf_line(t, m[t]) for t in (*evaluation.PROMPT_DETECTORS, "names") if t in chosen
        ]
        lines += [
            f"{t:<14} exact pages {m[t]['exact_pages']:.3f}  ({m[t]['pages']} pages)"
            for t in ("first_person", "swear_words")
            if t in chosen
        ]
        return "\n".join(lines)

    cli.emit(doc, text)
    return 0


def register(commands: Commands) -> None:
    evaluate = commands.group("eval", "measure detection quality on a labelled .jsonl file")
    p = evaluate.add("journal", cmd_eval_journal, "score completion detection")
    p.add_argument("file")
    add_pipeline(p)
    p.add_argument(
        "--explain",
        action="store_true",
        help="say why each miss and false hit happened (cue found? blocked by what?)",
    )
    p.add_argument(
        "--simulate-user",
        action="store_true",
        help="replay a dated one-writer stream: a simulated user accepts, dismisses, logs "
        "misses and answers the learned proposals; precision/recall first vs last 30",
    )
    p.add_argument(
        "--model-reply",
        choices=[m.value for m in ModelReply],
        default=ModelReply.QUOTES.value,
        help="how the model points at its evidence: copied quotes (default) or the numbers "
        "of the entry's clauses (a grammar enum; the app maps them back to the text)",
    )
    p = evaluate.add("notebooks", cmd_eval_notebooks, "score the notebook detectors")
    p.add_argument("file")
    p.add_argument(
        "--detectors",
        help="comma-separated detectors to run (default: all seven text detectors)",
    )

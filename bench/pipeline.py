"""The model pipeline: overhead over bare llama.cpp, prefix reuse, and scaling.

Every journal detection goes through the real service (``detection.detect_entry``:
candidates from the database, prompt, grammar, the model on its worker thread, parsing,
anchoring, storing).  The bare baseline is one ``llama_cpp.Llama.create_completion``
call on the same loaded model with the identical prompt text, grammar and settings.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from functools import partial
from pathlib import Path
from typing import Any

from app.domain.journal.pipeline import Pipeline
from app.domain.journal.prompt import build_detection_prompt
from app.llm import JobContext, LlamaTextModel, ModelWorker
from app.paths import database_path
from app.services.journal import detection, targets
from app.services.journal import entries as journal
from app.services.settings import Settings
from app.store import Database, open_database
from bench.common import (
    N_THREADS,
    TARGET_NAMES,
    Sizes,
    entry_text,
    median,
    per_doubling,
)

TODAY = date(2026, 11, 28)
_PRIME_BODY = "Nothing to report: a quiet day at home."


@dataclass
class LoadedModel:
    """The model on its worker thread, plus a direct handle for the bare baseline (used
    only from jobs on that same thread)."""

    path: Path
    worker: ModelWorker[LlamaTextModel]
    holder: list[LlamaTextModel] = field(default_factory=list)
    calls: int = 0
    """``complete`` calls made through the app (counted on the model's thread)."""

    def run(self, fn: Callable[[LlamaTextModel], Any]) -> Any:
        def job(ctx: JobContext[LlamaTextModel]) -> Any:
            return fn(ctx.model)

        return self.worker.submit(job).result()

    def reset_cache(self) -> None:
        """Forget the KV cache: the next prompt is evaluated from its first token."""
        self.run(lambda model: model._llm.reset())

    def close(self) -> None:
        self.worker.close()


def load_model(path: Path, *, max_tokens: int = 512, n_ctx: int | None = None) -> LoadedModel:
    """Load ``path`` on a worker thread as the app does (2 threads, the default context)."""
    settings = Settings()

    def load() -> LlamaTextModel:
        return _load(loaded, settings, max_tokens, n_ctx)

    loaded = LoadedModel(path, ModelWorker(load))
    loaded.worker.start()
    loaded.run(lambda model: None)  # wait until it is loaded
    return loaded


def _load(
    loaded: LoadedModel, settings: Settings, max_tokens: int, n_ctx: int | None
) -> LlamaTextModel:
    model = LlamaTextModel.load(
        loaded.path,
        n_ctx=n_ctx or settings.n_ctx,
        n_threads=N_THREADS,
        max_tokens=max_tokens,
    )
    plain = model.complete

    def counting(prompt: Any) -> str:
        loaded.calls += 1
        return plain(prompt)

    model.complete = counting  # type: ignore[method-assign]
    loaded.holder.append(model)
    return model


# --------------------------------------------------------------------------- data


def journal_db(folder: Path, n_targets: int) -> Database:
    """A fresh journal with ``n_targets`` habits (the candidate list)."""
    folder.mkdir(parents=True, exist_ok=True)
    db = open_database(database_path(folder))
    for name in TARGET_NAMES[:n_targets]:
        targets.add_habit(db, name, unit="oz" if name == "Drink water" else None)
    return db


def add_entries(db: Database, bodies: list[str]) -> list[int]:
    return [journal.add_entry(db, TODAY, body).value.id for body in bodies]


# --------------------------------------------------------------------------- calls


def service_detect(loaded: LoadedModel, db: Database, entry_id: int) -> dict[str, Any]:
    """One detection through the real service; seconds plus the model's stats."""
    started = time.perf_counter()
    result = detection.detect_entry(
        db, loaded.worker, entry_id, today=TODAY, pipeline=Pipeline.MODEL
    )
    seconds = time.perf_counter() - started
    stats = loaded.run(lambda model: model.last_stats)
    prompt = loaded.run(lambda model: model.last_formatted_prompt)
    return {
        "seconds": seconds,
        "stats": stats,
        "prompt": prompt,
        "status": str(result.value.status),
    }


def bare_detect(loaded: LoadedModel, text: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The same request straight to llama-cpp-python: tokenize the identical prompt text,
    ``create_completion`` with the identical grammar and sampling settings."""

    def call(model: LlamaTextModel) -> tuple[int, int]:
        llm = model._llm
        llm.inkling_evaluated = 0
        tokens: list[int] = llm.tokenize(text.encode("utf-8"), add_bos=False, special=True)
        if model._add_bos and (not tokens or tokens[0] != model._bos_id):
            tokens.insert(0, model._bos_id)
        out = llm.create_completion(
            prompt=tokens,
            max_tokens=min(model.max_tokens, int(llm.n_ctx()) - len(tokens)),
            temperature=0.0,
            repeat_penalty=1.0,
            seed=model.seed,
            stop=model._stop,
            grammar=grammar,
        )
        usage = out["usage"]
        return int(llm.inkling_evaluated), int(usage["completion_tokens"])

    grammar = loaded.run(lambda model: model._grammar_for(schema))
    started = time.perf_counter()
    evaluated, generated = loaded.run(call)
    return {
        "seconds": time.perf_counter() - started,
        "evaluated": evaluated,
        "generated": generated,
    }


def prime(loaded: LoadedModel, db: Database) -> None:
    """Leave a different entry with the same candidates in the KV cache (one token), so
    the next request reuses exactly the shared prefix, whichever path it takes."""
    request = detection.prepare_detection(db, _prime_entry(db), pipeline=Pipeline.MODEL)
    prompt = build_detection_prompt(request.candidates, request.body)

    def call(model: LlamaTextModel) -> None:
        llm = model._llm
        text = model.format_prompt(prompt)
        tokens = llm.tokenize(text.encode("utf-8"), add_bos=False, special=True)
        llm.create_completion(prompt=tokens, max_tokens=1, temperature=0.0)

    loaded.run(call)


_primers: dict[int, int] = {}


def _prime_entry(db: Database) -> int:
    key = id(db)
    if key not in _primers:
        _primers[key] = journal.add_entry(db, TODAY, _PRIME_BODY).value.id
    return _primers[key]


# --------------------------------------------------------------------------- sections


def overhead(loaded: LoadedModel, root: Path, sizes: Sizes, rng: random.Random) -> dict[str, Any]:
    """``runtime_overhead_ratio``: service vs bare call, interleaved A/B on each entry."""
    db = journal_db(root / "overhead", 10)
    try:
        ids = add_entries(db, [entry_text(rng, 400) for _ in range(sizes.overhead_pairs)])
        service: list[float] = []
        bare: list[float] = []
        ratios: list[float] = []
        same_prompt = True
        same_tokens = True
        same_evaluated = True
        # one untimed round first: the grammar is built and the prefix is cached
        warm = add_entries(db, [entry_text(rng, 400)])[0]
        prime(loaded, db)
        service_detect(loaded, db, warm)
        for i, entry_id in enumerate(ids):
            request = detection.prepare_detection(db, entry_id, pipeline=Pipeline.MODEL)
            prompt = build_detection_prompt(request.candidates, request.body)
            text: str = loaded.run(partial(LlamaTextModel.format_prompt, prompt=prompt))
            assert prompt.json_schema is not None
            order = ("service", "bare") if i % 2 == 0 else ("bare", "service")
            pair: dict[str, float] = {}
            for which in order:
                prime(loaded, db)
                if which == "service":
                    a = service_detect(loaded, db, entry_id)
                    pair["service"] = a["seconds"]
                    same_prompt &= a["prompt"] == text
                    a_tokens = a["stats"].generated_tokens
                    a_evaluated = a["stats"].evaluated_prompt_tokens
                else:
                    b = bare_detect(loaded, text, prompt.json_schema)
                    pair["bare"] = b["seconds"]
                    b_tokens = b["generated"]
            # llama-cpp-python counts the end-of-turn token only when it is sampled
            same_tokens &= abs(a_tokens - b_tokens) <= 1
            service.append(pair["service"])
            bare.append(pair["bare"])
            ratios.append(pair["service"] / pair["bare"])
            same_evaluated &= a_evaluated == b["evaluated"] - b_tokens
        return {
            "runtime_overhead_ratio": round(median(ratios), 3),
            "service_median_s": round(median(service), 3),
            "bare_median_s": round(median(bare), 3),
            "pairs": len(ratios),
            "same_prompt": same_prompt,
            "same_generated_tokens": same_tokens,
            "same_evaluated_tokens": same_evaluated,
        }
    finally:
        db.close()


def prefix_reuse(
    loaded: LoadedModel, root: Path, sizes: Sizes, rng: random.Random
) -> dict[str, Any]:
    """``prefix_reuse_ratio``: entries 2..n (the shared prefix cached) against the same
    entries with a cold cache; ``tokens_evaluated_ratio``: prompt tokens evaluated per
    entry over the prompt's tokens, for entries 2..n."""
    db = journal_db(root / "prefix", 10)
    try:
        bodies = [entry_text(rng, 400) for _ in range(sizes.prefix_entries)]
        warm_ids = add_entries(db, bodies)
        cold_ids = add_entries(db, bodies)  # the same texts: the same prompts and replies
        loaded.reset_cache()
        first = service_detect(loaded, db, warm_ids[0])
        warm: list[float] = []
        cold: list[float] = []
        evaluated: list[float] = []
        warm_prompt: list[float] = []
        cold_prompt: list[float] = []
        for warm_id, cold_id in zip(warm_ids[1:], cold_ids[1:], strict=True):
            w = service_detect(loaded, db, warm_id)
            loaded.reset_cache()
            c = service_detect(loaded, db, cold_id)
            warm.append(w["seconds"])
            cold.append(c["seconds"])
            stats = w["stats"]
            evaluated.append(stats.evaluated_prompt_tokens / stats.prompt_tokens)
            warm_prompt.append(stats.prompt_seconds)
            cold_prompt.append(c["stats"].prompt_seconds)
        first_stats = first["stats"]
        return {
            "prefix_reuse_ratio": round(median(warm) / median(cold), 3),
            "tokens_evaluated_ratio": round(median(evaluated), 3),
            "first_entry_s": round(first["seconds"], 3),
            "warm_median_s": round(median(warm), 3),
            "cold_median_s": round(median(cold), 3),
            "prompt_eval_ratio": round(median(warm_prompt) / median(cold_prompt), 3),
            "prompt_tokens": first_stats.prompt_tokens,
            "prompt_tokens_per_s": round(first_stats.prompt_tokens_per_second, 1),
            "tokens_per_s": round(first_stats.tokens_per_second, 1),
        }
    finally:
        db.close()


def _medians(
    loaded: LoadedModel, db: Database, ids: list[int], *, cold: bool
) -> tuple[float, float]:
    """Median seconds of a detection and of its prompt phase over ``ids``; each starts
    from a cold cache, or from one holding just the shared prefix."""
    times, prompt_times = [], []
    for entry_id in ids:
        if cold:
            loaded.reset_cache()
        else:
            prime(loaded, db)
        run = service_detect(loaded, db, entry_id)
        times.append(run["seconds"])
        prompt_times.append(run["stats"].prompt_seconds)
    return round(median(times), 3), round(median(prompt_times), 3)


SCALING_REPLY_TOKENS = 24
"""Replies are cut at this many tokens while scaling is measured: how long a reply the
model chooses to write varies from entry to entry (up to the 512-token cap) and would
drown the effect of the input's size, which is what scaling is about."""


def scaling(loaded: LoadedModel, root: Path, sizes: Sizes, rng: random.Random) -> dict[str, Any]:
    """Detection latency against entry length (prefix cached, as for a stable habit list)
    and against the number of candidates (cold cache: the whole prompt is evaluated)."""
    saved = loaded.run(lambda model: model.max_tokens)
    loaded.run(lambda model: setattr(model, "max_tokens", SCALING_REPLY_TOKENS))
    try:
        return _scaling(loaded, root, sizes, rng)
    finally:
        loaded.run(lambda model: setattr(model, "max_tokens", saved))


def _scaling(loaded: LoadedModel, root: Path, sizes: Sizes, rng: random.Random) -> dict[str, Any]:
    by_length: dict[str, float] = {}
    by_length_prompt: dict[str, float] = {}
    db = journal_db(root / "scaling-length", 10)
    try:
        for length in sizes.entry_lengths:
            ids = add_entries(db, [entry_text(rng, length) for _ in range(sizes.scaling_repeats)])
            key = str(length)
            by_length[key], by_length_prompt[key] = _medians(loaded, db, ids, cold=False)
    finally:
        db.close()
    by_count: dict[str, float] = {}
    by_count_prompt: dict[str, float] = {}
    for count in sizes.candidate_counts:
        db = journal_db(root / f"scaling-candidates-{count}", count)
        try:
            ids = add_entries(db, [entry_text(rng, 400) for _ in range(sizes.scaling_repeats)])
            key = str(count)
            by_count[key], by_count_prompt[key] = _medians(loaded, db, ids, cold=True)
        finally:
            db.close()
    lengths = [float(x) for x in sizes.entry_lengths]
    counts = [float(x) for x in sizes.candidate_counts]
    return {
        "reply_tokens_cap": SCALING_REPLY_TOKENS,
        "latency_by_entry_chars_s": by_length,
        "prompt_s_by_entry_chars": by_length_prompt,
        "entry_length_growth_per_doubling": per_doubling(lengths, list(by_length.values())),
        "latency_by_candidates_s": by_count,
        "prompt_s_by_candidates": by_count_prompt,
        "candidates_growth_per_doubling": per_doubling(counts, list(by_count.values())),
    }


def rules(root: Path, sizes: Sizes, rng: random.Random) -> dict[str, Any]:
    """``rules_detect_ms``: the default reader (cue words in context, spaCy's parse, no
    model) through the same service, on entries of 400 and 5,000 characters."""
    db = journal_db(root / "rules", 10)
    try:
        warm = add_entries(db, [entry_text(rng, 400)])[0]
        detection.detect_entry(db, None, warm, today=TODAY, pipeline=Pipeline.RULES)  # loads spaCy
        out: dict[str, Any] = {}
        for length, key in ((400, "rules_detect_ms"), (5000, "rules_detect_5k_chars_ms")):
            ids = add_entries(
                db, [entry_text(rng, length) for _ in range(sizes.overhead_pairs * 2)]
            )
            times = []
            for entry_id in ids:
                started = time.perf_counter()
                detection.detect_entry(db, None, entry_id, today=TODAY, pipeline=Pipeline.RULES)
                times.append(time.perf_counter() - started)
            out[key] = round(median(times) * 1000, 1)
        return out
    finally:
        db.close()

"""Evaluation over labelled files: the app's own code path, scored like the reference.

Each run works in a database of its own (the caller gives a fresh, temporary one).
Journal cases become habits/practices plus an entry and go through
:func:`detection.detect_entry`; notebook cases are imported as form-feed text
notebooks and go through :func:`notebook_runs.run_detector`. The metrics are those of
:mod:`app.domain.evaluation`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

from app.domain.evaluation import (
    COUNT_TYPES,
    SPAN_TYPES,
    match_case,
    score_journal,
    score_notebooks,
)
from app.domain.journal.explain import explain_hit, explain_miss
from app.domain.journal.learning import words
from app.domain.journal.pipeline import DEFAULT_MODEL_REPLY, DEFAULT_PIPELINE, ModelReply, Pipeline
from app.domain.journal.rules import RuleCandidate
from app.domain.notebooks.runs import AttemptState, RunOutcome
from app.domain.parsed import ParsedText
from app.domain.progress import Progress, ProgressFn
from app.llm import ModelWorker, StreamingModel
from app.nlp.parse import ParserUnavailable, parse_entry
from app.services.errors import InvalidInputError
from app.services.journal import completions, detection, learning, suggestions, targets
from app.services.journal import entries as journal
from app.services.notebooks import batch
from app.services.notebooks import pages as notebooks
from app.services.notebooks import runs as notebook_runs
from app.store import Database

PROMPT_DETECTORS: tuple[str, ...] = SPAN_TYPES
"""The notebook detectors that need the language model."""
NOTEBOOK_DETECTORS: tuple[str, ...] = (*SPAN_TYPES, "names", *COUNT_TYPES)
"""The detectors the notebook format labels (beer_labels needs images: not in it)."""


def _fail(path: Path, line: int, what: str) -> InvalidInputError:
    return InvalidInputError(f"Line {line} of {path} {what}.")


def _check_journal_case(path: Path, line: int, case: dict[str, Any]) -> None:
    if not isinstance(case.get("id"), str | int) or not isinstance(case.get("body"), str):
        raise _fail(path, line, "needs an \u201cid\u201d and a text \u201cbody\u201d")
    candidates = case.get("candidates")
    if not isinstance(candidates, list) or not all(
        isinstance(c, dict)
        and isinstance(c.get("index"), int)
        and c.get("target_type") in ("habit", "practice")
        and isinstance(c.get("name"), str)
        for c in candidates
    ):
        raise _fail(path, line, "needs \u201ccandidates\u201d of {index, target_type, name}")
    if len({c["index"] for c in candidates}) != len(candidates):
        raise _fail(path, line, "repeats a candidate index")
    expected = case.get("expected")
    if not isinstance(expected, list) or not all(
        isinstance(e, dict)
        and isinstance(e.get("index"), int)
        and isinstance(e.get("evidence"), str)
        for e in expected
    ):
        raise _fail(path, line, "needs an \u201cexpected\u201d list of {index, evidence}")


def _check_notebook_case(path: Path, line: int, case: dict[str, Any]) -> None:
    if not isinstance(case.get("id"), str | int):
        raise _fail(path, line, "needs an \u201cid\u201d")
    pages = case.get("pages")
    if not isinstance(pages, list) or not pages or not all(isinstance(p, str) for p in pages):
        raise _fail(path, line, "needs \u201cpages\u201d, a non-empty list of texts")
    if not isinstance(case.get("expected", {}), dict):
        raise _fail(path, line, "has an \u201cexpected\u201d that is not an object")
    if any("\f" in p for p in pages):
        raise _fail(path, line, "has a page containing a form feed")


def load_labelled(path: Path | str, kind: str) -> list[dict[str, Any]]:
    """Read a labelled ``.jsonl`` file (``kind`` "journal" or "notebooks"); blank lines
    are skipped. A problem is refused in one sentence naming the file and line."""
    source = Path(path)
    try:
        text = source.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InvalidInputError(f"The file {source} does not exist.") from None
    except UnicodeDecodeError:
        raise InvalidInputError(f"The file {source} is not UTF-8 text.") from None
    except OSError as exc:
        raise InvalidInputError(f"The file {source} cannot be read ({exc.strerror}).") from None
    check = _check_journal_case if kind == "journal" else _check_notebook_case
    cases: list[dict[str, Any]] = []
    seen: set[str] = set()
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            case = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise _fail(source, number, f"is not valid JSON ({exc.msg})") from None
        if not isinstance(case, dict):
            raise _fail(source, number, "is not a JSON object")
        check(source, number, case)
        key = str(case["id"])
        if key in seen:
            raise _fail(source, number, f"repeats the id {key!r}")
        seen.add(key)
        cases.append(case)
    if not cases:
        raise InvalidInputError(f"The file {source} holds no labelled items.")
    return cases


def _by_id(items: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {str(item["id"]): item for item in items}


# --------------------------------------------------------------------------- journal


def _add_candidates(
    db: Database, candidates: Sequence[dict[str, Any]]
) -> dict[tuple[str, int], int]:
    """Create a case's habits and practices in index order; ``(type, id) -> file index``."""
    index_of: dict[tuple[str, int], int] = {}
    for candidate in sorted(candidates, key=lambda c: int(c["index"])):
        if candidate["target_type"] == "habit":
            view = targets.add_habit(db, candidate["name"]).value
        else:
            view = targets.add_practice(db, candidate["name"]).value
        index_of[(view.target_type, view.id)] = int(candidate["index"])
    return index_of


def evaluate_journal(
    db: Database,
    worker: ModelWorker[StreamingModel] | None,
    cases: Sequence[dict[str, Any]],
    *,
    day: date,
    on_progress: ProgressFn | None = None,
    pipeline: Pipeline = DEFAULT_PIPELINE,
    explain: bool = False,
    model_reply: ModelReply = DEFAULT_MODEL_REPLY,
) -> dict[str, Any]:
    """Detect completions in every case through the app; ``{"items", "metrics"}``.

    With ``explain`` each item also gets ``"explain"``: every miss and false hit with
    its reasons in words (see :func:`explain_case`).

    Per case its candidates are created (habits then practices, each in the file's index
    order) and the previous case's are archived/ended, so the app sees exactly this
    case's candidates. Hits are the suggestions stored, mapped back to file indexes.
    """
    items: list[dict[str, Any]] = []
    previous: list[tuple[str, int]] = []
    for done, case in enumerate(cases, start=1):
        for target_type, target_id in previous:
            targets.set_active(db, target_type, target_id, False)
        index_of = _add_candidates(db, case["candidates"])
        previous = list(index_of)
        entry = journal.add_entry(db, day, case["body"]).value
        request = detection.prepare_detection(db, entry.id) if explain else None
        outcome = detection.detect_entry(
            db, worker, entry.id, today=day, pipeline=pipeline, model_reply=model_reply
        ).value
        hits = [
            {
                "index": index_of[(s.target_type, s.target_id)],
                "anchor_start": s.anchor_start,
                "anchor_end": s.anchor_end,
                "anchor_text": s.anchor_text,
            }
            for s in outcome.suggestions
            if (s.target_type, s.target_id) in index_of
        ]
        item: dict[str, Any] = {"id": case["id"], "hits": hits}
        if outcome.dropped:
            item["dropped"] = [
                {"index": index_of.get(d.target) if d.target else None, "reason": d.reason}
                for d in outcome.dropped
            ]
        if outcome.error:
            item["error"] = outcome.error
        if outcome.skipped:
            item["skipped"] = outcome.skipped
        if request is not None:
            rules = {
                index_of[(rc.candidate.target_type, rc.candidate.target_id)]: rc
                for rc in request.cues
            }
            item["explain"] = explain_case(case, item, rules)
        items.append(item)
        if on_progress is not None:
            on_progress(Progress(done, len(cases), str(case["id"])))
    return {"items": items, "metrics": score_journal(cases, _by_id(items))}


def _parse(body: str) -> ParsedText | None:
    try:
        return parse_entry(body)
    except ParserUnavailable:
        return None


def explain_case(
    case: dict[str, Any], item: dict[str, Any], rules: dict[int, RuleCandidate]
) -> dict[str, list[dict[str, Any]]]:
    """``{"misses": [...], "false_hits": [...]}`` of one scored item, each with its
    candidate ``index``, ``name``, the words (``evidence`` or ``anchor_text``) and
    ``reasons``: the cue-word verdicts, then any of the model's dropped hits for it."""
    body: str = case["body"]
    parsed = _parse(body)
    names = {int(c["index"]): str(c["name"]) for c in case["candidates"]}
    dropped: dict[int | None, list[str]] = {}
    for d in item.get("dropped", ()):
        dropped.setdefault(d["index"], []).append(f"the model's hit was dropped: {d['reason']}")
    result = match_case(case, item["hits"])
    misses: list[dict[str, Any]] = []
    for k, (index, span, sentence) in enumerate(result.expected):
        if k in result.expected_matched:
            continue
        rc = rules.get(index)
        reasons = (
            explain_miss(body, parsed, rc, sentence)
            if rc is not None
            else ["not offered as a candidate (already suggested or inactive)"]
        )
        reasons += [
            f"its one suggestion went to \u201c{h['anchor_text']}\u201d"
            for h in item["hits"]
            if int(h["index"]) == index
        ]
        misses.append(
            {
                "index": index,
                "name": names.get(index, ""),
                "evidence": body[span[0] : span[1]],
                "reasons": reasons + dropped.get(index, []),
            }
        )
    false_hits: list[dict[str, Any]] = []
    for n, hit in enumerate(item["hits"]):
        if n in result.hits_matched:
            continue
        index = int(hit["index"])
        rc = rules.get(index)
        span = (int(hit["anchor_start"]), int(hit["anchor_end"]))
        false_hits.append(
            {
                "index": index,
                "name": names.get(index, ""),
                "anchor_text": hit["anchor_text"],
                "reasons": explain_hit(body, parsed, rc, span) if rc is not None else [],
            }
        )
    return {"misses": misses, "false_hits": false_hits}


# --------------------------------------------------------------------------- simulated user

SIMULATED_WINDOW = 30
"""Entries at each end of a stream whose precision and recall are reported."""


def _stream_candidates(path: Path | str, cases: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The one writer's candidates (the same in every case), after checking the dates."""
    first = sorted(cases[0]["candidates"], key=lambda c: int(c["index"]))
    previous: date | None = None
    for number, case in enumerate(cases, start=1):
        try:
            day = date.fromisoformat(str(case.get("date")))
        except ValueError:
            raise InvalidInputError(
                f"Entry {number} of {path} needs a \u201cdate\u201d (YYYY-MM-DD) "
                "to be replayed as a stream."
            ) from None
        if previous is not None and day < previous:
            raise InvalidInputError(f"Entry {number} of {path} is dated before the one above it.")
        previous = day
        if sorted(case["candidates"], key=lambda c: int(c["index"])) != first:
            raise InvalidInputError(
                f"Entry {number} of {path} has other candidates than the first: "
                "a stream is one writer with the same habits throughout."
            )
    return first


def _words_in(phrase: str, texts: Sequence[str]) -> bool:
    wanted = words(phrase)
    return bool(wanted) and any(all(w in set(words(t)) for w in wanted) for t in texts)


def simulate_user(
    db: Database,
    path: Path | str,
    cases: Sequence[dict[str, Any]],
    *,
    window: int = SIMULATED_WINDOW,
    on_progress: ProgressFn | None = None,
) -> dict[str, Any]:
    """Replay one writer's stream in date order with a simulated user, through the app.

    After each entry is read (the rules pipeline) the user accepts the suggestions the
    labels call right, dismisses the others and logs by hand what was missed; then the
    app recounts its proposals, and the user accepts a cue word that occurs in the
    expected evidence of that habit seen so far and an exclusion that occurs in none of
    it, dismissing the rest. Reports ``{"first", "last", "proposals_accepted",
    "proposals_dismissed", "accepted"}`` (precision and recall over the first and the last
    ``window`` entries; ``accepted``: the proposals taken, in order)."""
    candidates = _stream_candidates(path, cases)
    index_of = _add_candidates(db, candidates)
    target_of = {i: t for t, i in index_of.items()}
    seen_evidence: dict[tuple[str, int], list[str]] = {t: [] for t in index_of}
    items: list[dict[str, Any]] = []
    taken: list[dict[str, Any]] = []
    dismissed = 0
    for done, case in enumerate(cases, start=1):
        day = date.fromisoformat(str(case["date"]))
        entry = journal.add_entry(db, day, case["body"]).value
        outcome = detection.detect_entry(
            db, None, entry.id, today=day, pipeline=Pipeline.RULES
        ).value
        found = [s for s in outcome.suggestions if (s.target_type, s.target_id) in index_of]
        hits = [
            {
                "index": index_of[(s.target_type, s.target_id)],
                "anchor_start": s.anchor_start,
                "anchor_end": s.anchor_end,
                "anchor_text": s.anchor_text,
            }
            for s in found
        ]
        items.append({"id": case["id"], "hits": hits})
        result = match_case(case, hits)
        for n, suggestion in enumerate(found):
            if n in result.hits_matched:
                suggestions.accept_suggestion(db, suggestion.id, today=day)
            else:
                suggestions.dismiss_suggestion(db, suggestion.id)
        for k, (index, span, _) in enumerate(result.expected):
            seen_evidence[target_of[index]].append(case["body"][span[0] : span[1]])
            if k not in result.expected_matched:
                completions.log_completion(db, *target_of[index], day)
        for proposal in learning.refresh_proposals(db).value:
            evidence = seen_evidence[(proposal.target_type, proposal.target_id)]
            in_evidence = _words_in(proposal.phrase, evidence)
            if in_evidence == (proposal.kind == "cue"):
                learning.accept_proposal(db, proposal.id)
                taken.append(
                    {"after": case["id"], "name": proposal.target_name}
                    | {"kind": proposal.kind, "phrase": proposal.phrase}
                )
            else:
                learning.dismiss_proposal(db, proposal.id)
                dismissed += 1
        if on_progress is not None:
            on_progress(Progress(done, len(cases), str(case["id"])))
    by_id = _by_id(items)
    window = min(window, len(cases))

    def pr(part: Sequence[dict[str, Any]]) -> dict[str, Any]:
        m = score_journal(part, by_id)
        return {k: m[k] for k in ("precision", "recall", "tp", "fp", "fn")}

    return {
        "first": pr(cases[:window]),
        "last": pr(cases[-window:]),
        "proposals_accepted": len(taken),
        "proposals_dismissed": dismissed,
        "accepted": taken,
        "entries": len(cases),
    }


# --------------------------------------------------------------------------- notebooks


def evaluate_notebooks(
    db: Database,
    worker: ModelWorker[StreamingModel] | None,
    cases: Sequence[dict[str, Any]],
    *,
    workdir: Path,
    detector_ids: Sequence[str] = NOTEBOOK_DETECTORS,
    model: notebook_runs.ModelIdentity | None = None,
    on_progress: ProgressFn | None = None,
) -> dict[str, Any]:
    """Run the chosen detectors over every notebook through the app; ``{"items", "metrics"}``.

    Page positions are 0-based; a detector not run reports nothing (so it scores as
    such). A detector that cannot run at all (e.g. spaCy missing) is refused: a
    measurement must not silently drop it; a run whose windows all failed counts as
    finding nothing and is noted in the item's ``errors``.
    """
    unknown = [d for d in detector_ids if d not in NOTEBOOK_DETECTORS]
    if unknown:
        raise InvalidInputError(
            f"{', '.join(unknown)} cannot be evaluated; choose from "
            + ", ".join(NOTEBOOK_DETECTORS)
            + "."
        )
    items: list[dict[str, Any]] = []
    for done, case in enumerate(cases, start=1):
        source = workdir / f"notebook-{done}.txt"
        source.write_text("\f".join(case["pages"]) + "\f", encoding="utf-8")
        notebook = notebooks.import_notebook(db, source, title=f"eval {case['id']}").value
        source.unlink()
        pages = notebooks.list_pages(db, notebook.id)
        if len(pages) != len(case["pages"]):
            raise InvalidInputError(
                f"Notebook {case['id']!r} has {len(case['pages'])} pages but imported as "
                f"{len(pages)}; blank pages cannot be evaluated."
            )
        position = {p.id: p.order for p in pages}
        found: dict[str, list[Any]] = {}
        errors: dict[str, str] = {}
        results = batch.run_detectors(  # each window read once for every detector
            db, worker, notebook.id, detector_ids, model=model, force=True, auto_tag=False
        )
        for detector_id, result in zip(detector_ids, results, strict=True):
            run = result.value
            if (
                run.outcome == RunOutcome.SKIPPED_NOT_APPLICABLE
                or run.attempt_state == AttemptState.CANCELLED
            ):
                raise InvalidInputError(
                    f"The {detector_id} detector did not run on {case['id']!r}: "
                    f"{run.message or run.attempt_state}"
                )
            if run.attempt_state == AttemptState.FAILED:
                errors[detector_id] = run.message or "failed"
            if detector_id in COUNT_TYPES:
                counts = {int(c["page_id"]): int(c["count"]) for c in run.page_counts or ()}
                found[detector_id] = [counts.get(p.id, 0) for p in pages]
                continue
            views = run.findings if run.attempt_state == AttemptState.SUCCEEDED else ()
            if detector_id == "names":
                found["names"] = [
                    [str(f.detector_data.get("name") or f.title or ""), position[f.start_page]]
                    for f in views
                ]
            else:
                found[detector_id] = [[position[f.start_page], position[f.end_page]] for f in views]
        item: dict[str, Any] = {"id": case["id"], "findings": found}
        if errors:
            item["errors"] = errors
        items.append(item)
        if on_progress is not None:
            on_progress(Progress(done, len(cases), str(case["id"])))
    return {"items": items, "metrics": score_notebooks(cases, _by_id(items))}

"""Notebook detector runs end to end with a scripted model: routing, caching, freshness,
cancellation, publish-only-if-current, carry-forward, auto-tag, lexical counters, names."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from app.domain import Prompt
from app.domain.progress import CancelToken
from app.llm import ModelWorker
from app.llm.worker import Job
from app.services.errors import NotFoundError
from app.services.notebooks import detectors, findings, tags
from app.services.notebooks import pages as notebooks
from app.services.notebooks import runs as notebook_runs
from app.services.notebooks.runs import ModelIdentity, run_detector
from app.store import Database
from app.store.notebooks import DetectionRun
from tests.notebook_files import SAMPLE_NOTEBOOK as SAMPLE
from tests.services.conftest import ScriptedModel

MODEL = ModelIdentity("scripted", "0" * 64, 4096, 512)
Worker = Callable[[ScriptedModel], ModelWorker[ScriptedModel]]


def window(
    detected: bool,
    *,
    confidence: float = 0.9,
    before: bool = False,
    after: bool = False,
    reason: str = "found it",
    evidence: list[tuple[int, str]] | None = None,
    **extra: Any,
) -> str:
    return json.dumps(
        {
            "detected": detected,
            "confidence": confidence,
            "starts_on_this_window": True,
            "continues_before": before,
            "continues_after": after,
            "reason": reason,
            "evidence": [{"page": p, "quote": q} for p, q in (evidence or [])],
            **extra,
        }
    )


def poem_reply(prompt: Prompt) -> str:
    """Detects the poem in the window that shows its first page (page 2 of the window)."""
    if "Low Tide" in prompt.user:
        return window(True, evidence=[(2, "The water leaves its letters"), (1, "not there")])
    return window(False)


@pytest.fixture
def notebook(db: Database) -> int:
    return notebooks.import_notebook(db, SAMPLE, title="Sample").value.id


def pages(db: Database, notebook_id: int) -> list[notebooks.PageInfo]:
    return notebooks.list_pages(db, notebook_id)


@pytest.mark.usefixtures("model_only")
def test_a_prompt_detector_run_publishes_anchored_findings(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    model = ScriptedModel(poem_reply)
    worker = make_worker(model)
    progress: list[tuple[int, int]] = []
    result = run_detector(
        db,
        worker,
        notebook,
        "poetry",
        model=MODEL,
        on_progress=lambda p: progress.append((p.done, p.total)),
    )
    run = result.value
    assert (run.attempt_state, run.outcome, run.capability) == ("succeeded", "success", None)
    assert run.published
    assert not run.cache_hit
    assert not run.partial
    assert (run.pages_scanned, run.windows_scanned, run.windows_total) == (6, 3, 3)
    assert run.page_counts is None
    assert progress[0] == (0, 3)
    assert progress[-1] == (3, 3)
    assert model.threads == {worker.thread_ident}  # the model is only called on its thread
    ids = [p.id for p in pages(db, notebook)]
    [finding] = run.findings
    # the first window, narrowed to the page its anchored evidence is on
    assert (finding.start_page, finding.end_page) == (ids[1], ids[1])
    assert finding.page_ids == (ids[1],)
    assert finding.review_status == "unreviewed"
    [anchor] = finding.evidence  # the bad quote is dropped
    page_text = pages(db, notebook)[1].text or ""
    assert page_text[anchor.anchor_start : anchor.anchor_end] == anchor.anchor_text
    assert anchor.anchor_text == "The water leaves its letters"
    assert result.changes.findings == {finding.id}
    # every window prompt labels the pages and keeps them out of the system role
    assert all("PAGE 1" in p.user and "Low Tide" not in p.system for p in model.prompts)
    with db.session() as session:
        row = session.get(DetectionRun, run.id)
        assert row is not None
        assert row.definition["detector_id"] == "poetry"  # the snapshot of the definition
        assert row.model_digest == MODEL.digest
        assert row.prompt_id == "poetry_detect_v1"


def test_an_unchanged_rerun_is_a_cache_hit_without_a_model_call(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    model = ScriptedModel(poem_reply)
    worker = make_worker(model)
    first = run_detector(db, worker, notebook, "poetry", model=MODEL).value
    calls = len(model.prompts)
    again = run_detector(db, worker, notebook, "poetry", model=MODEL).value
    assert again.cache_hit
    assert len(model.prompts) == calls
    assert again.id == first.id
    assert [f.id for f in again.findings] == [f.id for f in first.findings]
    assert notebook_runs.freshness(db, notebook, "poetry", model=MODEL) == "ok"
    assert notebook_runs.freshness(db, notebook, "poetry") == "unavailable"  # no model now

    forced = run_detector(db, worker, notebook, "poetry", model=MODEL, force=True).value
    assert not forced.cache_hit
    assert forced.id != first.id
    assert len(model.prompts) == 2 * calls
    # another model is another identity: stale, and a real run
    other = ModelIdentity("other", "1" * 64, 4096, 512)
    assert notebook_runs.freshness(db, notebook, "poetry", model=other) == "stale"
    assert not run_detector(db, worker, notebook, "poetry", model=other).value.cache_hit


def test_editing_a_page_makes_the_result_stale(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    worker = make_worker(ScriptedModel(poem_reply))
    assert notebook_runs.freshness(db, notebook, "poetry", model=MODEL) == "missing"
    run_detector(db, worker, notebook, "poetry", model=MODEL)
    run_detector(db, None, notebook, "first_person")
    page = pages(db, notebook)[4]
    notebooks.edit_page_text(db, page.id, "I I I")
    assert notebook_runs.freshness(db, notebook, "poetry", model=MODEL) == "stale"
    assert notebook_runs.freshness(db, notebook, "first_person") == "stale"
    rerun = run_detector(db, None, notebook, "first_person").value
    assert not rerun.cache_hit
    assert rerun.page_counts is not None
    assert {"page_id": page.id, "count": 3} in rerun.page_counts
    notebooks.set_page_excluded(db, page.id, True)
    assert notebook_runs.freshness(db, notebook, "first_person") == "stale"


def test_lexical_counts_every_candidate_page_and_anchors_every_match(
    db: Database, notebook: int
) -> None:
    ids = [p.id for p in pages(db, notebook)]
    notebooks.edit_page_text(db, ids[2], "   ")  # empty effective text: skipped with a warning
    notebooks.set_page_excluded(db, ids[3], True)  # excluded: skipped silently
    run = run_detector(db, None, notebook, "swear_words").value
    assert run.outcome == "success"
    assert run.page_counts == (
        {"page_id": ids[0], "count": 0},
        {"page_id": ids[1], "count": 0},
        {"page_id": ids[4], "count": 0},
        {"page_id": ids[5], "count": 3},
    )
    assert [w["code"] for w in run.warnings] == ["skip_empty_page"]
    [finding] = run.findings
    assert finding.detector_data["count"] == 3
    assert finding.detector_data["category_counts"] == {"mild": 2, "strong": 1}
    assert finding.confidence == 1.0
    text = pages(db, notebook)[5].text or ""
    assert [text[e.anchor_start : e.anchor_end] for e in finding.evidence] == [
        "hell",
        "damn",
        "Shit",
    ]
    first = run_detector(db, None, notebook, "first_person").value
    assert first.page_counts is not None
    assert len(first.page_counts) == 4
    assert first.findings[0].reason.startswith("First person: count=")


def test_no_model_means_skipped_not_applicable(db: Database, notebook: int) -> None:
    run = run_detector(db, None, notebook, "poetry").value
    assert (run.attempt_state, run.outcome, run.capability) == (
        "succeeded",
        "skipped_not_applicable",
        "unavailable_model",
    )
    assert run.message
    assert run.message.endswith(".")
    assert not run.published
    assert notebook_runs.freshness(db, notebook, "poetry") == "missing"


def test_a_vision_detector_without_a_vision_model_is_unavailable(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    model = ScriptedModel(poem_reply)
    run = run_detector(db, make_worker(model), notebook, "beer_labels", model=MODEL).value
    assert (run.outcome, run.capability) == ("skipped_not_applicable", "unavailable_model")
    assert model.prompts == []


@pytest.mark.usefixtures("model_only")
def test_unparseable_and_failing_windows(db: Database, notebook: int, make_worker: Worker) -> None:
    def reply(prompt: Prompt) -> str:
        if "Low Tide" in prompt.user:
            return "this is not JSON"
        if "TO DO" in prompt.user:
            raise RuntimeError("llama.cpp fell over")
        eliot = [(1, "T. S. Eliot"), (2, "T. S. Eliot")]  # wherever the window has it
        return window(True, confidence=0.8, reason="a quote", evidence=eliot)

    run = run_detector(db, make_worker(ScriptedModel(reply)), notebook, "quotations", model=MODEL)
    view = run.value
    codes = [w["code"] for w in view.warnings]
    assert "abstain_unparseable" in codes
    assert "window_failed" in codes
    assert view.partial
    assert view.attempt_state == "succeeded"
    assert view.published
    assert view.windows_total == 3
    assert view.windows_scanned == 2
    assert len(view.findings) == 1


@pytest.mark.usefixtures("model_only")
def test_every_window_failing_is_a_failed_run_and_keeps_the_published_result(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    good = run_detector(db, make_worker(ScriptedModel(poem_reply)), notebook, "poetry", model=MODEL)

    def broken(prompt: Prompt) -> str:
        raise RuntimeError("boom")

    run = run_detector(
        db, make_worker(ScriptedModel(broken)), notebook, "poetry", model=MODEL, force=True
    ).value
    assert (run.attempt_state, run.outcome, run.partial) == ("failed", "failed", True)
    published = notebook_runs.published_run(db, notebook, "poetry")
    assert published is not None
    assert published.id == good.value.id


@pytest.mark.usefixtures("model_only")
def test_cancelling_between_windows_keeps_the_published_result(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    first = run_detector(
        db, make_worker(ScriptedModel(poem_reply)), notebook, "poetry", model=MODEL
    )
    cancel = CancelToken()

    def reply(prompt: Prompt) -> str:
        cancel.cancel()  # the user presses cancel while the first window is being read
        return poem_reply(prompt)

    model = ScriptedModel(reply)
    run = run_detector(
        db, make_worker(model), notebook, "poetry", model=MODEL, force=True, cancel=cancel
    ).value
    assert run.attempt_state == "cancelled"
    assert not run.published
    assert len(model.prompts) == 1  # stopped before the second window
    published = notebook_runs.published_run(db, notebook, "poetry")
    assert published is not None
    assert published.id == first.value.id
    assert [f.id for f in published.findings] == [f.id for f in first.value.findings]


@pytest.mark.usefixtures("model_only")
def test_a_page_edited_during_the_run_publishes_nothing(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    first = run_detector(
        db, make_worker(ScriptedModel(poem_reply)), notebook, "poetry", model=MODEL
    )
    page_id = pages(db, notebook)[0].id
    edited = threading.Event()

    def reply(prompt: Prompt) -> str:
        if not edited.is_set():
            edited.set()
            notebooks.edit_page_text(db, page_id, "Rewritten while the model reads.")
        return poem_reply(prompt)

    run = run_detector(
        db, make_worker(ScriptedModel(reply)), notebook, "poetry", model=MODEL, force=True
    ).value
    assert run.attempt_state == "succeeded"
    assert run.stale_at_publish
    assert not run.published
    published = notebook_runs.published_run(db, notebook, "poetry")
    assert published is not None
    assert published.id == first.value.id


def test_reviews_carry_forward_to_the_next_run(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    worker = make_worker(ScriptedModel(poem_reply))
    run = run_detector(db, worker, notebook, "poetry", model=MODEL).value
    [finding] = run.findings
    middle = finding.page_ids[1]
    findings.reject_finding(db, finding.id, page_id=middle)
    accepted = findings.accept_finding(db, finding.id).value
    assert accepted.review_status == "approved"
    assert accepted.page_reviews[middle] == "rejected"

    rerun = run_detector(db, worker, notebook, "poetry", model=MODEL, force=True).value
    [carried] = rerun.findings
    assert carried.id != finding.id
    assert carried.review_status == "approved"
    assert carried.page_reviews == accepted.page_reviews
    assert findings.list_findings(db, notebook, detector_id="poetry") == [carried]


@pytest.mark.usefixtures("model_only")
def test_auto_tag_is_opt_in_remembered_and_additive(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    worker = make_worker(ScriptedModel(poem_reply))
    run_detector(db, worker, notebook, "poetry", model=MODEL)
    assert all(p.tags == () for p in pages(db, notebook))
    result = run_detector(db, worker, notebook, "poetry", model=MODEL, force=True, auto_tag=True)
    ids = [p.id for p in pages(db, notebook)]
    assert result.changes.pages == {ids[1]}  # the page the poem's evidence is on
    assert [p.tags for p in pages(db, notebook)][:4] == [(), ("poetry",), (), ()]
    assert notebook_runs.get_auto_tag(db, "poetry")
    tags.remove_page_tags(db, ids[1], ["poetry"])
    # remembered: the next run tags again without being asked
    [finding] = run_detector(db, worker, notebook, "poetry", model=MODEL, force=True).value.findings
    assert "poetry" in pages(db, notebook)[1].tags
    # a rejected finding is not tagged by later runs (its review carries forward)
    findings.reject_finding(db, finding.id)
    assert all("poetry" not in p.tags for p in pages(db, notebook))
    run_detector(db, worker, notebook, "poetry", model=MODEL, force=True)
    assert all("poetry" not in p.tags for p in pages(db, notebook))


def test_names_with_spacy_tag_each_person(db: Database, notebook: int) -> None:
    run = run_detector(db, None, notebook, "names", auto_tag=True).value
    assert (run.attempt_state, run.outcome) == ("succeeded", "success")
    people = {f.detector_data["name"] for f in run.findings}
    assert {"Anna", "Tom Baker"} <= people
    ids = [p.id for p in pages(db, notebook)]
    first_page = [f for f in run.findings if f.start_page == ids[0]]
    assert [f.tag_slug for f in first_page] == sorted(f.tag_slug or "" for f in first_page)
    for f in run.findings:
        assert f.reason.startswith("PERSON: ")
        assert f.confidence == 1.0
        text = next(p.text for p in pages(db, notebook) if p.id == f.start_page) or ""
        assert all(text[e.anchor_start : e.anchor_end] == e.anchor_text for e in f.evidence)
    page_tags = pages(db, notebook)[0].tags
    assert "anna" in page_tags
    assert "tom baker" in page_tags
    assert "names" not in page_tags
    labels = {t.slug: t.label for t in tags.list_tags(db)}
    assert labels["tom baker"] == "Tom Baker"
    assert run_detector(db, None, notebook, "names").value.cache_hit


DUTCH_PAGE = (
    "Eigenlijk was het een rustige dag. Toen ik thuis kwam zag ik dat de fles leeg was, "
    "en Pieter zei dat hij niets wist. Deel I van het dagboek is klaar."
)


def test_english_only_detectors_skip_a_page_in_another_language(
    db: Database, notebook: int
) -> None:
    ids = [p.id for p in pages(db, notebook)]
    notebooks.edit_page_text(db, ids[1], DUTCH_PAGE)
    for detector in ("names", "first_person"):
        run = run_detector(db, None, notebook, detector, force=True).value
        assert run.outcome == "success"
        skips = [w for w in run.warnings if w["code"] == "skip_other_language"]
        assert len(skips) == 1
        assert "written in Dutch" in skips[0]["message"]
        assert all(f.start_page != ids[1] for f in run.findings)
        if run.page_counts is not None:
            assert ids[1] not in {c["page_id"] for c in run.page_counts}
            assert ids[0] in {c["page_id"] for c in run.page_counts}


MIXED_PAGE = (
    "Copied out for the chapel concert from my grandmother's hymn book. Gareth always "
    "wanted me on the tenor line, and I said I would try:\n\n"
    "Dyma gariad fel y moroedd,\nTosturiaethau fel y lli:\n"
    "T'wysog bywyd pur yn marw,\nMarw i brynu'n bywyd ni.\n\n"
    "(ask Bethan which tune)"
)


def test_english_only_detectors_read_the_english_part_of_a_mixed_page(
    db: Database, notebook: int
) -> None:
    ids = [p.id for p in pages(db, notebook)]
    notebooks.edit_page_text(db, ids[1], MIXED_PAGE)
    names = run_detector(db, None, notebook, "names", force=True).value
    on_page = {e.anchor_text for f in names.findings for e in f.evidence if e.page_id == ids[1]}
    assert {"Gareth", "Bethan"} <= on_page
    assert not {"Dyma", "Marw"} & on_page
    warnings = [w["message"] for w in names.warnings if w["code"] == "skip_other_language"]
    assert warnings == [
        "Page 2 was read in part: a paragraph is written in Welsh, "
        "and this reader knows English only."
    ]
    # the counters count the forms on a page that is English as a whole, the hymn's
    # "i" too, as the spec defines them; a page surely in Welsh as a whole is skipped
    counted = run_detector(db, None, notebook, "first_person", force=True).value
    assert counted.page_counts is not None
    assert {"page_id": ids[1], "count": 3} in counted.page_counts
    assert not [w for w in counted.warnings if w["code"] == "skip_other_language"]


@pytest.mark.parametrize("detector", ["first_person", "names"])
def test_a_change_in_the_language_decision_makes_english_only_results_stale(
    db: Database, notebook: int, monkeypatch: pytest.MonkeyPatch, detector: str
) -> None:
    from app.nlp import language

    ids = [p.id for p in pages(db, notebook)]
    notebooks.edit_page_text(db, ids[1], DUTCH_PAGE)
    first = run_detector(db, None, notebook, detector).value
    assert all(f.start_page != ids[1] for f in first.findings)  # the Dutch page skipped
    assert notebook_runs.detector_freshness(db, notebook)[detector] == "ok"
    assert run_detector(db, None, notebook, detector).value.cache_hit

    # a language detector that is never sure (a new version, other thresholds): the
    # Dutch page would be read now, so the published result is stale and runs again
    monkeypatch.setattr(language, "MIN_LETTERS", 10_000)
    freshness = notebook_runs.detector_freshness(db, notebook)
    assert freshness[detector] == "stale"
    again = run_detector(db, None, notebook, detector).value
    assert (again.cache_hit, again.published) == (False, True)
    assert not [w for w in again.warnings if w["code"] == "skip_other_language"]
    assert ids[1] in {f.start_page for f in again.findings}  # "Deel I", "Pieter"
    assert notebook_runs.detector_freshness(db, notebook)[detector] == "ok"

    monkeypatch.setattr(language, "language_detector_id", lambda: "py3langid-9.9")
    assert notebook_runs.detector_freshness(db, notebook)[detector] == "stale"


def test_the_language_decision_is_no_part_of_a_prompt_detector_identity(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from app.domain.notebooks.definitions import builtin_detector
    from app.nlp import language

    poetry, first_person = builtin_detector("poetry"), builtin_detector("first_person")
    assert poetry is not None
    assert first_person is not None
    before = (
        notebook_runs.prompt_key(poetry, "text"),
        notebook_runs.prompt_key(first_person, "text"),
    )
    assert before[1] == f"lexical:first_person_i|language:{language.language_decision_id()}"
    monkeypatch.setattr(language, "MIN_CONFIDENCE", 0.5)
    assert notebook_runs.prompt_key(poetry, "text") == before[0]
    assert notebook_runs.prompt_key(first_person, "text") != before[1]


def test_names_without_spacy_are_skipped_not_crashed(
    db: Database, notebook: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.nlp import people

    def unavailable() -> str:
        raise people.NerUnavailable("Finding names needs spaCy, which is not installed.")

    assert run_detector(db, None, notebook, "names").value.published
    monkeypatch.setattr(notebook_runs, "ner_model_id", unavailable)
    run = run_detector(db, None, notebook, "names").value
    assert (run.outcome, run.capability) == ("skipped_not_applicable", "unavailable_extra")
    assert run.message == "Finding names needs spaCy, which is not installed."
    assert notebook_runs.freshness(db, notebook, "names") == "unavailable"


def test_pages_option_and_unknown_ids(db: Database, notebook: int) -> None:
    ids = [p.id for p in pages(db, notebook)]
    run = run_detector(db, None, notebook, "first_person", page_ids=[ids[0], ids[5]]).value
    assert [c["page_id"] for c in run.page_counts or ()] == [ids[0], ids[5]]
    with pytest.raises(NotFoundError, match="has no page with id 999"):
        run_detector(db, None, notebook, "first_person", page_ids=[999])
    with pytest.raises(NotFoundError, match="no detector 'nope'"):
        run_detector(db, None, notebook, "nope")
    with pytest.raises(NotFoundError, match="no notebook with id 77"):
        run_detector(db, None, 77, "first_person")


def test_an_empty_notebook_is_insufficient_data(
    db: Database, tmp_path: Path, make_worker: Worker
) -> None:
    source = tmp_path / "blank.txt"
    source.write_text("words\f  \f", encoding="utf-8")
    notebook = notebooks.import_notebook(db, source).value.id
    notebooks.set_page_excluded(db, pages(db, notebook)[0].id, True)
    model = ScriptedModel(poem_reply)
    run = run_detector(db, make_worker(model), notebook, "poetry", model=MODEL).value
    assert (run.attempt_state, run.outcome) == ("succeeded", "insufficient_data")
    assert model.prompts == []


def test_custom_detector_runs_with_its_snapshot(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    definition = detectors.add_custom_detector(
        db, name="Shopping", instruction="Find shopping lists.", custom_id="shopping"
    ).value

    def reply(prompt: Prompt) -> str:
        return window("olive oil" in prompt.user, evidence=[(n, "olive oil") for n in (1, 2, 3)])

    run = run_detector(
        db, make_worker(ScriptedModel(reply)), notebook, definition.detector_id, model=MODEL
    ).value
    assert run.findings
    assert run.findings[0].finding_type == "custom:shopping"
    detectors.delete_detector(db, definition.detector_id)
    with db.session() as session:
        snapshot = session.scalars(
            select(DetectionRun.definition).where(DetectionRun.id == run.id)
        ).one()
    assert snapshot["extra_config"] == {"instruction": "Find shopping lists."}


def test_reconcile_marks_running_attempts_interrupted(db: Database, notebook: int) -> None:
    with db.session() as session:
        session.add(
            DetectionRun(
                notebook_id=notebook,
                detector_id="poetry",
                detector_version="1",
                definition={},
                attempt_state="running",
            )
        )
    [run_id] = notebook_runs.reconcile_interrupted(db)
    assert notebook_runs.reconcile_interrupted(db) == []
    [view] = notebook_runs.list_runs(db, notebook)
    assert (view.id, view.attempt_state) == (run_id, "interrupted")


@pytest.mark.usefixtures("model_only")
def test_ctrl_c_cancels_the_job_and_the_attempt(
    db: Database, notebook: int, make_worker: Worker, ctrl_c_raises: None
) -> None:
    import gc
    import signal
    import sys
    import time

    main = threading.get_ident()

    def main_is_waiting() -> bool:
        frame = sys._current_frames().get(main)
        while frame is not None:
            if frame.f_code is Job.wait.__code__:
                return True
            frame = frame.f_back
        return False

    def reply(prompt: Prompt) -> str:
        # The user presses Ctrl-C mid-window, while the command waits for the model (not
        # earlier: on a busy machine the main thread may still be on its way there).
        deadline = time.monotonic() + 10
        while not main_is_waiting() and time.monotonic() < deadline:
            time.sleep(0.01)
        signal.pthread_kill(main, signal.SIGINT)
        # the window ends once the command has cancelled the job (however slowly a busy
        # machine lets the main thread run); the next window must then not start
        deadline = time.monotonic() + 10
        token = model.cancel_token
        while token is not None and not token.cancelled and time.monotonic() < deadline:
            time.sleep(0.01)
        return poem_reply(prompt)

    model = ScriptedModel(reply)
    worker = make_worker(model)
    gc.collect()
    # the suite collects between tests only (tests/conftest.py): a KeyboardInterrupt
    # raised inside a finalizer would be swallowed
    assert not gc.isenabled()
    with pytest.raises(KeyboardInterrupt):
        run_detector(db, worker, notebook, "poetry", model=MODEL)
    assert len(model.prompts) == 1
    [view] = notebook_runs.list_runs(db, notebook)
    assert view.attempt_state == "cancelled"
    assert notebook_runs.published_run(db, notebook, "poetry") is None


def test_windows_structure_rules_out_are_skipped_and_recorded(
    db: Database, tmp_path: Path, make_worker: Worker
) -> None:
    prose = "I walked to the harbour and back; the boat was late again, so I went home."
    poem = "The tide\nkeeps its letters\n\nand the gulls"  # too short to be sure of
    source = tmp_path / "walks.txt"
    source.write_text("\f".join([prose, prose, prose, poem, prose]) + "\f", "utf-8")
    notebook = notebooks.import_notebook(db, source).value.id
    ids = [p.id for p in pages(db, notebook)]

    def reply(prompt: Prompt) -> str:
        assert "The tide" in prompt.user
        return window(
            True,
            reason="short lines",
            evidence=[(2, "The tide"), (2, "keeps its letters"), (1, "boat was late")],
        )

    model = ScriptedModel(reply)
    run = run_detector(db, make_worker(model), notebook, "poetry", model=MODEL).value
    # windows (3 pages, overlap 1): pages 1-3 hold prose, pages 3-5 the short lines
    assert len(model.prompts) == 1
    assert (run.windows_total, run.windows_scanned, run.partial) == (2, 1, False)
    assert run.warnings == (
        {
            "code": "skip_by_structure",
            "message": "Window 1 (pages 1-3) was not sent to the model: no stanza of short "
            "lines that read as verse, so there is no poem.",
        },
    )
    [finding] = run.findings
    # narrowed to the page its evidence is on; the quote from the prose is not evidence
    assert (finding.start_page, finding.end_page) == (ids[3], ids[3])
    assert [(a.page_id, a.anchor_text) for a in finding.evidence] == [
        (ids[3], "The tide"),
        (ids[3], "keeps its letters"),
    ]
    # the same run shows the skip in the published result's view
    published = notebook_runs.published_run(db, notebook, "poetry")
    assert published is not None
    assert published.warnings == run.warnings


def test_daily_notes_checklists_are_read_from_their_lines_not_one_empty_model_finding(
    db: Database, tmp_path: Path, make_worker: Worker
) -> None:
    """Ten daily notes, each with a ``- [ ]`` checklist: the model once published one
    to-do finding spanning pages 2-10 whose only content was "nope", no evidence."""
    days = [
        f"# 2026-03-{day:02d}\n\nSlept badly, long meeting about the budget, then the gym.\n\n"
        f"## Tasks\n- [ ] reply to Sam about the {day}th\n- [x] water the plants\n"
        "- [ ] book the car in"
        for day in range(1, 11)
    ]
    source = tmp_path / "daily.txt"
    source.write_text("\f".join(days) + "\f", "utf-8")
    notebook = notebooks.import_notebook(db, source).value.id
    ids = [p.id for p in pages(db, notebook)]

    def nope(prompt: Prompt) -> str:  # what the small model said
        return window(True, before=True, after=True, reason="nope")

    model = ScriptedModel(nope)
    run = run_detector(db, make_worker(model), notebook, "todo_lists", model=MODEL).value
    assert model.prompts == []  # every checklist was read from its lines
    assert [(f.start_page, f.end_page) for f in run.findings] == [(i, i) for i in ids]
    for finding, page in zip(run.findings, pages(db, notebook), strict=True):
        assert [a.anchor_text for a in finding.evidence] == [
            line for line in (page.text or "").splitlines() if line.startswith("- [")
        ]
        assert finding.detector_data["list_style"] == "checkbox"
        assert [i["status"] for i in finding.detector_data["items"]] == ["open", "done", "open"]
        assert finding.title == "## Tasks"
    assert {w["code"] for w in run.warnings} == {"skip_by_structure"}


@pytest.mark.usefixtures("model_only")
def test_a_model_finding_without_anchored_evidence_is_not_published(
    db: Database, tmp_path: Path, make_worker: Worker
) -> None:
    days = [f"Day {n}. Slept badly.\n- [ ] call the bank\n- [ ] pay rent" for n in range(4)]
    source = tmp_path / "daily.txt"
    source.write_text("\f".join(days) + "\f", "utf-8")
    notebook = notebooks.import_notebook(db, source).value.id

    def nope(prompt: Prompt) -> str:
        return window(True, before=True, after=True, reason="nope", evidence=[(1, "nope")])

    run = run_detector(db, make_worker(ScriptedModel(nope)), notebook, "todo_lists", model=MODEL)
    assert run.value.findings == ()
    codes = [w["code"] for w in run.value.warnings]
    assert codes == ["no_evidence"] * run.value.windows_scanned
    assert (
        "quoted nothing found on its pages; it was not published"
        in (run.value.warnings[0]["message"])
    )

"""Several detectors over a notebook, each window read once, window-major (issue 17,
item 2): the order of the requests, one request per window, the same published results
as one run after another, cancellation, and a failed window asked again in its run."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest

from app.domain import Prompt
from app.domain.progress import Cancelled, CancelToken
from app.llm import ModelWorker
from app.services.notebooks import batch
from app.services.notebooks import pages as notebooks
from app.services.notebooks.runs import ModelIdentity, published_run, run_detector
from app.store import Database
from tests.notebook_files import SAMPLE_NOTEBOOK as SAMPLE
from tests.services.conftest import ScriptedModel

MODEL = ModelIdentity("scripted", "0" * 64, 4096, 512)
FOUR = ("poetry", "todo_lists", "lists", "quotations")
Worker = Callable[[ScriptedModel], ModelWorker[ScriptedModel]]
_SCHEMA = re.compile(r"^(\w+)_finding_v1$")


def _detector(prompt: Prompt) -> str:
    match = _SCHEMA.match(str((prompt.json_schema or {}).get("title")))
    assert match is not None
    return match.group(1)


def _first_line(prompt: Prompt) -> str:
    match = re.search(r"^1\| (.*)$", prompt.user, re.MULTILINE)
    assert match is not None
    return match.group(1)


def list_lines(prompt: Prompt) -> str:
    """Detects a list on every window line that starts with "- ", as line numbers."""
    numbers = [int(n) for n in re.findall(r"^(\d+)\| - ", prompt.user, re.MULTILINE)]
    if not numbers or _detector(prompt) != "lists":
        return json.dumps({"detected": False})
    return json.dumps(
        {
            "detected": True,
            "confidence": 0.9,
            "starts_on_this_window": True,
            "continues_before": False,
            "continues_after": False,
            "lines": numbers[:12],
        }
    )


@pytest.fixture
def notebook(db: Database) -> int:
    return notebooks.import_notebook(db, SAMPLE, title="Sample").value.id


@pytest.mark.usefixtures("model_only")
def test_windows_are_read_window_major_once_each(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    model = ScriptedModel(list_lines)
    progress: list[tuple[str, int, int | None]] = []
    results = batch.run_detectors(
        db,
        make_worker(model),
        notebook,
        FOUR,
        model=MODEL,
        on_progress=lambda name, p: progress.append((name, p.done, p.total)),
    )
    runs = [r.value for r in results]
    assert [r.detector_id for r in runs] == list(FOUR)
    assert all(r.attempt_state == "succeeded" and r.published for r in runs)
    # 6 pages: windows of 3 (overlap 1) -> 3, windows of 2 (overlap 1) -> 5
    assert [r.windows_scanned for r in runs] == [3, 5, 5, 3]
    assert len(model.prompts) == 16  # one model call per window, none asked twice
    assert len({(p.system, p.user) for p in model.prompts}) == 16
    texts = [p.text or "" for p in notebooks.list_pages(db, notebook)]

    def first_page(prompt: Prompt) -> int:
        line = _first_line(prompt)
        return next(i for i, t in enumerate(texts) if t.lstrip().startswith(line.strip()))

    starts = [first_page(p) for p in model.prompts]
    assert starts == sorted(starts)  # window-major: by the window's first page
    # at the first page: the 3-page windows first, then the 2-page ones (their prefix)
    assert [_detector(p) for p in model.prompts[:4]] == [
        "poetry",
        "quotations",
        "todo_lists",
        "lists",
    ]
    assert progress[0] == (batch.READING, 0, 16)
    assert (batch.READING, 16, 16) in progress


@pytest.mark.usefixtures("model_only")
def test_the_results_are_those_of_one_run_after_another(db: Database, make_worker: Worker) -> None:
    one = notebooks.import_notebook(db, SAMPLE, title="one").value.id
    other = notebooks.import_notebook(db, SAMPLE, title="other").value.id
    worker = make_worker(ScriptedModel(list_lines))
    for detector_id in FOUR:
        run_detector(db, worker, one, detector_id, model=MODEL)
    batch.run_detectors(db, worker, other, FOUR, model=MODEL)
    order = {p.id: p.order for nb in (one, other) for p in notebooks.list_pages(db, nb)}

    def shape(notebook_id: int, detector_id: str) -> list[object]:
        run = published_run(db, notebook_id, detector_id)
        assert run is not None
        return [
            (
                order[f.start_page],
                order[f.end_page],
                f.confidence,
                [(order[e.page_id], e.anchor_start, e.anchor_text) for e in f.evidence],
                f.detector_data,
            )
            for f in run.findings
        ]

    for detector_id in FOUR:
        assert shape(one, detector_id) == shape(other, detector_id)
    assert shape(one, "lists")  # the lists were found, anchored on their lines


@pytest.mark.usefixtures("model_only")
def test_cancelling_ends_every_run_cancelled(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    token = CancelToken()

    def reply(prompt: Prompt) -> str:
        if len(model.prompts) == 3:
            token.cancel()
        return json.dumps({"detected": False})

    model = ScriptedModel(reply)
    results = batch.run_detectors(db, make_worker(model), notebook, FOUR, model=MODEL, cancel=token)
    assert [r.value.attempt_state for r in results] == ["cancelled"] * 4
    assert all(published_run(db, notebook, d) is None for d in FOUR)
    assert len(model.prompts) == 3


@pytest.mark.usefixtures("model_only")
def test_a_failed_window_is_asked_again_in_its_own_run(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    def reply(prompt: Prompt) -> str:
        if _detector(prompt) == "quotations" and "PAGE 3" not in prompt.user:
            raise RuntimeError("the model broke")  # the last, 2-page quotations window
        return json.dumps({"detected": False})

    model = ScriptedModel(reply)
    runs = [
        r.value for r in batch.run_detectors(db, make_worker(model), notebook, FOUR, model=MODEL)
    ]
    quotations = runs[3]
    assert quotations.attempt_state == "succeeded"
    assert quotations.partial
    assert [w["code"] for w in quotations.warnings].count("window_failed") == 1
    assert len(model.prompts) == 17  # 16 windows, the failed one asked twice
    assert all(not r.partial for r in runs[:3])


def test_a_single_detector_reads_as_before(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    model = ScriptedModel(lambda prompt: json.dumps({"detected": False}))
    [result] = batch.run_detectors(db, make_worker(model), notebook, ["lists"], model=MODEL)
    assert result.value.attempt_state == "succeeded"
    assert len(model.prompts) == result.value.windows_scanned


def test_cancelled_reading_is_raised_between_requests(make_worker: Worker) -> None:
    token = CancelToken()
    token.cancel()
    request = batch.WindowRequest(0, (0,), Prompt(system="s", user="u"))
    with pytest.raises(Cancelled):
        batch.read_windows(make_worker(ScriptedModel(lambda p: "{}")), [request], cancel=token)

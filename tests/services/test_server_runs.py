"""A notebook run through a model server (issue 18 item 3): the windows go to the server
together, up to the concurrency setting, and the run publishes exactly what it publishes
one window at a time."""

from __future__ import annotations

import pytest

from app.domain import Prompt
from app.llm.server import parse_server_url
from app.services.models.server import ServerChoice, start_server_worker
from app.services.notebooks import pages as notebooks
from app.services.notebooks.runs import run_detector
from app.services.settings import Settings
from app.store import Database
from tests.model_server import ScriptedServer
from tests.notebook_files import SAMPLE_NOTEBOOK as SAMPLE
from tests.services.test_notebook_runs import MODEL, poem_reply

pytestmark = [pytest.mark.allow_hosts(["127.0.0.1"]), pytest.mark.timeless]


@pytest.mark.usefixtures("model_only")
def test_windows_go_to_the_server_together_and_publish_as_one_at_a_time(db: Database) -> None:
    notebook = notebooks.import_notebook(db, SAMPLE, title="Sample").value.id
    published = {}
    held = {}
    for concurrency in (1, 4):
        with ScriptedServer(
            lambda user: poem_reply(Prompt("", user)), delay=0.002, gate=min(concurrency, 3)
        ) as server:
            choice = ServerChoice(parse_server_url(server.url), "scripted")
            worker = start_server_worker(choice, Settings(server_concurrency=concurrency))
            try:
                run = run_detector(db, worker, notebook, "poetry", model=MODEL, force=True).value
            finally:
                worker.close()
            held[concurrency] = server.max_in_flight
            assert len(server.asked) == run.windows_total == 3  # each window asked once
        assert (run.outcome, run.windows_scanned, run.partial) == ("success", 3, False)
        published[concurrency] = [
            (f.start_page, f.end_page, tuple(a.anchor_text for a in f.evidence))
            for f in run.findings
        ]
    assert held == {1: 1, 4: 3}  # the sample's three poetry windows at once
    assert published[4] == published[1]
    assert published[4]
    assert published[4][0][2] == ("The water leaves its letters",)

"""Pictures of the notebook overview (with the counters' chart) and of the detector editor
(a filled-in form, its preview and a trial), over the sample notebook.

Honest note: no language model runs while these pictures are taken.  A scripted stand-in
answers the prompt detectors (it "detects" the page that holds the poem ``Low Tide`` and
quotes its first line); its replies go through the real services — prompt, parsing,
anchoring and storage — as a model's would.  The word counters need no model.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from app import resources
from app.domain import Prompt
from app.llm import WholeReplyModel
from app.screenshots.capture import (
    ensure_platform,
    quiet_platform_notes,
    readable_font,
    save,
    settle,
    wait,
)

SIZE = (1180, 760)


def recorded_window_reply(prompt_user: str) -> str:
    """The stand-in's reply: detected where the poem ``Low Tide`` is in the window."""
    found = "Low Tide" in prompt_user
    return json.dumps(
        {
            "detected": found,
            "confidence": 0.86 if found else 0.1,
            "starts_on_this_window": found,
            "continues_before": False,
            "continues_after": False,
            "reason": (
                "Short ragged lines in stanzas about the sea and the shore."
                if found
                else "Prose and lists; nothing about the sea."
            ),
            "evidence": (
                [{"page": 1, "quote": "The water leaves its letters"}, {"page": 1, "quote": "sea"}]
                if found and "PAGE 2" not in prompt_user
                else []
            ),
        }
    )


class RecordedNotebookModel(WholeReplyModel):
    def complete(self, prompt: Prompt) -> str:
        self.raise_if_cancelled()
        return recorded_window_reply(prompt.user)


def render_overview_and_editor(out_dir: Path) -> list[Path]:
    """Write ``notebook-overview.png`` and ``detector-editor.png`` into ``out_dir``."""
    ensure_platform()
    from PySide6.QtWidgets import QApplication

    out_dir.mkdir(parents=True, exist_ok=True)
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    try:
        with (
            readable_font(app),
            quiet_platform_notes(),
            tempfile.TemporaryDirectory(prefix="inkling-nb-") as tmp,
        ):
            return _render(Path(tmp), out_dir)
    finally:
        QApplication.processEvents()


def _render(tmp: Path, out_dir: Path) -> list[Path]:
    from typing import Any

    from app.llm import ModelWorker
    from app.services.notebooks import pages as notebooks
    from app.services.notebooks import runs as notebook_runs
    from app.services.notebooks.runs import ModelIdentity
    from app.store import open_database
    from app.ui.common.tasks import Tasks
    from app.ui.notebooks.detector_editor import DetectorEditor
    from app.ui.notebooks.overview import NotebookOverview
    from app.ui.notebooks.runner import DetectorRunner

    written: list[Path] = []
    db = open_database(tmp / "inkling.sqlite3")
    model = RecordedNotebookModel()
    worker: ModelWorker[Any] = ModelWorker(lambda: model, name="inkling-screens-model")
    identity = ModelIdentity("recorded replies", "0" * 64, 4096, 512)
    ops = Tasks()
    try:
        with resources.sample_notebook_file() as sample:
            book = notebooks.import_notebook(db, sample, title="Harbour notebook").value
        runner = DetectorRunner(db, worker, identity)
        for detector_id in ("first_person", "swear_words", "poetry"):
            runner.run(book.id, detector_id)
        notebook_runs.set_auto_tag(db, "poetry", True)

        overview = NotebookOverview(db, ops, runner)
        overview.resize(*SIZE)
        overview.show_notebook(book.id)
        wait(lambda: overview.state is not None and not overview.is_busy, "the overview")
        overview.show()
        settle()
        written.append(save(overview, out_dir / "notebook-overview.png"))
        overview.close()

        editor = DetectorEditor(db, ops, runner=runner)
        editor.resize(*SIZE)
        editor.set_notebook(book.id)
        wait(lambda: not editor.is_busy and editor.list.count() > 0, "the editor")
        editor.name.setText("Sea poems")
        editor.custom_id.setText("sea-poems")
        editor.instruction.setPlainText(
            "A poem, or a few lines of verse, about the sea, the tide or the shore."
        )
        editor.scope.setCurrentIndex(0)
        editor.threshold.setValue(65)
        editor.auto_tag.setChecked(True)
        settle()
        low_tide = next(
            i
            for i in range(editor.window_choice.count())
            if "Low Tide" in editor.window_choice.itemText(i)
        )
        editor.window_choice.setCurrentIndex(low_tide)
        editor.tabs.setCurrentIndex(1)
        editor.show()
        done: list[object] = []
        editor.trial_finished.connect(done.append)
        editor.try_on_page()
        wait(lambda: bool(done), "the trial")
        settle()
        written.append(save(editor, out_dir / "detector-editor.png"))
        editor.close()
        ops.wait()
    finally:
        worker.close()
        db.close()
    return written

"""``inkling screenshot --out DIR``: pictures of the main views over the sample journal.

Everything is rendered offscreen (``QT_QPA_PLATFORM=offscreen`` when there is no
display; windows are never shown on screen either way) in a temporary data folder that
is deleted afterwards.

Honest notes on what the pictures show:

* The suggestions are produced the way the app produces them by default: each habit's
  cue words read in context (``app.domain.journal.rules``) through the real detection service
  — anchoring, validation and storage. No language model runs while the pictures are
  taken (the status bar names the embedded default model, which is loaded on demand).
* The notebook pictures use the sample notebook; see ``app.screenshots.notebooks`` and
  ``app.screenshots.notebook_overview`` for what ran there (no language model either).
* The habit calendar shows an illustrative history: completions logged by this command
  on pseudo-random days (a fixed seed) over the last 26 weeks, so that the heatmap and
  streaks have something to show. Nothing of it reaches the user's own data folder.
"""

from __future__ import annotations

import random
import sys
import tempfile
from datetime import date, timedelta
from pathlib import Path

from app import clock
from app.domain import Prompt
from app.domain.journal.pipeline import Pipeline
from app.domain.journal.suggestions import SuggestionStatus
from app.llm import WholeReplyModel
from app.screenshots.capture import (
    ensure_platform,
    quiet_platform_notes,
    readable_font,
    save,
    save_dark,
    settle,
    wait,
)
from app.screenshots.notebook_overview import render_overview_and_editor
from app.screenshots.notebooks import prepare_sample_notebook, render_page_view
from app.services.models.names import BUILT_IN

MODEL_NAME = BUILT_IN  # what the window calls the embedded default

SIZE = (1180, 760)
HISTORY_WEEKS = 26


class _IdleModel(WholeReplyModel):
    """The bridge's model in the pictures: never asked (the rules read the entries)."""

    def complete(self, prompt: Prompt) -> str:
        raise RuntimeError("no language model runs while screenshots are taken")


def prepare_sample_folder(folder: Path, *, today: date, seed: int = 7) -> None:
    """The sample journal, read by the default cue-word rules, with an illustrative history."""
    from app.paths import database_path
    from app.services.journal import completions, detection, suggestions
    from app.services.journal.samples import load_sample_journal
    from app.store import open_database

    db = open_database(database_path(folder))
    try:
        loaded = load_sample_journal(db).value
        for entry in loaded.entries:
            detection.detect_entry(db, None, entry.id, today=entry.day, pipeline=Pipeline.RULES)
        # one decision already made in the first entry, so the "done" style shows too
        first = loaded.entries[0]
        found = suggestions.list_suggestions(db, entry_id=first.id)
        if len(found) > 1:
            suggestions.accept_suggestion(db, found[-1].id, today=first.day)
        rng = random.Random(seed)
        for target in loaded.targets:
            chance = rng.uniform(0.35, 0.8)
            for back in range(HISTORY_WEEKS * 7):
                day = today - timedelta(days=back)
                if rng.random() > chance:
                    continue
                amount: float | None = None
                if target.unit == "oz":
                    amount = rng.choice([24, 32, 48, 64, 72])
                elif target.unit == "pages":
                    amount = rng.choice([10, 20, 30, 45])
                elif target.target_type == "practice":
                    amount = rng.choice([15, 20, 30, 45])
                completions.log_completion(db, target.target_type, target.id, day, amount=amount)
    finally:
        db.close()


def render_screenshots(out_dir: Path, *, today: date | None = None) -> list[Path]:
    """Write the PNG files into ``out_dir`` and return their paths."""
    ensure_platform()
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from app.ui.shell.app import make_application

    out_dir.mkdir(parents=True, exist_ok=True)
    today = today or clock.today()
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else make_application(sys.argv[:1])
    try:
        with (
            readable_font(app),
            quiet_platform_notes(),
            tempfile.TemporaryDirectory(prefix="inkling-shots-") as tmp,
        ):
            # the window remembers its geometry in QSettings: keep that in the temporary folder
            for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
                QSettings.setPath(fmt, QSettings.Scope.UserScope, str(Path(tmp) / "qsettings"))
            return _render_all(Path(tmp), out_dir, today)
    finally:
        QApplication.processEvents()


def _render_all(tmp: Path, out_dir: Path, today: date) -> list[Path]:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from app.llm import default_model_path
    from app.paths import database_path
    from app.services.models.choice import model_info
    from app.store import open_database
    from app.ui.common.model_bridge import ModelBridge
    from app.ui.common.tasks import Tasks
    from app.ui.shell.main_window import MainWindow
    from app.ui.shell.settings_dialog import SettingsDialog
    from app.ui.shell.welcome import WelcomeView

    written: list[Path] = []
    width, height = SIZE

    # 1. the welcome screen, as a first run shows it
    welcome = WelcomeView(MODEL_NAME)
    welcome.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
    welcome.resize(width - 260, height - 60)
    welcome.show()
    written.append(save(welcome, out_dir / "welcome.png"))
    welcome.close()
    welcome.deleteLater()

    # 2. the sample journal with suggestions, in the main window
    folder = tmp / "data"
    folder.mkdir()
    prepare_sample_folder(folder, today=today)
    notebook_id = prepare_sample_notebook(folder)  # for the Notebooks section and its tags
    model = _IdleModel()
    bridge = ModelBridge(lambda: model, name=MODEL_NAME)
    window = MainWindow(folder, bridge=bridge)
    window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
    ready: list[bool] = []
    window.ready.connect(lambda: ready.append(True))
    try:
        window.resize(width, height)
        window.show()
        window.start()
        wait(lambda: bool(ready), "the main window")
        window.entry_page.set_auto_detect(False)
        window.resize(width, height)
        shown: list[int] = []
        window.entry_page.suggestions_shown.connect(lambda: shown.append(1))
        window.open_entry(1)
        wait(lambda: window.entry_page.entry_id == 1 and bool(shown), "the first entry")
        wait(lambda: window.tasks.pending == 0, "the database")
        written.append(save(window, out_dir / "entry-suggestions.png"))

        # 3. the popover of one highlight, opened by a click on it
        editor = window.entry_page.editor
        pending = [s for s in window.entry_page.suggestions if s.status == SuggestionStatus.PENDING]
        if pending:
            rect = editor.span_rect(pending[0].id)
            if rect is not None:
                QTest.mouseClick(
                    editor.viewport(),
                    Qt.MouseButton.LeftButton,
                    Qt.KeyboardModifier(0),
                    rect.center(),
                )
                wait(lambda: window.entry_page.popover.isVisible(), "the popover")
                written.append(save(window, out_dir / "suggestion-popover.png"))
                window.entry_page.popover.hide_popover()

        # 4. habits & practices with the calendar heatmap
        window.show_section("habits")
        view = window.habits_view
        if view is not None:
            wait(lambda: view.snapshot is not None and not view.is_loading, "the habits")
            view.select(("habit", 2))  # Drink water: amounts make the shades vary
            written.append(save(window, out_dir / "habits-heatmap.png"))
            written.append(save_dark(window, out_dir / "habits-heatmap-dark.png"))

        # 4b. the review inbox: every suggestion of every entry waiting for a decision
        inbox = window.inbox_view
        if inbox is not None:
            window.show_inbox()
            wait(lambda: bool(inbox.items) and window.tasks.pending == 0, "the inbox")
            written.append(save(window, out_dir / "inbox.png"))

        # 4c. Help ▸ About
        window.help_menu.show_about()
        about = window.help_menu.dialog
        if about is not None:
            written.append(save(about, out_dir / "about.png"))
            about.close()

        # 5. settings, over the same data folder
        db = open_database(database_path(folder))
        ops = Tasks()
        try:
            default = default_model_path()
            current = model_info(folder, default) if default is not None else None
            dialog = SettingsDialog(folder, db, ops, current)
            dialog.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
            dialog.show()
            wait(lambda: dialog.is_ready and not dialog.is_busy, "the settings")
            written.append(save(dialog, out_dir / "settings.png"))
            dialog.close()
            dialog.deleteLater()
        finally:
            ops.wait()
            db.close()

        # 6. the Notebooks section: the list and the tag browser beside the overview
        overview, browser = window.notebook_overview, window.tag_browser
        if overview is not None and browser is not None:
            window.open_notebook(notebook_id)
            wait(lambda: overview.state is not None and not overview.is_busy, "the overview")
            wait(lambda: window.tasks.pending == 0, "the database")
            written.append(save(window, out_dir / "notebook-sample.png"))
            wait(lambda: bool(browser.catalogue) and not browser.is_loading, "the tags")
            browser.select_tag(browser.catalogue[0].slug)
            wait(lambda: bool(browser.pages) and not browser.is_loading, "the tagged pages")
            wait(lambda: window.tasks.pending == 0, "the database")
            written.append(save(window, out_dir / "tag-browser.png"))
    finally:
        window.close()
        window.deleteLater()
        settle()

    # 7. the page view, the notebook overview with its chart, and the detector editor
    written.append(render_page_view(out_dir))
    written.extend(render_overview_and_editor(out_dir))
    return written

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from app.services.models.names import BUILT_IN
from app.ui.shell.welcome import CHECKING, WelcomeView

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")


@pytest.mark.parametrize(
    ("button", "signal"),
    [
        ("sample_button", "load_sample_requested"),
        ("notebook_button", "sample_notebook_requested"),
        ("write_button", "new_entry_requested"),
        ("settings_button", "open_settings_requested"),
    ],
)
def test_each_button_emits_its_request(qtbot: QtBot, button: str, signal: str) -> None:
    view = WelcomeView("SmolLM2 135M Instruct")
    qtbot.addWidget(view)
    view.show()
    with qtbot.waitSignal(getattr(view, signal), timeout=1000):
        qtbot.mouseClick(getattr(view, button), Qt.MouseButton.LeftButton)


def test_the_sample_button_is_the_default_and_has_focus(qtbot: QtBot) -> None:
    view = WelcomeView("SmolLM2 135M Instruct")
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: view.sample_button.hasFocus())
    with qtbot.waitSignal(view.load_sample_requested, timeout=1000):
        qtbot.keyClick(view.sample_button, Qt.Key.Key_Space)


def test_the_model_is_named_plainly(qtbot: QtBot) -> None:
    view = WelcomeView(BUILT_IN)
    qtbot.addWidget(view)
    text = view.model_label.text()
    assert "SmolLM2 135M Instruct (built in)" in text
    assert "Settings ▸ Models" in text
    for jargon in ("F1", "spaCy", "%", "GGUF"):  # quality figures live in Settings ▸ Models
        assert jargon not in text
    view.set_model_name("Qwen2.5 3B Instruct")
    assert "Qwen2.5 3B Instruct" in view.model_label.text()
    assert "check what it proposes" not in view.model_label.text()
    view.set_model_name(None, checking=True)  # still being checked: no "no model" scare
    assert "No language model" not in view.model_label.text()
    assert view.model_label.text() == CHECKING
    view.set_model_name(None)
    assert "No language model could be started" in view.model_label.text()


def test_the_first_screen_says_what_inkling_is_plainly(qtbot: QtBot) -> None:
    view = WelcomeView(None, checking=True)
    qtbot.addWidget(view)
    shown = " ".join(label.text() for label in view.findChildren(QLabel))
    assert "habits" in shown
    assert "notebooks" in shown
    assert "Private and offline" in shown
    assert "stay on this computer" in shown
    assert view.sample_button.text().replace("&", "") == "Try the sample journal"
    assert view.notebook_button.text().replace("&", "") == "Try a sample notebook"
    for jargon in ("F1", "spaCy", "GGUF", "llama"):
        assert jargon not in shown


def test_busy_disables_the_buttons_and_errors_show(qtbot: QtBot) -> None:
    view = WelcomeView(None)
    qtbot.addWidget(view)
    view.show()
    view.set_busy(True, "Loading the sample journal…")
    assert not view.sample_button.isEnabled()
    assert not view.write_button.isEnabled()
    assert view.message.isVisible()
    view.show_error("The sample journal can only be loaded into an empty journal.")
    assert view.sample_button.isEnabled()
    assert view.message.text().startswith("The sample journal")

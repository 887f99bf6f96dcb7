from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.services.models.catalog import load_catalog
from app.ui.shell.welcome import WelcomeView

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")


@pytest.mark.parametrize(
    ("button", "signal"),
    [
        ("sample_button", "load_sample_requested"),
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
    view = WelcomeView("SmolLM2 135M Instruct")
    qtbot.addWidget(view)
    text = view.model_label.text()
    assert "SmolLM2 135M Instruct" in text
    quality = load_catalog().quality  # the measured numbers, from one place
    assert quality.default in text
    assert quality.recommended in text
    assert "Settings" in text
    view.set_model_name("Qwen2.5 3B Instruct")
    assert "Qwen2.5 3B Instruct" in view.model_label.text()
    assert "check what it proposes" not in view.model_label.text()
    view.set_model_name(None)
    assert "No language model is ready" in view.model_label.text()


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

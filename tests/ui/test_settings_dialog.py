from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QDialog, QFileDialog
from pytestqt.qtbot import QtBot

from app.llm import sandbox
from app.llm.sandbox import Limits
from app.services.models.choice import model_info
from app.services.settings import Settings, load_settings, save_settings
from app.store import Database, open_database
from app.ui.common.tasks import Tasks
from app.ui.shell.settings_dialog import SettingsDialog
from tests.hostile_gguf import ENDLESS_LOOP
from tests.tiny_gguf import write_tiny_gguf

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "inkling-data"
    folder.mkdir()
    return folder


@pytest.fixture
def db(data_dir: Path) -> Iterator[Database]:
    database = open_database(data_dir / "inkling.sqlite3")
    yield database
    database.close()


@pytest.fixture
def ops(qtbot: QtBot) -> Iterator[Tasks]:
    tasks = Tasks()
    yield tasks
    tasks.wait()


def open_dialog(
    qtbot: QtBot, data_dir: Path, db: Database, ops: Tasks, current: object = None
) -> SettingsDialog:
    dialog = SettingsDialog(data_dir, db, ops, current)  # type: ignore[arg-type]
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.is_ready and not dialog.is_busy)
    return dialog


def pick(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(path), "GGUF"))
    )


def test_a_bad_model_file_shows_an_error_and_keeps_the_old_model(
    qtbot: QtBot,
    data_dir: Path,
    db: Database,
    ops: Tasks,
    tiny_model_path: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    save_settings(data_dir, Settings(model_path=str(tiny_model_path)))
    current = model_info(data_dir, tiny_model_path)
    dialog = open_dialog(qtbot, data_dir, db, ops, current)
    assert dialog.file_radio.isChecked()
    assert dialog.chosen_model == tiny_model_path.resolve()
    assert current.name in dialog.in_use_label.text()

    junk = tmp_path / "broken.gguf"
    junk.write_bytes(os.urandom(4096))
    pick(monkeypatch, junk)
    dialog.choose_button.click()
    qtbot.waitUntil(lambda: not dialog.is_busy and dialog.model_message.text() != "")
    message = dialog.model_message.text()
    assert "is not a GGUF model file" in message
    assert message.endswith(".")
    assert dialog.model_message.tone.value == "error"
    assert dialog.chosen_model == tiny_model_path.resolve()  # the old choice stays

    with (
        qtbot.waitSignal(dialog.accepted, timeout=5000),
        qtbot.assertNotEmitted(dialog.model_changed),
    ):
        dialog.ok_button.click()
    assert load_settings(data_dir).model_path == str(tiny_model_path.resolve())


def test_a_model_whose_chat_template_loops_is_refused_and_the_old_one_stays(
    qtbot: QtBot,
    data_dir: Path,
    db: Database,
    ops: Tasks,
    tiny_model_path: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sandbox, "TEMPLATE_LIMITS", Limits(seconds=2.0))
    save_settings(data_dir, Settings(model_path=str(tiny_model_path)))
    dialog = open_dialog(qtbot, data_dir, db, ops, model_info(data_dir, tiny_model_path))
    looping = write_tiny_gguf(tmp_path / "looping.gguf", chat_template=ENDLESS_LOOP)
    pick(monkeypatch, looping)
    dialog.choose_button.click()
    qtbot.waitUntil(
        lambda: not dialog.is_busy and dialog.model_message.tone.value == "error", timeout=30_000
    )
    message = dialog.model_message.text()
    assert "looping.gguf" in message
    assert "chat template did not finish within 2 seconds" in message
    assert message.count(". ") == 0
    assert dialog.chosen_model == tiny_model_path.resolve()  # the old choice stays
    with (
        qtbot.waitSignal(dialog.accepted, timeout=5000),
        qtbot.assertNotEmitted(dialog.model_changed),
    ):
        dialog.ok_button.click()
    assert load_settings(data_dir).model_path == str(tiny_model_path.resolve())


def test_a_valid_model_file_is_saved_and_reported(
    qtbot: QtBot,
    data_dir: Path,
    db: Database,
    ops: Tasks,
    tiny_model_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dialog = open_dialog(qtbot, data_dir, db, ops)
    assert dialog.chosen_model is None
    pick(monkeypatch, tiny_model_path)
    dialog.choose_button.click()
    qtbot.waitUntil(lambda: dialog.chosen_model is not None and not dialog.is_busy)
    assert dialog.file_radio.isChecked()
    assert "usable model" in dialog.model_message.text()
    dialog.threads_spin.setValue(3)
    assert dialog.gpu_spin.value() == 0  # the CPU only, by default
    dialog.gpu_spin.setValue(-1)
    assert dialog.gpu_spin.text() == "All layers"
    dialog.context_combo.setCurrentIndex(dialog.context_combo.findData(8192))
    dialog.auto_detect_check.setChecked(False)
    with (
        qtbot.waitSignal(dialog.model_changed, timeout=5000) as moved,
        qtbot.waitSignal(dialog.settings_changed, timeout=5000) as saved,
    ):
        dialog.ok_button.click()
    assert moved.args == [tiny_model_path.resolve()]
    expected = Settings(
        model_path=str(tiny_model_path.resolve()),
        n_threads=3,
        n_gpu_layers=-1,
        n_ctx=8192,
        auto_detect=False,
    )
    assert saved.args == [expected]
    assert load_settings(data_dir) == expected
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_back_to_the_default_model_emits_none(
    qtbot: QtBot, data_dir: Path, db: Database, ops: Tasks, tiny_model_path: Path
) -> None:
    save_settings(data_dir, Settings(model_path=str(tiny_model_path), auto_detect=False))
    dialog = open_dialog(qtbot, data_dir, db, ops)
    assert not dialog.auto_detect_check.isChecked()
    dialog.default_radio.click()
    with qtbot.waitSignal(dialog.model_changed, timeout=5000) as moved:
        dialog.ok_button.click()
    assert moved.args == [None]
    assert load_settings(data_dir) == Settings(auto_detect=False)


def test_a_saved_model_that_vanished_is_reported(
    qtbot: QtBot, data_dir: Path, db: Database, ops: Tasks, tmp_path: Path
) -> None:
    gone = tmp_path / "gone.gguf"
    save_settings(data_dir, Settings(model_path=str(gone)))
    dialog = open_dialog(qtbot, data_dir, db, ops)
    assert "No model file was found" in dialog.model_message.text()
    assert not dialog.ok_button.isEnabled()  # no usable file chosen yet
    dialog.restore_defaults()
    assert dialog.default_radio.isChecked()
    assert dialog.ok_button.isEnabled()


def test_cancel_saves_nothing(qtbot: QtBot, data_dir: Path, db: Database, ops: Tasks) -> None:
    dialog = open_dialog(qtbot, data_dir, db, ops)
    dialog.threads_spin.setValue(7)
    with qtbot.assertNotEmitted(dialog.settings_changed, wait=100):
        dialog.reject()
    assert not (data_dir / "settings.json").exists()


def test_open_folder_opens_the_data_folder(
    qtbot: QtBot,
    data_dir: Path,
    db: Database,
    ops: Tasks,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    opened: list[QUrl] = []
    monkeypatch.setattr(
        QDesktopServices, "openUrl", staticmethod(lambda url: opened.append(url) or True)
    )
    dialog = open_dialog(qtbot, data_dir, db, ops)
    assert dialog.folder_label.text() == str(data_dir)
    dialog.open_folder_button.click()
    assert [u.toLocalFile() for u in opened] == [str(data_dir)]
    assert "tiny" in dialog.note.text()
    assert "GGUF" in dialog.note.text()


def test_picking_file_without_a_file_explains_what_to_do(
    qtbot: QtBot, data_dir: Path, db: Database, ops: Tasks, tiny_model_path: Path
) -> None:
    dialog = open_dialog(qtbot, data_dir, db, ops)
    assert not dialog.model_message.isVisible()
    dialog.file_radio.click()
    assert not dialog.ok_button.isEnabled()
    assert "Choose a model file" in dialog.model_message.text()

    save_settings(data_dir, Settings(model_path=str(tiny_model_path)))
    again = open_dialog(qtbot, data_dir, db, ops)
    assert again.file_radio.isChecked()
    assert not again.model_message.isVisible()
    assert again.ok_button.isEnabled()


def test_a_vision_model_and_its_projector_are_checked_and_saved(
    qtbot: QtBot,
    data_dir: Path,
    db: Database,
    ops: Tasks,
    tiny_model_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dialog = open_dialog(qtbot, data_dir, db, ops)
    assert dialog.vision_model is None
    assert dialog.vision_projector is None
    assert "needs a vision model" in dialog.vision_note.text()
    assert not dialog.vision_clear_button.isEnabled()
    pick(monkeypatch, tiny_model_path)
    dialog.vision_model_button.click()
    qtbot.waitUntil(lambda: dialog.vision_model is not None and not dialog.is_busy)
    assert "projector" in dialog.vision_message.text()
    dialog.vision_projector_button.click()
    qtbot.waitUntil(lambda: dialog.vision_projector is not None and not dialog.is_busy)
    assert dialog.vision_message.tone.value == "info"
    assert dialog.vision_projector_label.text() == str(tiny_model_path.resolve())
    assert dialog.vision_clear_button.isEnabled()
    with qtbot.waitSignal(dialog.settings_changed, timeout=5000) as saved:
        dialog.ok_button.click()
    expected = Settings(
        vision_model_path=str(tiny_model_path.resolve()),
        vision_projector=str(tiny_model_path.resolve()),
    )
    assert saved.args == [expected]
    assert load_settings(data_dir) == expected


def test_a_bad_projector_shows_an_error_and_keeps_the_old_one(
    qtbot: QtBot,
    data_dir: Path,
    db: Database,
    ops: Tasks,
    tiny_model_path: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    old = Settings(vision_model_path=str(tiny_model_path), vision_projector=str(tiny_model_path))
    save_settings(data_dir, old)
    dialog = open_dialog(qtbot, data_dir, db, ops)
    assert dialog.vision_projector == tiny_model_path
    junk = tmp_path / "mmproj.gguf"
    junk.write_bytes(os.urandom(4096))
    pick(monkeypatch, junk)
    dialog.vision_projector_button.click()
    qtbot.waitUntil(lambda: not dialog.is_busy and dialog.vision_message.tone.value == "error")
    message = dialog.vision_message.text()
    assert "is not a vision projector" in message
    assert message.endswith(".")
    assert message.count(". ") == 0
    assert dialog.vision_projector == tiny_model_path  # the old choice stays
    assert dialog.vision_projector_label.text() == str(tiny_model_path)

    pick(monkeypatch, tmp_path / "missing-mmproj.gguf")
    dialog.vision_projector_button.click()
    qtbot.waitUntil(
        lambda: not dialog.is_busy and "No vision projector file" in dialog.vision_message.text()
    )
    assert dialog.vision_projector == tiny_model_path

    with qtbot.waitSignal(dialog.settings_changed, timeout=5000) as saved:
        dialog.ok_button.click()
    assert saved.args == [old]
    assert load_settings(data_dir) == old


def test_clear_removes_the_vision_model(
    qtbot: QtBot, data_dir: Path, db: Database, ops: Tasks, tiny_model_path: Path
) -> None:
    save_settings(
        data_dir,
        Settings(vision_model_path=str(tiny_model_path), vision_projector=str(tiny_model_path)),
    )
    dialog = open_dialog(qtbot, data_dir, db, ops)
    dialog.vision_clear_button.click()
    assert dialog.vision_model is None
    assert dialog.vision_projector is None
    assert dialog.vision_model_label.text() == "No multimodal model chosen"
    with qtbot.waitSignal(dialog.settings_changed, timeout=5000):
        dialog.ok_button.click()
    assert load_settings(data_dir) == Settings()


def test_who_reads_journal_entries_is_saved(
    qtbot: QtBot, data_dir: Path, db: Database, ops: Tasks
) -> None:
    dialog = open_dialog(qtbot, data_dir, db, ops)
    assert dialog.pipeline_combo.currentData() == "rules"  # the measured best is the default
    assert dialog.model_reply_combo.currentData() == "quotes"
    assert not dialog.model_reply_combo.isEnabled()  # the rules ask no model
    dialog.pipeline_combo.setCurrentIndex(dialog.pipeline_combo.findData("combined"))
    assert dialog.model_reply_combo.isEnabled()
    dialog.model_reply_combo.setCurrentIndex(dialog.model_reply_combo.findData("clauses"))
    with qtbot.waitSignal(dialog.settings_changed, timeout=5000):
        dialog.ok_button.click()
    saved = load_settings(data_dir)
    assert (saved.journal_pipeline, saved.journal_model_reply) == ("combined", "clauses")


@pytest.mark.timeless
@pytest.mark.allow_hosts(["127.0.0.1"])
def test_a_model_server_is_checked_then_chosen_and_a_file_gives_it_up(
    qtbot: QtBot, data_dir: Path, db: Database, ops: Tasks, llama_server: str
) -> None:
    dialog = open_dialog(qtbot, data_dir, db, ops)
    assert dialog.default_radio.isChecked()
    dialog.server_edit.setText("127.0.0.1:1")  # typed: nothing listens there
    dialog.server_edit.textEdited.emit("127.0.0.1:1")
    assert dialog.server_radio.isChecked()
    assert not dialog.ok_button.isEnabled()  # not checked yet
    dialog.server_check.click()
    qtbot.waitUntil(lambda: "cannot be reached" in dialog.model_message.text())
    assert not dialog.ok_button.isEnabled()
    dialog.server_edit.setText(llama_server)
    dialog.server_edit.textEdited.emit(llama_server)
    dialog.server_check.click()
    qtbot.waitUntil(lambda: dialog.chosen_server is not None and not dialog.is_busy)
    assert dialog.server_model_edit.text() == "tiny"  # the first model it lists
    assert dialog.model_message.text() == "The server answers with tiny."
    assert dialog.server_vision_edit.isEnabled()  # the server's vision model: with a server
    dialog.server_vision_edit.setText(" llava ")
    with qtbot.waitSignal(dialog.settings_changed, timeout=5000) as saved:
        dialog.ok_button.click()
    chosen = load_settings(data_dir)
    assert (
        chosen.server_url,
        chosen.server_model,
        chosen.server_confirmed,
        chosen.server_vision_model,
    ) == (llama_server, "tiny", None, "llava")
    assert saved.args == [chosen]

    again = open_dialog(qtbot, data_dir, db, ops)  # shown as saved; the default gives it up
    assert again.server_radio.isChecked()
    assert again.server_edit.text() == llama_server
    assert again.server_vision_edit.text() == "llava"
    again.default_radio.setChecked(True)
    assert not again.server_vision_edit.isEnabled()
    with qtbot.waitSignal(again.settings_changed, timeout=5000):
        again.ok_button.click()
    assert load_settings(data_dir).server_url is None
    assert load_settings(data_dir).server_vision_model is None


@pytest.mark.parametrize("agreed", [False, True])
def test_a_server_elsewhere_is_used_only_once_the_person_agrees(
    qtbot: QtBot,
    data_dir: Path,
    db: Database,
    ops: Tasks,
    monkeypatch: pytest.MonkeyPatch,
    agreed: bool,
) -> None:
    remote = "http://192.168.1.20:8080"
    save_settings(data_dir, Settings(server_url=remote, server_model="qwen"))
    asked: list[str] = []

    def confirm(self: SettingsDialog, server: object) -> bool:
        asked.append(str(getattr(server, "name", "")))
        return agreed

    monkeypatch.setattr(SettingsDialog, "confirm_remote", confirm)
    dialog = open_dialog(qtbot, data_dir, db, ops)
    assert dialog.server_radio.isChecked()
    dialog.ok_button.click()
    assert asked == [f"qwen on {remote}"]
    if agreed:
        qtbot.waitUntil(lambda: load_settings(data_dir).server_confirmed == remote)
        dialog2 = open_dialog(qtbot, data_dir, db, ops)
        dialog2.ok_button.click()  # confirmed once: not asked again
        qtbot.waitUntil(lambda: not dialog2.isVisible())
        assert asked == [f"qwen on {remote}"]
    else:
        assert dialog.isVisible()  # nothing saved, the dialog stays open
        assert load_settings(data_dir).server_confirmed is None

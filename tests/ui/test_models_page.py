"""The Models page of Settings: lists, Use, and Download with progress and Cancel
(against the loopback fake hub)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.domain.models_catalog import ModelCatalog, parse_catalog
from app.services.models.catalog import DownloadResult, models_dir
from app.store import Database, open_database
from app.ui.common.tasks import Tasks
from app.ui.shell.models_page import ModelsPage
from app.ui.shell.settings_dialog import SettingsDialog
from tests.fake_hub import FakeHub

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")
on_loopback = pytest.mark.allow_hosts(["127.0.0.1"])

REPO = "test-owner/Tiny-GGUF"
FILE = "tiny-q4.gguf"


def catalog() -> ModelCatalog:
    return parse_catalog(
        {
            "version": 1,
            "quality": {
                "default": "The default finds about 2% of completions.",
                "recommended": "These are expected to be better but were not measured.",
            },
            "models": [
                {
                    "name": "tiny",
                    "title": "Tiny test model",
                    "repo": REPO,
                    "filename": FILE,
                    "size_bytes": None,
                    "sha256": None,
                    "license": "Apache-2.0",
                    "context_length": 512,
                    "good_for": "Tests.",
                    "ram_bytes": 1000,
                }
            ],
        }
    )


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "inkling-data"
    folder.mkdir()
    return folder


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> int:
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "DOWNLOAD_CHUNK_SIZE", 16 * 1024)
    return 16 * 1024


@pytest.fixture
def tasks(qtbot: QtBot) -> Iterator[Tasks]:
    tasks = Tasks()
    yield tasks
    tasks.wait()


def open_page(qtbot: QtBot, data_dir: Path, tasks: Tasks) -> ModelsPage:
    page = ModelsPage(data_dir, tasks, catalog=catalog())
    qtbot.addWidget(page)
    with qtbot.waitSignal(page.refreshed, timeout=30_000):
        page.show()
    return page


def column(page: ModelsPage, tree: str, col: int) -> list[str]:
    widget = getattr(page, tree)
    return [widget.topLevelItem(i).text(col) for i in range(widget.topLevelItemCount())]


def test_the_page_lists_local_and_recommended_models_and_says_what_to_expect(
    qtbot: QtBot, data_dir: Path, tasks: Tasks, tiny_model_path: Path
) -> None:
    folder = models_dir(data_dir)
    folder.mkdir()
    (folder / "mine.gguf").write_bytes(tiny_model_path.read_bytes())
    page = open_page(qtbot, data_dir, tasks)

    assert "about 2% of completions" in page.quality_label.text()
    assert "were not measured" in page.quality_label.text()
    names = column(page, "local_tree", 0)
    # human names, never the GGUF header's ("Tiny Random Llama") or a file stem
    assert names[0] == "SmolLM2 135M Instruct (built in)"
    assert names[1] == "Mine"
    assert column(page, "local_tree", 4) == ["In use", ""]
    assert column(page, "local_tree", 3)[1].endswith("fits")
    assert column(page, "recommended_tree", 4) == ["Not downloaded"]
    assert column(page, "recommended_tree", 1) == ["size from the hub"]
    assert str(folder) in page.folder_label.text()

    assert not page.use_local_button.isEnabled()
    page.local_tree.topLevelItem(1).setSelected(True)
    with qtbot.waitSignal(page.use_requested) as used:
        page.use_local_button.click()
    assert used.args == [(folder / "mine.gguf").resolve()]


@on_loopback
def test_download_shows_progress_then_use_chooses_the_file(
    qtbot: QtBot,
    data_dir: Path,
    tasks: Tasks,
    fake_hub: FakeHub,
    tiny_model_path: Path,
    small_chunks: int,
) -> None:
    content = tiny_model_path.read_bytes()
    fake_hub.add(REPO, FILE, content)
    page = open_page(qtbot, data_dir, tasks)
    assert not page.download_button.isEnabled()
    page.select_recommended("tiny")
    assert page.download_button.isEnabled()
    assert not page.use_recommended_button.isEnabled()
    values: list[int] = []
    page.progress_bar.valueChanged.connect(values.append)

    with qtbot.waitSignal(page.download_finished, timeout=30_000) as finished:
        page.download_button.click()
        assert page.progress_bar.isVisible()
        assert page.cancel_button.isVisible()
        assert not page.download_button.isEnabled()
    assert isinstance(finished.args[0], DownloadResult)
    assert (models_dir(data_dir) / FILE).read_bytes() == content
    assert values[-1] == page.progress_bar.maximum()
    assert len(values) > 3
    qtbot.waitUntil(lambda: column(page, "recommended_tree", 4) == ["Downloaded"])
    assert not page.progress_bar.isVisible()
    assert "downloaded and verified" in page.message.text()

    page.select_recommended("tiny")
    with qtbot.waitSignal(page.use_requested) as used:
        page.use_recommended_button.click()
    assert used.args == [models_dir(data_dir) / FILE]


@on_loopback
def test_cancel_leaves_no_model_and_download_again_resumes(
    qtbot: QtBot,
    data_dir: Path,
    tasks: Tasks,
    fake_hub: FakeHub,
    tiny_model_path: Path,
    small_chunks: int,
) -> None:
    content = tiny_model_path.read_bytes()
    fake_hub.add(REPO, FILE, content)
    fake_hub.chunk_delay = 0.05
    page = open_page(qtbot, data_dir, tasks)
    page.select_recommended("tiny")

    with qtbot.waitSignal(page.download_finished, timeout=30_000) as finished:
        page.download_button.click()
        qtbot.waitUntil(lambda: page.progress_bar.value() > 0, timeout=10_000)
        page.cancel_button.click()
    assert not isinstance(finished.args[0], DownloadResult)
    final = models_dir(data_dir) / FILE
    assert not final.exists()
    assert final.with_name(FILE + ".part").stat().st_size > 0
    assert "cancelled" in page.message.text()
    qtbot.waitUntil(lambda: column(page, "recommended_tree", 4)[0].endswith("resumes"))

    fake_hub.chunk_delay = 0.0
    page.select_recommended("tiny")
    with qtbot.waitSignal(page.download_finished, timeout=30_000) as finished:
        page.download_button.click()
    result = finished.args[0]
    assert isinstance(result, DownloadResult)
    assert result.resumed_from > 0
    assert final.read_bytes() == content


@pytest.fixture
def db(data_dir: Path) -> Iterator[Database]:
    database = open_database(data_dir / "inkling.sqlite3")
    yield database
    database.close()


def test_use_on_the_models_tab_becomes_the_dialogs_choice(
    qtbot: QtBot, data_dir: Path, db: Database, tiny_model_path: Path
) -> None:
    folder = models_dir(data_dir)
    folder.mkdir()
    (folder / "mine.gguf").write_bytes(tiny_model_path.read_bytes())
    ops = Tasks()
    dialog = SettingsDialog(data_dir, db, ops, None, catalog=catalog())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.is_ready and not dialog.is_busy)
    with qtbot.waitSignal(dialog.models_page.refreshed, timeout=30_000):
        dialog.tabs.setCurrentWidget(dialog.models_page)
    dialog.models_page.local_tree.topLevelItem(1).setSelected(True)
    dialog.models_page.use_local_button.click()
    assert dialog.tabs.currentIndex() == 0
    qtbot.waitUntil(lambda: not dialog.is_busy)
    assert dialog.chosen_model == (folder / "mine.gguf").resolve()
    assert dialog.file_radio.isChecked()
    dialog.reject()
    ops.wait()

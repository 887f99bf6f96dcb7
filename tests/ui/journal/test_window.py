from __future__ import annotations

from pytestqt.qtbot import QtBot

from app.ui.main_window import MainWindow


def test_opens_on_sample_data_with_highlights(qtbot: QtBot, window: MainWindow) -> None:
    page = window.entry_page
    assert window.journal_sidebar.entry_ids() == [4, 3, 2, 1]
    assert page.title_edit.text() == "A slow Monday"
    selections = page.editor.extraSelections()
    texts = sorted(sel.cursor.selectedText() for sel in selections)
    assert texts == ["Drank 64 oz of water", "meditated for fifteen minutes"]

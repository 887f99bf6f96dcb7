"""The tag browser: tags with colours and page counts, a tag's pages, opening a page."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.services.notebooks import pages as notebooks
from app.services.notebooks import tags
from app.store import Database
from app.ui.common.tasks import Tasks
from app.ui.notebooks.tag_browser import SLUG_ROLE, TagBrowser

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")


def open_browser(qtbot: QtBot, db: Database, ops: Tasks) -> TagBrowser:
    view = TagBrowser(db, ops)
    ops.changed.connect(view.refresh)
    qtbot.addWidget(view)
    view.resize(900, 500)
    view.show()
    qtbot.waitUntil(lambda: not view.is_loading and ops.pending == 0)
    return view


def tag_rows(view: TagBrowser) -> list[str]:
    return [view.tag_list.item(i).text() for i in range(view.tag_list.count())]


def test_tags_list_their_pages_and_a_page_opens(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int
) -> None:
    pages = notebooks.list_pages(db, notebook)
    tags.add_page_tags(db, pages[1].id, ["poem"])
    tags.add_page_tags(db, pages[4].id, ["poem", "Harbour"])
    view = open_browser(qtbot, db, ops)
    assert tag_rows(view) == ["harbour · 1", "poem · 2"]
    assert view.summary.text() == "2 tags in use"
    assert not view.tag_list.item(0).icon().isNull()  # the catalogue colour

    view.select_tag("poem")
    qtbot.waitUntil(lambda: len(view.pages) == 2 and not view.is_loading)
    rows = [
        [view.page_list.topLevelItem(i).text(c) for c in range(3)]
        for i in range(view.page_list.topLevelItemCount())
    ]
    assert rows == [
        ["Sample", "2", "Low Tide"],
        ["Sample", "5", "Shopping"],
    ]
    assert view.pages_title.text() == "2 pages tagged poem"

    with qtbot.waitSignal(view.page_requested) as opened:
        view.open_page(1)
    assert opened.args == [notebook, pages[4].id]
    view.page_list.setFocus()
    view.page_list.setCurrentItem(view.page_list.topLevelItem(0))
    with qtbot.waitSignal(view.page_requested) as opened:
        qtbot.keyClick(view.page_list, Qt.Key.Key_Return)
    assert opened.args == [notebook, pages[1].id]


def test_the_browser_follows_tag_changes(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int
) -> None:
    pages = notebooks.list_pages(db, notebook)
    view = open_browser(qtbot, db, ops)
    assert tag_rows(view) == []
    assert view.summary.text() == "No tags yet"

    ops.run(lambda: tags.add_page_tags(db, pages[0].id, ["walks"]))
    qtbot.waitUntil(lambda: tag_rows(view) == ["walks · 1"])
    view.select_tag("walks")
    qtbot.waitUntil(lambda: len(view.pages) == 1)
    ops.run(lambda: tags.add_page_tags(db, pages[2].id, ["walks"]))
    qtbot.waitUntil(lambda: tag_rows(view) == ["walks · 2"] and len(view.pages) == 2)
    assert view.tag_list.currentItem().data(SLUG_ROLE) == "walks"  # selection kept
    ops.run(lambda: tags.remove_page_tags(db, pages[0].id, ["walks"]))
    ops.run(lambda: tags.remove_page_tags(db, pages[2].id, ["walks"]))
    qtbot.waitUntil(lambda: tag_rows(view) == [] and view.pages == [])

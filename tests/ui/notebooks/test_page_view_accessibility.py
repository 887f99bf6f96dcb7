"""The page view's finding cards and tag chips as assistive technology sees them."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAccessible
from pytestqt.qtbot import QtBot

from app.services.notebooks import pages as notebooks
from app.services.notebooks import runs as notebook_runs
from app.services.notebooks import tags
from app.store import Database
from app.ui.common.accessibility import name_of, role_of
from app.ui.common.tasks import Tasks
from tests.ui.notebooks.test_page_view import open_view, show

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")


def test_finding_cards_and_tag_chips_have_names_and_roles(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int
) -> None:
    notebook_runs.run_detector(db, None, notebook, "first_person")
    first = notebooks.list_pages(db, notebook)[0]
    tags.add_page_tags(db, first.id, ["errands"])
    view = open_view(qtbot, db, ops)
    show(qtbot, view, notebook, first.id)
    assert view.cards
    for card in view.cards:
        assert role_of(card) == QAccessible.Role.ListItem
        assert name_of(card) == "Finding: First person"
    chip = view.chips["errands"]
    assert role_of(chip) == QAccessible.Role.Grouping
    assert name_of(chip) == "Tag errands"

"""Accessibility (issue 19 item 4): WCAG AA contrast of both palettes and of every
highlight, accessible names and roles of Inkling's own widgets, and fonts that follow the
system's size."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAccessible, QColor, QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.domain.journal.suggestions import SuggestionStatus
from app.domain.notebooks.tags import tag_colour
from app.services.views import SuggestionInfo
from app.ui.common.accessibility import name_of, role_of
from app.ui.common.contrast import AA_TEXT, contrast_ratio, over
from app.ui.common.model_bridge import ModelBridge
from app.ui.common.tasks import Tasks
from app.ui.common.text_marks import highlight_background
from app.ui.journal.detector import DetectionController
from app.ui.journal.entry_page import EntryPage
from app.ui.journal.extras_bar import CHIP_COLOUR
from app.ui.journal.heatmap import CalendarHeatmap
from app.ui.journal.highlights import target_color
from app.ui.journal.review_panel import ReviewPanel, SuggestionCard
from app.ui.notebooks.chart import CountChart, PageCount
from app.ui.notebooks.look import tag_chip, text_colour_on, type_colour
from app.ui.shell.app import dark_palette, light_palette

Role = QPalette.ColorRole
TEXT_PAIRS = [
    (Role.Text, Role.Base),
    (Role.Text, Role.AlternateBase),
    (Role.WindowText, Role.Window),
    (Role.ButtonText, Role.Button),
    (Role.HighlightedText, Role.Highlight),  # selections and the find bar's matches
    (Role.PlaceholderText, Role.Base),  # muted labels: save state, facts, summaries
    (Role.PlaceholderText, Role.Window),
    (Role.Link, Role.Base),
    (Role.ToolTipText, Role.ToolTipBase),
]
SEARCH_MARK = QColor(255, 200, 0, 90)
"""The search results' marked words (``marked_snippet``)."""


def palettes(qapp: QApplication) -> dict[str, QPalette]:
    qapp.setStyle("Fusion")
    return {"light": light_palette(qapp), "dark": dark_palette()}


def test_both_palettes_and_every_highlight_meet_wcag_aa(qapp: QApplication) -> None:
    failures = []
    for name, palette in palettes(qapp).items():
        base, text = palette.color(Role.Base), palette.color(Role.Text)
        for fg, bg in TEXT_PAIRS:
            ratio = contrast_ratio(palette.color(fg), palette.color(bg))
            if ratio < AA_TEXT:
                failures.append(f"{name}: {fg.name} on {bg.name} is {ratio:.2f}:1")
        for index in range(24):  # the suggestion highlights, one colour per habit
            fill = over(highlight_background(target_color(("habit", index), index), palette), base)
            ratio = contrast_ratio(text, fill)
            if ratio < AA_TEXT:
                failures.append(f"{name}: text on highlight {index} is {ratio:.2f}:1")
        ratio = contrast_ratio(text, over(SEARCH_MARK, base))
        if ratio < AA_TEXT:
            failures.append(f"{name}: a search mark is {ratio:.2f}:1")
    assert failures == []


@pytest.mark.parametrize(
    "colour",
    [CHIP_COLOUR, *(type_colour(t) for t in ("todo_lists", "lists", "names", "custom:x"))]
    + [QColor(tag_colour(slug)) for slug in ("errands", "travel", "harbour walks", "a", "b")]
    + [QColor.fromHsl(hue, 160, lightness) for hue in range(0, 360, 30) for lightness in (90, 128)],
)
def test_chip_text_meets_wcag_aa_on_any_chip_colour(colour: QColor) -> None:
    assert contrast_ratio(text_colour_on(colour), colour) >= AA_TEXT


def suggestion(status: SuggestionStatus = SuggestionStatus.PENDING) -> SuggestionInfo:
    return SuggestionInfo(
        7, 1, "habit", 1, "Running", "Ran", 0, 12, "ran to the pier", status, None, None
    )


def test_custom_widgets_have_accessible_names_and_roles(qtbot: QtBot) -> None:
    heatmap = CalendarHeatmap()
    qtbot.addWidget(heatmap)
    assert role_of(heatmap) == QAccessible.Role.Chart
    assert name_of(heatmap) == "Completion calendar"

    chart = CountChart()
    qtbot.addWidget(chart)
    chart.set_counts({"First person": [PageCount(11, 0, 3), PageCount(12, 1, 5)]})
    assert role_of(chart) == QAccessible.Role.Chart
    assert name_of(chart) == "Counts per page"
    chart.select(1)
    assert chart.accessibleDescription().startswith("Page 2: First person 5.")

    removed: list[bool] = []
    chip = tag_chip("Travel", CHIP_COLOUR, "travel", lambda: removed.append(True))
    qtbot.addWidget(chip)
    assert role_of(chip) == QAccessible.Role.Grouping
    assert name_of(chip) == "Tag travel"
    [button] = [b for b in chip.children() if name_of(b) == "Remove travel"]  # type: ignore[arg-type]
    assert role_of(button) == QAccessible.Role.Button  # type: ignore[arg-type]

    card = SuggestionCard(suggestion(), QColor("#3366aa"), None)
    qtbot.addWidget(card)
    assert role_of(card) == QAccessible.Role.ListItem
    assert name_of(card) == "Suggestion: Running"
    assert "\u201cran to the pier\u201d" in card.accessibleDescription()
    assert "waiting for review" in card.accessibleDescription()
    card.show_suggestion(suggestion(SuggestionStatus.ACCEPTED), QColor("#3366aa"), None)
    assert "accepted" in card.accessibleDescription()

    panel = ReviewPanel()
    qtbot.addWidget(panel)
    assert role_of(panel) == QAccessible.Role.List
    assert name_of(panel) == "Suggestions"


def test_fonts_follow_the_system_size(qtbot: QtBot, qapp: QApplication) -> None:

    original = qapp.font()
    big = qapp.font()
    big.setPointSizeF(19.0)
    qapp.setFont(big)
    try:
        tasks = Tasks()
        bridge = ModelBridge(None)
        page = EntryPage(tasks, DetectionController(tasks, bridge))
        qtbot.addWidget(page)
        sizes = {
            w.objectName() or type(w).__name__: w.font().pointSizeF()
            for w in page.findChildren(type(page).__mro__[1])
        }
        assert min(sizes.values()) >= 19.0  # nothing fixed in pixels or smaller
        assert page.editor.font().pointSizeF() == pytest.approx(19.0 * 1.25)
        assert page.title_edit.font().pointSizeF() == pytest.approx(19.0 * 1.4)
        tasks.shutdown()
        bridge.close()
    finally:
        qapp.setFont(original)

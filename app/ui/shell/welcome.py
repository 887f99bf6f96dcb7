"""The first-run screen for an empty data folder: a welcome, the sample journal, and an
honest word about the model in use."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from app.services.models.catalog import quality_statements
from app.ui.common.messages import MessageLabel

DEFAULT_MODEL_HINT = "SmolLM2"


def model_statement(model_name: str | None) -> str:
    """What the welcome screen says about the model, plainly."""
    if not model_name:
        return (
            "No language model is ready yet, so Inkling cannot suggest anything. "
            "Choose a GGUF model file in Settings; your journal works without one."
        )
    if DEFAULT_MODEL_HINT.lower() in model_name.lower():
        quality = quality_statements()
        expect = f"{quality.default} {quality.recommended} " if quality else ""
        return (
            f"Suggestions come from {model_name}, the small model that ships with Inkling, "
            f"so check what it proposes. {expect}"
            "Download a stronger one under Settings ▸ Models."
        )
    return (
        f"Suggestions come from {model_name}, running on this computer. "
        "You can switch to another GGUF model file in Settings at any time."
    )


class WelcomeView(QWidget):
    """Shown instead of an empty journal. The main window acts on its signals."""

    load_sample_requested = Signal()
    new_entry_requested = Signal()
    open_settings_requested = Signal()

    def __init__(self, model_name: str | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Welcome")

        title = QLabel("Welcome to Inkling")
        title_font = QFont(title.font())
        title_font.setPointSizeF(title_font.pointSizeF() * 2.0)
        title_font.setBold(True)
        title.setFont(title_font)
        title.setAccessibleName("Welcome to Inkling")

        intro = QLabel(
            "Write your journal here and Inkling notices the habits and practices you "
            "mention — “meditated for ten minutes”, “went for a run” — and highlights them "
            "for you to check off with one click. Everything stays on this computer: "
            "the journal, and the language model that reads it."
        )
        intro.setWordWrap(True)

        self.sample_button = QPushButton("Load the &sample journal")
        self.sample_button.setDefault(True)
        self.sample_button.setAutoDefault(True)
        self.sample_button.setToolTip(
            "Four short entries with habits like meditation and running, to try things out"
        )
        self.sample_button.clicked.connect(self.load_sample_requested)
        self.write_button = QPushButton("&Write your first entry")
        self.write_button.setToolTip("Start with an empty entry for today")
        self.write_button.clicked.connect(self.new_entry_requested)
        for button in (self.sample_button, self.write_button):
            button.setMinimumHeight(int(button.sizeHint().height() * 1.3))
            button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        actions = QHBoxLayout()
        actions.setSpacing(12)
        actions.addWidget(self.sample_button)
        actions.addWidget(self.write_button)
        actions.addStretch()

        self.message = MessageLabel(self)

        rule = QFrame()
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setFrameShadow(QFrame.Shadow.Sunken)

        model_title = QLabel("The model")
        heading_font = QFont(model_title.font())
        heading_font.setBold(True)
        model_title.setFont(heading_font)
        self.model_label = QLabel()
        self.model_label.setWordWrap(True)
        self.model_label.setTextFormat(Qt.TextFormat.PlainText)
        self.model_label.setAccessibleName("Model in use")
        self.settings_button = QPushButton("Choose a stronger &model…")
        self.settings_button.setToolTip("Open Settings to pick a GGUF model file")
        self.settings_button.clicked.connect(self.open_settings_requested)
        settings_row = QHBoxLayout()
        settings_row.addWidget(self.settings_button)
        settings_row.addStretch()

        card = QWidget()
        card.setMaximumWidth(640)
        card_layout = QVBoxLayout(card)
        card_layout.setSpacing(14)
        card_layout.addWidget(title)
        card_layout.addWidget(intro)
        card_layout.addSpacing(6)
        card_layout.addLayout(actions)
        card_layout.addWidget(self.message)
        card_layout.addSpacing(10)
        card_layout.addWidget(rule)
        card_layout.addWidget(model_title)
        card_layout.addWidget(self.model_label)
        card_layout.addLayout(settings_row)

        outer = QHBoxLayout()
        outer.addStretch(1)
        outer.addWidget(card, 4)
        outer.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(32, 32, 32, 32)
        layout.addStretch(1)
        layout.addLayout(outer)
        layout.addStretch(2)

        self.setTabOrder(self.sample_button, self.write_button)
        self.setTabOrder(self.write_button, self.settings_button)
        self.set_model_name(model_name)

    def set_model_name(self, model_name: str | None) -> None:
        """Say which model is in use (None or empty: none is ready)."""
        self.model_label.setText(model_statement(model_name))
        self.settings_button.setText(
            "Choose a &model…" if not model_name else "Choose a stronger &model…"
        )

    def set_busy(self, busy: bool, message: str | None = None) -> None:
        """While the sample loads: buttons off and a short note."""
        for button in (self.sample_button, self.write_button):
            button.setEnabled(not busy)
        if message:
            self.message.show_info(message)
        elif not busy:
            self.message.clear_message()

    def show_error(self, message: str) -> None:
        self.set_busy(False)
        self.message.show_error(message)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.sample_button.isEnabled():
            self.sample_button.setFocus()

"""The first-run screen for an empty data folder: what Inkling does in plain words, that it
is private and offline, one button for the sample journal and one for a sample notebook, and
which model reads the journal (quality figures live in Settings ▸ Models)."""

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

from app.services.models.names import BUILT_IN
from app.ui.common.messages import MessageLabel

INTRO = (
    "Write your journal here and Inkling notices the habits and practices you mention — "
    "“meditated for ten minutes”, “went for a run” — and highlights them for you to check "
    "off with one click. It also reads notebooks you scanned or typed and points out the "
    "poems, to-do lists, quotations and names in them."
)
PRIVATE = (
    "Private and offline: your writing, and the language model that reads it, stay on this "
    "computer. Nothing is sent anywhere."
)
CHECKING = "Getting the language model ready…"


def model_statement(model_name: str | None, *, checking: bool = False) -> str:
    """What the welcome screen says about the model, plainly (no scores, no jargon)."""
    if not model_name:
        if checking:
            return CHECKING
        return (
            "No language model could be started, so Inkling will not suggest anything for "
            "now; your journal works without one. Choose a model in Settings ▸ Models."
        )
    if model_name == BUILT_IN:
        return (
            f"Suggestions come from {model_name}, a small model that runs on this computer, "
            "so check what it proposes. Settings ▸ Models has stronger ones, and says how "
            "well each does."
        )
    return (
        f"Suggestions come from {model_name}, running on this computer. "
        "You can switch to another model in Settings ▸ Models at any time."
    )


class WelcomeView(QWidget):
    """Shown instead of an empty journal. The main window acts on its signals."""

    load_sample_requested = Signal()
    sample_notebook_requested = Signal()
    new_entry_requested = Signal()
    open_settings_requested = Signal()

    def __init__(
        self, model_name: str | None, parent: QWidget | None = None, *, checking: bool = False
    ) -> None:
        super().__init__(parent)
        self.setAccessibleName("Welcome")

        title = QLabel("Welcome to Inkling")
        title_font = QFont(title.font())
        title_font.setPointSizeF(title_font.pointSizeF() * 2.0)
        title_font.setBold(True)
        title.setFont(title_font)
        title.setAccessibleName("Welcome to Inkling")

        intro = QLabel(INTRO)
        intro.setWordWrap(True)
        private = QLabel(PRIVATE)
        private.setWordWrap(True)
        private.setAccessibleName("Private and offline")

        self.sample_button = QPushButton("Try the &sample journal")
        self.sample_button.setDefault(True)
        self.sample_button.setAutoDefault(True)
        self.sample_button.setToolTip(
            "Four short entries with habits like meditation and running, to try things out"
        )
        self.sample_button.clicked.connect(self.load_sample_requested)
        self.notebook_button = QPushButton("Try a sample &notebook")
        self.notebook_button.setToolTip(
            "Six pages of a notebook — a poem, a to-do list, a quotation — to try the detectors on"
        )
        self.notebook_button.clicked.connect(self.sample_notebook_requested)
        self.write_button = QPushButton("&Write your first entry")
        self.write_button.setToolTip("Start with an empty entry for today")
        self.write_button.clicked.connect(self.new_entry_requested)
        for button in (self.sample_button, self.notebook_button, self.write_button):
            button.setMinimumHeight(int(button.sizeHint().height() * 1.3))
            button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        actions = QHBoxLayout()
        actions.setSpacing(12)
        actions.addWidget(self.sample_button)
        actions.addWidget(self.notebook_button)
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
        card_layout.addWidget(private)
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

        self.setTabOrder(self.sample_button, self.notebook_button)
        self.setTabOrder(self.notebook_button, self.write_button)
        self.setTabOrder(self.write_button, self.settings_button)
        self.set_model_name(model_name, checking=checking)

    def set_model_name(self, model_name: str | None, *, checking: bool = False) -> None:
        """Say which model is in use (None or empty: none is ready, or, while ``checking``,
        not yet)."""
        self.model_label.setText(model_statement(model_name, checking=checking))
        self.settings_button.setText(
            "Choose a &model…" if not model_name else "Choose a stronger &model…"
        )

    def set_busy(self, busy: bool, message: str | None = None) -> None:
        """While the sample loads: buttons off and a short note."""
        for button in (self.sample_button, self.notebook_button, self.write_button):
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

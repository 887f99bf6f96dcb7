"""An inline message line: one sentence of feedback next to the controls it is about."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TypeVar

import shiboken6
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QSizePolicy, QWidget

from app.domain.progress import Cancelled
from app.llm import ModelError
from app.services.errors import ServiceError
from app.store import StoreError, storage_failure
from app.store.failures import shows_statement

T = TypeVar("T")


class Tone(Enum):
    INFO = "info"
    ERROR = "error"


def is_dark(palette: QPalette) -> bool:
    """Whether the palette is a dark theme (its window colour is dark)."""
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def error_colour(palette: QPalette) -> QColor:
    """A red that stays readable on the palette's window colour."""
    return QColor("#ff8a80") if is_dark(palette) else QColor("#b3261e")


def user_message(error: BaseException) -> str:
    """The one sentence to show for an error: the app's own errors already are one."""
    if isinstance(error, ServiceError | ModelError | StoreError | Cancelled):
        return str(error)
    failure = storage_failure(error)  # a full disk, permissions, I/O: never the SQL
    if failure is not None:
        return str(failure)
    if isinstance(error, OSError):
        return f"The file could not be read or written ({error.strerror or error})."
    if shows_statement(error):  # the SQL and its parameters hold private text
        return f"Something went wrong ({type(error).__name__})."
    return f"Something went wrong ({type(error).__name__}: {error})."


class MessageLabel(QLabel):
    """Hidden until it has something to say; errors in red, information in the text colour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.setAccessibleName("Message")
        self.tone = Tone.INFO
        self.hide()

    def show_error(self, message: str) -> None:
        self._show(message, Tone.ERROR)

    def show_info(self, message: str) -> None:
        self._show(message, Tone.INFO)

    def clear_message(self) -> None:
        self.clear()
        self.hide()

    def _show(self, message: str, tone: Tone) -> None:
        self.tone = tone
        parent = self.parentWidget()
        palette = QPalette(parent.palette() if parent is not None else QApplication.palette())
        colour = (
            error_colour(palette)
            if tone is Tone.ERROR
            else palette.color(QPalette.ColorRole.WindowText)
        )
        palette.setColor(QPalette.ColorRole.WindowText, colour)
        self.setPalette(palette)
        self.setAccessibleName("Error" if tone is Tone.ERROR else "Message")
        self.setText(message)
        self.show()


def if_alive(owner: QObject, fn: Callable[[T], None]) -> Callable[[T], None]:
    """Wrap a callback so that it does nothing once ``owner`` has been deleted (a dialog
    closed while its background operation was still running)."""

    def call(value: T) -> None:
        if shiboken6.isValid(owner):
            fn(value)

    return call

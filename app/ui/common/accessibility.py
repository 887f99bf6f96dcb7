"""Accessible roles for Inkling's own widgets.

Qt describes its standard widgets to screen readers by itself; a widget that paints
itself (the habit calendar, the counts chart) or a frame that stands for one thing (a
suggestion card, a finding card, a tag chip) would read as a nameless "client" or
"frame".  A module that defines such a widget calls ``give_role`` once; Qt then asks
``_interface`` for it and gets an interface with that role and the widget's own
accessible name and description.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QAccessibleWidget, QWidget

_ROLES: dict[type[QWidget], QAccessible.Role] = {}
_installed = False


def _interface(_key: str, obj: QObject) -> QAccessibleInterface | None:
    for cls in type(obj).__mro__:
        role = _ROLES.get(cls)
        if role is not None and isinstance(obj, QWidget):
            return QAccessibleWidget(obj, role, "")
    return None


def give_role(cls: type[QWidget], role: QAccessible.Role) -> None:
    """Describe every ``cls`` (and subclass) to assistive technology as ``role``."""
    global _installed
    _ROLES[cls] = role
    if not _installed:
        QAccessible.installFactory(_interface)
        _installed = True


def role_of(widget: QWidget) -> QAccessible.Role:
    """The role assistive technology is told for ``widget``."""
    interface = QAccessible.queryAccessibleInterface(widget)
    return interface.role() if interface is not None else QAccessible.Role.NoRole


def name_of(widget: QWidget) -> str:
    interface = QAccessible.queryAccessibleInterface(widget)
    return interface.text(QAccessible.Text.Name) if interface is not None else ""

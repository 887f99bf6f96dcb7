"""The screenshot tooling drives the Qt views: the same isolated QSettings and standard
paths as the ui tests."""

from tests.ui.conftest import qt_isolated_settings

__all__ = ["qt_isolated_settings"]

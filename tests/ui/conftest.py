"""Qt test setup (qutebrowser-style): standard paths and QSettings point into tmp."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QStandardPaths


@pytest.fixture(autouse=True)
def qt_isolated_settings(tmp_path: Path, qapp: object) -> Path:
    QStandardPaths.setTestModeEnabled(True)
    folder = tmp_path / "qsettings"
    folder.mkdir()
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.NativeFormat, scope, str(folder))
        QSettings.setPath(QSettings.Format.IniFormat, scope, str(folder))
    return folder

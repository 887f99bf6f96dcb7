"""Where Inkling keeps its files: platformdirs, with overrides for tests and scripting."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "inkling"
DATA_DIR_ENV = "INKLING_DATA_DIR"
DATABASE_FILENAME = "inkling.sqlite3"
SETTINGS_FILENAME = "settings.json"


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The data folder: the explicit override, else ``$INKLING_DATA_DIR``, else the platform's."""
    if override:
        return Path(override).expanduser().resolve()
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env).expanduser().resolve()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def database_path(folder: Path) -> Path:
    return folder / DATABASE_FILENAME


def settings_path(folder: Path) -> Path:
    return folder / SETTINGS_FILENAME


def cache_dir(folder: Path) -> Path:
    """Per-data-folder cache (model hashes and the like)."""
    return folder / "cache"

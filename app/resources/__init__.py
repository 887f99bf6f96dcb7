"""The files Inkling ships inside its package, and the one way to read them.

``app/resources/`` holds the sample journal and notebook, the swear-word lexicon and
the titles and kinship words that names are told apart by (``lexicons/``), the habit
cue lexicon (``cues/``) and the recommended models (``models/recommended.json``). They
are package data (``pyproject.toml``), read here with :mod:`importlib.resources` only,
so a checkout, an editable install and an installed wheel find the same files, wherever
the package lies. Nothing else locates them.

A base utility like ``app/paths.py``: any layer may import it; it imports no layer.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Final

SWEAR_LEXICON: Final = "lexicons/swear_words_en_v1.json"
NAME_WORDS: Final = "lexicons/name_words_en_v1.json"
HABIT_CUES: Final = "cues/habit_cues_en_v1.json"
RECOMMENDED_MODELS: Final = "models/recommended.json"
SAMPLE_JOURNAL: Final = "sample_journal.json"
SAMPLE_NOTEBOOK: Final = "sample_notebook.txt"


def resource(name: str) -> Traversable:
    """A shipped file by its name under ``app/resources`` (e.g. ``SWEAR_LEXICON``)."""
    found = resources.files(__name__)
    for part in name.split("/"):
        found = found.joinpath(part)
    return found


def swear_lexicon() -> bytes:
    """The default swear-word lexicon's bytes (its SHA-256 is part of the cache identity)."""
    return resource(SWEAR_LEXICON).read_bytes()


def name_words() -> str:
    """Titles, kinship words, weekdays and months, for telling names apart (JSON)."""
    return resource(NAME_WORDS).read_text(encoding="utf-8")


def habit_cues() -> str:
    """The seed habit cue lexicon (JSON)."""
    return resource(HABIT_CUES).read_text(encoding="utf-8")


def recommended_models() -> str:
    """The curated list of recommended models (JSON)."""
    return resource(RECOMMENDED_MODELS).read_text(encoding="utf-8")


def sample_journal() -> str:
    """The sample journal: habits, practices and entries (JSON)."""
    return resource(SAMPLE_JOURNAL).read_text(encoding="utf-8")


def sample_notebook() -> str:
    """The sample notebook's text (pages separated by form feeds)."""
    return resource(SAMPLE_NOTEBOOK).read_text(encoding="utf-8")


def sample_notebook_file() -> AbstractContextManager[Path]:
    """The sample notebook as a file on disk, for the importers that take a path; the path
    holds for the ``with`` block (a temporary copy only if the package is not on disk)."""
    return resources.as_file(resource(SAMPLE_NOTEBOOK))

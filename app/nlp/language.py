"""The language a text is written in, with py3langid (BSD-3-Clause, maintained).

py3langid was chosen over lingua-language-detector (Apache-2.0, the most accurate on
short texts but a 96 MB wheel), langdetect (Apache-2.0, no release since 2021, random
unless seeded) and fastText-based detectors (a model of their own to fetch or a large
wheel): a 4.6 MB wheel needing only numpy (already there for spaCy), deterministic,
97 languages, about half a millisecond per journal entry once its model is loaded
(1.5-2 s, lazily, once per process, shared; calls hold a lock).

Short or unsure texts have no language (``None``): a terse English log ("no run. knee.")
scores as anything, so a text counts as written in another language only when it has
enough letters and the detector is sure.  Inkling's English-only readers (cue words,
first person, swear words, names) skip such text with a reason instead of reading noise.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from importlib import import_module, metadata
from typing import Any, Final

ENGLISH: Final = "en"
MIN_LETTERS: Final = 40
"""Fewer letters than this say too little to be sure of a language."""
MIN_CONFIDENCE: Final = 0.9
LANGUAGE_DISTRIBUTION: Final = "py3langid"

_NAMES: Final = {
    "af": "Afrikaans", "ar": "Arabic", "bn": "Bengali", "ca": "Catalan", "cs": "Czech",
    "cy": "Welsh", "da": "Danish", "de": "German", "el": "Greek", "es": "Spanish",
    "et": "Estonian", "eu": "Basque", "fa": "Persian", "fi": "Finnish", "fr": "French",
    "ga": "Irish", "gl": "Galician", "he": "Hebrew", "hi": "Hindi", "hr": "Croatian",
    "hu": "Hungarian", "id": "Indonesian", "is": "Icelandic", "it": "Italian",
    "ja": "Japanese", "ko": "Korean", "la": "Latin", "lt": "Lithuanian", "lv": "Latvian",
    "ms": "Malay", "nb": "Norwegian", "nl": "Dutch", "no": "Norwegian", "pl": "Polish",
    "pt": "Portuguese", "ro": "Romanian", "ru": "Russian", "sk": "Slovak", "sl": "Slovenian",
    "sr": "Serbian", "sv": "Swedish", "sw": "Swahili", "ta": "Tamil", "th": "Thai",
    "tr": "Turkish", "uk": "Ukrainian", "ur": "Urdu", "vi": "Vietnamese", "yo": "Yoruba",
    "zh": "Chinese", "und": "another language",
}  # fmt: skip
_ENGLISH_LIKE: Final = frozenset({"en", "pcm", "sco", "jam"})
"""English and the English-lexified varieties the detector tells apart (Nigerian Pidgin,
Scots, Jamaican Patois): Inkling's English readers read them as English."""

_lock = threading.Lock()
_identifier: Any = None


def _load() -> Any:
    global _identifier
    if _identifier is None:
        langid = import_module("py3langid.langid")
        _identifier = langid.LanguageIdentifier.from_model_file(langid.MODEL_FILE, norm_probs=True)
    return _identifier


def detect_language(text: str) -> str | None:
    """The ISO 639 code of the language ``text`` is written in, or ``None`` when it is
    too short, the detector is unsure, or py3langid is not installed."""
    if sum(ch.isalpha() for ch in text) < MIN_LETTERS:
        return None
    try:
        with _lock:
            code, confidence = _load().classify(text)
    except ImportError:
        return None
    if confidence < MIN_CONFIDENCE:
        return None
    return ENGLISH if code in _ENGLISH_LIKE else str(code)


def other_language(text: str) -> str | None:
    """The code of the language ``text`` is surely written in when that is not English."""
    code = detect_language(text)
    return None if code in (None, ENGLISH) else code


_PARAGRAPH: Final = re.compile(r"\S(?:.*?\S)??(?=\n[ \t]*\n|\s*\Z)", re.DOTALL)
"""A paragraph: text between blank lines, without the whitespace around it."""


@dataclass(frozen=True)
class EnglishPart:
    """What an English-only reader may read of a text: ``text`` has the paragraphs
    surely written in another language blanked out (same length, so offsets still
    point into the original), and ``skipped`` names their languages, in order."""

    text: str
    skipped: tuple[str, ...] = ()


def english_part(text: str, *, whole_if_english: bool = False) -> EnglishPart | None:
    """The part of ``text`` an English-only reader may read, or ``None`` when it is
    surely written in another language throughout.

    Paragraphs surely written in another language (a hymn in Welsh copied onto a page,
    with the writer's English notes around it) are left out; what remains is read when
    it is not itself surely another language.  ``whole_if_english``: a text that is not
    surely another language as a whole is read whole (a counter of forms counts them
    in a French line quoted on an English page, as it always has)."""
    if whole_if_english and other_language(text) is None:
        return EnglishPart(text)
    kept = list(text)
    codes: list[str] = []
    for paragraph in _PARAGRAPH.finditer(text):
        code = other_language(paragraph.group())
        if code is not None:
            codes.append(code)
            for i in range(paragraph.start(), paragraph.end()):
                if not text[i].isspace():
                    kept[i] = " "
    rest = "".join(kept)
    if other_language(rest) is not None:
        return None
    if codes and sum(ch.isalpha() for ch in rest) < MIN_LETTERS:
        return None
    return EnglishPart(rest, tuple(codes))


def skipped_language(text: str) -> str:
    """The code of the language a text :func:`english_part` skips whole is written in:
    the whole text's, else that of its first paragraph surely in another language, else
    ``"und"`` (undetermined)."""
    code = other_language(text)
    if code is not None:
        return code
    for paragraph in _PARAGRAPH.finditer(text):
        code = other_language(paragraph.group())
        if code is not None:
            return code
    return "und"


def language_name(code: str) -> str:
    """An English name for a language code ("nl" → "Dutch"); the code if unknown."""
    return _NAMES.get(code, code)


def skip_reason(code: str) -> str:
    """The words that say why an English-only reader skipped a text."""
    return f"it is written in {language_name(code)}, and this reader knows English only"


def part_skip_reason(codes: tuple[str, ...]) -> str:
    """The words that say why an English-only reader skipped some paragraphs of a text."""
    names = list(dict.fromkeys(language_name(code) for code in codes))
    written = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    some = "a paragraph is" if len(codes) == 1 else f"{len(codes)} paragraphs are"
    return f"{some} written in {written}, and this reader knows English only"


def language_detector_id() -> str:
    """The detector's name and version (part of a cache identity)."""
    try:
        return f"{LANGUAGE_DISTRIBUTION}-{metadata.version(LANGUAGE_DISTRIBUTION)}"
    except metadata.PackageNotFoundError:
        return f"{LANGUAGE_DISTRIBUTION}-none"


def language_decision_id() -> str:
    """Everything that decides whether a text counts as written in another language:
    the detector and its version, the letters and confidence it needs, and the
    varieties read as English.  Part of the cache identity of the English-only readers,
    so that their results go stale when the decision could change."""
    english = "+".join(sorted(_ENGLISH_LIKE))
    return f"{language_detector_id()}/{MIN_LETTERS}/{MIN_CONFIDENCE}/{english}/paragraphs"

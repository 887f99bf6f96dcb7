"""Text helpers for anchoring model quotes in a body: find, compare spans, clean labels."""

from __future__ import annotations

import re
import unicodedata
from itertools import groupby
from typing import Final

MAX_QUOTE_CHARS: Final = 280
"""Longest quote the app will try to anchor (code points)."""

MAX_LABEL_CHARS: Final = 255
"""Longest label kept after cleaning (code points)."""

CURRENCY_SIGNS: Final = "".join(
    chr(c) for c in range(0x20, 0x10000) if unicodedata.category(chr(c)) == "Sc"
)
"""Every currency sign ("$", "£", "€", "₦", "₵", "₪", "₱" …)."""

CJK_SCRIPT: Final = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
"""A letter of Japanese kana, Chinese characters or Korean hangul: scripts that run their
words together ("NHKラジオ英会話") and glue counters to numbers ("9,420歩")."""

HAN_OR_KANA: Final = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
"""A Chinese character or Japanese kana: two of them make a word ("太極"), unlike two
letters of the scripts that space their words (Korean "집밥" is spaced as a word, and
two letters of it are a syllable pair, not a name's deed)."""

RUN_IN_SCRIPT: Final = re.compile(
    r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]"
)
"""A letter of a script that writes words without spaces between them: those of
``CJK_SCRIPT``, Thai, Lao, Burmese and Khmer ("တရားထိုင်ခဲ့တယ်", sat in meditation)."""


def _mark_ranges() -> str:
    marks = [c for c in range(0x30000) if unicodedata.category(chr(c)).startswith("M")]
    runs = groupby(enumerate(marks), key=lambda pair: pair[1] - pair[0])  # consecutive runs
    return "".join(
        f"{re.escape(chr(run[0][1]))}-{re.escape(chr(run[-1][1]))}"
        for run in (list(group) for _, group in runs)
    )


MARKS: Final = _mark_ranges()
"""The body of a regex character class of every combining mark: the vowel signs and
viramas of Indic and South-East Asian scripts, which ``\\w`` does not match ("ધ્યાન",
"တရားထိုင်" are one word each, not pieces)."""

LETTERS: Final = rf"(?:[^\W\d_]|[{MARKS}])"
"""One letter or combining mark, for word patterns: ``rf"{LETTERS}+"``."""

_KEPT_CONTROLS: Final = frozenset("\t\n\r")

# Zero-width, bidi-override and tag characters that would hide or reorder text.
_INVISIBLE: Final = re.compile(
    "[\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\U000e0000-\U000e007f]"
)


def quote_span(body: str, quote: str, *, max_len: int = MAX_QUOTE_CHARS) -> tuple[int, int] | None:
    """Return ``(start, end)`` of the first exact, case-sensitive occurrence of ``quote``.

    ``None`` when the quote is empty, longer than ``max_len`` code points, or
    absent from ``body``.
    """
    if not quote or len(quote) > max_len:
        return None
    start = body.find(quote)
    if start < 0:
        return None
    return start, start + len(quote)


def overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """True when half-open spans ``a`` and ``b`` share a position (touching is not overlap)."""
    return a[0] < b[1] and b[0] < a[1]


def _dropped(ch: str) -> bool:
    if ch in _KEPT_CONTROLS:
        return False
    # Category Cc covers C0 controls, DEL (U+007F) and C1 controls.
    return unicodedata.category(ch) == "Cc" or _INVISIBLE.match(ch) is not None


def sanitize_label(text: str) -> str:
    """Clean a quote for display: NFC, drop controls (not tab/newline/CR), DEL and
    zero-width/bidi/tag characters, trim, NFC again. May return ``""``."""
    cleaned = unicodedata.normalize("NFC", text)
    cleaned = "".join(ch for ch in cleaned if not _dropped(ch))
    return unicodedata.normalize("NFC", cleaned.strip())


def without_accents(text: str) -> str:
    """``text`` without combining accents ("Józef" → "Jozef", "mín" → "min"); letters
    of their own like "ł" or "ø" stay."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))

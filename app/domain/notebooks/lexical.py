"""Lexical counters: first-person ``I`` and swear words from a versioned lexicon."""

from __future__ import annotations

import functools
import hashlib
import json
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

from app import resources
from app.domain.notebooks.aggregation import RawDetection
from app.domain.notebooks.definitions import DetectorDefinition
from app.domain.notebooks.replies import EvidenceAnchor
from app.domain.notebooks.windows import PageInput

MAX_SAMPLES: Final = 12
REASON_SAMPLES: Final = 5
FIRST_PERSON_CATEGORY: Final = "first_person"


class LexiconError(ValueError):
    """A lexicon file is unreadable or malformed; the message is one clear sentence."""


@dataclass(frozen=True)
class LexicalMatch:
    """One match: ``text == original[start:end]``."""

    start: int
    end: int
    text: str
    category: str


@dataclass(frozen=True)
class LexicalCount:
    """The matches in one text: count, distinct surfaces (<= 12, in order), per-category
    counts."""

    count: int
    samples: tuple[str, ...] = ()
    matches: tuple[LexicalMatch, ...] = ()
    category_counts: Mapping[str, int] = field(
        default_factory=lambda: MappingProxyType({}), hash=False
    )


@dataclass(frozen=True)
class Lexicon:
    """A phrase lexicon: phrases (trimmed, casefolded) per category, and the SHA-256
    digest of the file it came from."""

    lexicon_id: str
    version: str
    categories: Mapping[str, tuple[str, ...]] = field(hash=False)
    digest: str = ""


def _is_word_char(ch: str) -> bool:
    """Letters, digits and combining marks continue a word."""
    return ch.isalnum() or unicodedata.category(ch).startswith("M")


def _bounded(text: str, start: int, end: int) -> bool:
    """No word character right before ``start`` or right at ``end``."""
    if start > 0 and _is_word_char(text[start - 1]):
        return False
    return not (end < len(text) and _is_word_char(text[end]))


def _summarise(matches: list[LexicalMatch], categories: tuple[str, ...]) -> LexicalCount:
    samples: list[str] = []
    counts = dict.fromkeys(categories, 0)
    for match in matches:
        counts[match.category] = counts.get(match.category, 0) + 1
        if match.text not in samples and len(samples) < MAX_SAMPLES:
            samples.append(match.text)
    return LexicalCount(
        count=len(matches),
        samples=tuple(samples),
        matches=tuple(matches),
        category_counts=MappingProxyType(counts),
    )


def count_first_person(text: str) -> LexicalCount:
    """Count a standalone ``I``/``i``: no letter, digit or combining mark on either side.

    Apostrophes are boundaries, so "I'm" and "I've" count; an i inside a word does not.
    "I think i know what I mean." = 3; "I'm sure I've said it." = 2.
    """
    matches = [
        LexicalMatch(i, i + 1, ch, FIRST_PERSON_CATEGORY)
        for i, ch in enumerate(text)
        if ch in "Ii" and _bounded(text, i, i + 1)
    ]
    return _summarise(matches, (FIRST_PERSON_CATEGORY,))


def parse_lexicon(raw: bytes) -> Lexicon:
    """Build a lexicon from a file's bytes ``{id, version, categories: {name: [phrase]}}``.

    Phrases are trimmed and casefolded; blanks and duplicates within a category dropped.
    Raises :class:`LexiconError`.
    """
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise LexiconError("The lexicon file is not valid UTF-8 JSON.") from exc
    if not isinstance(doc, dict):
        raise LexiconError("A lexicon must be a JSON object.")
    lexicon_id, version, cats = doc.get("id"), doc.get("version"), doc.get("categories")
    if not isinstance(lexicon_id, str) or not lexicon_id.strip():
        raise LexiconError("A lexicon needs a string id.")
    if isinstance(version, int) and not isinstance(version, bool):
        version = str(version)
    if not isinstance(version, str) or not version.strip():
        raise LexiconError("A lexicon needs a version.")
    if not isinstance(cats, dict) or not cats:
        raise LexiconError("A lexicon needs categories.")
    categories: dict[str, tuple[str, ...]] = {}
    for name, phrases in cats.items():
        if not isinstance(phrases, list) or not all(isinstance(p, str) for p in phrases):
            raise LexiconError(f"Lexicon category {name!r} must be a list of strings.")
        cleaned: list[str] = []
        for phrase in phrases:
            folded = phrase.strip().casefold()
            if folded and folded not in cleaned:
                cleaned.append(folded)
        categories[name] = tuple(cleaned)
    return Lexicon(
        lexicon_id=lexicon_id.strip(),
        version=version.strip(),
        categories=MappingProxyType(categories),
        digest=hashlib.sha256(raw).hexdigest(),
    )


def load_lexicon(path: Path) -> Lexicon:
    """Read and parse a lexicon file (digest = SHA-256 of its bytes)."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise LexiconError(f"Cannot read the lexicon file {path}.") from exc
    return parse_lexicon(raw)


@functools.lru_cache(maxsize=4)
def _parsed_lexicon(raw: bytes) -> Lexicon:
    return parse_lexicon(raw)


def default_lexicon() -> Lexicon:
    """The default swear-word lexicon shipped in ``app/resources/lexicons`` (read on every
    call, parsed again only when its bytes change)."""
    return _parsed_lexicon(resources.swear_lexicon())


def _fold_with_offsets(text: str) -> tuple[str, list[int], list[int]]:
    """Casefold ``text`` char by char. Returns the folded text and, per folded index,
    the original index it came from (``origin``) and whether it starts that char's
    fold (1) or not (0)."""
    parts: list[str] = []
    origin: list[int] = []
    first: list[int] = []
    for i, ch in enumerate(text):
        folded = ch.casefold()
        parts.append(folded)
        origin.extend([i] * len(folded))
        first.extend([1] + [0] * (len(folded) - 1))
    return "".join(parts), origin, first


def count_swear_words(text: str, lexicon: Lexicon | None = None) -> LexicalCount:
    """Count lexicon phrases in ``text``, per category.

    Matching runs on the casefolded text: every occurrence of every phrase, rejecting
    one whose neighbouring character is a letter, digit or combining mark ("fucking"
    does not yield "fuck"), then accepting greedily by start, longest first, without
    overlaps. Offsets index the ORIGINAL text; a match that would split a character
    whose casefold is longer than one char is rejected.
    """
    lex = lexicon if lexicon is not None else default_lexicon()
    folded, origin, first = _fold_with_offsets(text)
    n = len(folded)
    found: list[tuple[int, int, int, str]] = []  # (orig start, -length, orig end, category)
    for category, phrases in lex.categories.items():
        for phrase in phrases:
            pos = folded.find(phrase)
            while pos >= 0:
                end = pos + len(phrase)
                # Align to whole original characters.
                if first[pos] and (end == n or first[end]):
                    o_start = origin[pos]
                    o_end = origin[end - 1] + 1
                    if _bounded(text, o_start, o_end):
                        found.append((o_start, -(o_end - o_start), o_end, category))
                pos = folded.find(phrase, pos + 1)
    found.sort()
    matches: list[LexicalMatch] = []
    last_end = 0
    for o_start, _neg_len, o_end, category in found:
        if o_start < last_end:
            continue
        matches.append(LexicalMatch(o_start, o_end, text[o_start:o_end], category))
        last_end = o_end
    return _summarise(matches, tuple(lex.categories))


def lexical_count(definition: DetectorDefinition, text: str) -> LexicalCount:
    """Run the definition's matcher (``first_person_i`` or ``swear_words``) over a text."""
    matcher = definition.extra_config.get("matcher")
    if matcher == "first_person_i":
        return count_first_person(text)
    if matcher == "swear_words":
        return count_swear_words(text)
    raise ValueError(f"Detector {definition.detector_id!r} has no lexical matcher.")


def lexical_page_finding(
    definition: DetectorDefinition, count: LexicalCount, *, position: int, page_id: int
) -> RawDetection | None:
    """The per-page finding when ``count.count >= min_count`` (default 1), else ``None``.

    Confidence 1.0; reason ``"<title>: count=<n>"`` plus up to five samples; data
    ``{count, samples (<= 12), category_counts}``; an evidence anchor for every match.
    """
    min_count = definition.extra_config.get("min_count", 1)
    threshold = min_count if isinstance(min_count, int) else 1
    if count.count < threshold:
        return None
    reason = f"{definition.title}: count={count.count}"
    if count.samples:
        reason += " (" + ", ".join(count.samples[:REASON_SAMPLES]) + ")"
    data: dict[str, Any] = {
        "count": count.count,
        "samples": list(count.samples[:MAX_SAMPLES]),
        "category_counts": dict(count.category_counts),
    }
    return RawDetection(
        finding_type=definition.finding_type,
        start=position,
        end=position,
        confidence=1.0,
        reason=reason,
        title=None,
        evidence=tuple(EvidenceAnchor(page_id, m.start, m.end, m.text) for m in count.matches),
        data=data,
    )


def lexical_scan(
    definition: DetectorDefinition, candidates: Sequence[PageInput]
) -> tuple[list[dict[str, Any]], list[RawDetection]]:
    """Run a lexical detector over the candidate pages (in order).

    Returns the ``page_counts`` series — one ``{page_id, order, count, category_counts}``
    per candidate, zeros included — and the per-page findings (positions are candidate
    positions), in page order.
    """
    series: list[dict[str, Any]] = []
    findings: list[RawDetection] = []
    for position, page in enumerate(candidates):
        count = lexical_count(definition, page.text or "")
        series.append(
            {
                "page_id": page.page_id,
                "order": page.order,
                "count": count.count,
                "category_counts": dict(count.category_counts),
            }
        )
        raw = lexical_page_finding(definition, count, position=position, page_id=page.page_id)
        if raw is not None:
            findings.append(raw)
    return series, findings

"""Window replies: a lenient parse with strict validation, evidence anchoring, spans."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from app.domain.delimit import unfence
from app.domain.notebooks.definitions import DefinitionError, DetectorDefinition
from app.domain.notebooks.numbering import numbered_lines, resolve_lines
from app.domain.notebooks.prompts import (
    MAX_COUNT_ESTIMATE,
    MAX_EVIDENCE,
    MAX_LINES,
    TODO_STATUSES,
    FieldSpec,
    prompt_spec,
    uses_lines,
)
from app.domain.notebooks.windows import PageInput
from app.domain.text import quote_span

MAX_REASON_CHARS: Final = 2000

_TRUE: Final = frozenset({"true", "yes", "1"})
_FALSE: Final = frozenset({"false", "no", "0"})
_NUMBER: Final = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")
_INTEGER: Final = re.compile(r"[+-]?\d{1,12}")


@dataclass(frozen=True)
class WindowReply:
    """A validated window reply. ``data`` holds the detector's own fields (every field
    present, ``None``/empty when missing; treat it as read-only); ``evidence`` holds
    ``(page number within the window, quote)`` pairs, not yet anchored; ``lines`` the
    window line numbers a version-2 reply names (positive, no repeats, not yet checked
    against the window)."""

    detected: bool
    confidence: float
    starts_on_this_window: bool
    continues_before: bool
    continues_after: bool
    reason: str | None = None
    title: str | None = None
    data: dict[str, Any] = field(default_factory=dict, hash=False)
    evidence: tuple[tuple[int, str], ...] = ()
    lines: tuple[int, ...] = ()


@dataclass(frozen=True)
class EvidenceAnchor:
    """A quote anchored in a page's effective text: ``text[anchor_start:anchor_end]``."""

    page_id: int
    anchor_start: int
    anchor_end: int
    anchor_text: str

    def to_json(self) -> dict[str, Any]:
        """``{page_id, anchor_start, anchor_end, anchor_text}``."""
        return {
            "page_id": self.page_id,
            "anchor_start": self.anchor_start,
            "anchor_end": self.anchor_end,
            "anchor_text": self.anchor_text,
        }


class _InvalidReplyError(Exception):
    """A shared field failed validation."""


def parse_bool(value: object) -> bool | None:
    """``True``/``False``, or the strings true/yes/1 and false/no/0 (trimmed, any case);
    anything else ``None``."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        token = value.strip().lower()
        if token in _TRUE:
            return True
        if token in _FALSE:
            return False
    return None


def parse_confidence(value: object) -> float | None:
    """A finite number or numeric string, clamped to 0..1; anything else ``None``."""
    number: float
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return 1.0 if value >= 1 else 0.0
    if isinstance(value, float):
        number = value
    elif isinstance(value, str) and _NUMBER.fullmatch(value.strip()):
        try:
            number = float(value.strip())
        except (ValueError, OverflowError):  # pragma: no cover - regex guarantees a float
            return None
    else:
        return None
    if math.isnan(number):
        return None
    return min(1.0, max(0.0, number))


def clean_string(value: object, max_chars: int) -> str | None:
    """A string trimmed and cut to ``max_chars``; empty or not a string -> ``None``."""
    if not isinstance(value, str):
        return None
    text = value.strip()[:max_chars].strip()
    return text or None


def _parse_int(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, float) and math.isfinite(value) and value.is_integer():
        number = int(value)
    elif isinstance(value, str) and _INTEGER.fullmatch(value.strip()):
        number = int(value.strip())
    else:
        return None
    return number


def _parse_enum(value: object, spec: FieldSpec) -> str | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, str):
        token = value.strip().lower()
        if token in spec.choices:
            return token
    return spec.fallback


def _parse_field(value: object, spec: FieldSpec) -> Any:
    if spec.kind == "string":
        return clean_string(value, spec.max_chars)
    if spec.kind == "enum":
        return _parse_enum(value, spec)
    if spec.kind == "int":
        number = _parse_int(value)
        if number is None or number < 0:
            return None
        return min(number, MAX_COUNT_ESTIMATE)
    if spec.kind == "string_list":
        if not isinstance(value, list):
            return []
        texts = (clean_string(v, spec.max_chars) for v in value)
        return [t for t in texts if t is not None][: spec.max_items]
    if spec.kind == "todo_items":
        if not isinstance(value, list):
            return []
        items: list[dict[str, str]] = []
        status_spec = FieldSpec("status", "enum", choices=TODO_STATUSES, fallback="unknown")
        for raw in value:
            if isinstance(raw, str):
                raw = {"text": raw}
            if not isinstance(raw, dict):
                continue
            text = clean_string(raw.get("text"), spec.max_chars)
            if text is None:
                continue
            status = _parse_enum(raw.get("status"), status_spec) or "unknown"
            items.append({"text": text, "status": status})
            if len(items) >= spec.max_items:
                break
        return items
    # boundaries
    if not isinstance(value, dict):
        return None
    hints: dict[str, int | None] = {}
    for key in ("start_page_hint", "end_page_hint"):
        hint = _parse_int(value.get(key))
        hints[key] = hint if hint is not None and hint >= 1 else None
    if all(v is None for v in hints.values()):
        return None
    return hints


def _parse_evidence(value: object) -> tuple[tuple[int, str], ...]:
    if not isinstance(value, list):
        return ()
    out: list[tuple[int, str]] = []
    for item in value:
        if not isinstance(item, dict):
            continue
        page, quote = _parse_int(item.get("page")), item.get("quote")
        if page is None or page < 1 or not isinstance(quote, str) or not quote.strip():
            continue
        if (page, quote) not in out:
            out.append((page, quote))
        if len(out) >= MAX_EVIDENCE:
            break
    return tuple(out)


def _parse_lines(value: object) -> tuple[int, ...]:
    if not isinstance(value, list):
        return ()
    out: list[int] = []
    for item in value:
        number = _parse_int(item)
        if number is None or number < 1 or number in out:
            continue
        out.append(number)
        if len(out) >= MAX_LINES:
            break
    return tuple(out)


def _required_bool(doc: Mapping[str, Any], key: str, default: bool | None = None) -> bool:
    if key not in doc and default is not None:
        return default
    value = parse_bool(doc.get(key))
    if value is None:
        raise _InvalidReplyError(key)
    return value


def _validate(doc: Mapping[str, Any], definition: DetectorDefinition) -> WindowReply:
    detected = _required_bool(doc, "detected")
    # version 2's "not detected" shape is {"detected": false}: the rest default
    short = not detected and uses_lines(definition)
    default = False if short else None
    confidence = parse_confidence(doc.get("confidence"))
    if confidence is None and short and "confidence" not in doc:
        confidence = 0.0
    if confidence is None:
        raise _InvalidReplyError("confidence")
    starts = _required_bool(doc, "starts_on_this_window", default)
    before = _required_bool(doc, "continues_before", default)
    after = _required_bool(doc, "continues_after", default)
    spec = prompt_spec(definition)
    data = {f.name: _parse_field(doc.get(f.name), f) for f in spec.fields}
    title = data.get("title")
    return WindowReply(
        detected=detected,
        confidence=confidence,
        starts_on_this_window=starts,
        continues_before=before,
        continues_after=after,
        reason=clean_string(doc.get("reason"), MAX_REASON_CHARS),
        title=title if isinstance(title, str) else None,
        data=data,
        evidence=_parse_evidence(doc.get("evidence")),
        lines=_parse_lines(doc.get("lines")),
    )


def lenient_json(text: object) -> Any:
    """A model reply's JSON document (one surrounding code fence stripped, raw control
    characters tolerated); None for anything that is not JSON text."""
    if not isinstance(text, str):
        return None
    try:
        return json.loads(unfence(text), strict=False)
    except (ValueError, RecursionError, OverflowError, TypeError, MemoryError):
        return None


def parse_window_reply(text: object, definition: DetectorDefinition) -> WindowReply | None:
    """Parse and validate one window reply; ``None`` means warning ``abstain_unparseable``.

    Lenient parse (one surrounding code fence stripped, raw control characters
    tolerated). Required: ``detected``, ``confidence`` and the three continuation flags
    (``starts_on_this_window``, ``continues_before``, ``continues_after``), except in
    a version-2 reply with ``detected`` false, whose omitted fields default to
    confidence 0 and false flags (its short shape is ``{"detected": false}``). Evidence
    may come as quotes (``evidence``) or, in version 2, as line numbers (``lines``:
    integers or numeric strings >= 1, repeats dropped, at most 12). Booleans accept
    true/false or the strings true/yes/1/false/no/0; confidence accepts numbers or numeric
    strings, clamped to 0..1. Strings are trimmed (empty -> ``None``), ``reason`` cut to
    2000 chars; unknown enum values map to the other/unknown/mixed member
    (``docs/notebooks.md``, "Replies"); arrays
    are truncated to their bounds; a malformed own field becomes ``None``/empty rather
    than failing the reply. Never raises for any reply text (a definition without a
    known prompt is a programming error: :class:`DefinitionError`).
    """
    doc = lenient_json(text)
    if not isinstance(doc, dict):
        return None
    try:
        return _validate(doc, definition)
    except _InvalidReplyError:
        return None
    except DefinitionError:
        raise
    except (ValueError, TypeError, OverflowError, RecursionError):  # pragma: no cover
        return None


def anchor_evidence(
    evidence: Sequence[tuple[int, str]], window: Sequence[PageInput]
) -> list[EvidenceAnchor]:
    """Anchor ``(page number, quote)`` pairs in the window's pages' effective text.

    The page number is 1-based within the window; the quote must occur exactly
    (case-sensitive, first occurrence, at most 280 chars); bad ones are dropped and
    duplicates removed, order kept.
    """
    anchors: list[EvidenceAnchor] = []
    seen: set[tuple[int, int, int]] = set()
    for page_no, quote in evidence:
        if isinstance(page_no, bool) or not isinstance(page_no, int):
            continue
        if not 1 <= page_no <= len(window) or not isinstance(quote, str):
            continue
        page = window[page_no - 1]
        body = page.text or ""
        span = quote_span(body, quote)
        if span is None:
            continue
        key = (page.page_id, span[0], span[1])
        if key in seen:
            continue
        seen.add(key)
        anchors.append(EvidenceAnchor(page.page_id, span[0], span[1], body[span[0] : span[1]]))
    return anchors


def window_span(
    reply: WindowReply, window_positions: Sequence[int], candidate_count: int
) -> tuple[int, int] | None:
    """The candidate-position span ``(start, end)`` (inclusive) a reply claims.

    ``detected`` false (or an empty window): ``None``. Otherwise the whole window
    (min..max), one more page after when ``continues_after`` (capped at the last
    candidate) and one before when ``continues_before`` and start > 0.
    """
    if not reply.detected or not window_positions:
        return None
    start, end = min(window_positions), max(window_positions)
    if reply.continues_after:
        end = max(end, min(end + 1, candidate_count - 1))
    if reply.continues_before and start > 0:
        start -= 1
    return start, end


def anchor_lines(numbers: Sequence[int], window: Sequence[PageInput]) -> list[EvidenceAnchor]:
    """Anchor the window line numbers of a version-2 reply: each number in range names
    one non-blank line (numbered across the window as the prompt showed it), anchored
    verbatim at its own place in its page's effective text (without the line's
    surrounding white space); numbers out of range are dropped, and so are repeats."""
    return [
        EvidenceAnchor(window[line.page - 1].page_id, line.start, line.end, line.text)
        for line in resolve_lines(numbers, numbered_lines(window))
    ]

"""Transcribed page lines and their boxes, pure: what an OCR engine returns, how the
boxes are stored (JSON), how a span of the page text maps back to the lines it covers,
which pages a ``--pages 1-3,5`` option names, and the error rates (CER, WER) that
measure a transcription against ground truth.

A line's box is a polygon in the page image's pixels (an engine's rectangle is four
points), clockwise from the top left.  The page text is the lines joined by ``\\n``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from rapidfuzz.distance import Levenshtein

from app.domain.notebooks.replies import lenient_json

Point = tuple[int, int]

MAX_LINES: Final = 2000
"""Lines kept from one page (an engine finding more is reading noise)."""
MAX_LINE_CHARS: Final = 2000
MAX_POINTS: Final = 64
"""Points kept of one line's polygon."""


@dataclass(frozen=True)
class TextLine:
    """One transcribed line and its box (empty when the engine gave none)."""

    text: str
    points: tuple[Point, ...] = ()

    @property
    def bounds(self) -> tuple[int, int, int, int] | None:
        """``(left, top, right, bottom)`` of the box, or None without one."""
        if not self.points:
            return None
        xs = [x for x, _ in self.points]
        ys = [y for _, y in self.points]
        return min(xs), min(ys), max(xs), max(ys)


@dataclass(frozen=True)
class PageLines:
    """A page's transcription: its lines in reading order, the engine that read them, and
    the size of the image the boxes refer to."""

    engine: str
    width: int
    height: int
    lines: tuple[TextLine, ...]

    @property
    def text(self) -> str:
        return page_text(self.lines)

    @property
    def has_boxes(self) -> bool:
        return any(line.points for line in self.lines)


def rectangle(left: int, top: int, right: int, bottom: int) -> tuple[Point, ...]:
    """A rectangle's four corners, clockwise from the top left."""
    return ((left, top), (right, top), (right, bottom), (left, bottom))


def clean_line(text: str) -> str:
    """One line of engine output: no line breaks or control characters, single spaces,
    at most :data:`MAX_LINE_CHARS` characters."""
    kept = "".join(c if c.isprintable() else " " for c in text)
    return " ".join(kept.split())[:MAX_LINE_CHARS]


def page_text(lines: Iterable[TextLine]) -> str:
    """The page text: one line per transcribed line."""
    return "\n".join(line.text for line in lines)


def to_json(page: PageLines) -> dict[str, Any]:
    """What the page row stores (``notebook_pages.text_lines``)."""
    return {
        "engine": page.engine,
        "width": page.width,
        "height": page.height,
        "lines": [
            {"text": line.text, "points": [[x, y] for x, y in line.points]} for line in page.lines
        ],
    }


def _number(value: object) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return int(value)


def from_json(data: object) -> PageLines | None:
    """The stored lines, leniently: None for anything that is not the stored shape;
    a malformed line keeps its text without a box."""
    if not isinstance(data, Mapping):
        return None
    width, height = _number(data.get("width")), _number(data.get("height"))
    raw = data.get("lines")
    if width is None or height is None or not isinstance(raw, list):
        return None
    lines: list[TextLine] = []
    for item in raw[:MAX_LINES]:
        if not isinstance(item, Mapping) or not isinstance(item.get("text"), str):
            continue
        points: list[Point] = []
        for point in item.get("points") or []:
            if not isinstance(point, list | tuple) or len(point) != 2:
                points = []
                break
            x, y = _number(point[0]), _number(point[1])
            if x is None or y is None:
                points = []
                break
            points.append((x, y))
        lines.append(TextLine(clean_line(item["text"]), tuple(points[:MAX_POINTS])))
    engine = data.get("engine")
    return PageLines(str(engine) if engine else "", width, height, tuple(lines))


def line_spans(text: str, lines: Sequence[TextLine]) -> list[tuple[int, int] | None]:
    """Where each line is in ``text`` (the page's effective text, maybe edited since the
    transcription).  While the text has as many lines as the transcription, line ``i``
    is the text's line ``i`` (corrections within lines keep their boxes); otherwise each
    line is looked for after the previous one found, and a line no longer in the text
    (edited away) has None."""
    text_lines = text.split("\n")
    if len(text_lines) == len(lines):
        out: list[tuple[int, int] | None] = []
        offset = 0
        for written in text_lines:
            out.append((offset, offset + len(written)) if written else None)
            offset += len(written) + 1
        return out
    spans: list[tuple[int, int] | None] = []
    cursor = 0
    for line in lines:
        if not line.text:
            spans.append(None)
            continue
        start = text.find(line.text, cursor)
        if start < 0:
            spans.append(None)
            continue
        spans.append((start, start + len(line.text)))
        cursor = start + len(line.text)
    return spans


def text_line_boxes(text: str, lines: Sequence[TextLine]) -> list[tuple[Point, ...] | None]:
    """For each line of ``text`` (split at ``\n``), the box of the transcribed line found
    there (:func:`line_spans`), or None."""
    starts: list[int] = []
    offset = 0
    for written in text.split("\n"):
        starts.append(offset)
        offset += len(written) + 1
    boxes: list[tuple[Point, ...] | None] = [None] * len(starts)
    for line, span in zip(lines, line_spans(text, lines), strict=True):
        if span is None or not line.points:
            continue
        index = max(i for i, start in enumerate(starts) if start <= span[0])
        if boxes[index] is None:
            boxes[index] = line.points
    return boxes


def lines_covering(text: str, lines: Sequence[TextLine], start: int, end: int) -> list[TextLine]:
    """The lines (with a box) that the span ``text[start:end]`` overlaps, in order."""
    covered: list[TextLine] = []
    for line, span in zip(lines, line_spans(text, lines), strict=True):
        if span is None or not line.points:
            continue
        if (span[0] < end and start < span[1]) or (start == end and span[0] <= start < span[1]):
            covered.append(line)
    return covered


class PageRangeError(ValueError):
    """A ``--pages`` value that names no page; ``str()`` is one sentence."""


def parse_page_ranges(value: str, page_count: int) -> list[int]:
    """Page numbers as a person writes them (``1-3,5``; 1 is the first page) as 0-based
    positions, sorted, without repeats.  Raises :class:`PageRangeError` for anything
    else or a page past ``page_count``."""
    chosen: set[int] = set()
    for part in value.split(","):
        part = part.strip()
        first, dash, last = part.partition("-")
        try:
            low = int(first)
            high = int(last) if dash else low
        except ValueError:
            raise PageRangeError(
                "Pages are numbers and ranges separated by commas, like 1-3,5."
            ) from None
        if low < 1 or high < low:
            raise PageRangeError(f"The page range {part} is not valid; pages start at 1.")
        if high > page_count:
            raise PageRangeError(f"The notebook has {page_count} page(s); there is no page {high}.")
        chosen.update(range(low - 1, high))
    return sorted(chosen)


# ----------------------------------------------------------------- error rates


@dataclass(frozen=True)
class ErrorRate:
    """Edit operations against the ground truth and its length (characters or words)."""

    errors: int
    length: int

    @property
    def rate(self) -> float:
        """Errors per reference unit (0 for an empty reference read as empty)."""
        if self.length == 0:
            return 0.0 if self.errors == 0 else 1.0
        return self.errors / self.length

    def __add__(self, other: ErrorRate) -> ErrorRate:
        return ErrorRate(self.errors + other.errors, self.length + other.length)


def normalise(text: str) -> str:
    """Whitespace as single spaces (line breaks too), trimmed: layout is not an error."""
    return " ".join(text.split())


def character_errors(reference: str, hypothesis: str) -> ErrorRate:
    """Levenshtein distance over characters of the normalised texts (CER's numerator)."""
    ref, hyp = normalise(reference), normalise(hypothesis)
    return ErrorRate(Levenshtein.distance(ref, hyp), len(ref))


def word_errors(reference: str, hypothesis: str) -> ErrorRate:
    """Levenshtein distance over words (WER's numerator)."""
    ref, hyp = reference.split(), hypothesis.split()
    return ErrorRate(Levenshtein.distance(ref, hyp), len(ref))


# ------------------------------------------------------------- the vision route

VISION_MAX_LINES: Final = 200
TRANSCRIPTION_SCHEMA: Final[dict[str, Any]] = {
    "type": "object",
    "properties": {
        "lines": {
            "type": "array",
            "maxItems": VISION_MAX_LINES,
            "items": {"type": "string", "maxLength": 300},
        }
    },
    "required": ["lines"],
}
TRANSCRIPTION_SYSTEM: Final = (
    "You transcribe handwritten or printed pages. You copy the text exactly as written, "
    "line by line, without correcting, summarising or explaining it."
)
TRANSCRIPTION_REQUEST: Final = (
    "Transcribe the text on this page image. Reply with JSON: "
    '{"lines": ["first line", "second line", ...]}, one string per written line, in '
    "reading order. Leave out nothing that is written; add nothing that is not."
)


def parse_transcription_reply(text: object) -> list[str] | None:
    """The lines of a vision model's transcription reply, leniently (one code fence
    stripped, control characters tolerated, non-string items dropped, bounded); None
    when the reply is not the expected JSON."""
    doc = lenient_json(text)
    if not isinstance(doc, Mapping) or not isinstance(doc.get("lines"), list):
        return None
    lines = [clean_line(item) for item in doc["lines"][:VISION_MAX_LINES] if isinstance(item, str)]
    return [line for line in lines if line]

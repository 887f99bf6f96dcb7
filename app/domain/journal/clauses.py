"""The clause-numbered model path (issue 15 item 5): the model picks clause numbers.

Instead of asking the model to copy a quote (which a small model paraphrases, shortens
or invents), the entry is shown as numbered clauses and the reply schema allows only
those numbers (a grammar enum). The app maps each number back to the clause's verbatim
text, which then goes through exactly the same anchoring and context checks as a quote
(:func:`app.domain.journal.completions.resolve_drafts`). A clause is a sentence, a line,
or a part of one after a semicolon or a comma that joins another clause ("..., then ...").

Everything before the entry still depends only on the candidates, so the prompt prefix is
shared between entries, as with the quote prompt.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from app.domain.journal.candidates import Candidate
from app.domain.journal.parse import Draft, reply_items
from app.domain.journal.prompt import SYSTEM_TEXT, reply_schema, request_text
from app.domain.model import Prompt
from app.domain.text import MAX_QUOTE_CHARS

MAX_CLAUSES: Final = 60
"""More clauses than this and the entry is too long for the numbered prompt: the caller
uses the quote prompt instead."""

_SENTENCE_END: Final = re.compile(r"(?<=[.!?…])[\"')\]]*\s+|\n+")
_JOINS: Final = re.compile(
    r";\s+|,\s+(?=(?:and then|then|but|so|after that|afterwards|before|while|later|and)\b)",
    re.IGNORECASE,
)
_MIN_WORDS: Final = 2


@dataclass(frozen=True)
class Clause:
    """A clause's 1-based number and its verbatim span ``body[start:end]``."""

    number: int
    start: int
    end: int
    text: str


def _pieces(body: str, start: int, end: int, pattern: re.Pattern[str]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    at = start
    for match in pattern.finditer(body, start, end):
        out.append((at, match.start()))
        at = match.end()
    out.append((at, end))
    return out


def _trimmed(body: str, start: int, end: int) -> tuple[int, int]:
    while start < end and body[start].isspace():
        start += 1
    while end > start and body[end - 1].isspace():
        end -= 1
    return start, end


def split_clauses(body: str) -> list[Clause]:
    """The entry's clauses in order, each a verbatim, trimmed, non-empty span.

    Within a sentence, a piece of fewer than two words joins the clause before it (or the
    one after it, when it comes first), so "x2" or "flossed" after a semicolon is not a
    choice of its own; clauses never cross sentences or lines.
    """
    spans: list[tuple[int, int]] = []
    for s_start, s_end in _pieces(body, 0, len(body), _SENTENCE_END):
        parts = [_trimmed(body, a, b) for a, b in _pieces(body, s_start, s_end, _JOINS) if a < b]
        merged: list[tuple[int, int]] = []
        for a, b in parts:
            if a >= b:
                continue
            short = len(body[a:b].split()) < _MIN_WORDS
            if merged and (short or len(body[slice(*merged[-1])].split()) < _MIN_WORDS):
                merged[-1] = (merged[-1][0], b)
            else:
                merged.append((a, b))
        spans.extend(merged)
    return [
        Clause(number, a, b, body[a:b]) for number, (a, b) in enumerate(spans, start=1) if a < b
    ]


_EXAMPLE: Final = json.dumps({"hits": [{"index": 0, "clause": 2}]})


def _instructions(max_hits: int) -> str:
    return (
        "Task: decide which of the candidates below the writer of the journal entry "
        "actually did or completed.\n"
        "The entry is shown as numbered clauses, [1], [2], ...\n"
        "- Pick only what the writer actually did or completed. Plans, intentions, wishes, "
        'hopes and avoidance do not count: "I want to meditate" is not a completion, and '
        '"I skipped sugar" is not read as a completion.\n'
        "- index: the number of the candidate.\n"
        "- clause: the number of the one clause that shows the writer did it.\n"
        "- amount: only when the writer states a number; never convert or estimate. "
        "unit: the writer's own word for it.\n"
        '- when: only a relative day phrase the writer uses, such as "yesterday".\n'
        f"- At most {max_hits} hits, at most one per candidate. "
        'If none apply, reply {"hits": []}.'
    )


def clause_schema(indexes: Sequence[int], clauses: int, max_hits: int) -> dict[str, Any]:
    """The reply schema: candidate and clause numbers are enums; every string bounded."""
    number = {"type": "integer", "enum": list(range(1, clauses + 1))}
    return reply_schema(indexes, max_hits, evidence=("clause", number))


def build_clause_prompt(
    candidates: Sequence[Candidate], clauses: Sequence[Clause], *, max_hits: int
) -> Prompt:
    """The request with the entry as numbered clauses, delimited and announced as data."""
    if not clauses or len(clauses) > MAX_CLAUSES:
        raise ValueError(f"an entry needs 1 to {MAX_CLAUSES} clauses, got {len(clauses)}")
    numbered = "\n".join(f"[{c.number}] {' '.join(c.text.split())}" for c in clauses)
    instructions = _instructions(max_hits)
    user = request_text(candidates, numbered, instructions=instructions, example=_EXAMPLE)
    schema = clause_schema([c.index for c in candidates], len(clauses), max_hits)
    return Prompt(system=SYSTEM_TEXT, user=user, json_schema=schema)


def parse_clause_reply(text: object, clauses: Sequence[Clause]) -> list[Draft]:
    """Drafts whose quote is the chosen clause's verbatim text; never raises.

    Items without an int (not bool) ``index`` or with a clause number that is not one of
    the entry's are dropped; a clause longer than a quote may be is cut to its first
    ``MAX_QUOTE_CHARS`` characters (still verbatim, still anchored by the app).
    """
    by_number = {c.number: c for c in clauses}
    drafts: list[Draft] = []
    for item in reply_items(text):
        index, number = item.get("index"), item.get("clause")
        if isinstance(index, bool) or not isinstance(index, int):
            continue
        if isinstance(number, bool) or not isinstance(number, int) or number not in by_number:
            continue
        quote = by_number[number].text[:MAX_QUOTE_CHARS].rstrip()
        drafts.append(Draft(index, quote, item.get("amount"), item.get("unit"), item.get("when")))
    return drafts

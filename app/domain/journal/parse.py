"""Step 1 of the pipeline: a lenient parse of the model's reply into raw drafts."""

from __future__ import annotations

import json
from dataclasses import dataclass

from app.domain.delimit import unfence


@dataclass(frozen=True)
class Draft:
    """One hit as the model wrote it; only ``index`` and ``quote`` are type-checked here."""

    index: int
    quote: str
    amount: object = None
    unit: object = None
    when: object = None


def reply_items(text: object) -> list[dict[str, object]]:
    """The objects in the reply's ``"hits"`` list; anything malformed is none.  Never
    raises (raw control characters and ``NaN``/``Infinity`` are tolerated)."""
    if not isinstance(text, str):
        return []
    try:
        data = json.loads(unfence(text), strict=False)
    except (ValueError, RecursionError, OverflowError, TypeError, MemoryError):
        return []
    hits = data.get("hits") if isinstance(data, dict) else None
    if not isinstance(hits, list):
        return []
    return [item for item in hits if isinstance(item, dict)]


def parse_reply(text: object) -> list[Draft]:
    """Drafts from a reply ``{"hits": [...]}``; anything malformed is zero drafts.

    Never raises: raw control characters in strings and ``NaN``/``Infinity`` are
    tolerated; items that are not objects with an int (not bool) ``index`` and a
    string ``quote`` are dropped.
    """
    drafts: list[Draft] = []
    for item in reply_items(text):
        index, quote = item.get("index"), item.get("quote")
        if isinstance(index, bool) or not isinstance(index, int) or not isinstance(quote, str):
            continue
        drafts.append(Draft(index, quote, item.get("amount"), item.get("unit"), item.get("when")))
    return drafts

"""A habit's name, written in another language, in plain English words.

A writer may name a habit in their first language ("Limpiar paneles", "Lire 20 pages",
"Koşu 5 km") and tell it in English in the journal ("Panels cleaned at 7"). The glossary
in ``app/resources/lexicons/name_gloss_v1.json`` holds the words habit names use in 27
languages, some in their own script ("Читать 20 страниц") and some romanised ("Benkyou 1
jikan"): activities, things, units and the function words between them, keyed by the word
as written and kept clear of English words, cue words and given names. A name is read in
the one language most of its words belong to, word by word; words the glossary does not
hold stay as they are.

No maintained offline bilingual word list is on the package index (translation packages
download models or call a service), so the glossary is a resource of the app's own.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from functools import cache
from typing import Final

from app.resources import name_gloss

_WORD: Final = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?", re.UNICODE)
_BARE_SHORTEST: Final = 5
"""A word typed without its accents ("cancion") is looked up bare only when this long:
short bare forms are English words too ("tap", "doc")."""


_CONTENT_SHORTEST: Final = 4
"""A name is read as another language's only when the glossary holds one of its words this
long: function words alone ("da", "con") are as often a name's or English."""


def _bare(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@cache
def _tables() -> tuple[tuple[str, Mapping[str, str]], ...]:
    """Per language, its words (as written, and bare of accents when long) to English."""
    data = json.loads(name_gloss())
    out: list[tuple[str, Mapping[str, str]]] = []
    for language, words in data["languages"].items():
        table: dict[str, str] = {}
        for key, english in words.items():
            table[key.lower()] = english
        for key, english in words.items():
            bare = _bare(key.lower())
            if len(bare) >= _BARE_SHORTEST:
                table.setdefault(bare, english)
        out.append((language, table))
    return tuple(out)


def in_english(name: str) -> str:
    """``name`` with each word the glossary knows in English, read in the language most of
    its words belong to ("Limpiar paneles" → "clean panels", "Traducir 1 canción" →
    "translate 1 song"); a name none of whose words it knows comes back unchanged."""
    words = list(_WORD.finditer(name))
    if not words:
        return name
    best: Mapping[str, str] = {}
    best_count = 0
    for _, table in _tables():
        count = sum(1 for m in words if m.group().lower() in table)
        if count > best_count:
            best, best_count = table, count
    if not any(len(m.group()) >= _CONTENT_SHORTEST and m.group().lower() in best for m in words):
        return name  # only a short word ("Phone Da"): English with a name in it
    pieces: list[str] = []
    at = 0
    for m in words:
        english = best.get(m.group().lower())
        if english is not None:
            pieces.append(name[at : m.start()])
            pieces.append(english)
            at = m.end()
    pieces.append(name[at:])
    return "".join(pieces)

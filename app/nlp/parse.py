"""Sentence, lemma and dependency parse with spaCy's English small pipeline.

The pipeline is the one shared with names (``app.nlp.people``): loaded once, lazily,
and called under one lock. Returns plain data (:class:`app.domain.parsed.ParsedText`)
so that rules stay free of spaCy.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import Any, Final

from app.domain import spellings
from app.domain.journal.rules import item_starts, mask_for_parsing
from app.domain.parsed import ParsedText, Token
from app.nlp import people
from app.nlp.gloss import entry_glosses, run_in_pieces


class ParserUnavailable(people.NerUnavailable):
    """spaCy or its English model is not installed (one sentence)."""


def _known(lower: str, lemma: str, words: frozenset[str]) -> bool:
    """A word the dictionary holds (as written or as its lemma); anything that is not
    alphabetic counts as known (numbers, punctuation, emoji are never misspellings)."""
    if not words or not lower.isalpha():
        return True
    return lower in words or lemma in words or lower in _SPELLINGS


_SPELLINGS: Final = spellings.known_forms()


_STANDARD: Final = {
    case(form): norm
    for form, norm in spellings.word_forms().items()
    for case in ((str.lower, str.title, str.upper) if spellings.also_titled(form) else (str.lower,))
}
"""Dialect and quick spellings read whole, as written, with the standard word that is
their lemma ("tae": "to", "Nae": "no")."""


def _after_a_stop(before: Any, tok: Any) -> bool:
    """A word after a full stop, "!" or "?" that the tokenizer split off as its own token
    (so not "Dr." or "e.g."), then a space: "15 min. Swam 1km" is two sentences, which
    the parser alone may join ("min. Swam" read as one clause with "." its subject)."""
    return (
        bool(before.whitespace_)
        and all(ch in ".!?\u2026" for ch in before.text)
        and tok.text[:1].isalnum()
    )


def _run_in_split(nlp: Any, doc: Any) -> Any:
    """``doc`` with each token of a script that runs its words together cut into the
    glossary's words ("今日は尺八を練習した": "尺八", "練習" …), the text unchanged."""
    words: list[str] = []
    spaces: list[bool] = []
    for tok in doc:
        pieces = run_in_pieces(tok.text)
        words.extend(pieces)
        spaces.extend([*([False] * (len(pieces) - 1)), bool(tok.whitespace_)])
    if len(words) == len(doc):
        return doc
    from spacy.tokens import Doc  # the parser's own import, loaded with it

    split = Doc(nlp.vocab, words=words, spaces=spaces)
    return split if split.text == doc.text else doc


def parse_entry(body: str) -> ParsedText:
    """A journal entry parsed for the cue-word rules: list markers, boxes and emoji
    blanked (same offsets), and a sentence started at each item a tick or cross marks."""
    return parse_text(mask_for_parsing(body), starts=item_starts(body))


def parse_text(text: str, starts: Collection[int] = ()) -> ParsedText:
    """Tokens, lemmas, tags, dependencies and sentences of ``text`` (offsets into it); a
    sentence starts at each offset in ``starts`` that begins a token."""
    with people.lock():
        try:
            nlp = people.shared_pipeline("Reading journal entries")
        except people.NerUnavailable as exc:
            raise ParserUnavailable(str(exc)) from None
        words = people.dictionary("Reading journal entries")
        doc = _run_in_split(nlp, nlp.make_doc(text))
        for tok in doc[1:]:
            if tok.idx in starts or _after_a_stop(doc[tok.i - 1], tok):
                tok.is_sent_start = True
        doc = nlp(doc)
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
                        lemma=_STANDARD.get(tok.text, tok.lemma_.lower()),
                        pos=tok.pos_,
                        tag=tok.tag_,
                        dep=tok.dep_,
                        head=tok.head.i,
                        sent=s_index,
                        known=_known(tok.lower_, tok.lemma_.lower(), words),
                    )
                )
    # after the parser's lock is let go: the glossary's English check takes it again
    glossed = entry_glosses([tok.text for tok in tokens if not tok.known])
    if glossed:  # "Let the dibé out", beside "shimá": the lemma "sheep"; a word of another
        # language, no misspelling ("klok moning" is morning, not "mowing")
        tokens = [
            replace(tok, lemma=glossed[tok.text], known=True) if tok.text in glossed else tok
            for tok in tokens
        ]
    return ParsedText(text, tuple(tokens), tuple(sentences))

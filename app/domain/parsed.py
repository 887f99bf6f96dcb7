"""A parsed text as plain data: tokens with offsets, lemmas, tags and a dependency tree.

The NLP layer (spaCy) fills it; pure rules read it. Nothing here imports a parser.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Token:
    """One token at ``text[start:end]``; ``head`` is the index of its syntactic head
    (itself for a sentence root) and ``sent`` the index of its sentence."""

    i: int
    start: int
    end: int
    text: str
    lemma: str
    pos: str
    tag: str
    dep: str
    head: int
    sent: int
    known: bool = True
    """An English word the parser's dictionary knows (False: likely a misspelling, a
    name or a coinage; cue words may then match it with a small edit distance)."""

    @property
    def lower(self) -> str:
        return self.text.lower()

    @property
    def is_verb(self) -> bool:
        return self.pos in ("VERB", "AUX")


@dataclass(frozen=True)
class ParsedText:
    """The tokens of ``text`` in order, and each sentence as a token range."""

    text: str
    tokens: tuple[Token, ...]
    sentences: tuple[tuple[int, int], ...]
    """``(first, last_exclusive)`` token indexes per sentence."""
    _children: tuple[tuple[int, ...], ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        kids: list[list[int]] = [[] for _ in self.tokens]
        for tok in self.tokens:
            if tok.head != tok.i and 0 <= tok.head < len(self.tokens):
                kids[tok.head].append(tok.i)
        object.__setattr__(self, "_children", tuple(tuple(k) for k in kids))

    def children(self, tok: Token) -> list[Token]:
        return [self.tokens[i] for i in self._children[tok.i]]

    def head(self, tok: Token) -> Token | None:
        """The head, or ``None`` for a root (or a head outside the text)."""
        if tok.head == tok.i or not 0 <= tok.head < len(self.tokens):
            return None
        return self.tokens[tok.head]

    def ancestors(self, tok: Token) -> Iterator[Token]:
        """Heads from the nearest up to the root (cycle-safe)."""
        seen = {tok.i}
        current = self.head(tok)
        while current is not None and current.i not in seen:
            seen.add(current.i)
            yield current
            current = self.head(current)

    def subtree(self, tok: Token, *, skip: Sequence[int] = ()) -> list[Token]:
        """``tok`` and its descendants in text order, without the subtrees rooted at ``skip``."""
        out: list[Token] = []
        stack = [tok.i]
        barred = set(skip)
        seen: set[int] = set()
        while stack:
            i = stack.pop()
            if i in seen or (i in barred and i != tok.i):
                continue
            seen.add(i)
            out.append(self.tokens[i])
            stack.extend(self._children[i])
        return sorted(out, key=lambda t: t.i)

    def sentence_of(self, tok: Token) -> tuple[int, int]:
        return self.sentences[tok.sent]

    def words(self, first: int, last: int) -> list[Token]:
        """The tokens ``first`` to ``last`` (exclusive) that are words, not white space."""
        return [t for t in self.tokens[first:last] if t.pos != "SPACE" and t.text.strip()]

    def sentence_words(self, tok: Token) -> list[Token]:
        """The words of the sentence that holds ``tok``."""
        first, last = self.sentence_of(tok)
        return self.words(first, last)

    def sentence_span(self, tok: Token) -> tuple[int, int]:
        first, last = self.sentence_of(tok)
        return self.tokens[first].start, self.tokens[last - 1].end

"""Learning a habit's words from what the user did: proposals, never applied silently.

Pure counting over the user's own history, no model. For one habit or practice:

- **cue words**: a word that keeps occurring on the days the user logged it by hand
  (no suggestion found it) or in the quotes they accepted, and rarely on the days they
  did not do it, is proposed as a cue word ("Add “lengths” to Swim's words?");
- **exclusions**: a two-word phrase inside suggestions the user dismissed again and
  again, and never inside one they accepted, is proposed as an exclusion.

The words are plain lower-case words of the text (no parse: cheap enough to recount the
whole history after every decision). The service stores the proposals and the user's
answer; an answered proposal is never proposed again.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from app.domain.journal.cues import Cue, CueError

_WORD: Final = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")

_STOP_TEXT: Final = """\
    a about after again all also am an and any are as at back be because been before
    being bit both but by can could did do does doing done down each even ever every few
    for from get got had has have having he her here him his how i if in into is it its
    just like lot me more most much my no nor not now of off on once one only or other
    our out over own quite really same she so some still such than that the their them
    then there these they this those through to too today tonight up very was we well
    were what when where which while who why will with would yes yesterday you your
    morning evening afternoon night day week time first last pretty kind sort
    finally though went go going came come made make took take put
    two three four five six seven eight nine ten twenty thirty forty fifty hundred twice
    half dozen couple few several second seconds minute minutes min mins hour hours hr hrs"""
STOPWORDS: Final = frozenset(_STOP_TEXT.split())
"""Words too common to show any one habit (function words, times of day, light verbs,
number words and units of time: a duration or a count fits any habit)."""

MIN_SUPPORT: Final = 2
"""A cue word needs at least this many of the habit's days (or accepted quotes)."""
MIN_SHARE: Final = 0.75
"""... and at least this share of all the days the word occurs on."""
MIN_DISMISSALS: Final = 2
"""An exclusion needs the same phrase in at least this many dismissed suggestions."""
MAX_PROPOSALS: Final = 2
"""At most this many new cue words per habit at a time ("Add these two words?")."""


@dataclass(frozen=True)
class Proposal:
    kind: str
    """``"cue"`` (add the word to the habit's words) or ``"exclude"`` (an exclusion)."""
    phrase: str
    support: int
    """Days (cue) or dismissed suggestions (exclude) that back it."""


def words(text: str) -> list[str]:
    """The lower-case words of ``text`` in order (letters only; numbers dropped)."""
    return [w.lower().replace("\u2019", "'") for w in _WORD.findall(text)]


def content_words(text: str) -> frozenset[str]:
    """The words of ``text`` that could show a habit (no function words, no short ones)."""
    return frozenset(w for w in words(text) if len(w) >= 3 and w not in STOPWORDS)


def text_counts(texts: Iterable[str]) -> Counter[str]:
    """In how many of ``texts`` each content word occurs."""
    return Counter(w for text in texts for w in content_words(text))


def covered(word: str, cues: Iterable[str]) -> bool:
    """The single word is already read by one of ``cues`` (exact or prefix)."""
    for text in cues:
        try:
            parts = Cue.parse(text).parts
        except CueError:
            continue
        if len(parts) != 1:
            continue
        kind, cue = parts[0]
        if (kind == "exact" and cue == word) or (kind == "prefix" and word.startswith(cue)):
            return True
    return False


def propose_cues(
    done: Sequence[str],
    not_done: Sequence[str] | Counter[str],
    *,
    cues: Sequence[str],
    others: Sequence[str] = (),
    answered: Iterable[str] = (),
) -> list[Proposal]:
    """New cue words for one target, best first.

    ``done``: the texts that show it (entries of days logged by hand with no suggestion,
    and accepted quotes); ``not_done``: entries of days it was not done, or their
    ``text_counts`` (a caller asking for many targets counts the history once). A word
    counts once per text. Words its ``cues`` (or another target's, ``others``) already read, and
    words already ``answered``, are never proposed."""
    seen = set(answered)
    pos = text_counts(done)
    neg = not_done if isinstance(not_done, Counter) else text_counts(not_done)
    picked = [
        Proposal("cue", w, n)
        for w, n in pos.items()
        if n >= MIN_SUPPORT
        and n / (n + neg[w]) >= MIN_SHARE
        and w not in seen
        and not covered(w, cues)
        and not covered(w, others)
    ]
    picked.sort(key=lambda p: (-p.support, neg[p.phrase], p.phrase))
    return picked[:MAX_PROPOSALS]


def _pairs(text: str) -> set[str]:
    return {f"{a} {b}" for a, b in itertools.pairwise(words(text))}


def propose_exclusions(
    dismissed: Sequence[str],
    accepted: Sequence[str],
    *,
    cues: Sequence[str],
    answered: Iterable[str] = (),
) -> list[Proposal]:
    """Exclusion phrases for one target: a pair of adjacent words holding one of its cue
    words, in at least ``MIN_DISMISSALS`` dismissed quotes and in no accepted one."""
    seen = set(answered)
    kept = set().union(*(_pairs(t) for t in accepted)) if accepted else set()
    counts = Counter(p for text in dismissed for p in _pairs(text))
    out = [
        Proposal("exclude", p, n)
        for p, n in counts.items()
        if n >= MIN_DISMISSALS
        and p not in kept
        and p not in seen
        and any(covered(w, cues) for w in p.split())
    ]
    out.sort(key=lambda p: (-p.support, p.phrase))
    return out[:MAX_PROPOSALS]

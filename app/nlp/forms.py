"""Other forms of an English word, from the shared pipeline's lemmatizer tables.

A habit's own words are read in every form a writer may use: "Sit in silence" is done in
"sat for twenty minutes", "Rest lying down" in "lay down at ten", "Electrolytes" in "the
electrolyte sachet". The irregular forms come from the exception tables spaCy's English
lemmatizer ships (WordNet's), so no list of them is kept here.
"""

from __future__ import annotations

import threading
from typing import Any, Final

from app.domain.journal.cues import NOT_DOINGS
from app.nlp import people
from app.nlp.gazetteer import gazetteer

_PURPOSE: Final = "Reading a habit's own words"
_lock = threading.Lock()
_Tables = tuple[
    dict[str, tuple[str, ...]], dict[str, frozenset[str]], dict[str, str], frozenset[str]
]
_tables: _Tables | None = None


def _load() -> _Tables:
    """``(verb form → bases, verb base → irregular forms, plural noun → singular, verbs)``;
    empty tables when spaCy or its model is missing."""
    global _tables
    with _lock:
        if _tables is None:
            _tables = _read_tables()
        return _tables


def _read_tables() -> _Tables:
    try:
        with people.lock():
            nlp: Any = people.shared_pipeline(_PURPOSE)
            lookups = nlp.get_pipe("lemmatizer").lookups
            table = lookups.get_table("lemma_exc")
            verbs = {str(k): tuple(str(b) for b in v) for k, v in table["verb"].items()}
            nouns = {str(k): str(v[0]) for k, v in table["noun"].items() if v}
            known = frozenset(str(w) for w in lookups.get_table("lemma_index")["verb"])
    except (people.NerUnavailable, KeyError, AttributeError):
        return {}, {}, {}, frozenset()
    forms: dict[str, set[str]] = {}
    for form, bases in verbs.items():
        for base in bases:
            forms.setdefault(base, set()).add(form)
    return verbs, {b: frozenset(f) for b, f in forms.items()}, nouns, known


def _verb_of(word: str, known: frozenset[str]) -> str | None:
    """The verb a name's "-ing" word or "-ysis" noun is made from ("Driving": "drive",
    "Swimming": "swim", "Home dialysis": "dialyse"), when the dictionary knows it."""
    if word.endswith("ing") and len(word) >= 6 and word not in NOT_DOINGS:
        stem = word[:-3]
        tried = [stem, stem + "e", stem[:-1] if stem[-1:] == stem[-2:-1] else ""]
    elif word.endswith("ysis"):
        tried = [word[:-2] + "e", word[:-3] + "ze"]
    else:
        return None
    return next((base for base in tried if base in known), None)


def _singular(word: str) -> str | None:
    """The singular of a regular English plural of five letters or more."""
    if len(word) < 5:
        return None
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return None


def word_forms(word: str) -> tuple[str, ...]:
    """The other forms of ``word`` (lower case): its verb's base and irregular forms
    ("sit": "sat"; "lying": "lie", "lay", "lain"; "ring": "rang", "rung"; "driving":
    "drive", "drove", "driven"; "dialysis": "dialyse", whose lemma reads "dialysed") and
    the singular of a plural ("knives": "knife", "electrolytes": "electrolyte"). Empty when
    spaCy's English model is not installed."""
    verbs, irregular, nouns, known = _load()
    bases = verbs.get(word, (word,))
    if word in bases:
        bases = (word,)  # "feed" is a verb of its own, not a form of "fee"
    made_from = _verb_of(word, known)
    if made_from is not None:
        bases = (made_from,)
    found: set[str] = set(bases)
    for base in bases:
        found |= irregular.get(base, frozenset())
    singular = nouns.get(word) or _singular(word)
    if singular is None and len(word) == 4 and word[-1] == "s" and word[:-1] in known:
        singular = word[:-1]  # "Hems done by 6pm": "finished all the hem"
    if singular:
        found.add(singular)
    found.discard(word)
    return tuple(sorted(found))


def is_given_name(word: str) -> bool:
    """A first name no English word shares ("Ellie", "Sofiyka"; not "Jack" or "Will"):
    the person a habit's name opens with ("Ellie to swimming"), not what is done."""
    if not word[:1].isupper() or not word.isalpha():
        return False
    if word.title() not in gazetteer().given_names:
        return False
    try:
        with people.lock():
            words = people.dictionary(_PURPOSE)
    except people.NerUnavailable:
        return False
    return word.lower() not in words


def is_verb(word: str) -> bool:
    """``word`` (lower case) is an English verb's base the dictionary knows ("mark",
    not "kelvin"); False when spaCy or its model is missing."""
    return word in _load()[3]


def is_english_word(word: str) -> bool:
    """``word`` is a word the English dictionary knows ("big", not "stromovtsi"); False
    when spaCy or its model is missing."""
    try:
        with people.lock():
            return word.lower() in people.dictionary(_PURPOSE)
    except people.NerUnavailable:
        return False

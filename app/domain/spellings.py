"""Function words as dialects, Creoles and quick or unsure spellers write them, each with
the standard English word it stands for.

A Glaswegian writes "Didnae go tae the slimmin", a Jamaican "I cyaan go, di line keep
drop", a Hawaiian "only got thru one verse befo", a dyslexic schoolboy
"revishun tomoro": the words are English, spelt as they are said.  The parser reads them
as the words they stand for (its tokenizer splits "didnae" into "did" + "nae" and gives
each piece its standard form), the cue-word rules read "nae" as a "not" and "tomoro" as
a "tomorrow", and a habit named "Flowers up tae Jim" takes no cue from its "tae".

Only words that stand for one standard word wherever they occur are here; a form that
is also a name or another word in English journals ("Ma", "Tae", "wid", "an", "wen",
Irish "me da", "coz" for a cousin, Jamaican "fi", which is "for" and "to") is left out, or
kept to the lower case a name is never written in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

_SPLITS: Final[Mapping[str, tuple[tuple[str, str], tuple[str, str]]]] = {
    # Scots negatives: a verb and "nae" / "na" (not)
    **{
        stem + tail: ((stem, verb), (tail, "not"))
        for tail, stems in (
            ("nae", {
                "did": "did", "din": "do", "dis": "does", "does": "does", "can": "can",
                "could": "could", "would": "would", "wid": "would", "should": "should",
                "was": "was", "wis": "was", "is": "is", "has": "has", "hav": "have",
                "have": "have", "huv": "have", "will": "will", "wull": "will", "are": "are",
                "were": "were", "must": "must",
            }),
            ("na", {
                "did": "did", "din": "do", "could": "could", "would": "would",
                "should": "should", "was": "was", "is": "is", "has": "has", "will": "will",
            }),
        )
        for stem, verb in stems.items()
    },
    "wid've": (("wid", "would"), ("'ve", "have")),  # Scots "would have"
    "cyaan": (("cyaa", "can"), ("n", "not")),  # Jamaican "can't"
    "dint": (("di", "did"), ("nt", "not")),  # "didn't" as it is said
    "gona": (("gon", "going"), ("a", "to")),  # "gonna" with one n, read as "gon" + "a"
}  # fmt: skip
"""Forms the tokenizer splits into two words, each with its standard form."""

_WORDS: Final[Mapping[str, str]] = {
    # Scots
    "nae": "no", "tae": "to", "fae": "from", "wi": "with", "oan": "on", "hame": "home",
    "aff": "off", "oot": "out", "intae": "into", "aboot": "about", "morra": "tomorrow",
    "aye": "yes",
    # Jamaican and other Caribbean English
    "di": "the", "dem": "them", "nuh": "not", "neva": "never",
    "dat": "that", "likkle": "little", "seh": "say", "mek": "make", "tek": "take",
    # Hawaiian Pidgin
    "fo": "for", "befo": "before", "afta": "after", "wit": "with",
    "kine": "kind",
    # Gullah Geechee
    "fuh": "for",
    # a time of day and a few verbs with the "g" dropped, as many Englishes say them
    "mornin": "morning", "evenin": "evening", "nothin": "nothing", "somethin": "something",
    "talkin": "talking", "goin": "going", "doin": "doing",
    # quick or unsure spelling and text speech
    "tomoro": "tomorrow", "tomorro": "tomorrow", "tommorrow": "tomorrow",
    "tommorow": "tomorrow", "tomorow": "tomorrow", "2moro": "tomorrow",
    "2morrow": "tomorrow", "2mrw": "tomorrow", "tmoro": "tomorrow", "tomoz": "tomorrow",
    "tonite": "tonight", "2nite": "tonight", "2night": "tonight", "thru": "through",
    "tho": "though", "b4": "before", "wud": "would", "cud": "could", "shud": "should",
    "becos": "because", "becoz": "because", "bcoz": "because", "cuz": "because",
}  # fmt: skip
"""Forms read whole, as the standard word."""

_TITLED: Final = frozenset(
    {"nae", "aye", "tomoro", "tomorro", "tommorrow", "tommorow", "tomorow", "b4", "befo",
     "afta", "neva", "nuh", "tonite", "2nite", "2moro", "mornin", "evenin", "nothin"}
)  # fmt: skip
"""Forms also read capitalised (opening a sentence); the others are read in lower case
only, as a name is never written ("Tae" and "Fae" are given names, "Di" a short one)."""


def split_forms() -> Mapping[str, tuple[tuple[str, str], tuple[str, str]]]:
    """The forms split in two, lower case: ``{"didnae": (("did", "did"), ("nae", "not"))}``."""
    return _SPLITS


def word_forms() -> Mapping[str, str]:
    """The forms read whole, lower case, with their standard word."""
    return _WORDS


def also_titled(form: str) -> bool:
    """The form is also read capitalised ("Didnae", "Nae"); every split form is."""
    return form in _SPLITS or form in _TITLED


def standard(word: str) -> str:
    """The standard English word ``word`` stands for (itself when it is one)."""
    lower = word.lower()
    return _WORDS.get(lower, lower)


def forms_of(words: Iterable[str], *, pieces: bool = False) -> frozenset[str]:
    """Every form read whole that stands for one of ``words`` ("never" → {"neva"});
    with ``pieces``, also the pieces of split forms that do ("would" → {"wud", "wid"})."""
    wanted = set(words)
    found = {form for form, norm in _WORDS.items() if norm in wanted}
    if pieces:
        for split in _SPLITS.values():
            found.update(piece for piece, norm in split if norm in wanted and piece != norm)
    return frozenset(found)


def known_forms() -> frozenset[str]:
    """Every form and split piece, lower case: words the parser's dictionary lacks that
    are no misspelling of a cue word ("tae" is not "tea")."""
    return frozenset(_WORDS) | {piece for split in _SPLITS.values() for piece, _ in split}

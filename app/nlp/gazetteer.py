"""Word lists for telling people's names from other capitalised words.

- Given names and family names (Latin script) from the person data of Faker (MIT
  licence, maintained), which covers some eighty locales — among them Pakistani, Indian,
  Polish, Nigerian (Yoruba, Igbo, Hausa), Ghanaian (Twi), Kenyan, Arabic-speaking and
  European ones — where the small English model knows mostly English names.
- Place names (countries, cities, states, regions) from Faker's address data, and the
  names of languages from its person data, which a page writes like places ("in Twi"),
  save those that are also given names ("Shona", "Sami").
- Titles and kinship words (``Mr``, ``Dr``, ``Aunty``, ``Grandma``, ``Nonna``,
  ``Ammi``…), the names of days, months (with their abbreviations) and holidays: a
  small hand-written lexicon shipped with Inkling (``lexicons/name_words_en_v1.json``).

The Faker lists are read once, lazily (well under a second from compiled modules), and
shared.  ``gazetteer_id()`` names the data's version for a run's cache identity.
"""

from __future__ import annotations

import json
import threading
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import import_module, metadata
from pkgutil import iter_modules
from typing import Final

from app.domain.text import without_accents
from app.resources import name_gloss, name_words

GAZETTEER_DISTRIBUTION: Final = "faker"

_WORDS: Final = json.loads(name_words())


@dataclass(frozen=True)
class Gazetteer:
    """Known given names, family names and places (as written, Latin script)."""

    given_names: frozenset[str]
    family_names: frozenset[str]
    places: frozenset[str]


class _Names(frozenset[str]):
    """Names as the lists hold them, found also when a writer adds accents the lists do
    not write ("Siobhán", "Pádraig", "Seán" for the lists' "Siobhan", "Padraig", "Sean")."""

    def __contains__(self, name: object) -> bool:
        return super().__contains__(name) or (
            isinstance(name, str) and not name.isascii() and super().__contains__(_unaccented(name))
        )


_lock = threading.Lock()
_gazetteer: Gazetteer | None = None


def _latin(name: object) -> bool:
    if not isinstance(name, str) or not name or not name[0].isupper():
        return False
    if name.isascii():
        return name.replace("-", "").replace("'", "").replace(" ", "").isalpha()
    return all(
        ch in "-'’ " or (ch.isalpha() and unicodedata.name(ch, "").startswith("LATIN"))
        for ch in name
    )


def _unaccented(name: str) -> str:
    """``name`` without combining accents ("Józef" → "Jozef"); letters like "ł" stay."""
    return without_accents(name)


def title_word(word: str) -> str:
    """``word`` as the word lists compare it: lower-case, without accents or a trailing
    full stop (``"Mr."`` → ``"mr"``, ``"Mamá"`` → ``"mama"``, ``"Tío"`` → ``"tio"``)."""
    return _unaccented(word.rstrip(".").lower())


def _word_list(key: str) -> frozenset[str]:
    return frozenset(title_word(w) for w in _WORDS[key])


HONORIFICS: Final = _word_list("honorifics")
"""Titles written before a name ("Mr.", "Dr", "Pani", "Encik")."""
KINSHIP: Final = _word_list("kinship")
"""Kinship words, alone a relation rather than a name ("Ammi rang", "Grandma Leila")."""
TITLES: Final = HONORIFICS | KINSHIP
DEITIES: Final = _word_list("deities")
"""Names of God, capitalised like a person's ("Jesus Christ", "Allah", "Nyame")."""
WEEKDAYS_AND_MONTHS: Final = _word_list("dates")
"""Days, months and holidays ("Tues", "Feb", "Easter")."""


def _values(value: object) -> Iterable[object]:
    if isinstance(value, dict):
        return value.keys()
    if isinstance(value, (tuple, list, set, frozenset)):
        return value
    return ()


def _collect(package: str, attributes: tuple[str, ...]) -> set[str]:
    """Latin-script strings of the named class attributes of every locale's Provider."""
    out: set[str] = set()
    root = import_module(package)
    for module in iter_modules(root.__path__):
        try:
            provider = import_module(f"{package}.{module.name}").Provider
        except (ImportError, AttributeError):  # pragma: no cover - a damaged locale
            continue
        for attribute in attributes:
            for cls in provider.__mro__:
                if attribute in vars(cls):
                    out.update(str(n) for n in _values(vars(cls)[attribute]) if _latin(n))
                    break
    return out


_GIVEN: Final = (
    "first_names",
    "first_names_male",
    "first_names_female",
    "first_names_nonbinary",
    "first_names_unisex",
)
_FAMILY: Final = ("last_names", "last_names_male", "last_names_female")
_PLACES: Final = (
    "countries",
    "cities",
    "city_names",
    "real_city_names",
    "states",
    "provinces",
    "regions",
    "counties",
)


def gazetteer() -> Gazetteer:
    """The shared lists (read on first use); empty when Faker is not installed."""
    global _gazetteer
    with _lock:
        if _gazetteer is None:
            try:
                given = _collect("faker.providers.person", _GIVEN)
                family = _collect("faker.providers.person", _FAMILY)
                places = _collect("faker.providers.address", _PLACES)
                languages = _collect("faker.providers.person", ("language_names",))
            except ImportError:
                given, family, places, languages = set(), set(), set(), set()
            # Names are often written without their accents ("Malgorzata", "Jozef").
            given |= {_unaccented(n) for n in given}
            # A word that is also a date is decided by its context.
            given -= {n for n in given if title_word(n) in WEEKDAYS_AND_MONTHS}
            places |= languages - given
            _gazetteer = Gazetteer(_Names(given), _Names(family), frozenset(places))
        return _gazetteer


def gazetteer_id() -> str:
    """The name lists' source and version (part of a names run's identity)."""
    try:
        return f"{GAZETTEER_DISTRIBUTION}-{metadata.version(GAZETTEER_DISTRIBUTION)}"
    except metadata.PackageNotFoundError:
        return f"{GAZETTEER_DISTRIBUTION}-none"


@cache
def _glossed() -> frozenset[str]:
    data = json.loads(name_gloss())
    return frozenset(k.lower() for words in data["languages"].values() for k in words)


@cache
def _glossed_kin() -> frozenset[str]:
    data = json.loads(name_gloss())
    return frozenset(
        title_word(k)
        for words in data["languages"].values()
        for k, english in words.items()
        if english.lower() in KINSHIP
    )


def a_kin_word_of_another_language(word: str) -> bool:
    """``word`` is a word the glossary reads as kin in some language ("Mukul", Yolŋu
    Matha "aunt"; "Maurluq", Yup'ik "grandmother"): a title before a name, as "Aunty" is."""
    return title_word(word) in _glossed_kin()


def a_word_of_another_language(word: str) -> bool:
    """``word`` (any case) is a word the habit-name glossary reads in some language
    ("Mameta", Occitan "grandmother"; "Kerk", Afrikaans "church"), so no name by itself."""
    return word.lower() in _glossed()

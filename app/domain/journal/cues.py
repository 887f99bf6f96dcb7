"""Cue words: the words that show a habit was done, seeded from its name, editable by the user.

A cue is a short pattern over tokens: words separated by spaces, where ``word``
matches a token's text or lemma (case-insensitive), ``word*`` matches a prefix of
either, ``#`` matches a number ("3", "20", "3l", "5k", "11,400", "5x5", "22:40") and ``?`` any
one word; a hyphenated cue word also matches as the tokenizer splits it ("push - ups").
A word the dictionary does not know ("meditaed", "excercise", "gutiar") also matches a
cue word of five letters or more within a small edit distance (one edit, two from nine
letters, two swapped letters counting as one; same first letter), so misspelt and
informal writing is still read. A habit starts with the cues of every seed family its
name matches (a curated lexicon of common habits, ``app/resources/cues``) plus the
content words of its name, in every form (all of them when no family matches it or a
matching family keeps them, "English study"; beside a family, those that are neither the
family's own word nor a word of when, where or for whom, "Protein shake": "shake").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any, Final

from rapidfuzz.distance import OSA

from app.domain.days import SCHEDULE, SHORT_DAYS_AS_WORDS, WEEKDAYS, WEEKDAYS_SHORT
from app.domain.journal.measures import unit_of
from app.domain.parsed import ParsedText, Token
from app.domain.spellings import forms_of, standard
from app.domain.text import CURRENCY_SIGNS, HAN_OR_KANA, MARKS, without_accents

MAX_CUES: Final = 600
MAX_CUE_CHARS: Final = 60

_NUMBER: Final = re.compile(
    r"^\d[\d,.]*(?:k|l|km|mi|m|x|x\d+|h|hrs?|mins?)?$|^\d{1,2}:\d{2}$|^\d{2,3}/\d{2,3}$",
    re.IGNORECASE,
)  # "5k", "1.5L", "3x12", "8h", "20mins", "29:12", a reading "138/85"
_NUMBER_WORDS: Final = frozenset(
    {
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve", "fifteen", "twenty", "thirty", "forty", "fifty", "sixty", "ninety", "hundred",
    }
)  # fmt: skip
# Words that say how a thing is done, not what ("Bain froid", read "bath cold": not every
# "froid" of the weather): no cue alone, in whatever language the name says them.
QUALITY_WORDS: Final = frozenset(
    {"cold", "hot", "warm", "cool", "big", "small", "long", "short", "quick", "early",
     "late", "extra", "new", "old", "good", "full", "half", "easy", "great", "little"}
)  # fmt: skip

_NAME_STOP: Final = QUALITY_WORDS | frozenset(
    {
        "the", "a", "an", "to", "of", "for", "at", "in", "on", "by", "my", "and", "or", "with",
        "up", "down", "out", "do", "did", "done", "take", "get", "go", "make", "learn",
        "practice", "practise", "no", "more", "less", "daily", "day", "days", "every", "each",
        "home", "time", "times", "minute", "minutes", "min", "mins", "session", "sessions",
        "habit", "some", "one", "two", "three", "before", "after", "per", "least", "class",
        "classes", "lesson", "lessons", "training", "routine", "week", "weekly", "from",
        "away", "without", "into", "off", "over", "while", "new", "own", "through",
        # "with" and "for" as other languages write them ("Wolof avec Mariama")
        "avec", "con", "mit", "com", "pour", "para", "pou", "avek", "ek", "pi", "cu", "kwa",
        "kun", "għal", "wid", "wit", "fi", "pon",  # and as Caribbean Creoles write them
        "app", "apps",  # "Eikaiwa app 10min": the app's own name says which
        # minutes as other languages write them ("Домра 40 мин", "Barre 30 хв")
        "мин", "минут", "хв", "хвилин", "minuto", "minutos", "minuti", "minuten", "minut",
        "dk", "dakika", "hora", "horas", "std", "stunde", "stunden", "uur", "saat", "tunti",
        # how often, all the year round ("Dip at Peel beach (all year)")
        "all", "year", "years", "yearly", "month", "months", "monthly",
        # a hedge on how much ("Do a bit of baking", "A little Welsh")
        "bit", "little", "lot",
        # whose, and the modals another form of a name's word may be ("Kickabout w/ our
        # Kai"; "can" of "Canning")
        "our", "your", "his", "her", "their", "its", "him", "them", "can", "could",
        "would", "should", "must", "might",
    }
)  # fmt: skip

# Words that deny what follows ("no yoga", "not even cooked", "did no seva").
NEGATORS: Final = frozenset(
    {"no", "zero", "none", "nope", "never", "not", "n't", "without"}
) | forms_of({"no", "never", "not"})  # "Nae swim either", "neva go"

_WORD: Final = re.compile(rf"[^\W\d_](?:[\w'-]|[{MARKS}])*", re.UNICODE)  # "ધ્યાન" whole
# A case ending after an apostrophe, as Turkish, Gagauz and Finnish write it on a name
# ("Todi'ya", to Todi; "Helsinki'de"); not English "'s", "'t", "'ll" and the like.
_CASE_ENDING: Final = re.compile(r"^([^\W\d_]{3,})['’]([^\W\d_]{1,4})$")
_NOT_CASE_ENDINGS: Final = frozenset({"s", "t", "d", "m", "ll", "re", "ve", "n", "em"})


def without_case_ending(word: str) -> str:
    """``word`` without a case ending after an apostrophe ("Todi'ya": "Todi"), else as it is."""
    m = _CASE_ENDING.match(word)
    if (
        m is None
        or not m.group(1)[0].isupper()
        or not m.group(2).islower()
        or m.group(2) in _NOT_CASE_ENDINGS
    ):
        return word
    return m.group(1)


class CueError(ValueError):
    """A cue list that cannot be used (one sentence)."""


# How a family's words tell the activity, in the order a habit takes them: verb phrases
# of doing it ("swam", "did a few lengths"), the things done, made or used ("fed the
# robins", "foam roller"), counts ("# lengths"), places gone to for it ("down the pool"),
# apps and devices ("did my duolingo").
CUE_KINDS: Final = ("verbs", "objects", "units", "places", "apps")


@dataclass(frozen=True)
class CueFamily:
    id: str
    names: tuple[str, ...]
    cues: tuple[str, ...]
    """Every cue of the family: its words not yet sorted by kind, then its kinds' words in
    ``CUE_KINDS`` order."""
    exclude: tuple[str, ...] = ()
    keeps_name: bool = False
    """A family of how a kind of thing is done (study, language learning) whose habit's
    name says what is done ("English study", "Thermodynamics revision"): the name's
    content words are cues too."""
    unless: tuple[str, ...] = ()
    """Names that rule the family out although a word matches ("Do the books" is no
    reading)."""
    name_endings: tuple[str, ...] = ()
    """Endings that make a name's word one of the family's ("sertraline", "ramipril": the
    stems pharmacology gives its medicines), for words no list can hold."""
    kinds: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """The cues by kind (``CUE_KINDS``), as the lexicon file records them."""

    def matches_name(self, name: str) -> bool:
        lowered = name.lower()
        if any(phrase in lowered for phrase in self.unless):
            return False
        words = _WORD.findall(lowered)
        padded = f" {' '.join(words)} "
        if any(
            f" {phrase} " in padded for phrase in self.exclude if not _PATTERN_MARKS & set(phrase)
        ):
            return False  # "Pack gym bag": a gym bag is no gym, as the family says itself
        if any(
            word.endswith(ending) and len(word) >= len(ending) + 2  # "losartan"
            for word in words
            for ending in self.name_endings
        ):
            return True
        for key in self.names:
            if " " in key or "-" in key:
                if _phrase_in(key, lowered):
                    return True
            elif any(_key_matches(key, word) for word in words):
                return True
        return False


_PATTERN_MARKS: Final = frozenset("*#")
_SHORT_STEM: Final = 4
_STEM_ENDINGS: Final = frozenset(
    {"", "s", "es", "e", "ed", "d", "ing", "ings", "in", "er", "ers", "ist", "ists", "ies", "ied"}
)


# Endings past a stem that still make a form of its word ("meditation", "trainers").
_LONGER_ENDINGS: Final = _STEM_ENDINGS | {
    "ation", "ations", "ions", "ers", "est", "ment", "ments", "ness", "ene", "ende", "ungen",
}  # fmt: skip


def _a_name_built_on(stem: str, tok: Token) -> bool:
    """``tok`` is a capitalised word no dictionary knows that goes on past ``stem`` by more
    than an inflection: a proper name built on it ("Kangjeibung", the polo ground, for
    "kangjei*"), not a form of it."""
    lower = tok.lower
    return (
        not tok.known
        and tok.text[:1].isupper()
        and not tok.text.isupper()
        and lower.startswith(stem)
        and len(lower) - len(stem) >= 4  # "Strikket", "Meditatted": inflected, misspelt
        and lower[len(stem) :] not in _LONGER_ENDINGS
    )


def stem_of(stem: str, word: str) -> bool:
    """``word`` starts with a cue's stem.  A stem of three or four letters takes only its
    own inflections, its last consonant doubled or not ("plan*": "planned", not "plank";
    "read*": "reading", not "ready"); a longer stem ("medit*": "meditation") or a shorter
    one (Hindi "ga*" in "so gaya") takes any ending."""
    return _inflects(stem, word, _STEM_ENDINGS, shortest=3, longest=_SHORT_STEM)


def _inflects(
    stem: str, word: str, endings: Collection[str], *, shortest: int, longest: int
) -> bool:
    """``word`` starts with ``stem``; for a stem ``shortest`` to ``longest`` letters long,
    only with one of ``endings`` after it, its last letter doubled or not."""
    if not word.startswith(stem):
        return False
    rest = word[len(stem) :]
    if not shortest <= len(stem) <= longest or rest in endings:
        return True
    return rest[:1] == stem[-1:] and rest[1:] in endings


# What may follow a name key of three letters in a word of the same family ("ski": "skis",
# "skiing", "skier"; not "skin", "skip" or "skim"); longer keys are stems ("stud", "cycl").
_SHORT_KEY: Final = 3
_KEY_ENDINGS: Final = ("", "s", "es", "ing", "ings", "ed", "er", "ers", "y", "my", "mies")


def _key_matches(key: str, word: str) -> bool:
    """A word of a habit's name starts with a family's key: as any prefix for a key of
    four letters or more ("meditat", "stud"), as the word or an inflection of it for a
    shorter one ("jog": "jogging", not "jogos"; "ski": not "skincare"; "mum": "mummy")."""
    return _inflects(key, word, _KEY_ENDINGS, shortest=0, longest=_SHORT_KEY)


def _phrase_in(key: str, lowered: str) -> bool:
    """A name key of several words is in a name from the start of a word, its last word
    read as ``_key_matches`` reads one ("the cat": "feed the cats", not "log the catch";
    "mountain bik": "mountain biking")."""
    last = (_WORD.findall(key) or [key])[-1]
    for found in re.finditer(rf"(?<!\w){re.escape(key)}(\w*)", lowered):
        if _key_matches(last, last + found.group(1)):
            return True
    return False


def _strings(value: object, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise CueError(f"The cue lexicon's {what} must be a list of words.")
    return tuple(v.strip().lower() for v in value)


def families_from_json(data: Mapping[str, Any]) -> tuple[CueFamily, ...]:
    """The seed families of a lexicon document (strict: a malformed one is refused)."""
    raw = data.get("families")
    if not isinstance(raw, list):
        raise CueError("The cue lexicon has no list of families.")
    out: list[CueFamily] = []
    for item in raw:
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            raise CueError("Every family of the cue lexicon needs an id.")
        fields = {"id", "names", "cues", "exclude", "keeps_name", "unless", "name_endings"}
        unknown = set(item) - fields - set(CUE_KINDS)
        if unknown:
            raise CueError(f"The cue lexicon's family “{item['id']}” has an unknown field.")
        unsorted = _strings(item["cues"], "cues") if "cues" in item else ()
        kinds = tuple((kind, _strings(item[kind], kind)) for kind in CUE_KINDS if item.get(kind))
        if not unsorted and not kinds:
            raise CueError(f"The cue lexicon's family “{item['id']}” has no cues.")
        family = CueFamily(
            id=item["id"],
            names=_strings(item.get("names"), "family names"),
            cues=tuple(_dedupe([*unsorted, *(cue for _, words in kinds for cue in words)])),
            kinds=kinds,
            exclude=_strings(item.get("exclude", []), "exclusions") if item.get("exclude") else (),
            keeps_name=item.get("keeps_name") is True,
            unless=_strings(item.get("unless"), "exceptions") if item.get("unless") else (),
            name_endings=(
                _strings(item["name_endings"], "name endings") if item.get("name_endings") else ()
            ),
        )
        for cue in (*family.cues, *family.exclude):
            Cue.parse(cue)
        out.append(family)
    return tuple(out)


def is_abstinence(name: str) -> bool:
    """A habit of not doing something ("No sugar", "Quit smoking"), or of doing it no more
    than so often ("Tabacos – 2 max", "Coffee ≤ 2"): never read as done."""
    words = _WORD.findall(name.lower())
    if _CEILING.search(name):
        return True
    if any(a == "without" and b in _HELD_BACK for a, b in pairwise(words)):
        return True  # "Tea without sugar" (glossed "Чай без сахара"): the sugar held back
    if len(words) > 1 and (words[0], _ELIDED.sub("de", words[1])) in _NOT_ANY:
        # "Pas de doomscroll", "Nada de refresco", "Plus d'alcool"; not a ballet step
        return not (words[0] == "pas" and words[2:3] and words[2] in _BALLET_STEPS)
    if any(ch in _HELD_BACK_SIGNS for ch in name):
        return True  # "Архигүй 🚫", "No yosi 🚭"
    if (
        words
        and len(words[0]) > 5
        and words[0].endswith(_WITHOUT_SUFFIXES)
        and not (
            words[0].startswith("sessiz")  # "Sessiz yürüyüş": a silent walk, done
        )
    ):
        return True  # "Şekersiz çay", "Архигүй": the thing with "without" fused to it
    return bool(words) and words[0] in _NOT_AT_ALL


# A sign of a thing forbidden, in a name: the habit is of keeping from it.
_HELD_BACK_SIGNS: Final = "🚫🚭⛔🙅"
# "Without" as Turkic and Mongolian languages fuse it to the end of the thing held back.
_WITHOUT_SUFFIXES: Final = ("sız", "siz", "suz", "süz", "сыз", "сіз", "сиз", "суз", "сүз", "гүй")


# The first word of a habit kept from something, in English and as the languages around
# it say "no", "without" or "quit" before the thing ("Sin azúcar", "Kein Alkohol", "Geen
# chips", "Fără zahăr", "Без сахара", "Walang softdrinks", Tetum "Lá hemu kafé"); a word
# another language reads so only beside a second word that says it ("pas de", "nada de").
_NOT_AT_ALL: Final = frozenset(
    {"no", "quit", "avoid", "stop", "skip", "without", "zero",
     "sin", "sem", "sans", "senza", "ohne", "kein", "keine", "keinen", "geen", "zonder",
     "ingen", "inget", "utan", "uten", "cero", "zéro", "niente", "nessun", "nessuna",
     "fără", "fara", "bez", "без", "нет", "ні", "walang", "bawal", "tanpa", "hakuna",
     "ei", "ii", "nei", "walay", "hapana", "lá", "jani", "naka", "sens"}
)  # fmt: skip
_NOT_ANY: Final = frozenset(
    {("pas", "de"), ("plus", "de"), ("jamais", "de"),
     ("nada", "de"), ("nunca", "más"), ("não", "mais"), ("nie", "mehr"),
     ("niet", "meer"), ("non", "più"), ("wala", "nang")}
)  # fmt: skip
_ELIDED: Final = re.compile(r"^d(?:['’]\w*)?$")
_BALLET_STEPS: Final = frozenset({"deux", "trois", "quatre", "chat", "bourrée", "basque"})


# What a day or a drink is kept free of ("Tea without sugar", "Weekend without phone").
_HELD_BACK: Final = frozenset(
    {"sugar", "alcohol", "booze", "beer", "wine", "smoking", "cigarettes", "phone", "screens",
     "meat", "sweets", "candy", "caffeine", "snacks", "social"}
)  # fmt: skip


# A number a habit must stay under ("2 max", "max. 3", "at most 2", "≤ 2", "1 or less"), not
# a time it must be done by ("Bed <23:00") nor a name ("Walk Max").
_CEILING: Final = re.compile(
    r"\d\s*(?:max|maximum)\b|\b(?:max|maximum|at most)\.?\s*\d|≤\s*\d|\d\s*or (?:less|fewer)\b",
    re.I,
)


WordForms = Callable[[str], Iterable[str]]
"""The other forms of a word: ``"sit"`` → ``("sat", "sitting")`` (``app.nlp.forms``)."""


# Two capitals in a name are what the habit is read by ("BP reading", "PT leg exercises"),
# not a time of day or a country.
_ACRONYM: Final = re.compile(r"(?!AM|PM|OK|UK|US|TV)[A-Z]{2}")


def _is_content(word: str) -> bool:
    """A word of a name that says what is done: not a function or filler word, and three
    letters or more unless two capitals ("BP") or two Chinese characters or kana
    ("太極")."""
    return (
        standard(word) not in _NAME_STOP
        and word not in _ARTICLES
        and not _REPS.fullmatch(word)  # "Neck 3x15": the "x15" of its sets
        and (
            len(word) > 2
            or bool(_ACRONYM.fullmatch(word))
            or (len(word) == 2 and HAN_OR_KANA.search(word) is not None)
        )
    )


_REPS: Final = re.compile(r"[x×]\d+", re.IGNORECASE)
# The articles of other languages, written small ("Cancha w/ las muchachas"); capitalised,
# they open a place's name ("Subida Las Palmas").
_ARTICLES: Final = frozenset({"las", "los", "les", "des", "del", "della", "der", "das", "den"})
_AFTER_A_NUMBER: Final = re.compile(r"\d\s*([^\W\d_]+)")


_SHORT_UNIT: Final = 3
"""Letters, at most, of a word with a capital after a name's number that is its unit or
money ("Ikibina 2000 Fbu", "Xitique 200 MT"): what is counted, not what is done."""


def _units_counted(name: str) -> frozenset[str]:
    """The units after the name's numbers, lower-case ("Sjósund 5 mín+": the minutes as
    any language writes them; "Latihan nyanting 1 jam": an hour; a currency's short name),
    never a deed."""
    return frozenset(
        m.group(1).lower()
        for m in _AFTER_A_NUMBER.finditer(name)
        if unit_of(m.group(1)) or _a_short_unit(m.group(1))
    )


def _a_short_unit(word: str) -> bool:
    """A short word after a number written with a capital, as money is ("Fbu", "MT",
    "KSh"), not a small word of what is counted ("1 job")."""
    return len(word) <= _SHORT_UNIT and word != word.lower()


def name_words(name: str, forms: WordForms | None = None) -> list[str]:
    """The content words of a habit's name (what a name alone can be recognised by),
    each followed by its other forms when ``forms`` knows them ("Sit in silence": "sit",
    "sat", …; "Electrolytes": "electrolytes*", "electrolyte")."""
    units = _units_counted(name)
    words = [w.lower() for w in _WORD.findall(name) if _is_content(w) and w.lower() not in units]
    stems = {w.lower(): without_case_ending(w).lower() for w in _WORD.findall(name)}
    out: list[str] = []
    for word in words:
        out.append(f"{word}*" if len(word) >= 5 else word)
        if stems.get(word, word) != word:  # "Todi'ya zvonok": "todi" as the entries say it
            out.append(stems[word])
        if forms is not None:
            out.extend(f for f in forms(word) if len(f) > 2 and f not in _NAME_STOP)
    return _dedupe(out)


# The unit of a number a name asks for ("Tesis 1 hour", "Plank 2 min"), or its money: no
# word of what is done ("Enter fire dept hours" keeps its hours).
_COUNTED_IN: Final = re.compile(
    r"(?<=\d)\s*(?:hours?|hrs?|bob|bucks?|quid|shillings?|ksh|kes|baht|pesos?|rupees?|"
    r"naira|cedis?|rand|euros?|dollars?|pounds?|yen|yuan|rmb|dirhams?|riyals?|lira|"
    r"zł|kr)\b",  # "Kamau's fees tin (300 bob)": what is put by, not a "bob"
    re.IGNORECASE,
)


# "-ing" words that name no doing ("Morning pages", "Evening walk").
NOT_DOINGS: Final = frozenset(
    {
        "morning", "evening", "nothing", "something", "anything", "everything", "during",
        "spring", "string", "thing", "things", "ceiling", "building", "wedding", "pudding",
        "clothing", "bedding", "stuffing", "icing", "herring", "sibling", "darling",
    }
)  # fmt: skip


def _names_a_doing(word: str) -> bool:
    """A name word that is itself the activity ("Sitting practice", "Journaling"): a
    habit keeps it beside its families' words, since it is the writer's own word."""
    bare = word.rstrip("*")
    return bare.endswith("ing") and len(bare) >= 6 and bare not in NOT_DOINGS


# Where on the body a habit is done ("Stretches for back", "Wax bath hands").
_BODY: Final = frozenset(
    {
        "back", "neck", "wrist", "wrists", "hand", "hands", "knee", "knees", "hip", "hips",
        "leg", "legs", "feet", "foot", "shoulder", "shoulders", "ankle", "ankles", "elbow",
        "elbows", "arm", "arms", "eyes", "face", "skin",
    }
)  # fmt: skip
# Name words that say when, where on the body, or for whom, not what is done
# ("Morning pages", "Stretches for back", "Read to the kids", "Walk the dog").
_NOT_THE_DEED: Final = _BODY | frozenset(
    {
        "morning", "mornings", "evening", "evenings", "night", "nightly", "nite", "nites",
        "afternoon", "bedtime", "noon", "lunch", "breakfast", "dinner", "am", "pm", "week", "today",
        "kids", "children", "family", "friend", "friends", "everyone", "myself", "self",
        "girls", "boys", "lads", "wife", "husband", "parents", "grandkids", "folks",
        "dog", "dogs", "cat", "cats", "pet", "pets", "puppy", "pup", "horse", "horses",
        "line", "box", "thing", "things", "stuff", "bit", "new", "good", "proper", "full",
        "old", "open",
    }
)  # fmt: skip
_NAME_NEGATION: Final = re.compile(r"\b(?:no|not|instead of|without|never|less)\b.*$", re.I)


def _beside_family(name: str, forms: WordForms | None, families: Sequence[CueFamily]) -> list[str]:
    """The name's own words kept beside its families' ("Protein shake": "shake"; "Bike
    check": "check"), but not a word a family is named by (its own words read it: "Water
    2L" is not done by "water meh"), what the name rules out ("Cook, no Döner"), a person
    named in it (capitalised), or a word of when, where on the body or for whom."""
    glossed = _PLACE_GLOSSED.match(name)
    if glossed is not None and any(f.matches_name(glossed.group(2)) for f in families):
        name = glossed.group(2)  # "Earth Treks (climb)": the place is told by its whole name
    units = _units_counted(name)
    words = [w for w in _WORD.findall(_NAME_NEGATION.sub("", name)) if w.lower() not in units]
    plain = " ".join(
        w
        for k, w in enumerate(words)
        if (k == 0 or not w[:1].isupper())
        and w.lower() not in _NOT_THE_DEED
        and not any(family.matches_name(w) and _reads(family, w.lower()) for family in families)
    )
    return name_words(plain, forms)


# Name words too general to show the habit alone: where on the body it is done, words of
# any doing ("Wax bath hands": not every "hands"; "Ankle band work": "work"), when it is
# done ("Milking morning & evening": not every "morning"), and words that say what the
# thing is like, not what it is ("Deaf club": not every "Deaf"; "Old photos": not every
# "old").
_LIGHT: Final = _BODY | {
    "work", "session", "sesh", "time", "routine", "habit", "daily", "morning", "mornings",
    "evening", "evenings", "night", "nights", "nite", "nites", "am", "pm", "old", "new",
    "open", "deaf",
    "blind", "big", "small", "little", "long", "short", "quick", "cold", "hot", "warm",
    "fresh", "green", "early", "late", "easy", "hard", "slow", "fast",
    # whom it is done for or with ("Centre: parhana girls")
    "kids", "children", "family", "friends", "girls", "boys", "lads", "parents", "grandkids",
    "folks", "everyone",
}  # fmt: skip


def _without_asides(what: str) -> str:
    """A name no family knows without its asides, where words of what is done are left."""
    shorter = " ".join(_ASIDE.sub(" ", what).split())
    return shorter if any(_is_content(w) for w in _WORD.findall(shorter)) else what


def _own_words(what: str, forms: WordForms | None) -> list[str]:
    """The cues of a name no family knows: its content words, but not where on the body
    it is done nor a word too general alone, while another word is left ("Wax bath
    hands": "wax", "bath", not every "hands"; "Ankle band work": "band")."""
    units = _units_counted(what)
    words = [w for w in _WORD.findall(what) if w.lower() not in units]
    kept = [w for w in words if w.lower() not in _LIGHT]
    if not any(_is_content(w) for w in kept):
        kept = words
    return name_words(" ".join(kept), forms)


def _reads(family: CueFamily, word: str) -> bool:
    """One of the family's cues has ``word`` among its words, alone or in a phrase ("water"
    in "water bottle"): the family reads it where it means the activity. A word it is
    named by but never says ("Fútbol", "Clarinette") is the writer's own, kept."""
    return any(
        word == w or (w.endswith("*") and stem_of(w[:-1], word))
        for cue in family.cues
        for w in cue.split()
    )


def name_phrases(name: str) -> list[str]:
    """Two words of the name side by side, as the writer may repeat them ("Herd book
    updated": "herd book"; "Tip jar savings": "tip jar"), a word of how beside one of what
    ("Walk out to Big Red": "big red")."""
    written = _WORD.findall(name)
    words = [w.lower() for w in written]
    # an article as written: "Las Palmas" opens a place's name, "las muchachas" does not
    content = [_is_content(w if w.lower() in _ARTICLES else w.lower()) for w in written]
    return [
        f"{a} {b}"
        for k, (a, b) in enumerate(pairwise(words))
        if (content[k] or a in QUALITY_WORDS)
        and (content[k + 1] or b in QUALITY_WORDS)
        and not {a, b} <= QUALITY_WORDS
    ]


_WORD_THEN_NUMBER: Final = re.compile(r"([^\W\d_][\w'-]*)\s+\d")


def _before_its_number(name: str) -> list[str]:
    """A name word followed by the name's number, as a checklist says it ("Cube 50
    solves": "cube 50"): the word is the habit's own there, even where a family reads it
    only in a phrase ("the cube")."""
    return [f"{w.lower()} #" for w in _WORD_THEN_NUMBER.findall(name) if _is_content(w)]


# Families whose words, in a name about farm animals, are the animals' care: their water,
# their house cleaned.
_ANIMALS_CHORES: Final = frozenset({"hydrate", "tidy"})
_ANIMALS_CHORE_WORDS: Final = re.compile(r"\b(?:water\w*|clean\w*|feed\w*|fed)\b", re.I)


def seed_cues(
    name: str, families: Sequence[CueFamily], forms: WordForms | None = None
) -> tuple[list[str], list[str]]:
    """``(cues, exclusions)`` for a new habit named ``name`` (``forms``: the other forms
    of its own words, see :func:`name_words`)."""
    if is_abstinence(name):
        return [], []
    cues: list[str] = []
    exclude: list[str] = []
    what = _COUNTED_IN.sub("", without_when(name))
    matched = _families_of(what, families)
    if any(f.id == "livestock" for f in matched):  # "Hens: feed, water, clean": their water
        rest = _ANIMALS_CHORE_WORDS.sub(" ", what)  # and "Feed + water the hens": no garden
        matched = [
            f
            for f in matched
            if f.id == "livestock" or (f.id not in _ANIMALS_CHORES and f.matches_name(rest))
        ]
    visiting = not matched and _visits_someone(what)
    if visiting:  # "Visit Nokomis": as "Visit Nan" is told, and by her name
        matched = [f for f in families if f.id == _KEEPING_IN_TOUCH]
        cues.extend(_own_words(what, forms))
    purpose = _language_purpose(what, matched)
    if purpose is not None:  # "Trekking English": the English, no "trekking" of its own
        what = " ".join(w for w in what.split() if w != purpose)
    for family in matched:
        cues.extend(family.cues)
        exclude.extend(family.exclude)
        if family.keeps_name:  # whom it is done with only beside them ("Padhai with
            whom = whom_in(what)  # Simran & Jas": not every "Simran"; "class with Sarah")
            cues.extend(
                name_words(" ".join(w for w in what.split() if w.lower() not in whom), forms)
            )
            cues.extend(f"with {who}" for who in sorted(whom))
            cues.extend(f"{who} {session}" for who in sorted(whom) for session in _SESSIONS)
    if not cues:
        what = _without_asides(what)
        cues.extend(_own_words(_without_tail(what), forms))
        for age in _AGE_GROUP.findall(what):  # "U12s training": "the under-12s"
            cues.extend((f"under-{age}s", f"under-{age}", f"under {age}s"))
        cues.extend(name_phrases(_without_tail(what)))
    else:
        units = _units_counted(name)
        doings = " ".join(
            w for w in _WORD.findall(what) if _names_a_doing(w.lower()) and w.lower() not in units
        )
        cues.extend(name_words(doings, forms))  # "Driving w/ mom": "driving*", "drove"
        around = _FOR_WHICH.sub(" ", what)  # "Bookkeeping (shop)": for the shop, no shopping
        company = _COMPANY.search(around)
        if company is not None and any(f.matches_name(around[: company.start()]) for f in matched):
            around = around[: company.start()]  # "Football w/ stage boys": whom, no "stage"
        cues.extend(_beside_family(around, forms, matched))
        cues.extend(name_phrases(around))
        cues.extend(_before_its_number(what))
        opening = _WORD.findall(what)[:1]
        if opening and opening[0].lower() in _OPENING_DOINGS:
            cues.append(f"{opening[0].lower()}*")  # "Training ⚽": "Then Training at 17:30"
    if asks_a_call(what):  # nor "went to mum's": her home, a visit, no call
        cues = [cue for cue in cues if not _WRITTEN.search(cue) and not WENT_TO_HERS.match(cue)]
    elif asks_a_visit(what):  # "Visit Nan": not "called nan"
        cues = [cue for cue in cues if not _CALLED.search(cue)]
    said = [w.lower() for w in _WORD.findall(what)]
    if asks_five_prayers(re.findall(r"[\w'’]+", name)):  # "Lmunz – pinza wakhta"
        # told by praying and the prayers' names, not by a devotion of any hour ("we chant
        # the dhikr", "went to the mosque"), and by "all five today", "all 5 ✅"
        cues = [cue for cue in cues if _of_the_five(cue, said)]
        cues.extend(
            ("all five", "all 5", "5/5", "five of five", "5 of 5", "5 on 5", "five on five")
        )
    named = {_PRAYERS[w] for w in said if w in _PRAYERS}
    if named:  # "Fajr b4 shift": not every prayer of the day ("Jummah at the masjid")
        cues = [
            cue
            for cue in cues
            if not any(_PRAYERS.get(w) not in (None, *named) for w in cue.split())
        ]
        if len(named) > 1 and all(w in _PRAYERS or w in _NAME_STOP for w in said):
            # "Lauds & Vespers": told by the prayers' own names, not by any church-going
            cues = [cue for cue in cues if any(w in _PRAYERS for w in cue.split())]
            cues.extend(w for w in said if w in _PRAYERS)
    # An Arabic word with its article ("Al-Kahf on Friday") as it is also written with
    # another spelling of it or none ("Read el Kahf", "Surat Kahf").
    cues.extend(
        f"{m.group(1)}*" for w in _WORD.findall(what) if (m := _ARABIC_ARTICLE.match(w.lower()))
    )
    # One family's exclusion is another's cue ("wrote to" is not journalling, but it is
    # writing letters): for a habit of both, the cue stands.
    kept = [phrase for phrase in exclude if phrase not in cues]
    return _dedupe(cues)[:MAX_CUES], _dedupe(kept)[:MAX_CUES]


_ARABIC_ARTICLE: Final = re.compile(r"^(?:al|el|ul|il|an|ar|as|ash|at|ad|az)-([^\W\d_]{4,})$")


DAILY_PRAYERS: Final = {
    **dict.fromkeys(("fajr", "fajar", "fajir", "subuh", "bamdad", "sahar"), "dawn"),
    # and as Turkish, Azerbaijani, the Caucasus and Persian name the dawn prayer
    **dict.fromkeys(("sabah", "subh", "sobh", "sübh"), "dawn"),
    **dict.fromkeys(("zuhr", "dhuhr", "duhr", "zohr", "zuhur", "zohar", "zohor"), "noon"),
    **dict.fromkeys(("zuhar", "dhuhur", "zuhor", "öğle", "ogle", "peshin"), "noon"),
    **dict.fromkeys(("asr", "asar", "ashar", "ikindi", "digar"), "afternoon"),
    **dict.fromkeys(("maghrib", "magrib", "maghreb", "maghrab", "akşam"), "sunset"),
    **dict.fromkeys(("isha", "ishaa", "esha", "isya", "yatsı", "yatsi", "khuftan"), "night"),
    # and as Kazakh, Uzbek and Russian speakers write them, in Cyrillic or Latin letters
    **dict.fromkeys(("бомдат", "бамдат", "bomdat", "bomdod", "фаджр", "фаджир"), "dawn"),
    **dict.fromkeys(("бесін", "besin", "пешин", "зухр", "зуһр"), "noon"),
    **dict.fromkeys(("екінті", "ekinti", "аср"), "afternoon"),
    **dict.fromkeys(("ақшам", "aqsham", "шом", "магриб", "мағриб"), "sunset"),
    **dict.fromkeys(("құптан", "quptan", "хуфтан", "xufton", "иша"), "night"),
    # as Pashto and Uyghur speakers name them, in Latin letters
    **dict.fromkeys(("bamdat",), "dawn"),
    **dict.fromkeys(("dzuhur", "lohor", "luhur", "péshin", "maspakhin", "maspeshin"), "noon"),
    **dict.fromkeys(("esir", "mazdigar", "maazdigar"), "afternoon"),
    **dict.fromkeys(("makham", "maxam"), "sunset"),
    **dict.fromkeys(("makhustan", "maskhutan", "maxustan", "xuptan", "xupten"), "night"),
    # and in Arabic script, as Arabic, Persian, Urdu, Pashto and Uyghur write them
    **dict.fromkeys(("فجر", "الفجر", "صبح", "الصبح", "بامدات", "سهار"), "dawn"),
    **dict.fromkeys(("ظهر", "الظهر", "ظہر", "پېشىن", "ماسپښین"), "noon"),
    **dict.fromkeys(("عصر", "العصر", "ئەسىر", "مازدیګر", "مازیګر"), "afternoon"),
    **dict.fromkeys(("مغرب", "المغرب", "ماښام"), "sunset"),
    **dict.fromkeys(("عشاء", "العشاء", "عشا", "ماخستن", "خۇپتەن"), "night"),
}
"""The five daily prayers of Islam by their names, in the spellings Arabic, Urdu, Persian,
Turkish, Malay, Kazakh, Pashto and Uyghur speakers write them in English ("zohr", "ikindi",
"isya", "xuptan") and as Arabic script writes them ("الفجر", "ماخستن"), each to the
time of day it is said."""
# Every prayer a name may name, daily or weekly, each spelling to the prayer it spells: a
# name that names one is not done by another ("Fajr b4 shift": no "Jummah").
_PRAYERS: Final = {
    **DAILY_PRAYERS,
    **dict.fromkeys(("jummah", "jumuah", "jumma", "jumah", "juma", "jumaa", "khutbah"), "friday"),
    **dict.fromkeys(("khutba", "jumu'ah", "jumu'a", "jumua", "jumat", "jumaat"), "friday"),
    **dict.fromkeys(("жұма", "жума", "джума"), "friday"),
    **dict.fromkeys(("tahajjud",), "tahajjud"),
    **dict.fromkeys(("taraweeh", "tarawih"), "taraweeh"),
    # the hours of the Divine Office, by their names and as a breviary calls them
    **dict.fromkeys(("lauds",), "lauds"),
    **dict.fromkeys(("vespers", "evensong"), "vespers"),
    **dict.fromkeys(("compline",), "compline"),
    **dict.fromkeys(("matins",), "matins"),
}


# The words for prayer a name of the five daily prayers says them by ("Namaz 5 time",
# Pashto "Lmunz – pinza wakhta", Uyghur "Namaz 5 waqit").
PRAYER_WORDS: Final = frozenset(
    {"salah", "salat", "salaat", "salaah", "namaz", "namaaz", "nimaz", "namazı", "solat",
     "sholat", "prayers", "prayer", "prayed", "pray", "namoz", "prière", "prières", "priere",
     "prieres", "lmunz", "lmonz", "lmunza", "munz", "намаз", "نماز", "ناماز", "صلاة", "الصلاة",
     "صلوات"}
)  # fmt: skip
# "five" as a name of the daily prayers counts them, in the languages of those who say them.
_FIVE: Final = frozenset(
    {"5", "five", "pinza", "pindza", "panj", "panch", "paanch", "beş", "besh", "bes", "бес",
     "беш", "пять", "lima", "tano", "cinq", "cinco", "fünf", "vijf", "خمس", "خمسة", "پنج",
     "بەش", "бяш"}
)  # fmt: skip


def _of_the_five(cue: str, said: Sequence[str]) -> bool:
    """A cue of a habit of the five daily prayers that says praying, a prayer's name (and
    Friday's) or a word of the name ("pray*", "namaz", "fajr", "jummah", "waktu")."""
    return any(
        (w := word.rstrip("*")) in PRAYER_WORDS
        or w in DAILY_PRAYERS
        or _PRAYERS.get(w) == "friday"  # Friday's, in the noon prayer's place
        or (w in said and _is_content(w))
        for word in cue.split()
    )


def asks_five_prayers(words: Iterable[str]) -> bool:
    """The name's words ask for the five daily prayers ("all 5 salah", "Lmunz – pinza
    wakhta", "ناماز 5 ۋاقىت")."""
    said = {w.lower() for w in words}
    return bool(said & PRAYER_WORDS) and bool(said & _FIVE)


def prayers_named(words: Iterable[str]) -> frozenset[str]:
    """The prayers ``words`` name, each by the prayer it spells ("Zohr", "öğle": noon;
    "жұма": friday)."""
    return frozenset(p for w in words if (p := _PRAYERS.get(w.lower())) is not None)


# A common place in brackets after what is done, saying where or for what it is done
# ("Close-out (shop)", "Accounts (at work)"); a proper name is still read ("(Bosque)").
_FOR_WHICH: Final = re.compile(
    r"\((?:at |for |the )?(?:shop|store|office|work|home|house|farm|stall|kiosk|café|cafe|"
    r"restaurant|salon|garage|studio)\)"
)
# A name's aside: people or a common place named in brackets ("Committee Rs 2000 weekly
# (Baji Gulnaz)", "Ҡымыҙ batch (farm)"): whom or where, never what is done ("Apnée
# statique (tables)" keeps its tables). A place after "@" stays: the writer may tell the
# deed by it ("Badarak at St. Mary's" for "Պատարագ @ St. Mary's").
_ASIDE: Final = re.compile(r"\s*\((?:\s*[A-Z][\w'’.-]*)+\s*\)|\s*" + _FOR_WHICH.pattern)
# Words too general to be a cue alone that still name the habit when the name opens
# with them and a family says the rest ("Training ⚽", "Rehearsal — choir").
_OPENING_DOINGS: Final = frozenset({"training", "rehearsal"})
# A sports team by age, as a name shortens it ("U12s", "U-14").
_AGE_GROUP: Final = re.compile(r"\bU-?(\d{1,2})s?\b")
_CALLING: Final = frozenset(
    {"call", "ring", "phone", "telephone", "facetime", "skype", "videocall", "anrufen",
     "llamar", "ligar", "appeler", "telefonar", "tawag", "tumawag", "bellen"}
)  # fmt: skip
# A call in Chinese, Japanese and Korean, written inside a longer word ("umma 통화",
# "ママに電話").
_CALLING_CJK: Final = ("電話", "电话", "通話", "통화", "전화")
_WRITING: Final = frozenset(
    {"text", "txt", "message", "msg", "whatsapp", "write", "email", "letter", "card", "dm",
     "postcard", "note", "chat", "messenger", "contact", "touch", "check"}
)  # fmt: skip
# Cues of a message written or left, not a call ("sent a voice message", "texted").
_WRITTEN: Final = re.compile(
    r"\b(?:text\w*|txt\w*|message\w*|memo\w*|voicemail|whatsapp(?:ed|\*)?$|dm'?e?d|"
    r"emailed|card|photos?|pics|group chat|family chat|group|line|voice note\w*)\b"
    r"|^whatsapp\*$|^sent (?:\? )?a voice$"
)


_VISITING: Final = frozenset(
    {"visit", "visits", "visiting", "visitar", "visita", "visiter", "visite", "besuch",
     "besuchen", "bezoek", "bezoeken", "visitare", "dalaw", "kunjungi", "tembelea"}
)  # fmt: skip
# Cues of a call, not of being there ("called mum", "rang", "phoned", "video call").
_CALLED: Final = re.compile(
    r"\b(?:call\w*(?! in\b| round\b)|rang|ring\w*|phon\w*|telephon\w*|facetim\w*|skyp\w*|"
    r"video\w*|zoom\w*)"
)  # not "called in on mum", "called round to mum": there


_KEEPING_IN_TOUCH: Final = "call_family"
# A family's cue of a visit to her home ("went to mum's", "stopped by mum's", "called in on
# mum").
WENT_TO_HERS: Final = re.compile(
    r"^(?:(?:went|stopped|dropped|popped|called)\b.* mum's|called (?:in|round) (?:to|on) mum)$"
)


def _visits_someone(what: str) -> bool:
    """The name asks to visit someone it names, every other word a capitalised name
    ("Visit Nokomis 🏠", "Visit Tía Rosa"), not a place ("Visit the museum")."""
    words = _WORD.findall(what)
    others = [w for w in words if w.lower() not in _VISITING]
    return asks_a_visit(what) and bool(others) and all(w[:1].isupper() for w in others)


def asks_a_visit(what: str) -> bool:
    """The name asks to go and see someone ("Visit Nan", "Visitar a la abuela"), and for
    no call as well."""
    words = {w.lower() for w in _WORD.findall(what)}
    return bool(words & _VISITING) and not words & _CALLING


def asks_a_call(what: str) -> bool:
    """The name asks for a call ("Call Hala", "Ring Edna", "Amma ge call"), and for no
    written word as well ("Call or text Mum")."""
    words = {w.lower() for w in _WORD.findall(what)}
    said = bool(words & _CALLING) or any(c in what for c in _CALLING_CJK)
    return said and not words & _WRITING


_WEEKDAY_SHORT: Final = "|".join(d for d in WEEKDAYS_SHORT if d not in SHORT_DAYS_AS_WORDS)
DAY_NAMES: Final = frozenset({*WEEKDAYS, *WEEKDAYS_SHORT})
"""The days of the week, whole and short, lower-case."""
_WHEN: Final = re.compile(
    # "Read before bed", "Karakia b4 mahi"
    r"\s+(?:before|b4|after|by(?!\s+heart)|until|till|when|whenever|while)\s.*$"
    r"|\s+(?:at|in|on|during|every|each)\s+(?:the\s+)?(?:nights?|bedtime|mornings?|"
    r"evenings?|afternoons?|weekends?|shifts?|dinner|lunch|breakfast|tea|supper|dawn|"
    r"dusk|sunrise|sunset|noon|midday)(?:\s+\d+\s*[^\W\d_]*)?\s*$"  # "Soak feet at night",
    # "Socks on shift", "Thang-ta at dawn 30 min"
    r"|\s+for\s+(?:dinner|lunch|breakfast|tea|supper)\s*$"  # "Fish for dinner"
    r"|\s+(?:the\s+)?(?:night|day|evening|morning)\s+before$"  # "Pack the bag night before"
    rf"|\b(?:{'|'.join(WEEKDAYS)})s?\b"  # "Wednesday fast"
    rf"|\s*\(\s*(?:{_WEEKDAY_SHORT}|sat|sun)\.?\s*\)"  # "Sabar (Thurs)"
    rf"|\s+(?:{_WEEKDAY_SHORT})\.?\s*$"  # "Bridge club Tues" ("sat", "sun" may be words)
    r"|\s+(?-i:Sat|Sun)\.?(?:\s+[^\w\s]+)*\s*$"  # but "Prep lunches Sun 🍱", capitalised
    # a time of day in brackets or opening the name ("Concor + aspirin (morning)", "PM run
    # 8k+"): when, not what
    r"|\s*\(\s*(?:mornings?|evenings?|nights?|afternoons?|bedtime|am|pm|a\.m\.|p\.m\.)\s*\)"
    r"|^\s*(?:am|pm)\s+(?=[^\W\d_])"
    # how often, as other languages write "a day", "a week" after a count's slash
    # ("Tirelire 1000F/jour", "Nabung Rp 20rb/hari")
    r"|/\s*(?:jour|jours|hari|día|dia|tag|giorno|dag|gün|gun|siku|день|ден|ngày|ngay|araw|"
    r"semaine|semana|minggu|woche|settimana|wiki|mois|mes|bulan|monat)\b",
    re.IGNORECASE,
)


# Who or what a habit is done with, for or from, after what is done ("Walk with Mum",
# "Soup for Dad", "Cook from Nonna's book").
_TAIL: Final = re.compile(r"\s(?:with|w/|c/|for|from)\s.*$", re.IGNORECASE)
_COMPANY: Final = re.compile(
    r"(?<=\S)\s(?:with|w/?)\s(?!(?:my\s+|the\s+|a\s+)?(?:breakfast|brekkie|lunch|dinner|supper|"
    r"tea|meals?|food|porridge|coffee|milk|water|juice)\b).*$",
    re.IGNORECASE,
)
"""Whom a thing is done with, after it ("Netball w the cuzzies", "Football with the lads");
not the meal a pill is taken with ("Atorvastatin w/ supper": when)."""


def _without_tail(what: str) -> str:
    """What is done, without whom or what with, for or from, when two words or more say
    what by themselves ("Exercícios cadeira c/ Mr Doyle": the exercises, not Mr Doyle);
    one word may need its tail ("Skype with Mama", "Help with dinner")."""
    tail = _TAIL.search(what)
    if tail is None:
        return what
    if sum(_is_content(w) for w in _WORD.findall(what[: tail.start()])) < 2 and not _for_people(
        what[tail.start() :]
    ):
        return what
    return what[: tail.start()]


# Whom a thing is done for, never what is done ("Baon for the kids", "Soup for my dad").
_BENEFICIARIES: Final = frozenset(
    {"kids", "kid", "children", "child", "family", "mum", "mom", "dad", "grandma", "grandpa",
     "nan", "gran", "boys", "girls", "baby", "husband", "wife", "partner", "son", "daughter",
     "parents", "grandkids", "students", "team", "class", "neighbours", "neighbors", "twins"}
)  # fmt: skip


def _for_people(tail: str) -> bool:
    """The tail says for whom: "for the kids", "for Mum and Dad"."""
    words = [w.lower() for w in _WORD.findall(tail)]
    if not words or words[0] != "for":
        return False
    rest = [w for w in words[1:] if w not in ("the", "my", "our", "and", "his", "her")]
    return bool(rest) and all(w in _BENEFICIARIES for w in rest)


# A proper name of two capitalised words or more, with what is done there in brackets
# ("Earth Treks (climb)", "Body Works (gym)").
_PLACE_GLOSSED: Final = re.compile(r"^\s*((?:[A-Z][\w'’-]*\s+)+[A-Z][\w'’-]*)\s*\(([^()]+)\)\s*$")


def _families_of(what: str, families: Sequence[CueFamily]) -> list[CueFamily]:
    """The families a name matches, but not those only its tail names: whom it is for
    ("Soup for Dad" is no call home), and, when what is done before a "with" or "from"
    names a family, whom or what it is done with or from ("Driving w/ mom" is no call,
    "Cook from Nonna's book" no reading; "Homework with Lina" stays helping with it)."""
    matched = _for_a_language(what, [family for family in families if family.matches_name(what)])
    glossed = _PLACE_GLOSSED.match(what)
    if glossed is not None:
        said = [family for family in matched if family.matches_name(glossed.group(2))]
        if said:
            return said  # "Earth Treks (climb)": the climbing of a place, no trek
    where = _WHERE_TAIL.search(what)
    if where is not None and any(family.matches_name(what[: where.start()]) for family in matched):
        # "Write OT hours in book": the writing, in a book, no reading
        matched = [f for f in matched if f.matches_name(what[: where.start()])]
    tail = _TAIL.search(what)
    if tail is None or tail.start() == 0:
        return matched
    head, rest = what[: tail.start()], what[tail.start() :]
    beneficiary = rest.split()[0].lower() == "for"  # "Soup for Dad": for whom, never what
    if not beneficiary and not any(family.matches_name(head) for family in matched):
        return matched
    return [f for f in matched if f.matches_name(head) or not f.matches_name(rest)]


# Where a thing is done, after what is done ("Write OT hours in book", "Stretch in bed").
_WHERE_TAIL: Final = re.compile(r"(?<=\S)\s(?:in|into)\s.*$", re.IGNORECASE)


_SESSIONS: Final = ("class", "lesson")
"""What a session with a named teacher is called after the name ("Mercy class")."""
_LANGUAGES: Final = frozenset({"language", "spanish", "french"})
"""The families of learning a language."""


def _language_purpose(what: str, matched: Sequence[CueFamily]) -> str | None:
    """The activity a name learns a language for, named right before it ("Trekking
    English", "Nursing Spanish": the trekking, the nursing); ``None`` when there is none
    ("Read Ukrainian" is read; "Walk & English podcast" is both)."""
    languages = [f for f in matched if f.id in _LANGUAGES]
    found = list(_WORD.finditer(what))
    for before, word in pairwise(found):
        if (
            any(f.matches_name(word.group()) for f in languages)
            and not any(f.matches_name(before.group()) for f in languages)
            and before.group().lower().endswith("ing")
            and what[before.end() : word.start()].isspace()
        ):
            return before.group()
    return None


def _for_a_language(what: str, matched: list[CueFamily]) -> list[CueFamily]:
    """The families of a name that learns a language for a purpose: the language, not
    the purpose (the last noun of a compound is what it is)."""
    purpose = _language_purpose(what, matched)
    if purpose is None:
        return matched
    rest = " ".join(w for w in _WORD.findall(what) if w != purpose)
    return [f for f in matched if not f.matches_name(purpose) or f.matches_name(rest)]


# "For" and "with" as a name says them ("Wave $50 pour Yaay"), the Creoles, Sicilian,
# Kabyle, Swahili and Maltese too ("Dholl puri pou Mai", "Rosariu pi Ninetta", "Tamaziɣt d
# Thiziri", "c/ profe Ramón").
FOR_OR_WITH_WORDS: Final = frozenset(
    {"for", "pour", "para", "für", "per", "with", "w/", "avec", "con", "c/", "mit", "com",
     "pou", "avek", "ak", "ek", "pi", "cu", "d", "na", "kwa", "kun", "għal"}
)  # fmt: skip
# Whom a deed is done for or with, after one of those words.
_FOR_OR_WITH: Final = re.compile(
    r"\s(?:" + "|".join(sorted(map(re.escape, FOR_OR_WITH_WORDS))) + r")\s+\S", re.IGNORECASE
)


def whom_in(name: str) -> frozenset[str]:
    """The capitalised words, lower case, after a name's "for" or "with" ("Wave $50 pour
    Yaay": "yaay"): whom the deed is for, not what is done."""
    tail = _FOR_OR_WITH.search(name)
    if tail is None:
        return frozenset()
    return frozenset(w.lower() for w in _WORD.findall(name[tail.start() :]) if w[0].isupper())


def without_when(name: str) -> str:
    """A habit's name without when it is done ("Read before bed": the reading, not the
    bed; "Gym after work": the gym, not the work; "Karakia in the morning", "Nap when
    the kids nap", "Wednesday fast")."""
    what = " ".join(SCHEDULE.sub(" ", name).split())  # "Shuttle (Tue/Thu/Sat)"
    while (shorter := " ".join(_WHEN.sub(" ", what).split())) != what:
        what = shorter  # "Walk in the morning before work": both
    return what or name


def _dedupe(items: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for item in items:
        seen.setdefault(item, None)
    return list(seen)


def clean_cues(raw: Iterable[str]) -> list[str]:
    """A user's cue list: trimmed, lower-cased, valid, unique, bounded (refuses bad ones)."""
    out: list[str] = []
    for text in raw:
        cue = " ".join(text.lower().split())
        if not cue:
            continue
        if len(cue) > MAX_CUE_CHARS:
            raise CueError(f"A cue may be at most {MAX_CUE_CHARS} characters: “{cue[:20]}…”.")
        Cue.parse(cue)
        out.append(cue)
    out = _dedupe(out)
    if len(out) > MAX_CUES:
        raise CueError(f"A habit may have at most {MAX_CUES} cues.")
    return out


_FUZZY_MIN: Final = 5
_ENDINGS: Final = frozenset(
    ("", "s", "es", "d", "ed", "n", "in", "ing", "er", "ers", "y", "ies", "ied", "ment")
)
"""What may follow a misspelt prefix: English endings, so that "kayak*" takes "kayakin"
but not the Māori "karakia" (a prayer)."""


def _near(written: str, word: str, *, prefix: bool) -> bool:
    """A misspelling of ``word`` (or, for a prefix, of a word starting so): same first
    letter, at most one edit (two from nine letters) on words of five letters or more;
    two letters swapped ("gutiar") count as one edit."""
    if len(word) < _FUZZY_MIN or len(written) < _FUZZY_MIN or written[0] != word[0]:
        return False
    limit = 2 if len(word) >= 9 else 1
    if not prefix:
        return OSA.distance(written, word, score_cutoff=limit) <= limit
    return any(
        OSA.distance(written[:n], word, score_cutoff=limit) <= limit
        for n in range(len(word) - limit, len(word) + limit + 1)
        if n <= len(written) and written[n:] in _ENDINGS
    )


@dataclass(frozen=True)
class Cue:
    """One parsed pattern: a sequence of ``(kind, word)`` with kind exact/prefix/number."""

    text: str
    parts: tuple[tuple[str, str], ...]

    @classmethod
    def parse(cls, text: str) -> Cue:
        parts: list[tuple[str, str]] = []
        for piece in text.lower().split():
            if piece == "#":
                parts.append(("number", ""))
            elif piece == "?":
                parts.append(("any", ""))
            elif piece.endswith(("'s*", "’s*")) and len(piece) > 3:
                parts.extend((("exact", piece[:-3]), ("exact", "'s")))  # "john's*": "John's"
            elif piece.endswith("*") and len(piece) > 1:
                parts.append(("prefix", piece[:-1]))
            elif piece.endswith("*"):
                raise CueError("A cue cannot be a bare “*”.")
            elif piece.endswith(("'s", "’s")) and len(piece) > 2:
                parts.extend((("exact", piece[:-2]), ("exact", "'s")))  # as tokens split it
            else:
                parts.append(("exact", piece))
        if not parts:
            raise CueError("A cue cannot be empty.")
        return cls(text, tuple(parts))

    def _part_matches(
        self, part: tuple[str, str], tok: Token, fuzzy: bool = True, fold: bool = True
    ) -> bool:
        kind, word = part
        lower = tok.lower.replace("’", "'")
        lower = _SHORTHAND.get(lower, lower)  # "call w/ granny": "call with"
        if kind == "number":
            return bool(_NUMBER.match(lower)) or lower in _NUMBER_WORDS
        if kind == "any":
            return any(ch.isalnum() for ch in lower)
        if fold and kind == "exact" and word.isascii() and not lower.isascii():
            lower = without_accents(lower)  # "Ugnė" as a name typed without its marks says it
        if kind == "prefix":
            if _a_name_built_on(word, tok):
                return False  # "kangjei*" is no "Kangjeibung", a place
            if stem_of(word, lower) or stem_of(word, tok.lemma):
                return True
        elif lower == word or tok.lemma == word:
            return True
        return fuzzy and not tok.known and _near(lower, word, prefix=kind == "prefix")

    def find(
        self,
        words: Sequence[Token],
        index: WordIndex | None = None,
        *,
        fuzzy: bool = True,
        fold: bool = True,
    ) -> list[tuple[int, int]]:
        """Every match as ``(first, last_exclusive)`` positions in ``words`` (``index``:
        the same words indexed, so only places the first part can match are tried;
        ``fuzzy``: misspellings match too, and modifiers may stand between words)."""
        n = len(self.parts)
        starts: Iterable[int] = range(len(words) - n + 1)
        if index is not None and self.parts[0][0] == "exact":
            starts = index.starts(self.parts[0][1], len(words) - n + 1)
        hits: list[tuple[int, int]] = []
        for at in starts:
            end = self._match_from(words, at, fuzzy, fold)
            if end is not None:
                hits.append((at, end))
        return hits

    def _match_from(
        self, words: Sequence[Token], at: int, fuzzy: bool, fold: bool = True
    ) -> int | None:
        """Where a match starting at ``at`` ends (exclusive), or ``None``. Between two
        words of a cue, up to three words that only modify the next one may stand ("made
        dinner" in "made a proper dinner", "fed the cat" in "fed the neighbour's cat")."""
        if not self._part_matches(self.parts[0], words[at], fuzzy, fold):
            return None
        pos = at + 1
        for part in self.parts[1:]:
            if pos >= len(words):
                return None
            if self._part_matches(part, words[pos], fuzzy, fold):
                pos += 1
                continue
            if (
                part[0] == "number"
                and _is_currency(words[pos].text)
                and pos + 1 < len(words)
                and self._part_matches(part, words[pos + 1], fuzzy, fold)
            ):
                pos += 2  # "sent ₪2,200 to Nanay": the sign and its amount
                continue
            if not fuzzy or part[0] not in ("exact", "prefix"):
                return None
            ends = range(pos + 1, min(pos + _MAX_GAP + 1, len(words)))
            target = next(
                (t for t in ends if self._part_matches(part, words[t], fuzzy, fold)), None
            )
            if target is None or not _modifies(words[pos - 1 : target + 1]):
                return None
            pos = target + 1
        return pos


_MAX_GAP: Final = 3
# Words as notes shorten them, read as the words a cue spells out.
_SHORTHAND: Final = {"w/": "with", "w": "with", "b/c": "because", "bc": "because"}


def _is_currency(text: str) -> bool:
    """A currency sign alone ("₪", "₦", "$", "£")."""
    return len(text) == 1 and text in CURRENCY_SIGNS


_MODIFIER_POS: Final = frozenset({"DET", "ADJ", "NUM", "PRON", "NOUN", "PROPN", "ADV", "PART"})


def _modifies(span: Sequence[Token]) -> bool:
    """The words between the first and the last of ``span`` all modify the last (directly
    or through one another), one space apart in one phrase: determiners, adjectives,
    numbers, possessives, compounds; not a word that denies it ("did no seva")."""
    gap, target = span[1:-1], span[-1]
    inside = {t.i for t in gap} | {target.i}
    return all(b.start - a.end <= 1 for a, b in pairwise(span)) and all(
        t.pos in _MODIFIER_POS
        and t.lower not in NEGATORS
        and (t.text[:1].isalnum() or t.dep == "case")
        and t.head in inside
        and t.head != t.i
        for t in gap
    )


class WordIndex:
    """Where each word (as written or as its lemma) stands in a list of tokens, and which
    tokens the dictionary does not know (they may be misspellings of any cue word)."""

    def __init__(self, words: Sequence[Token]) -> None:
        self._at: dict[str, list[int]] = {}
        for i, tok in enumerate(words):
            self._at.setdefault(tok.lower, []).append(i)
            if tok.lemma != tok.lower:
                self._at.setdefault(tok.lemma, []).append(i)
            if not tok.lower.isascii() and (bare := without_accents(tok.lower)).isascii():
                self._at.setdefault(bare, []).append(i)  # "Ugnė" for a name's "Ugne"
        self._unknown = [i for i, tok in enumerate(words) if not tok.known]

    def starts(self, word: str, limit: int) -> list[int]:
        """Positions below ``limit`` whose token may match the exact cue word ``word``."""
        found = set(self._at.get(word, ()))
        if len(word) >= _FUZZY_MIN:
            found.update(self._unknown)
        return sorted(i for i in found if i < limit)


@lru_cache(maxsize=8192)
def _parsed_cue(text: str) -> Cue:
    return Cue.parse(text)


@dataclass(frozen=True)
class CueMatch:
    """Cue ``cue`` matched the tokens ``first..last`` (token indexes into the parse)."""

    cue: str
    first: int
    last: int


def as_written(parsed: ParsedText, match: CueMatch) -> bool:
    """The cue matched its words as written, not only a misspelling of them ("sauna" in
    "in sauna", not "Sanna")."""
    cue = _parsed_cue(match.cue)
    return all(
        tok.known or any(cue._part_matches(part, tok, fuzzy=False) for part in cue.parts)
        for tok in parsed.tokens[match.first : match.last + 1]
    )


def phrase_head(parsed: ParsedText, match: CueMatch) -> Token:
    """The token of a cue match whose head lies outside the match (its syntactic head)."""
    inside = range(match.first, match.last + 1)
    for i in inside:
        tok = parsed.tokens[i]
        if tok.head not in inside or tok.head == tok.i:
            return tok
    return parsed.tokens[match.last]


def _variants(
    text: str, words: Sequence[Token], index: WordIndex, *, fuzzy: bool = True, fold: bool = True
) -> list[tuple[int, int]]:
    """Matches of a cue and of its hyphenated words as people also write them: split as
    a tokenizer splits them ("push-ups" is read as "push", "-", "ups"), spaced ("sit
    ups"), closed up ("situps"), and a word without its number ("omega-3": "omega");
    an exclusion (not ``fuzzy``) only as written ("walk-in" is not "walk in the park");
    a word typed without marks also as written with them (``fold``: "ugne" in "Ugnė")."""
    hits = _parsed_cue(text).find(words, index, fuzzy=fuzzy, fold=fold)
    if "-" in text.strip("-*"):
        for joint in (" - ", " ", "") if fuzzy else (" - ",):
            hyphenless = _parsed_cue(_HYPHEN.sub(joint, text))
            hits.extend(hyphenless.find(words, index, fuzzy=fuzzy, fold=fold))
        bare = _NUMBER_TAIL.sub("", text)
        if fuzzy and bare != text and len(bare.rstrip("*")) >= 4:
            hits.extend(_parsed_cue(bare).find(words, index, fuzzy=fuzzy, fold=fold))
    return hits


_HYPHEN: Final = re.compile(r"(?<=\w)-(?=\w)")
_NUMBER_TAIL: Final = re.compile(r"(?<=[^\W\d])-\d+\b")


def find_cues(
    parsed: ParsedText, cues: Sequence[str], exclude: Sequence[str] = ()
) -> list[CueMatch]:
    """Matches of ``cues`` in text order, minus those an exclusion phrase overlaps."""
    words = [t for t in parsed.tokens if t.pos != "SPACE" and t.text.strip()]
    index = WordIndex(words)
    blocked: set[int] = set()
    for phrase in exclude:  # as written: a misspelt cue word is no idiom ("stretchd")
        for a, b in _variants(phrase, words, index, fuzzy=False):
            blocked.update(w.i for w in words[a:b])
    # A cue that only spells another without its marks ("daye" of "Dayê") is for bodies
    # typed without them; a body's marked word is the marked cue's to read.
    unmarked = {without_accents(c) for c in cues if not c.isascii()} & set(cues)
    found: dict[int, CueMatch] = {}
    for text in cues:
        for a, b in _variants(text, words, index, fold=text not in unmarked):
            first, last = words[a].i, words[b - 1].i
            if any(i in blocked for i in range(first, last + 1)):
                continue
            found.setdefault(first, CueMatch(text, first, last))
    return [found[k] for k in sorted(found)]

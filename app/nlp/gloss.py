"""A habit's name, written in another language, in plain English words.

A writer may name a habit in their first language ("Limpiar paneles", "Lire 20 pages",
"Koşu 5 km") and tell it in English in the journal ("Panels cleaned at 7"). The glossary
in ``app/resources/lexicons/name_gloss_v1.json`` holds the words habit names use in some fifty
languages, some in their own script ("Читать 20 страниц") and some romanised ("Benkyou 1
jikan"): activities, things, units and the function words between them, keyed by the word
as written and kept clear of English words, cue words and given names; one more table
holds Chinese, Japanese and Korean words in their scripts ("尺八 20分"), which run their
words together and are cut into the longest pieces it holds. A name is read in the one
language most of its words belong to, word by word; words the glossary does not hold stay
as they are.

No maintained offline bilingual word list is on the package index (translation packages
download models or call a service), so the glossary is a resource of the app's own.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Final

from spacy.lang.en.stop_words import STOP_WORDS

from app.domain.text import CJK_SCRIPT, LETTERS, RUN_IN_SCRIPT, without_accents
from app.nlp.forms import is_english_word
from app.resources import name_gloss

_WORD: Final = re.compile(rf"{LETTERS}+(?:['’]{LETTERS}+)?", re.UNICODE)
_BARE_SHORTEST: Final = 5
"""A word typed without its accents ("cancion") is looked up bare only when this long:
short bare forms are English words too ("tap", "doc")."""


_CONTENT_SHORTEST: Final = 4
"""A name is read as another language's only when the glossary holds one of its words this
long: function words alone ("da", "con") are as often a name's or English."""
_ENGLISH_AROUND: Final = 2
"""English words enough around one capitalised word another language holds for the name
to be English with a person's name in it ("Kids homework Dawa/Nima")."""
_MARKED_SHORTEST: Final = 3
"""A shorter word reads as another language's when it carries an accent or a mark
("gọi", "đọc"): no English word is written so."""


def _content(word: str) -> bool:
    """A word that can say which language a name is in: long enough, or short but marked
    with a letter English does not write ("Gọi cho Má": "gọi"), or written in another
    script than the Latin one ("Біг у Стромовці": "біг")."""
    return len(word) >= _CONTENT_SHORTEST or (
        len(word) >= _MARKED_SHORTEST and (_bare(word) != word or _other_script(word))
    )


def _english(word: str) -> bool:
    """An English word, or the plural of one ("kids")."""
    return is_english_word(word) or (word[-1:] in "sS" and is_english_word(word[:-1]))


def _other_script(word: str) -> bool:
    return any(ch.isalpha() and not unicodedata.name(ch, "").startswith("LATIN") for ch in word)


def _is_mark(ch: str) -> bool:
    return unicodedata.category(ch).startswith("M")


def _marked(word: str) -> bool:
    """A word written with combining marks as its script spells it (Indic and South-East
    Asian vowel signs), not only with accented letters of its own."""
    return any(_is_mark(ch) for ch in word)


def _bare(word: str) -> str:
    return without_accents(word)


@cache
def _tables() -> tuple[tuple[str, Mapping[str, str]], ...]:
    """Per language, its words (as written, and bare of accents when long) to English."""
    data = json.loads(name_gloss())
    out: list[tuple[str, Mapping[str, str]]] = []
    for language, words in data["languages"].items():
        table: dict[str, str] = {}
        for key, english in words.items():
            table[key.lower()] = english
        for key, english in words.items():
            if _marked(key):
                continue  # "ધ્યાન" bare of its vowel signs is no word
            bare = _bare(key.lower())
            if len(bare) >= _BARE_SHORTEST:
                table.setdefault(bare, english)
        out.append((language, table))
    return tuple(out)


@cache
def _false_friends() -> Mapping[str, Mapping[str, str]]:
    """Per language, its words that are English words too ("lecture", "probe"): read so
    only in a name the language's table already claims."""
    data = json.loads(name_gloss())
    return {
        language: {key.lower(): english for key, english in words.items()}
        for language, words in data.get("false_friends", {}).items()
        if isinstance(words, dict)
    }


# Languages that write a compound as one word, its last part saying what it is
# ("Hüftgymnastik": hip "gymnastik"; "Kvällspromenad"): a compound the table lacks reads
# as its longest known last part.
_COMPOUNDING: Final = frozenset({"de", "nl", "sv_no_da", "fi", "lb", "is", "af", "fy", "fo"})
_TAIL_SHORTEST: Final = 4
_HEAD_SHORTEST: Final = 3


def _tails(word: str, table: Mapping[str, str]) -> Iterator[str]:
    """The last parts of ``word`` (lower-case) the table holds, longest first."""
    for start in range(_HEAD_SHORTEST, len(word) - _TAIL_SHORTEST + 1):
        if word[start:] in table:
            yield word[start:]


def _tail(word: str, table: Mapping[str, str]) -> str | None:
    """The English of the longest last part of ``word`` the table holds."""
    for tail in _tails(word.lower(), table):
        if not _says_when(table[tail]):
            return table[tail]  # not "Saunailta" as "evening": the sauna's evening
    return None


_LONGEST_KEY: Final = 6
_LONGEST_MARKED_KEY: Final = 16
"""Longest piece looked up in a run-in word: six characters of Chinese, Japanese or
Korean, more code points in a script whose vowel signs are marks ("တရားထိုင်" is nine)."""
_NUMBER_BEFORE: Final = re.compile(r"\d$")


def _pieces(
    word: str, table: Mapping[str, str], *, compounding: bool = False
) -> list[tuple[str, str | None]]:
    """A word of a script that runs its words together ("NHKラジオ英会話",
    "တရားထိုင်ခဲ့တယ်") cut into the longest pieces the glossary holds, each with its
    English (None for a run it does not hold; a piece never ends before a vowel sign);
    a word of other scripts is one piece (in a compounding language, read by its last
    part when the table lacks it whole)."""
    if not RUN_IN_SCRIPT.search(word):
        english = table.get(word.lower())
        if (
            english is None
            and compounding
            and not _english(word)
            and word.lower() not in STOP_WORDS
        ):
            english = _tail(word, table)  # not "without" as Dutch "wit" + "hout" (wood)
        return [(word, english)]
    out: list[tuple[str, str | None]] = []
    at = 0
    longest = _LONGEST_KEY if CJK_SCRIPT.search(word) else _LONGEST_MARKED_KEY
    while at < len(word):
        for end in range(min(len(word), at + longest), at, -1):
            if word[at:end] in table and (end == len(word) or not _is_mark(word[end])):
                out.append((word[at:end], table[word[at:end]]))
                at = end
                break
        else:
            if out and out[-1][1] is None:
                out[-1] = (out[-1][0] + word[at], None)
            else:
                out.append((word[at], None))
            at += 1
    return out


@cache
def _run_in_table() -> Mapping[str, str]:
    """Every word of the glossary in a script that runs its words together, Chinese,
    Japanese and Korean first."""
    out: dict[str, str] = {}
    for _, table in sorted(_tables(), key=lambda item: item[0] != "cjk"):
        for key, english in table.items():
            if RUN_IN_SCRIPT.search(key):
                out.setdefault(key, english)
    return out


def run_in_pieces(word: str) -> list[str]:
    """A token of a script that runs its words together cut into the glossary's words
    and the runs between them ("今日は尺八を練習した": "今日", "は", "尺八", "を", "練習",
    "した"); any other token whole."""
    if not RUN_IN_SCRIPT.search(word):
        return [word]
    out: list[str] = []
    for piece, _ in _pieces(word, _run_in_table()):
        if out and out[-1][-1:].isdigit():
            out[-1] += piece  # "2時間", "9,420歩": a count keeps its counter
        else:
            out.append(piece)
    return out


def run_in_words(name: str) -> list[str]:
    """The words of a script that runs its words together the glossary finds in
    ``name``, as written, but for counters and units ("尺八 20分": "尺八";
    "NHKラジオ英会話": "ラジオ", "英会話"; "တရားထိုင် 20 min": "တရားထိုင်"): an entry may
    write them so."""
    table = _run_in_table()
    return [
        piece
        for m in _WORD.finditer(name)
        if RUN_IN_SCRIPT.search(m.group())
        for piece, english in _pieces(m.group(), table)
        if english is not None and english not in _COUNTED
    ]


_COUNTED: Final = frozenset({"min", "hours", "steps", "sheet", "pages", "times"})
_PART_SHORTEST: Final = 5
_WHEN_WORDS: Final = frozenset({"morning", "evening", "night", "day", "daily", "week", "noon"})


def _says_when(english: str) -> bool:
    """The English of a word names a time of day or a day ("evening", "full-moon day")."""
    return bool(_WHEN_WORDS & set(english.lower().split()))


def compound_parts(name: str) -> list[str]:
    """Words the glossary holds that open a longer word of ``name`` in the same language,
    as written ("Avantouinti": "avanto", the ice hole of ice swimming), or, in a language
    that compounds, end a word it lacks whole ("Bluttdrockpëll": "pëll"): a writer may
    say the part alone."""
    out: list[str] = []
    for language, table in _tables():
        for m in _WORD.finditer(name):
            word = m.group().lower()
            if word not in table:
                if language in _COMPOUNDING and not _english(word):
                    tail = next(_tails(word, table), None)  # the longest only
                    if tail is not None and tail not in out and not _says_when(table[tail]):
                        out.append(tail)  # "Bluttdrockpëll": "pëll", the pill, said alone
                continue
            out.extend(
                word[:end]
                for end in range(len(word) - 3, _PART_SHORTEST - 1, -1)
                if word[:end] in table
                and word[:end] not in out
                and not _says_when(table[word[:end]])  # "Abendessen"
            )
    return out


# Languages whose verbs are named by the infinitive and told in the past by the stem
# ("Estirar 15 min", then "Estiré 15'", "Estiramiento 20'").
_INFINITIVES: Final = {
    "es": ("ar", "er", "ir"),
    "pt": ("ar", "er", "ir"),
    "it": ("are", "ere", "ire"),
}
_STEM_SHORTEST: Final = 5


def verb_stems(name: str) -> list[str]:
    """The stems of the infinitives of ``name`` in Spanish, Portuguese or Italian as the
    glossary holds them, long enough and no English word, each with a ``*`` ("Estirar":
    "estir*"; not "along" of Portuguese "Alongar")."""
    tables = dict(_tables())
    out: list[str] = []
    for m in _WORD.finditer(name):
        word = m.group().lower()
        for language, endings in _INFINITIVES.items():
            if word not in tables.get(language, {}):
                continue
            stem = next((word[: -len(e)] for e in endings if word.endswith(e)), "")
            if len(stem) >= _STEM_SHORTEST and not _english(stem) and f"{stem}*" not in out:
                out.append(f"{stem}*")
    return out


def in_english(name: str) -> str:
    """``name`` with each word the glossary knows in English, read in the language most of
    its words belong to ("Limpiar paneles" → "clean panels", "Traducir 1 canción" →
    "translate 1 song"); a name none of whose words it knows comes back unchanged."""
    words = list(_WORD.finditer(name))
    if not words:
        return name
    best: Mapping[str, str] = {}
    best_language = ""
    best_count = (0, 0)
    for language, table in _tables():
        compounding = language in _COMPOUNDING
        held = [
            piece
            for m in words
            for piece, english in _pieces(m.group(), table, compounding=compounding)
            if english is not None
        ]  # the words of substance first: "El salawat fi": Arabic, not Spanish "el"
        count = (sum(1 for piece in held if _content(piece)), len(held))
        if count > best_count:
            best, best_language, best_count = table, language, count
    compounding = best_language in _COMPOUNDING
    known = [
        k
        for k, m in enumerate(words)
        for piece, english in _pieces(m.group(), best, compounding=compounding)
        if (_content(piece) or RUN_IN_SCRIPT.search(piece)) and english is not None
    ]
    if not known:
        return name  # only a short word ("Phone Da"): English with a name in it
    if all(k > 0 and words[k].group()[:1].isupper() for k in known) and (
        sum(
            1
            for k, m in enumerate(words)
            if k not in known and len(m.group()) >= _CONTENT_SHORTEST and _english(m.group())
        )
        >= _ENGLISH_AROUND
    ):
        return name  # "Kids homework Dawa/Nima": a person's name, not Swahili "dawa"
    best = {
        **dict(_tables()).get("cjk", {}),  # Hangul or kanji in a romanised name ("omma 통화")
        **_false_friends().get(best_language, {}),  # "Lecture du jour"
        **best,
    }
    out: list[str] = []
    at = 0
    for m in words:
        out.append(name[at : m.start()])
        for piece, english in _pieces(m.group(), best, compounding=compounding):
            said = piece if english is None else english
            if (
                CJK_SCRIPT.search(piece)
                and out
                and (_NUMBER_BEFORE.search(out[-1]) or (english and out[-1][-1:].isalpha()))
            ):
                out.append(" ")  # "9000歩": "9000 steps"; "ラジオ英会話": "radio english"
            out.append(said)
        at = m.end()
    out.append(name[at:])
    return "".join(out)


_GLOSSED_SHORTEST: Final = 4
_SAME_LANGUAGE: Final = 2
"""Words of one table an entry must hold before any of them is read in English: one
word alone may be another language's ("raha", money in Finnish, in a Hinglish "kar
raha")."""


def entry_glosses(words: list[str]) -> dict[str, str]:
    """The English word for each lowercase word of an entry that is no English word and
    that one language the glossary holds, with another word of that language in the
    entry, reads as one English word ("Let the dibé out", with "shimá" beside it: "dibé"
    is "sheep"), and each word of a script that runs its words together the glossary
    holds, its script saying its language ("練習": "practice"); words read two ways are
    left out."""
    run_in = _run_in_table()
    said: dict[str, set[str]] = {
        w: {run_in[w]} for w in words if RUN_IN_SCRIPT.search(w) and w in run_in
    }  # the script says the language: "練習" is practice
    candidates = {
        w
        for w in words
        if w.islower()
        and (len(w) >= _GLOSSED_SHORTEST or (len(w) >= _MARKED_SHORTEST and _content(w)))
        and not _english(w)
        and w not in STOP_WORDS
    }
    for language, table in _tables():
        if language == "cjk":
            continue
        held = [w for w in candidates if w in table]
        if len(held) < _SAME_LANGUAGE:
            continue
        for w in held:
            said.setdefault(w, set()).add(table[w])
    return {w: next(iter(e)) for w, e in said.items() if len(e) == 1 and " " not in next(iter(e))}


def names_a_time(word: str) -> bool:
    """A word the glossary reads as a time of day or a day ("poya", the full moon day;
    "pagi", morning): when a habit is done, not what."""
    low = word.lower()
    return any(
        _says_when(table[low])
        for language, table in _tables()
        if language != "cjk" and low in table
    )

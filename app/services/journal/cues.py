"""Cue words per habit and practice: seeded from the name, seen and edited by the user."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Final

from sqlalchemy import select

from app import resources
from app.domain.journal.counts import EMOJI_WORDS
from app.domain.journal.cues import (
    MAX_CUES,
    QUALITY_WORDS,
    CueError,
    CueFamily,
    asks_a_call,
    clean_cues,
    families_from_json,
    is_abstinence,
    name_words,
    seed_cues,
    whom_in,
    without_when,
)
from app.domain.journal.measures import unit_of
from app.domain.journal.rules import NAME_WORD, WHERE_IN_BRACKETS, named_person, person_cues
from app.domain.text import HAN_OR_KANA, RUN_IN_SCRIPT
from app.nlp.forms import is_english_word, is_given_name, is_verb, word_forms
from app.nlp.gazetteer import KINSHIP, gazetteer
from app.nlp.gloss import compound_parts, in_english, names_a_time, run_in_words, verb_stems
from app.nlp.script import in_latin_letters
from app.services.changes import Changes, OpResult
from app.services.errors import InvalidInputError
from app.services.journal.targets import target_row
from app.store import Database
from app.store.models import Habit, Practice


@cache
def cue_families() -> tuple[CueFamily, ...]:
    """The seed lexicon shipped in ``app/resources/cues`` (read once)."""
    return families_from_json(json.loads(resources.habit_cues()))


@dataclass(frozen=True)
class CueInfo:
    target_type: str
    target_id: int
    name: str
    cues: tuple[str, ...]
    exclude: tuple[str, ...]
    seeded: bool
    """True while the user has not edited them (they follow the name)."""

    @property
    def abstinence(self) -> bool:
        """A habit of not doing something: never read as done, whatever its words."""
        return is_abstinence(self.name)


def name_in_english(name: str) -> str:
    """The name in English where it is written in another language the glossary knows
    ("Inglés 10 palabras": "english 10 words"); empty when it reads as it is."""
    english = in_english(name)
    return "" if english == name else english


def _emoji_said(name: str) -> str:
    """The name with each emoji a log item is read by said in words ("Woo Yaay 📞": a
    call; "Chade hata 🚶": a walk)."""
    said = "".join(
        f" {word} "
        if (word := _NAME_EMOJI.get(ch) or _ANIMALS.get(ch) or EMOJI_WORDS.get(ch))
        else ch
        for ch in name
    )
    return " ".join(said.split()) if said != name else name


# A phone in a name asks for a call (in a log, "📞 ✓" is told as "rang"); money with
# wings, money sent.
_NAME_EMOJI: Final = {"📞": "call", "☎": "call", "💸": "send money"}  # "Envoi Mama Moroni 💸"
# A farm animal in a name says whom the deed is for ("Piyos – maíz y agua 🐔": the hens'
# corn and water, read by the livestock family's words, not the drinking family's).
_ANIMALS: Final = {
    "🐔": "hens", "🐓": "hens", "🐣": "chicks", "🐥": "chicks", "🐄": "cows", "🐮": "cows",
    "🐐": "goats", "🐑": "sheep", "🐖": "pigs", "🐷": "pigs", "🦆": "ducks", "🐇": "rabbits",
}  # fmt: skip


@lru_cache(maxsize=4096)
def _seeded(name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    said = _emoji_said(name)
    if said != name and (
        not any(family.matches_name(name_in_english(name) or name) for family in cue_families())
        or any(ch in _ANIMALS for ch in name)  # "Nkhuku: feed, water, clean 🐔": the hens'
    ):
        name = said  # not where the words say it ("Make bed 🛏️" is no going to bed)
    english = name_in_english(name)  # "Limpiar paneles": "clean panels"
    if english and is_abstinence(english):
        return (), ()  # "Чай без сахара", tea without sugar: the sugar held back
    seeded, exclude = seed_cues(english or name, cue_families(), word_forms)
    if english:  # and the words glossed, as the entries may still say them
        kept = set(english.lower().split())
        glossed = " ".join(  # not when it is done ("English class Minggu")
            w
            for w in without_when(name).split()
            if w.lower() not in kept
            and (len(w) > 3 or (len(w) == 3 and not w.isascii()) or _han_or_kana_word(w))
            and not names_a_time(w)  # "Poya sil"
            and unit_of(w.strip("+.,;:()")) is None  # "Sjósund 5 mín+": minutes
            and not (w[:1].isupper() and in_english(w).lower() in KINSHIP)  # "Woo Yaay 📞"
            and in_english(w).lower() not in QUALITY_WORDS  # "Bain froid": no "froid" alone
        )
        parts = [*compound_parts(name), *verb_stems(name)]  # "Avantouinti": "avanto"; "estir*"
        seeded = list(dict.fromkeys([*seeded, *name_words(glossed), *parts]))[:MAX_CUES]
    seeded = list(dict.fromkeys([*seeded, *run_in_words(name)]))[:MAX_CUES]  # "尺八 20分"
    if not any(family.matches_name(english or name) for family in cue_families()):
        seeded = list(dict.fromkeys([*seeded, *_hyphen_parts(name)]))[:MAX_CUES]
    latin = _pictures_of_doings(in_latin_letters(name))
    if RUN_IN_SCRIPT.search(name):  # "太極 6點": no "dian", the hour's counter, alone
        latin = " ".join(w for w in latin.split() if not w[:1].isdigit())
    if latin != name:  # "Домра 40 мин": also "domra", as the entries may spell it
        more, more_exclude = seed_cues(latin, cue_families(), word_forms)
        more = [cue for cue in more if "_" not in cue]  # an emoji's code ("deciduous_tree")
        if english:  # "Біг у Стромовці", read "run in …": not "big", an English word
            more = [
                cue
                for cue in more
                if not is_english_word(cue.rstrip("*"))
                and in_english(cue.rstrip("*")).lower() not in QUALITY_WORDS  # "froid"
            ]
        seeded = list(dict.fromkeys([*seeded, *more]))[:MAX_CUES]
        exclude = list(dict.fromkeys([*exclude, *more_exclude]))[:MAX_CUES]
    seeded = person_cues(english or name, _without_opening_person(name, seeded))
    if english and _same_person(name, english):  # "Ring Mamma i Alta", read "Ring mom i
        seeded = person_cues(name, seeded)  # Alta": "called mamma" too
    if english:  # "Annemi ara": the glossed words of a person are no deed alone
        seeded = _without_bare_person(english, seeded, name)
    elif not asks_a_call(name):
        seeded = _without_whom(name, seeded)
    return tuple(seeded), tuple(exclude)


_HYPHENED: Final = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)+")


def _hyphen_parts(name: str) -> list[str]:
    """The parts of a hyphened word of another language that a writer may say alone
    ("Dua-e-Kumayl": "kumayl*"; "Alap-Beth": "alap"), four letters or more, no English
    word and no given name ("Basic-Fit" keeps no "fit", "Alap-Beth" no "beth"); read for
    a name no family knows (not "turno" of "Alongar lombar pós-turno")."""
    return [
        f"{part}*" if len(part) >= 5 else part
        for word in _HYPHENED.findall(name)
        for part in word.lower().split("-")
        if len(part) >= 4
        and not is_english_word(part)
        and not is_given_name(part.title())
        and not names_a_time(part)
    ]


_PICTURE_NAME: Final = re.compile(r":([a-z0-9_+-]+):")


def _pictures_of_doings(latin: str) -> str:
    """A name in Latin letters with each picture's name kept where it names an activity
    ("Training ⚽": "soccer") and left out where it does not ("Inipi 🔥": no "fire";
    "Ҡурай 20 min 🎶": no "notes")."""

    def said(picture: re.Match[str]) -> str:
        words = picture.group(1).replace("_", " ")  # its words, not a cue alone ("person")
        known = any(f.matches_name(words) for f in cue_families())
        return f" {picture.group(1)} " if known else " "

    return " ".join(_PICTURE_NAME.sub(said, latin).split())


def _same_person(name: str, english: str) -> bool:
    """The name as written reaches the word its English reading reaches ("Ring Mamma i
    Alta", "Ring mom i Alta"), not another ("Muamo Anus 📞", read "mother Anus": not
    Anus, where she lives)."""
    person, read = named_person(name), named_person(english)
    if person is None or read is None:
        return person is not None
    written = [w.lower() for w in NAME_WORD.findall(name)]
    said = [w.lower() for w in NAME_WORD.findall(english)]
    if len(written) != len(said) or read[0] not in said or person[0] not in written:
        return True
    return written.index(person[0]) == said.index(read[0])


def _han_or_kana_word(word: str) -> bool:
    """A word of two Chinese characters or kana or more, no number in it ("太極", as
    written too; not "6點")."""
    return len(word) >= 2 and HAN_OR_KANA.search(word) is not None and word.isalpha()


def _without_bare_person(name: str, cues: list[str], written: str) -> list[str]:
    """The cues without the word alone of the one person a habit reaches ("Annemi ara",
    "my mother call": not every "mother"), nor where they are ("Tel Okaasan (Nara)"): a
    call or visit is told by its deed. ``name`` is read in English, ``written`` as written
    (the person of "Visit Maurluq" is hers, whom the glossary reads as kin, though "Visit
    grandmother" reaches no one)."""
    person = named_person(name)
    if person is None and (kin := named_person(written)) is not None:
        person = kin if in_english(kin[0]).lower() in KINSHIP else None
    if person is None:
        return cues
    where = {w.lower() for w in WHERE_IN_BRACKETS.findall(name)}  # "Tel Okaasan (Nara)"
    kept = [
        cue
        for cue in cues
        if cue.rstrip("*") != person[0]
        and cue.rstrip("*") not in where
        and cue.rstrip("*") not in KINSHIP  # "omma 통화" read "mom call": not "omma" alone
        and in_english(cue.rstrip("*")).lower() not in (KINSHIP | {person[0]})  # "muamo*"
    ]
    return kept if kept else cues


def _without_whom(name: str, cues: list[str]) -> list[str]:
    """The cues without a capitalised word alone of whom a deed is done for or with, nor a
    phrase only of such words ("Wave $50 pour Yaay": the sending, not every "Yaay"), while
    a cue is left."""
    whom = whom_in(name)
    kept = [cue for cue in cues if not whom.issuperset(cue.rstrip("*").split())]
    return kept if kept else cues


_WITH: Final = frozenset({"with", "w/", "c/", "avec", "con", "mit", "com"})


def _without_opening_person(name: str, cues: list[str]) -> list[str]:
    """The cues without the first name a habit's name opens with when it says what is
    done besides ("Ellie to swimming": the swimming, not every "Ellie")."""
    words = name.split()
    if len(words) < 2 or words[1].lower() in _WITH:
        return cues  # "Fidel with kids": the fidel (the alphabet) is done with them
    if not is_given_name(words[0]) and not _a_name_before_a_deed(words[0], words[1:]):
        return cues
    glossed = in_english(words[0]).lower()
    if glossed != words[0].lower() and glossed not in KINSHIP:
        return cues  # "Vaka out b4 sunrise": the boat a glossary reads, not a Vaka
    who = words[0].lower()
    if any(who in f.cues for f in cue_families() if f.matches_name(name)):
        return cues  # "Adriene 🧘": the yoga teacher whom the family itself reads alone
    kept = [cue for cue in cues if cue.rstrip("*") != who]
    if not kept:
        return cues
    # the name beside a word of what is done, as a log may put it ("Emir pickup 12:30")
    beside = [f"{who} {w}" for w in name_words(" ".join(words[1:]))][:2]
    return list(dict.fromkeys([*kept[: MAX_CUES - len(beside)], *beside]))


def _a_name_before_a_deed(first: str, rest: list[str]) -> bool:
    """A first name that is also a word ("Kelvin schoolwork", "Rose piano"), before words a
    family reads as what is done; not a verb ("Mark essays": the marking) nor a word of
    that family itself."""
    if not first[:1].isupper() or first.title() not in gazetteer().given_names:
        return False
    if is_verb(first.lower()):
        return False  # "Mark essays": the marking
    families = [f for f in cue_families() if f.matches_name(" ".join(rest))]
    return bool(families) and not any(f.matches_name(first) for f in families)


def effective_cues(name: str, stored: list[str] | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The cues a detection uses: the user's own, or the seed from the name; plus the
    seed families' exclusions ("ran out" is not running)."""
    seeded, exclude = _seeded(name)
    if stored is None:
        return seeded, exclude
    return tuple(stored), exclude


def get_cues(db: Database, target_type: str, target_id: int) -> CueInfo:
    with db.session(readonly=True) as session:
        row = target_row(session, target_type, target_id)
        cues, exclude = effective_cues(row.name, row.cues)
        return CueInfo(target_type, target_id, row.name, cues, exclude, row.cues is None)


def set_cues(
    db: Database, target_type: str, target_id: int, cues: list[str] | None
) -> OpResult[CueInfo]:
    """Replace the cue words (``None``: back to the seed from the name)."""
    try:
        cleaned = None if cues is None else clean_cues(cues)
    except CueError as exc:
        raise InvalidInputError(str(exc)) from None
    with db.session() as session:
        row = target_row(session, target_type, target_id)
        row.cues = cleaned
        session.flush()
        effective, exclude = effective_cues(row.name, row.cues)
        view = CueInfo(target_type, target_id, row.name, effective, exclude, row.cues is None)
    return OpResult(view, Changes(targets=frozenset({(target_type, target_id)})))


def list_cues(db: Database) -> dict[tuple[str, int], CueInfo]:
    """Every habit's and practice's cue words, in one read."""
    out: dict[tuple[str, int], CueInfo] = {}
    with db.session(readonly=True) as session:
        rows: list[tuple[str, Habit | Practice]] = [
            *(("habit", h) for h in session.scalars(select(Habit))),
            *(("practice", p) for p in session.scalars(select(Practice))),
        ]
        for target_type, row in rows:
            effective, exclude = effective_cues(row.name, row.cues)
            out[(target_type, row.id)] = CueInfo(
                target_type, row.id, row.name, effective, exclude, row.cues is None
            )
    return out

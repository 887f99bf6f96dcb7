"""Lexical counters: first person, swear words, lexicon file, per-page findings."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from app import resources
from app.domain import count_first_person, count_swear_words
from app.domain.notebooks import (
    EvidenceAnchor,
    LexicalCount,
    LexicalMatch,
    Lexicon,
    LexiconError,
    builtin_detector,
    default_lexicon,
    lexical_count,
    lexical_page_finding,
    load_lexicon,
)

MILD = [
    "crap",
    "crappy",
    "damn",
    "damned",
    "dammit",
    "hell",
    "bloody",
    "bugger",
    "bollocks",
    "screw",
    "screwed",
    "suck",
    "sucks",
    "sucked",
    "piss",
    "pissed",
    "arse",
]
STRONG = [
    "fuck",
    "fucks",
    "fucked",
    "fucker",
    "fucking",
    "motherfucker",
    "shit",
    "shits",
    "shitty",
    "bullshit",
    "ass",
    "asshole",
    "arsehole",
    "bitch",
    "bitches",
    "dick",
    "dickhead",
    "cock",
    "cunt",
    "twat",
    "wanker",
    "prick",
    "bastard",
    "goddamn",
    "goddamned",
    "jackass",
    "dumbass",
    "dipshit",
    "douche",
    "whore",
    "slut",
]


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("I think i know what I mean.", 3),
        ("I'm sure I've said it.", 2),
        ("", 0),
        ("In it, this is inside.", 0),
        ("I", 1),
        ("(i)", 1),
        ("I\u2019d go", 1),
        ("i2 2i", 0),
        ("Ii II", 0),
        ("ï í i\u0301", 0),
        ("iPhone, I-beam", 1),
    ],
)
def test_first_person(text: str, count: int) -> None:
    assert count_first_person(text).count == count


def test_first_person_details() -> None:
    result = count_first_person("I think i know what I mean.")
    assert result.samples == ("I", "i")
    assert [(m.start, m.end) for m in result.matches] == [(0, 1), (8, 9), (20, 21)]
    assert dict(result.category_counts) == {"first_person": 3}


def test_lexicon_file_holds_exactly_version_1() -> None:
    doc = json.loads(resources.swear_lexicon())
    assert doc["id"] == "swear_words_en_v1"
    assert doc["version"] == "1"
    assert doc["categories"] == {"mild": MILD, "strong": STRONG}
    lexicon = default_lexicon()
    assert lexicon.lexicon_id == "swear_words_en_v1"
    assert lexicon.version == "1"
    assert lexicon.categories["mild"] == tuple(MILD)
    assert lexicon.categories["strong"] == tuple(STRONG)
    assert lexicon.digest == hashlib.sha256(resources.swear_lexicon()).hexdigest()


def test_the_default_lexicon_ships_inside_the_package() -> None:
    shipped = resources.resource(resources.SWEAR_LEXICON)
    assert resources.SWEAR_LEXICON == "lexicons/swear_words_en_v1.json"
    assert shipped.is_file()


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("What the hell? This is fucking bullshit.", 3),
        ("Hello shell, classic assess, Scunthorpe", 0),
        ("", 0),
        ("HELL, Hell and hell", 3),
        ("damn-it, damn_it", 2),  # "_" is not alphanumeric
        ("shit2 2shit ashit", 0),
        ("motherfucker", 1),
        ("fucks", 1),
    ],
)
def test_swear_words(text: str, count: int) -> None:
    assert count_swear_words(text).count == count


def test_swear_words_details() -> None:
    result = count_swear_words("What the hell? This is fucking bullshit. Hell!")
    assert dict(result.category_counts) == {"mild": 2, "strong": 2}
    assert result.samples == ("hell", "fucking", "bullshit", "Hell")
    assert result.matches[0] == LexicalMatch(9, 13, "hell", "mild")
    zero = count_swear_words("clean")
    assert dict(zero.category_counts) == {"mild": 0, "strong": 0}
    assert zero.samples == ()
    assert zero.matches == ()


def _lexicon(tmp_path: Path, categories: dict[str, list[str]]) -> Lexicon:
    path = tmp_path / "lex.json"
    path.write_text(json.dumps({"id": "t", "version": 2, "categories": categories}))
    return load_lexicon(path)


def test_greedy_longest_first_without_overlap(tmp_path: Path) -> None:
    lex = _lexicon(tmp_path, {"a": ["hot dog", "hot"], "b": ["dog days", " DOG "]})
    result = count_swear_words("hot dog days, dog", lex)
    assert [(m.text, m.category) for m in result.matches] == [
        ("hot dog", "a"),
        ("dog", "b"),
    ]
    assert lex.version == "2"
    assert lex.categories["b"] == ("dog days", "dog")


def test_casefold_offsets_index_the_original_text(tmp_path: Path) -> None:
    lex = _lexicon(tmp_path, {"x": ["strasse", "ss", "hell"]})
    text = "Große STRASSE, Straße und ß hell"
    result = count_swear_words(text, lex)
    surfaces = [text[m.start : m.end] for m in result.matches]
    assert surfaces == [m.text for m in result.matches]
    assert surfaces == ["STRASSE", "Straße", "ß", "hell"]
    # "ss" inside "Große" is inside a word; "ß" alone folds to "ss" and matches whole.
    for m in result.matches:
        assert text[m.start : m.end].casefold() in lex.categories["x"]


def test_a_match_never_splits_a_folded_character(tmp_path: Path) -> None:
    lex = _lexicon(tmp_path, {"x": ["s"]})
    assert count_swear_words("ß", lex).count == 0  # "ss": half a character is no match
    assert count_swear_words("ŉ", _lexicon(tmp_path, {"x": ["n"]})).count == 0


@pytest.mark.parametrize(
    "content",
    [
        b"not json",
        b"\xff\xfe",
        b"[]",
        b'{"version": "1", "categories": {"a": ["x"]}}',
        b'{"id": "x", "categories": {"a": ["x"]}}',
        b'{"id": "x", "version": "1", "categories": {}}',
        b'{"id": "x", "version": "1", "categories": {"a": "x"}}',
        b'{"id": "x", "version": "1", "categories": {"a": [1]}}',
    ],
)
def test_bad_lexicon_files(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(LexiconError):
        load_lexicon(path)


def test_missing_lexicon_file(tmp_path: Path) -> None:
    with pytest.raises(LexiconError, match="Cannot read"):
        load_lexicon(tmp_path / "missing.json")


def test_lexical_count_dispatches_on_the_matcher() -> None:
    first = builtin_detector("first_person")
    swear = builtin_detector("swear_words")
    poetry = builtin_detector("poetry")
    assert first is not None
    assert swear is not None
    assert poetry is not None
    assert lexical_count(first, "I said hell").count == 1
    assert lexical_count(swear, "I said hell").count == 1
    with pytest.raises(ValueError, match="no lexical matcher"):
        lexical_count(poetry, "x")


def test_lexical_page_finding() -> None:
    swear = builtin_detector("swear_words")
    assert swear is not None
    text = "hell damn crap shit fuck bloody hell ass"
    count = count_swear_words(text)
    raw = lexical_page_finding(swear, count, position=4, page_id=40)
    assert raw is not None
    assert (raw.finding_type, raw.start, raw.end, raw.confidence) == ("swear_words", 4, 4, 1.0)
    assert raw.reason == "Swear words: count=8 (hell, damn, crap, shit, fuck)"
    assert dict(raw.data) == {
        "count": 8,
        "samples": ["hell", "damn", "crap", "shit", "fuck", "bloody", "ass"],
        "category_counts": {"mild": 5, "strong": 3},
    }
    assert len(raw.evidence) == 8
    assert raw.evidence[0] == EvidenceAnchor(40, 0, 4, "hell")
    for anchor in raw.evidence:
        assert text[anchor.anchor_start : anchor.anchor_end] == anchor.anchor_text


def test_lexical_page_finding_below_min_count_is_none() -> None:
    first = builtin_detector("first_person")
    assert first is not None
    assert lexical_page_finding(first, count_first_person("none"), position=0, page_id=1) is None
    raw = lexical_page_finding(first, count_first_person("I"), position=0, page_id=1)
    assert raw is not None
    assert raw.reason == "First person: count=1 (I)"


def test_samples_capped_at_twelve() -> None:
    words = [f"{w}" for w in ["hell", "Hell", "HELL", "hElL", "heLL", "HeLL", "hEll", "HEll"]]
    words += ["damn", "Damn", "DAMN", "dAmn", "daMn", "damN"]
    result = count_swear_words(" ".join(words))
    assert result.count == 14
    assert len(result.samples) == 12
    assert isinstance(result, LexicalCount)


def test_lexical_scan_series_has_every_candidate_with_zeros() -> None:
    from app.domain.notebooks import PageInput, lexical_scan

    swear = builtin_detector("swear_words")
    assert swear is not None
    pages = [PageInput(7, 1, "clean page"), PageInput(8, 2, "bloody hell, shit")]
    series, findings = lexical_scan(swear, pages)
    assert series == [
        {"page_id": 7, "order": 1, "count": 0, "category_counts": {"mild": 0, "strong": 0}},
        {"page_id": 8, "order": 2, "count": 3, "category_counts": {"mild": 2, "strong": 1}},
    ]
    assert [(f.start, f.end, f.data["count"]) for f in findings] == [(1, 1, 3)]
    assert findings[0].evidence[0].page_id == 8

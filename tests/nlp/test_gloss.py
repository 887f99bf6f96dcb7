"""A habit named in another language is read in English: its words for the families and
cues, its numbers for the count it asks for. Names of the test's own."""

from __future__ import annotations

import json

import pytest

from app import resources
from app.domain.journal.measures import count_target
from app.nlp.gloss import in_english
from app.services.journal.cues import effective_cues, name_in_english


@pytest.mark.parametrize(
    ("name", "english"),
    [
        ("Limpiar el baño", "clean the bathroom"),
        ("Lire 20 pages", "read 20 pages"),
        ("Nadar 1 km", "swim 1 km"),
        ("Leer 20 paginas", "read 20 pages"),  # typed without its accent
        ("Gitarre üben", "guitar practice"),
        ("Koşu 5 km", "run 5 km"),
        ("Đọc sách", "read book"),
    ],
)
def test_a_name_in_another_language_reads_in_english(name: str, english: str) -> None:
    assert in_english(name).lower() == english


@pytest.mark.parametrize(
    "name",
    [
        "Read 20 pages",  # English stays English
        "Tap dance",  # a short bare form is an English word, never glossed
        "Phone Da",  # a function word alone is no other language
        "Cueca con el grupo",
        "Guqin practice 25 min",  # words the glossary does not hold
    ],
)
def test_english_names_and_unknown_words_stay_as_written(name: str) -> None:
    assert in_english(name) == name
    assert name_in_english(name) == ""


def test_the_glossary_holds_no_common_english_word() -> None:
    data = json.loads(resources.name_gloss())
    english = {"a", "in", "on", "to", "me", "do", "so", "he", "it", "is", "an", "at", "be"}
    english |= {"go", "no", "of", "or", "up", "us", "we", "as", "if", "tap", "doc", "pain"}
    keys = {key for words in data["languages"].values() for key in words}
    assert len(keys) > 1000
    assert not keys & english
    assert all(key == key.lower() and " " not in key for key in keys)


def test_the_cues_of_a_glossed_name_are_english_and_its_own() -> None:
    cues, _ = effective_cues("Limpiar paneles solares", None)
    assert {"panels*", "limpiar*", "paneles*"} <= set(cues)
    assert any(cue.startswith("clean") for cue in cues)
    assert "las" not in effective_cues("Revisar las redes", None)[0]  # no function words


def test_a_glossed_name_asks_for_its_count_in_english() -> None:
    assert count_target(name_in_english("Leer 20 páginas")) == (20.0, "page")

"""Words of scripts whose vowel signs are combining marks (Gujarati, Devanagari,
Burmese) are read whole, and scripts that write their words without spaces (Chinese,
Japanese, Burmese) are cut into the glossary's words on both sides: the habit's name
and the entry. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.nlp.gloss import in_english, run_in_pieces, run_in_words
from app.nlp.parse import parse_text
from tests.services.test_cue_rules import habit_names


@pytest.mark.parametrize(
    ("name", "english"),
    [
        ("ધ્યાન 10 min", "meditat"),  # Gujarati: the vowel sign is no word break
        ("တရားထိုင် 20 min", "meditat"),  # Burmese
    ],
)
def test_a_name_in_a_script_with_vowel_signs_is_read(name: str, english: str) -> None:
    assert english in in_english(name).lower()


def test_a_run_in_word_of_a_name_is_kept_as_written() -> None:
    assert run_in_words("တရားထိုင် 20 min") == ["တရားထိုင်"]


def test_a_run_in_piece_never_ends_before_a_vowel_sign() -> None:
    pieces = run_in_pieces("တရားထိုင်ခဲ့တယ်")
    assert "".join(pieces) == "တရားထိုင်ခဲ့တယ်"
    assert pieces[0] == "တရားထိုင်"


def test_an_entry_in_a_run_in_script_is_cut_into_words_with_its_text_kept() -> None:
    text = "今日は尺八を練習した。 Then tea."
    parsed = parse_text(text)
    words = [tok.text for tok in parsed.tokens]
    assert "尺八" in words
    assert "練習" in words
    assert all(text[tok.start : tok.end] == tok.text for tok in parsed.tokens)


def test_latin_text_is_parsed_as_before() -> None:
    parsed = parse_text("Walked the dog, then tea.")
    assert [tok.text for tok in parsed.tokens][:3] == ["Walked", "the", "dog"]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("今日は尺八を練習した。", "尺八 20分"),  # the name's word inside a run-in sentence
        ("ညနေ တရားထိုင်ခဲ့တယ် 20 min", "တရားထိုင် 20 min"),
        ("Evening I sit meditation 20 min in my room.", "တရားထိုင် 20 min"),
        ("Sat ધ્યાન for 10 min before the shop opened.", "ધ્યાન 10 min"),
    ],
)
def test_a_habit_in_another_script_is_found(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


def test_a_plan_in_another_script_is_still_no_deed() -> None:
    assert habit_names("Tomorrow I will sit meditation 20 min.", "တရားထိုင် 20 min") == []

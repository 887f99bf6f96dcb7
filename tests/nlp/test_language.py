"""The language of a text with the real py3langid model."""

from __future__ import annotations

from app.nlp.language import (
    EnglishPart,
    detect_language,
    english_part,
    language_name,
    other_language,
    part_skip_reason,
    skipped_language,
)


def test_texts_long_enough_get_their_language() -> None:
    assert detect_language("Eigenlijk was het een rustige dag. Toen ik thuis kwam zag ik") == "nl"
    assert detect_language("Dziś byłam na basenie i przepłynęłam trzydzieści długości.") == "pl"
    assert other_language("Hoy fui a nadar al río y luego cociné para toda la familia.") == "es"
    assert language_name("nl") == "Dutch"


def test_english_and_short_or_unsure_texts_are_not_another_language() -> None:
    assert other_language("Went for a long walk by the river and then cooked dinner.") is None
    for terse in ("no run. knee.", "gym. legs. 5x5 squat 80kg.", "deel I", "Tired.", ""):
        assert other_language(terse) is None
    # English-lexified Nigerian Pidgin is read as English, not skipped.
    assert (
        other_language("Rang my mum for an hour this evening. Sunny for once, thank God!") is None
    )


WELSH_HYMN_PAGE = (
    "Copied out for the chapel concert from my grandmother's hymn book. Gwilym always "
    "wanted me on the tenor line:\n\n"
    "Dyma gariad fel y moroedd,\nTosturiaethau fel y lli:\n"
    "T'wysog bywyd pur yn marw,\nMarw i brynu'n bywyd ni.\n\n"
    "(ask Bethan which tune)"
)


def test_a_page_partly_in_another_language_is_read_without_those_paragraphs() -> None:
    part = english_part(WELSH_HYMN_PAGE)
    assert part is not None
    assert part.skipped == ("cy",)
    assert len(part.text) == len(WELSH_HYMN_PAGE)  # offsets still point into the page
    assert "Gwilym" in part.text
    assert "Bethan" in part.text
    assert "Dyma gariad" not in part.text
    assert "bywyd" not in part.text
    assert part_skip_reason(part.skipped) == (
        "a paragraph is written in Welsh, and this reader knows English only"
    )


def test_a_text_wholly_in_another_language_or_in_english_is_skipped_or_read_whole() -> None:
    welsh = "Dyma gariad fel y moroedd,\nTosturiaethau fel y lli:\n\nMarw i brynu'n bywyd ni."
    assert english_part(welsh) is None
    english = "Went for a long walk by the river and then cooked dinner for everyone."
    assert english_part(english) == EnglishPart(english)


def test_a_text_skipped_whole_names_its_language() -> None:
    page = (
        "Dyma gariad fel y moroedd,\nTosturiaethau fel y lli:\n"
        "T'wysog bywyd pur yn marw,\nMarw i brynu'n bywyd ni.\n\n(ask Bethan)"
    )
    assert english_part(page) is None
    assert skipped_language(page) == "cy"
    assert language_name("und") == "another language"

"""Names in more voices (issue 15, the fourth held-out notebook round): titles from
more languages, attributions after a dash, family names that say or own something,
vessels and products an article governs, businesses and places by their last word.
Each case is written in sentences of its own, with the real spaCy English model."""

from __future__ import annotations

import pytest

from app.nlp.people import find_people_in_pages


def _names(pages: list[str]) -> list[list[str]]:
    found = find_people_in_pages(pages)
    for mentions, text in zip(found, pages, strict=True):
        for m in mentions:
            assert text[m.start : m.end] == m.text
    return [[m.text for m in mentions] for mentions in found]


@pytest.mark.parametrize(
    ("page", "name", "title"),
    [
        ("Went over the accounts with Encik Zulkifli after lunch.", "Zulkifli", "Encik"),
        ("Puan Halimah brought kuih for the whole office.", "Halimah", "Puan"),
        ("Profesora Ibáñez moved the exam to the ninth.", "Ibáñez", "Profesora"),
        ("Engr Chukwuma signed off the pump at noon.", "Chukwuma", "Engr"),
    ],
)
def test_titles_from_more_languages_are_kept_apart(page: str, name: str, title: str) -> None:
    [found] = find_people_in_pages([page])
    assert [(m.text, m.title) for m in found] == [(name, title)]


def test_a_kinship_word_with_an_accent_alone_is_no_name() -> None:
    # "Papá" is "papa" with an accent; "Makcik" a Malay aunt.
    assert _names(["Papá fixed the gate and Makcik sent rice over for Nurul."]) == [["Nurul"]]


def test_who_a_quotation_is_attributed_to_after_a_dash() -> None:
    page = '"Patience is bitter, but its fruit is sweet."\n    — Rousseau\n\nCopied it twice.'
    assert _names([page]) == [["Rousseau"]]


def test_an_author_after_a_title_on_a_list_line_and_not_the_title() -> None:
    page = "To read:\n1. Season of Migration — Salih\n2. Ojos de perro azul — Ana Viteri"
    assert _names([page]) == [["Salih", "Ana Viteri"]]


def test_a_dash_in_a_diary_line_is_no_attribution() -> None:
    # a day's heading, then what happened: no one is named after the dash
    assert _names(["Sat 4 May — Walked to the harbour, then home."]) == [[]]


def test_a_family_name_that_says_something_is_a_person() -> None:
    assert _names(["It was, as Tolstoy wrote, a happy family in its own way."]) == [["Tolstoy"]]


def test_a_given_name_that_drives_somewhere_is_a_person_where_a_sentence_opens() -> None:
    # "Ginger" is also an English word; driving somewhere makes her someone.
    assert _names(["Ginger drove down from Leeds with the dog."]) == [["Ginger"]]


def test_someone_who_owns_a_thing_is_a_person() -> None:
    page = "Left the keys at home, so we used Ndlovu's spare set."
    assert _names([page]) == [["Ndlovu"]]


def test_a_run_an_article_governs_is_a_thing_on_every_page() -> None:
    pages = [
        "Sailed on the Sri Wangsa for six years.",
        "Old crew of Sri Wangsa still write at new year.",
    ]
    assert _names(pages) == [[], []]


def test_a_name_a_product_has_is_no_person() -> None:
    assert _names(["Ate a Pastel Rosa on the bus."]) == [[]]


@pytest.mark.parametrize(
    "page",
    [
        "Ordered the seals from Tan Hock Marine this morning.",
        "Camped two nights in the Ruaha Valley.",
        "Parked on Jln Kenanga by the school.",
    ],
)
def test_a_business_or_a_place_by_its_words_is_no_person(page: str) -> None:
    assert _names([page]) == [[]]


def test_where_one_moves_to_is_a_place() -> None:
    assert _names(["My brother is moving to Medellín in March."]) == [[]]


def test_an_interjection_is_no_name() -> None:
    assert _names(["Ah, the kettle again. Rang Wanjiru later."]) == [["Wanjiru"]]


def test_a_family_name_is_found_again_on_other_pages() -> None:
    pages = ["Met Tomasz Wierzbicki at the reading.", "Wrote half the Wierzbicki essay."]
    assert _names(pages) == [["Tomasz Wierzbicki"], ["Wierzbicki"]]

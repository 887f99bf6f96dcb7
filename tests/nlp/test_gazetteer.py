"""The name lists read from Faker's person and address data."""

from __future__ import annotations

from app.nlp.gazetteer import KINSHIP, TITLES, gazetteer, gazetteer_id, title_word


def test_given_names_of_many_cultures_with_and_without_accents() -> None:
    given = gazetteer().given_names
    for name in ("Bilal", "Zainab", "Wojciech", "Kwame", "Ngozi", "Chinedu", "Priya", "Józef"):
        assert name in given
    assert "Jozef" in given  # written without its accent
    assert all(n[0].isupper() for n in given)


def test_days_and_months_are_no_given_names_and_titles_are_known() -> None:
    given = gazetteer().given_names
    assert not {"April", "May", "June", "August", "Sunday"} & given
    assert {"mr", "dr", "aunty", "grandma", "babcia", "ammi"} <= TITLES
    assert "ammi" in KINSHIP
    assert title_word("Mrs.") == "mrs"
    assert gazetteer_id().startswith("faker-")

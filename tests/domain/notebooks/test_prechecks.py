"""Structure first: windows a built-in prompt detector cannot match (or whose findings
the lines already show) are not sent to the model."""

from __future__ import annotations

import pytest

from app.domain.notebooks import DetectorDefinition, PageInput, builtin_detector
from app.domain.notebooks.definitions import compile_custom_detector
from app.domain.notebooks.prechecks import structure_of, window_skip_reason


def _det(detector_id: str) -> DetectorDefinition:
    d = builtin_detector(detector_id)
    assert d is not None
    return d


def _pages(*texts: str) -> list[PageInput]:
    return [PageInput(page_id=i + 1, order=i, text=t) for i, t in enumerate(texts)]


def skip(detector_id: str, *texts: str) -> str | None:
    definition = _det(detector_id)
    pages = _pages(*texts)
    structure = structure_of(definition, pages, "text")
    assert structure is not None
    return window_skip_reason(definition, structure, range(len(pages)))


PROSE = "I walked to the harbour and back; the boat was late again and I went home."


def test_no_stanza_no_poem() -> None:
    reason = skip("poetry", PROSE, PROSE + " More.")
    assert reason is not None
    assert "poem" in reason
    # two short lines of language: not sure, so the model reads it
    assert skip("poetry", PROSE, "The tide goes out\nand the gulls come in") is None


@pytest.mark.parametrize("detector_id", ["lists", "todo_lists"])
def test_no_list_like_lines_no_list(detector_id: str) -> None:
    prose = "A long line of ordinary prose that goes on for quite a while, really.\n" * 3
    reason = skip(detector_id, prose, PROSE)
    assert reason is not None
    assert "list item" in reason
    for unsure in ("Shopping\n- milk", "1. call Anna"):  # one item: the model decides
        assert skip(detector_id, PROSE, unsure) is None, unsure


def test_a_checklist_is_read_from_its_lines_and_is_no_plain_list() -> None:
    for checklist in ("[ ] pay the fee\n[x] ring the bank", "☐ water plants", "TODO: ring it"):
        reason = skip("todo_lists", PROSE, checklist)
        assert reason is not None, checklist
        assert "read from its lines" in reason, checklist
        assert skip("lists", PROSE, checklist) is not None, checklist


def test_quotation_marks_attribution_or_dialogue_are_needed() -> None:
    reason = skip("quotations", PROSE, "It's fine; I'm tired. It was 'fine', apparently.")
    assert reason is not None
    assert "quotation" in reason
    for unsure in (
        'She said "go home".',
        "“Be kind.”",
        "Be kind, always.\n— my grandmother",
        "As Woolf wrote, a room of one's own.",
        "ANNA: are you coming?\nBEN: in a minute.",
    ):
        assert skip("quotations", unsure) is None, unsure
    sure = '"The mountain does not care whether you climb it."\n— T. Ferguson'
    assert "read from its lines" in (skip("quotations", sure) or "")


def test_custom_vision_and_other_detectors_never_read_structure() -> None:
    custom = compile_custom_detector(name="Dreams", instruction="Dreams I wrote down.")
    assert custom is not None
    one_line = _pages(PROSE)
    assert structure_of(custom, one_line, "text") is None
    assert structure_of(_det("beer_labels"), one_line, "text") is None
    assert structure_of(_det("poetry"), one_line, "vision") is None
    assert structure_of(_det("first_person"), one_line, "text") is None

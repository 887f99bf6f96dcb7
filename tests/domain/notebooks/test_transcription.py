"""Transcribed lines: storage shape, spans back to lines, page ranges, error rates, and the
vision route's reply."""

from __future__ import annotations

import pytest

from app.domain.notebooks.transcription import (
    PageLines,
    PageRangeError,
    TextLine,
    character_errors,
    from_json,
    line_spans,
    lines_covering,
    parse_page_ranges,
    parse_transcription_reply,
    rectangle,
    to_json,
    word_errors,
)

LINES = (
    TextLine("Dear Mary,", rectangle(10, 10, 200, 40)),
    TextLine("we walked to Bristol", rectangle(10, 50, 400, 80)),
    TextLine("on Tuesday.", rectangle(10, 90, 220, 120)),
)


def test_lines_round_trip_through_json_and_bad_items_lose_only_their_box() -> None:
    page = PageLines("tesseract", 640, 480, LINES)
    assert from_json(to_json(page)) == page
    assert page.text == "Dear Mary,\nwe walked to Bristol\non Tuesday."
    stored = to_json(page)
    stored["lines"][1]["points"] = [["x", 1]]
    stored["lines"].append({"points": [[1, 2]]})  # no text: dropped
    back = from_json(stored)
    assert back is not None
    assert [line.text for line in back.lines] == [line.text for line in LINES]
    assert back.lines[1].points == ()
    assert from_json({"lines": []}) is None
    assert from_json("nonsense") is None


def test_a_span_maps_to_the_lines_it_covers_even_after_an_edit_elsewhere() -> None:
    text = "Dear Mary,\nwe walked to Bristol\non Tuesday."
    start = text.index("Bristol")
    assert lines_covering(text, LINES, start, start + 7) == [LINES[1]]
    across = lines_covering(text, LINES, text.index("Bristol"), text.index("Tuesday") + 3)
    assert across == [LINES[1], LINES[2]]
    corrected = "Dearest Mary,\nwe walked to Bristol\non Tuesday."  # as many lines
    assert lines_covering(corrected, LINES, 0, 7) == [LINES[0]]
    edited = "Dearest Mary, we\nwent out\nwalking\non Tuesday."  # lines rewritten
    assert line_spans(edited, LINES)[:2] == [None, None]
    start = edited.index("Tuesday")
    assert lines_covering(edited, LINES, start, start + 7) == [LINES[2]]
    assert lines_covering(edited, LINES, 0, 7) == []


def test_page_ranges() -> None:
    assert parse_page_ranges("1-3,5", 6) == [0, 1, 2, 4]
    assert parse_page_ranges(" 2 , 2,1 ", 2) == [0, 1]
    for bad in ("0", "3-1", "a", "1-", "7"):
        with pytest.raises(PageRangeError):
            parse_page_ranges(bad, 6)


def test_error_rates_count_edits_against_the_reference_length() -> None:
    cer = character_errors("the cat sat", "the cat sat")
    assert (cer.errors, cer.length, cer.rate) == (0, 11, 0.0)
    cer = character_errors("the cat\nsat", "tho cat  sat")  # layout is not an error
    assert (cer.errors, cer.length) == (1, 11)
    wer = word_errors("the cat sat on the mat", "the bat sat on mat")
    assert (wer.errors, wer.length) == (2, 6)
    assert (wer + cer).length == 17
    assert character_errors("", "").rate == 0.0
    assert character_errors("", "x").rate == 1.0


def test_the_vision_reply_is_parsed_leniently_and_bounded() -> None:
    assert parse_transcription_reply('```json\n{"lines": ["Dear  Mary,", 3, "", "x"]}\n```') == [
        "Dear Mary,",
        "x",
    ]
    assert parse_transcription_reply('{"text": "no"}') is None
    assert parse_transcription_reply("not json") is None
    assert parse_transcription_reply(None) is None

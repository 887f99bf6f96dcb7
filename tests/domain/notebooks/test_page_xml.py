"""PAGE-XML writing and reading are inverse: any page text and person spans on its lines
come back unchanged (hypothesis), and spans over several lines are split and joined."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain.formats.page_xml import (
    PERSON,
    TextSpan,
    build_page_xml,
    line_tags,
    parse_transcript,
)

LINE = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n\ufffe\uffff"),
    max_size=30,
).map(lambda s: "".join(c if c == "\t" or c >= " " else "?" for c in s))


@st.composite
def pages(draw: st.DrawFn) -> tuple[str, list[TextSpan]]:
    lines = draw(st.lists(LINE, min_size=1, max_size=6))
    spans: list[TextSpan] = []
    start = 0
    for line in lines:
        if line and draw(st.booleans()):
            lo = draw(st.integers(0, len(line) - 1))
            hi = draw(st.integers(lo + 1, len(line)))
            spans.append(TextSpan(PERSON, start + lo, start + hi))
        start += len(line) + 1
    return "\n".join(lines), spans


@settings(max_examples=150, deadline=None)
@given(pages())
def test_written_pages_read_back_the_same(page: tuple[str, list[TextSpan]]) -> None:
    text, spans = page
    document = build_page_xml(
        text, spans, image="p.png", width=10, height=20, created="2026-01-01T00:00:00"
    )
    read = parse_transcript(document)
    assert (read.format, read.text, read.image) == ("page-xml", text, "p.png")
    assert list(read.spans) == sorted(spans, key=lambda s: (s.start, s.end))


def test_a_span_over_two_lines_is_split_then_joined() -> None:
    text = "Wrote to Mary\nShelley today"
    span = TextSpan(PERSON, 9, 21)
    assert line_tags(text, [span]) == [[("person", 9, 4, True)], [("person", 0, 7, True)]]
    document = build_page_xml(text, [span], image="", width=0, height=0, created="x")
    assert parse_transcript(document).spans == (span,)


def test_other_detectors_become_tags_named_after_them() -> None:
    tags = line_tags("ab\ncd", [TextSpan("custom/dreams", 0, 2), TextSpan("2col", 3, 4)])
    assert tags == [[("custom_dreams", 0, 2, False)], [("_2col", 0, 1, False)]]


def test_text_xml_cannot_hold_keeps_its_length() -> None:
    document = build_page_xml("a\x07b", [], image="", width=0, height=0, created="x")
    assert parse_transcript(document).text == "a\ufffdb"
    assert (
        parse_transcript(build_page_xml(None, [], image="", width=0, height=0, created="x")).text
        is None
    )

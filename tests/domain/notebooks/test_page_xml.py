"""PAGE-XML writing and reading are inverse: any page text and person spans on its lines
come back unchanged (hypothesis), and spans over several lines are split and joined."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain.formats.page_xml import (
    PAGE_2019,
    PERSON,
    TextSpan,
    add_page_tags,
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


def test_every_tag_type_is_read_and_layout_tags_are_not() -> None:
    first = (
        "readingOrder {index:0;} textStyle {offset:0; length:2; bold:true;} "
        "unclear {offset:0; length:1;} structure {type:x;} "
        "place {offset:2; length:2; continued:true;} date {offset:3; length:9;}"
    )
    second = "place {offset:0; length:5; continued:true;} ship {offset:0; length:2;}"
    document = (
        f'<PcGts xmlns="{PAGE_2019}"><Page imageFilename="x.png"><TextRegion id="r">'
        f'<TextLine id="a" custom="{first}"><TextEquiv><Unicode>x Ut</Unicode></TextEquiv>'
        f'</TextLine><TextLine id="b" custom="{second}"><TextEquiv><Unicode>recht</Unicode>'
        "</TextEquiv></TextLine></TextRegion></Page></PcGts>"
    ).encode()
    read = parse_transcript(document)
    assert read.text == "x Ut\nrecht"
    assert read.spans == (
        TextSpan("unclear", 0, 1),
        TextSpan("place", 2, 10),
        TextSpan("ship", 5, 7),
    )


def test_tags_added_to_a_file_leave_every_other_byte_and_skip_lines_without_id() -> None:
    document = build_page_xml("ab\ncd", [], image="", width=0, height=0, created="x")
    document = document.replace(b' id="r1l2"', b"")
    added = add_page_tags(document, [TextSpan("poetry", 0, 4)], image="p.png")
    assert added == document.replace(b'imageFilename=""', b'imageFilename="p.png"').replace(
        b'id="r1l1" custom="readingOrder {index:0;}"',
        b'id="r1l1" custom="readingOrder {index:0;} poetry {offset:0; length:2; continued:true;}"',
    )
    assert add_page_tags(added, [TextSpan("poetry", 0, 4)]) == added


def test_removed_tags_leave_the_file_with_every_other_tag_and_byte() -> None:
    document = (
        f'<PcGts xmlns="{PAGE_2019}"><Page imageFilename="p.png"><TextRegion id="r">'
        '<TextLine id="a" custom="person {offset:0; length:3; firstname:Ann;} '
        'place {offset:4; length:2;}">'
        "<TextEquiv><Unicode>Ann in NY</Unicode></TextEquiv></TextLine>"
        '<TextLine custom="person {offset:0; length:3;}">'
        "<TextEquiv><Unicode>Bob</Unicode></TextEquiv></TextLine>"
        "</TextRegion></Page></PcGts>"
    ).encode()
    without = add_page_tags(
        document, [], removed=[TextSpan(PERSON, 0, 3), TextSpan(PERSON, 10, 13)]
    )
    assert without == document.replace(  # the line without an id keeps its tag
        b'custom="person {offset:0; length:3; firstname:Ann;} place',
        b'custom="place',
    )
    assert parse_transcript(without).spans == (TextSpan("place", 4, 6), TextSpan(PERSON, 10, 13))
    # a tag taken off and found again (another source accepted it) is written back once
    again = add_page_tags(document, [TextSpan(PERSON, 0, 3)], removed=[TextSpan(PERSON, 0, 3)])
    assert parse_transcript(again).spans == parse_transcript(document).spans
    assert add_page_tags(document, [], removed=[TextSpan("place", 0, 3)]) == document

"""PAGE-XML and ALTO transcriptions of one page (stdlib ``xml.etree`` only).

Reading: the page text (one line per ``TextLine``, in reading order), the image the file
names, and the Transkribus-style tags of ``TextLine@custom`` (``person``, ``place``,
``date``, ``unclear``, any custom type; not the layout tags ``readingOrder``,
``structure`` and ``textStyle``; one whose range does not fit its line is left out, a
``person`` tag's refuses the file) as spans in the page text (their other properties,
``firstname``, ``when`` …, are not read).  Writing: a PAGE-XML 2019 page whose lines carry
tags in the same form, or (:func:`add_page_tags`) tags added to a file as it was.

Documents with a DTD are refused before parsing (transcriptions never need one), so no
entity is ever expanded.  A :class:`TranscriptError`'s message is the end of a sentence
whose subject is the file, e.g. ``"is not well-formed XML (line 3, column 7)"``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from app.domain.formats.untrusted import brief, one_line

PAGE_2010: Final = "http://schema.primaresearch.org/PAGE/gts/pagecontent/2010-03-19"
PAGE_2013: Final = "http://schema.primaresearch.org/PAGE/gts/pagecontent/2013-07-15"
PAGE_2019: Final = "http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15"
ALTO_V2: Final = "http://www.loc.gov/standards/alto/ns-v2#"
ALTO_V3: Final = "http://www.loc.gov/standards/alto/ns-v3#"
ALTO_V4: Final = "http://www.loc.gov/standards/alto/ns-v4#"
PAGE_NAMESPACES: Final = (PAGE_2010, PAGE_2013, PAGE_2019)
ALTO_NAMESPACES: Final = (ALTO_V2, ALTO_V3, ALTO_V4)
PERSON: Final = "person"
LAYOUT_TAGS: Final = frozenset({"readingOrder", "structure", "textStyle"})
"""Custom tags that describe layout or formatting, not the text: never read as spans."""

Format = Literal["page-xml", "alto"]

_TAG: Final = re.compile(r"\s*([A-Za-z_][\w-]*)\s*\{([^{}]*)\}")
_NUMBER: Final = re.compile(r"\d{1,9}")
_NOT_XML: Final = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


class TranscriptError(ValueError):
    """A file that is not a usable transcription (the message completes "<file> ...")."""


@dataclass(frozen=True)
class TextSpan:
    """A tagged range of the page text: ``text[start:end]``."""

    kind: str
    start: int
    end: int


@dataclass(frozen=True)
class Transcript:
    format: Format
    text: str | None
    """The lines joined by newlines; None when the file has no text line at all."""
    image: str | None
    """The image file name as written in the file (None or blank: none named)."""
    spans: tuple[TextSpan, ...] = ()


@dataclass(frozen=True)
class _Line:
    label: str
    text: str
    custom: str


# --------------------------------------------------------------------------- reading


def xml_root(data: bytes, error: type[ValueError], kind: str) -> ET.Element:
    """The root of an archival XML file (UTF-8, no DTD, well-formed); else ``error``
    whose message completes "<file> ..." (``kind`` names the files that never need a DTD)."""
    try:
        source = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"is not UTF-8 text (byte {exc.start + 1})") from None
    if "<!DOCTYPE" in source or "<!ENTITY" in source:
        raise error(f"declares a DTD, which {kind} never need")
    try:
        return ET.fromstring(source)
    except ET.ParseError as exc:
        line, column = exc.position
        raise error(f"is not well-formed XML (line {line}, column {column + 1})") from None


def parse_transcript(data: bytes) -> Transcript:
    """Read a PAGE-XML (2010, 2013 or 2019) or ALTO (v2, v3 or v4) file; raises
    :class:`TranscriptError`.  The versions differ in what this reads not at all: PAGE's
    regions, lines, ``TextEquiv`` and reading order; ALTO's lines, ``String``, ``HYP``
    and ``sourceImageInformation``."""
    root = xml_root(data, TranscriptError, "PAGE-XML and ALTO files")
    namespace, name = _split(root.tag)
    if name == "PcGts" and namespace in PAGE_NAMESPACES:
        return _read_page(root, namespace)
    if name == "alto" and namespace in ALTO_NAMESPACES:
        return _read_alto(root, namespace)
    found = one_line(f"{{{namespace}}}{name}" if namespace else name, limit=120)
    raise TranscriptError(
        f"is neither PAGE-XML (2010, 2013 or 2019) nor ALTO (v2, v3 or v4): its root "
        f"element is {found}"
    )


def _split(tag: str) -> tuple[str, str]:
    if tag.startswith("{"):
        namespace, _, name = tag[1:].partition("}")
        return namespace, name
    return "", tag


def _one_line(text: str | None) -> str:
    """A line's text with any line break replaced by a space (offsets are kept)."""
    return (text or "").replace("\r", " ").replace("\n", " ")


def _read_page(root: ET.Element, ns: str) -> Transcript:
    def q(name: str) -> str:
        return f"{{{ns}}}{name}"

    page = root.find(q("Page"))
    if page is None:
        raise TranscriptError("has no Page element")
    image = page.get("imageFilename")
    if image is None:
        raise TranscriptError("has no imageFilename on its Page element")
    lines = [
        _Line(
            f"TextLine {brief(line.get('id'))}" if line.get("id") else "a TextLine",
            _page_line_text(line, ns),
            line.get("custom", ""),
        )
        for line in _page_lines(page, ns)
    ]
    return _transcript("page-xml", lines, image)


def _page_lines(page: ET.Element, ns: str) -> list[ET.Element]:
    """The page's ``TextLine`` elements in reading order (one page-text line each)."""
    return [
        line
        for region in _regions_in_order(page, ns)
        for line in region.findall(f"{{{ns}}}TextLine")
    ]


def _page_line_text(line: ET.Element, ns: str) -> str:
    equivs = line.findall(f"{{{ns}}}TextEquiv")
    if equivs:
        first = min(equivs, key=lambda e: _number_or(e.get("index"), 0))
        return _one_line(first.findtext(f"{{{ns}}}Unicode"))
    words = [
        _one_line(word.findtext(f"{{{ns}}}TextEquiv/{{{ns}}}Unicode"))
        for word in line.findall(f"{{{ns}}}Word")
    ]
    return " ".join(w for w in words if w)


def _number_or(value: str | None, default: int) -> int:
    return int(value) if value is not None and _NUMBER.fullmatch(value.strip()) else default


def _index(value: str | None) -> int:
    if value is None or not _NUMBER.fullmatch(value.strip()):
        raise TranscriptError(
            f"has a reading order entry whose index {brief(value)} is not a number"
        )
    return int(value)


def _regions_in_order(page: ET.Element, ns: str) -> list[ET.Element]:
    """Text regions in reading order when the page gives one (regions it leaves out
    follow in document order), else in document order."""
    regions = list(page.iter(f"{{{ns}}}TextRegion"))
    order = page.find(f"{{{ns}}}ReadingOrder")
    if order is None:
        return regions
    by_id = {el.get("id"): el for el in page.iter() if el.get("id")}
    ordered: list[ET.Element] = []
    seen: set[int] = set()
    for ref in _refs(order):
        target = by_id.get(ref)
        if target is None:
            raise TranscriptError(
                f"has a reading order that names region {brief(ref)}, which is not on the page"
            )
        for region in target.iter(f"{{{ns}}}TextRegion"):
            if id(region) not in seen:
                seen.add(id(region))
                ordered.append(region)
    return ordered + [r for r in regions if id(r) not in seen]


def _refs(group: ET.Element) -> Iterator[str]:
    """Region ids of a reading-order group, recursively (indexed children by index)."""
    ref = group.get("regionRef")
    if ref:
        yield ref
    children = [c for c in group if _split(c.tag)[1].startswith(("RegionRef", "Ordered", "Unord"))]
    if _split(group.tag)[1].startswith("OrderedGroup"):
        children.sort(key=lambda c: _index(c.get("index")))
    for child in children:
        name = _split(child.tag)[1]
        if name.startswith("RegionRef"):
            target = child.get("regionRef")
            if not target:
                raise TranscriptError("has a reading order entry without a regionRef")
            yield target
        else:
            yield from _refs(child)


def _read_alto(root: ET.Element, ns: str) -> Transcript:
    def q(name: str) -> str:
        return f"{{{ns}}}{name}"

    layout = root.find(q("Layout"))
    if layout is None:
        raise TranscriptError("has no Layout element")
    image = root.findtext(f"{q('Description')}/{q('sourceImageInformation')}/{q('fileName')}")
    lines: list[_Line] = []
    for line in layout.iter(q("TextLine")):
        label = f"TextLine {brief(line.get('ID'))}" if line.get("ID") else "a TextLine"
        words: list[str] = []
        for child in line:
            name = _split(child.tag)[1]
            content = child.get("CONTENT")
            if name == "String":
                if content is None:
                    raise TranscriptError(f"has a String without CONTENT in {label}")
                words.append(_one_line(content))
            elif name == "HYP" and words and content:
                words[-1] += _one_line(content)
        lines.append(_Line(label, " ".join(words), ""))
    return _transcript("alto", lines, image.strip() if image is not None else None)


def _transcript(kind: Format, lines: Sequence[_Line], image: str | None) -> Transcript:
    if not lines:
        return Transcript(kind, None, image)
    spans: list[TextSpan] = []
    open_span: dict[str, int] = {}
    """Per tag type, the index in ``spans`` of a span ``continued`` at its line's end."""
    start = 0
    for number, line in enumerate(lines, start=1):
        still_open: dict[str, int] = {}
        for name, props in parse_custom(line.custom, f"{line.label} (line {number})"):
            if name in LAYOUT_TAGS or (name != PERSON and not props.keys() & {"offset", "length"}):
                continue
            try:
                offset, length = _range(name, props, line, number)
            except TranscriptError:
                if name == PERSON:
                    raise
                continue  # other tag types never cost the page its text
            piece = TextSpan(name, start + offset, start + offset + length)
            joins = props.get("continued") == "true"
            ends_line = joins and offset + length == len(line.text)
            before = open_span.get(name)
            if before is not None and joins and offset == 0 and spans[before].end == start - 1:
                spans[before] = TextSpan(name, spans[before].start, piece.end)
                if ends_line:
                    still_open[name] = before
            else:
                spans.append(piece)
                if ends_line:
                    still_open[name] = len(spans) - 1
        open_span = still_open
        start += len(line.text) + 1
    spans.sort(key=lambda s: (s.start, s.end, s.kind))
    return Transcript(kind, "\n".join(line.text for line in lines), image, tuple(spans))


def _range(name: str, props: dict[str, str], line: _Line, number: int) -> tuple[int, int]:
    where = f"{line.label} (line {number})"
    values: list[int] = []
    for key in ("offset", "length"):
        value = props.get(key, "")
        if not _NUMBER.fullmatch(value):
            raise TranscriptError(f"has a {name} tag on {where} whose {key} is not a number")
        values.append(int(value))
    offset, length = values
    if length == 0 or offset + length > len(line.text):
        raise TranscriptError(
            f"has a {name} tag (offset {offset}, length {length}) that does not fit "
            f"{where}, "
            f"which has {len(line.text)} characters"
        )
    return offset, length


def parse_custom(custom: str, where: str = "a TextLine") -> list[tuple[str, dict[str, str]]]:
    """``readingOrder {index:0;} person {offset:4; length:11;}`` as ``[(name, props)]``."""
    tags: list[tuple[str, dict[str, str]]] = []
    position = 0
    while position < len(custom):
        match = _TAG.match(custom, position)
        if match is None:
            if custom[position:].strip():
                raise TranscriptError(
                    f"has a custom attribute on {where} that is not in the form name {{key:value;}}"
                )
            break
        props: dict[str, str] = {}
        for piece in match.group(2).split(";"):
            if not piece.strip():
                continue
            key, colon, value = piece.partition(":")
            if not colon or not key.strip():
                raise TranscriptError(
                    f"has a {brief(match.group(1))} tag on {where} with a property "
                    f"{brief(piece.strip())} that is not key:value"
                )
            props[key.strip()] = value.strip()
        tags.append((match.group(1), props))
        position = match.end()
    return tags


# --------------------------------------------------------------------------- writing


def tag_name(kind: str) -> str:
    """A detector id or finding type as a custom tag name (letters, digits, ``_``)."""
    name = re.sub(r"\W", "_", kind, flags=re.ASCII) or "tag"
    return name if not name[0].isdigit() else f"_{name}"


def line_tags(text: str, spans: Sequence[TextSpan]) -> list[list[tuple[str, int, int, bool]]]:
    """Per line of ``text``: ``(tag, offset, length, continued)`` for every span piece on it
    (a span over several lines is split, each piece ``continued``); ordered by offset."""
    lines = text.split("\n")
    starts: list[int] = []
    position = 0
    for line in lines:
        starts.append(position)
        position += len(line) + 1
    out: list[list[tuple[str, int, int, bool]]] = [[] for _ in lines]
    for span in spans:
        if not 0 <= span.start < span.end <= len(text):
            continue
        pieces: list[tuple[int, int, int]] = []
        for number, (begin, line) in enumerate(zip(starts, lines, strict=True)):
            lo, hi = max(span.start, begin), min(span.end, begin + len(line))
            if lo < hi:
                pieces.append((number, lo - begin, hi - lo))
        for number, offset, length in pieces:
            out[number].append((tag_name(span.kind), offset, length, len(pieces) > 1))
    for tags in out:
        tags.sort(key=lambda t: (t[1], t[2], t[0]))
    return out


def build_page_xml(
    text: str | None,
    spans: Sequence[TextSpan],
    *,
    image: str,
    width: int,
    height: int,
    created: str,
    line_boxes: Sequence[Sequence[tuple[int, int]] | None] = (),
) -> bytes:
    """A PAGE-XML 2019 document: one text region, one ``TextLine`` per line of ``text``
    (none when ``text`` is None) with its span pieces as custom tags.  Characters XML
    cannot hold become U+FFFD (one for one, so offsets are unchanged).  A line's
    ``Coords`` are its box from ``line_boxes`` (one per line of ``text``, image pixels)
    when it has one, else an equal stripe of the page."""

    # Unqualified names in the default namespace declared on the root (ElementTree's
    # default_namespace option refuses the unqualified attributes PAGE uses).
    root = ET.Element("PcGts", xmlns=PAGE_2019)
    meta = ET.SubElement(root, "Metadata")
    ET.SubElement(meta, "Creator").text = "Inkling"
    ET.SubElement(meta, "Created").text = created
    ET.SubElement(meta, "LastChange").text = created
    page = ET.SubElement(
        root,
        "Page",
        imageFilename=image,
        imageWidth=str(width),
        imageHeight=str(height),
    )
    if text is not None:
        order = ET.SubElement(ET.SubElement(page, "ReadingOrder"), "OrderedGroup", id="ro1")
        ET.SubElement(order, "RegionRefIndexed", index="0", regionRef="r1")
        region = ET.SubElement(page, "TextRegion", id="r1", custom="readingOrder {index:0;}")
        ET.SubElement(region, "Coords", points=_box(0, 0, width, height))
        lines = text.split("\n")
        tags = line_tags(text, spans)
        for number, line in enumerate(lines):
            custom = f"readingOrder {{index:{number};}}" + "".join(
                f" {name} {{offset:{offset}; length:{length};"
                + (" continued:true;" if continued else "")
                + "}"
                for name, offset, length, continued in tags[number]
            )
            element = ET.SubElement(region, "TextLine", id=f"r1l{number + 1}", custom=custom)
            box = line_boxes[number] if number < len(line_boxes) else None
            if box:
                points = " ".join(f"{max(0, x)},{max(0, y)}" for x, y in box)
            else:
                top, bottom = height * number // len(lines), height * (number + 1) // len(lines)
                points = _box(0, top, width, bottom)
            ET.SubElement(element, "Coords", points=points)
            equiv = ET.SubElement(element, "TextEquiv")
            ET.SubElement(equiv, "Unicode").text = _NOT_XML.sub("\ufffd", line)
    ET.indent(root)
    document: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    return document


_START_TAG: Final = r"<(?:[\w.-]+:)?{name}\b(?:[^>\"']|\"[^\"]*\"|'[^']*')*>"
_ATTRIBUTE: Final = r"(\s{name}\s*=\s*)([\"'])(.*?)\2"


def add_page_tags(
    data: bytes,
    spans: Sequence[TextSpan],
    *,
    image: str | None = None,
    removed: Sequence[TextSpan] = (),
) -> bytes:
    """``data``, a PAGE-XML file, with ``spans`` (ranges of its page text, as
    :func:`parse_transcript` reads it) added as custom tags to the ``TextLine`` elements
    they fall on, the tags of ``removed`` (each piece of it, by tag name, offset and
    length on its line) taken off, and (``image``) the ``Page``'s ``imageFilename`` set;
    every other byte is unchanged (regions, words, coordinates, comments, prefixes,
    layout, a tag's other properties).  A tag that is already on its line is not added
    twice; a line without an ``id`` gets none and loses none.  Raises
    :class:`TranscriptError` for a file that is not PAGE-XML."""
    root = xml_root(data, TranscriptError, "PAGE-XML files")
    ns, name = _split(root.tag)
    page = root.find(f"{{{ns}}}Page")
    if name != "PcGts" or ns not in PAGE_NAMESPACES or page is None:
        raise TranscriptError("is not a PAGE-XML page")
    elements = _page_lines(page, ns)
    text = "\n".join(_page_line_text(line, ns) for line in elements)
    added: dict[str, str] = {}
    dropped: dict[str, set[tuple[str, int, int]]] = {}
    for line, pieces in zip(elements, line_tags(text, removed), strict=True):
        line_id = line.get("id")
        if pieces and line_id:
            dropped[line_id] = {(tag, offset, length) for tag, offset, length, _ in pieces}
    for line, tags in zip(elements, line_tags(text, spans), strict=True):
        line_id = line.get("id")
        if not tags or not line_id:
            continue
        present = {
            (tag, props.get("offset"), props.get("length"))
            for tag, props in parse_custom(line.get("custom", ""))
        } - {(tag, str(offset), str(length)) for tag, offset, length in dropped.get(line_id, ())}
        added[line_id] = added.get(line_id, "") + "".join(
            f" {tag} {{offset:{offset}; length:{length};"
            + (" continued:true;" if continued else "")
            + "}"
            for tag, offset, length, continued in tags
            if (tag, str(offset), str(length)) not in present
        )
    source = data.decode("utf-8-sig")

    def with_tags(match: re.Match[str]) -> str:
        element = match.group(0)
        found = re.search(_ATTRIBUTE.format(name="id"), element)
        line_id = found.group(3) if found else ""
        if line_id in dropped:
            element = _drop_tags(element, dropped[line_id])
        extra = added.get(line_id, "")
        return _set_attribute(element, "custom", extra, append=True) if extra else element

    out = re.sub(_START_TAG.format(name="TextLine"), with_tags, source)
    if image is not None:
        out = re.sub(
            _START_TAG.format(name="Page"),
            lambda m: _set_attribute(m.group(0), "imageFilename", _escape(image)),
            out,
            count=1,
        )
    prefix = b"\xef\xbb\xbf" if data.startswith(b"\xef\xbb\xbf") else b""
    return prefix + out.encode("utf-8")


def _drop_tags(element: str, dropped: set[tuple[str, int, int]]) -> str:
    """A ``TextLine`` start tag without the custom tags ``(name, offset, length)`` of
    ``dropped`` (compared as :func:`tag_name` writes names); the rest of its ``custom``
    stays as written."""
    found = re.search(_ATTRIBUTE.format(name="custom"), element, re.DOTALL)
    if found is None:
        return element
    custom = found.group(3)

    def keep(match: re.Match[str]) -> str:
        props = {
            key.strip(): value.strip()
            for key, colon, value in (p.partition(":") for p in match.group(2).split(";"))
            if colon
        }
        offset, length = props.get("offset", ""), props.get("length", "")
        numbers = _NUMBER.fullmatch(offset) and _NUMBER.fullmatch(length)
        if numbers and (tag_name(match.group(1)), int(offset), int(length)) in dropped:
            return ""
        return match.group(0)

    kept = _TAG.sub(keep, custom)
    if not custom[:1].isspace():
        kept = kept.lstrip()
    return element[: found.start(3)] + kept + element[found.end(3) :]


def _escape(value: str) -> str:
    return value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


def _set_attribute(element: str, name: str, value: str, *, append: bool = False) -> str:
    """A start tag with attribute ``name`` set to (or, ``append``, extended by) ``value``
    (already escaped); added before the tag's end when it has none."""
    pattern = re.compile(_ATTRIBUTE.format(name=name), re.DOTALL)
    found = pattern.search(element)
    if found is not None:
        old = found.group(3)
        new = (old.rstrip() + value) if append and old.strip() else value.strip()
        quote = found.group(2)
        return element[: found.start(3)] + new.replace(quote, "") + element[found.end(3) :]
    end = len(element) - (2 if element.endswith("/>") else 1)
    return f'{element[:end].rstrip()} {name}="{value.strip()}"{element[end:]}'


def _box(left: int, top: int, right: int, bottom: int) -> str:
    return f"{left},{top} {right},{top} {right},{bottom} {left},{bottom}"

"""METS (``mets.xml``): the page order and file locations of an archival export.

Transkribus, OCR-D and eScriptorium exports carry a METS file beside their PAGE-XML or
ALTO files and scans.  Its physical structure map lists the pages in order (flyleaves
such as ``fIr`` and ``fIIr`` where the book has them, whatever their file names), and
each page points (``fptr``) at files of the file section, grouped by use (``fileGrp``:
``OCR-D-IMG``, ``PAGEXML``, ``ALTO``…) and located by an ``xlink:href`` relative to the
METS file.  Reading gives, per page, its files; choosing which group is the
transcription and which the scan is :func:`transcript_group` and :func:`image_group`.

Stdlib ``xml.etree`` only; a document with a DTD is refused before parsing, as for
PAGE-XML.  A :class:`MetsError`'s message completes a sentence whose subject is the file.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final
from urllib.parse import unquote

from app.domain.formats.page_xml import xml_root

METS: Final = "http://www.loc.gov/METS/"
XLINK: Final = "http://www.w3.org/1999/xlink"
_TRANSCRIPT_TYPES: Final = ("xml",)
_IMAGE_SUFFIXES: Final = (".png", ".jpg", ".jpeg", ".tif", ".tiff", ".jp2")
_ORDER: Final = re.compile(r"\d{1,9}")


class MetsError(ValueError):
    """A METS file that cannot give the pages (the message completes "<file> ...")."""


@dataclass(frozen=True)
class MetsFile:
    group: str
    """The ``fileGrp``'s ``USE`` (or ``ID``), the innermost one."""
    mimetype: str
    href: str
    """Where the file is, as written (URL-decoded, ``file://`` dropped); relative to the
    METS file's folder unless absolute."""

    @property
    def is_transcript(self) -> bool:
        kind = self.mimetype.lower()
        return any(t in kind for t in _TRANSCRIPT_TYPES) or self.href.lower().endswith(".xml")

    @property
    def is_image(self) -> bool:
        return self.mimetype.lower().startswith("image/") or self.href.lower().endswith(
            _IMAGE_SUFFIXES
        )


@dataclass(frozen=True)
class MetsPage:
    label: str
    """``ORDERLABEL`` (or ``LABEL``, or the order number) for reports: ``fIr``, ``12``."""
    files: tuple[MetsFile, ...]


def parse_mets(data: bytes) -> list[MetsPage]:
    """The pages of the physical structure map in order (``ORDER`` when every page has a
    numeric one, else document order), with the files each points at.  An empty list
    when the file lists no pages (a METS that only describes the document)."""
    root = xml_root(data, MetsError, "METS files")
    if root.tag != f"{{{METS}}}mets":
        raise MetsError("is not a METS file: its root element is not mets")
    files = _files(root)
    maps = [
        m for m in root.iter(f"{{{METS}}}structMap") if (m.get("TYPE") or "").upper() == "PHYSICAL"
    ]
    if not maps:
        return []
    divs = [d for d in maps[0].iter(f"{{{METS}}}div") if (d.get("TYPE") or "").lower() == "page"]
    orders = [d.get("ORDER") for d in divs]
    if all(o is not None and _ORDER.fullmatch(o.strip()) for o in orders):
        divs = [d for _, d in sorted(enumerate(divs), key=lambda p: int(orders[p[0]] or 0))]
    pages: list[MetsPage] = []
    for number, div in enumerate(divs, start=1):
        label = div.get("ORDERLABEL") or div.get("LABEL") or div.get("ORDER") or str(number)
        ids = [el.get("FILEID") for el in div.iter() if el.get("FILEID")]
        pages.append(MetsPage(label.strip(), tuple(files[i] for i in ids if i in files)))
    return pages


def _files(root: ET.Element) -> dict[str, MetsFile]:
    found: dict[str, MetsFile] = {}

    def walk(group: ET.Element, name: str) -> None:
        for child in group:
            if child.tag == f"{{{METS}}}fileGrp":
                walk(child, child.get("USE") or child.get("ID") or name)
            elif child.tag == f"{{{METS}}}file" and child.get("ID"):
                location = child.find(f"{{{METS}}}FLocat")
                href = location.get(f"{{{XLINK}}}href") if location is not None else None
                if href:
                    found[str(child.get("ID"))] = MetsFile(
                        name, child.get("MIMETYPE") or "", _local(href)
                    )

    for section in root.iter(f"{{{METS}}}fileSec"):
        walk(section, "")
    return found


def _local(href: str) -> str:
    href = href.strip()
    if href.lower().startswith("file://"):
        href = href[len("file://") :]
    elif href.lower().startswith("file:"):
        href = href[len("file:") :]
    return unquote(href)


def _best_group(
    pages: Sequence[MetsPage], wanted: Callable[[MetsFile], bool], prefer_last: bool
) -> str | None:
    covered: dict[str, int] = {}
    first_seen: dict[str, int] = {}
    for page in pages:
        for group in {f.group for f in page.files if wanted(f)}:
            covered[group] = covered.get(group, 0) + 1
    for page in pages:
        for f in page.files:
            first_seen.setdefault(f.group, len(first_seen))
    if not covered:
        return None
    return max(
        covered,
        key=lambda g: (
            covered[g],
            "GT" in g.upper() if prefer_last else False,
            first_seen[g] if prefer_last else -first_seen[g],
        ),
    )


def transcript_group(pages: Sequence[MetsPage]) -> str | None:
    """The file group that holds the transcriptions: the one covering most pages; of
    equals, ground truth (``GT`` in its name), else the last (OCR-D adds later steps
    after earlier ones)."""
    return _best_group(pages, lambda f: f.is_transcript, prefer_last=True)


def image_group(pages: Sequence[MetsPage]) -> str | None:
    """The file group that holds the scans: the one covering most pages; of equals, the
    first (the original images come before binarised or cropped derivatives)."""
    return _best_group(pages, lambda f: f.is_image and not f.is_transcript, prefer_last=False)


def page_file(page: MetsPage, group: str | None, wanted: Callable[[MetsFile], bool]) -> str | None:
    """The href of ``page``'s first file in ``group`` that is ``wanted``."""
    for f in page.files:
        if f.group == group and wanted(f):
            return f.href
    return None

# ruff: noqa: E501 - hand-written XML reads best one element per line
"""Hand-made archival layouts for notebook import tests: METS (Transkribus-like and an
OCR-D workspace), PAGE 2010/2019 and ALTO v2/v3 pages, relative image paths and TIFF
scans built here (never a copy of someone else's export)."""

from __future__ import annotations

import io
import struct
from pathlib import Path

from tests.notebook_files import tiny_png

PAGE_2010 = "http://schema.primaresearch.org/PAGE/gts/pagecontent/2010-03-19"
PAGE_2019 = "http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15"


def tiny_tiff(width: int = 3, height: int = 2, shade: int = 128) -> bytes:
    """An uncompressed 8-bit grey little-endian TIFF, one strip."""
    pixels = bytes([shade]) * (width * height)
    entries = [
        (256, 3, 1, width),  # ImageWidth
        (257, 3, 1, height),  # ImageLength
        (258, 3, 1, 8),  # BitsPerSample
        (259, 3, 1, 1),  # Compression: none
        (262, 3, 1, 1),  # Photometric: black is zero
        (273, 4, 1, 0),  # StripOffsets (set below)
        (277, 3, 1, 1),  # SamplesPerPixel
        (278, 3, 1, height),  # RowsPerStrip
        (279, 4, 1, len(pixels)),  # StripByteCounts
    ]
    ifd_size = 2 + 12 * len(entries) + 4
    data_offset = 8 + ifd_size
    ifd = struct.pack("<H", len(entries))
    for tag, kind, count, value in entries:
        value = data_offset if tag == 273 else value
        packed = struct.pack("<HI", value, 0)[:4] if kind == 3 else struct.pack("<I", value)
        ifd += struct.pack("<HHI", tag, kind, count) + packed
    ifd += struct.pack("<I", 0)
    return b"II*\x00" + struct.pack("<I", 8) + ifd + pixels


def page_doc(text: str, image: str, ns: str = PAGE_2019) -> str:
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<PcGts xmlns="{ns}">
  <Metadata><Creator>hand</Creator><Created>2024-01-02T03:04:05</Created>
    <LastChange>2024-01-02T03:04:05</LastChange></Metadata>
  <Page imageFilename="{image}" imageWidth="3" imageHeight="2">
    <TextRegion id="r1"><Coords points="0,0 3,0 3,2 0,2"/>
      <TextLine id="r1l1"><Coords points="0,0 3,0 3,2 0,2"/>
        <TextEquiv><Unicode>{text}</Unicode></TextEquiv></TextLine>
    </TextRegion>
  </Page>
</PcGts>
"""


def alto_doc(version: int, image: str | None = "scan.tif") -> str:
    source = (
        f"<sourceImageInformation><fileName>{image}</fileName></sourceImageInformation>"
        if image is not None
        else ""
    )
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<alto xmlns="http://www.loc.gov/standards/alto/ns-v{version}#">
  <Description><MeasurementUnit>pixel</MeasurementUnit>{source}</Description>
  <Layout><Page ID="p1" WIDTH="3" HEIGHT="2" PHYSICAL_IMG_NR="1"><PrintSpace>
    <TextBlock ID="b1">
      <TextLine ID="l1"><String CONTENT="Library"/><SP/><String CONTENT="OCR"/><SP/><String CONTENT="v{version}"/></TextLine>
    </TextBlock>
  </PrintSpace></Page></Layout>
</alto>
"""


def mets_doc(pages: list[tuple[str, str, str | None, str | None]], *, ordered: bool = True) -> str:
    """``pages``: (id, order label, PAGE href, image href), in the book's order; written
    to the file section and the structure map in reverse, with ``ORDER`` giving the
    order (or, ``ordered=False``, no ORDER: document order, so written in order)."""
    files_img: list[str] = []
    files_xml: list[str] = []
    divs: list[str] = []
    listed = list(reversed(pages)) if ordered else pages
    for pid, label, xml, image in listed:
        order = pages.index((pid, label, xml, image)) + 1
        pointers = ""
        if image is not None:
            files_img.append(
                f'<mets:file ID="IMG_{pid}" MIMETYPE="image/jpeg"><mets:FLocat LOCTYPE="OTHER" OTHERLOCTYPE="FILE" xlink:href="{image}"/></mets:file>'
            )
            pointers += f'<mets:fptr><mets:area FILEID="IMG_{pid}"/></mets:fptr>'
        if xml is not None:
            files_xml.append(
                f'<mets:file ID="PAGEXML_{pid}" MIMETYPE="application/xml"><mets:FLocat LOCTYPE="OTHER" OTHERLOCTYPE="FILE" xlink:href="{xml}"/></mets:file>'
            )
            pointers += f'<mets:fptr><mets:area FILEID="PAGEXML_{pid}"/></mets:fptr>'
        order_attr = f' ORDER="{order}"' if ordered else ""
        divs.append(
            f'<mets:div ID="PAGE_{pid}"{order_attr} ORDERLABEL="{label}" TYPE="page">{pointers}</mets:div>'
        )
    newline = "\n      "
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<mets:mets xmlns:mets="http://www.loc.gov/METS/" xmlns:xlink="http://www.w3.org/1999/xlink">
  <mets:fileSec>
    <mets:fileGrp ID="MASTER">
      <mets:fileGrp ID="IMG">
      {newline.join(files_img)}
      </mets:fileGrp>
      <mets:fileGrp ID="PAGEXML">
      {newline.join(files_xml)}
      </mets:fileGrp>
    </mets:fileGrp>
  </mets:fileSec>
  <mets:structMap ID="TRANSKRIBUS_STRUCTMAP" TYPE="PHYSICAL">
    <mets:div ID="TRANSKRIBUS_DOC" TYPE="document">
      {newline.join(divs)}
    </mets:div>
  </mets:structMap>
</mets:mets>
"""


FLYLEAF_PAGES = [
    ("1", "fIr", "page/0001_fIr.xml", "0001_fIr.jpg"),
    ("2", "fIIr", "page/0002_fIIr.xml", "0002_fIIr.jpg"),
    ("3", "1", "page/0003_p1.xml", "0003_p1.jpg"),
]
FLYLEAF_TEXTS = ["First flyleaf", "Second flyleaf", "Dear diary"]


def transkribus_export(root: Path, *, scans: bool) -> Path:
    """A Transkribus-like export: ``mets.xml`` (pages written in reverse, ``ORDER``
    giving the book's order), ``page/*.xml`` and, with ``scans``, the scans beside them
    (without: the common export that leaves the large scans out)."""
    folder = root / "export"
    (folder / "page").mkdir(parents=True)
    for (_, _, xml, image), text in zip(FLYLEAF_PAGES, FLYLEAF_TEXTS, strict=True):
        assert xml is not None
        assert image is not None
        (folder / xml).write_text(page_doc(text, image), encoding="utf-8")
        if scans:
            (folder / image).write_bytes(tiny_png())
    (folder / "mets.xml").write_text(mets_doc(FLYLEAF_PAGES), encoding="utf-8")
    return folder


def flyleaf_folder(root: Path) -> Path:
    """Page files whose names sort flyleaves last (``fIIr``, ``fIr``, then ``p001`` by
    name would be ``fIIr, fIr, p001``; natural order differs from the book's), with a
    METS giving the book's order ``fIr, fIIr, p001`` in document order (no ORDER)."""
    folder = root / "flyleaves"
    folder.mkdir()
    pages = [
        ("a", "fIr", "fIr.xml", "fIr.png"),
        ("b", "fIIr", "fIIr.xml", "fIIr.png"),
        ("c", "1", "p001.xml", "p001.png"),
    ]
    for _, label, xml, image in pages:
        assert xml is not None
        assert image is not None
        (folder / xml).write_text(page_doc(f"Page {label}", image), encoding="utf-8")
        (folder / image).write_bytes(tiny_png())
    (folder / "mets.xml").write_text(mets_doc(pages, ordered=False), encoding="utf-8")
    return folder


OCRD_METS = """<?xml version="1.0" encoding="UTF-8"?>
<mets:mets xmlns:mets="http://www.loc.gov/METS/" xmlns:xlink="http://www.w3.org/1999/xlink">
  <mets:fileSec>
    <mets:fileGrp USE="OCR-D-IMG">
      <mets:file ID="OCR-D-IMG_0001" MIMETYPE="image/tiff"><mets:FLocat LOCTYPE="OTHER" OTHERLOCTYPE="FILE" xlink:href="OCR-D-IMG/OCR-D-IMG_0001.tif"/></mets:file>
      <mets:file ID="OCR-D-IMG_0002" MIMETYPE="image/tiff"><mets:FLocat LOCTYPE="OTHER" OTHERLOCTYPE="FILE" xlink:href="OCR-D-IMG/OCR-D-IMG_0002.tif"/></mets:file>
    </mets:fileGrp>
    <mets:fileGrp USE="OCR-D-GT-SEG-LINE">
      <mets:file ID="OCR-D-GT_0001" MIMETYPE="application/vnd.prima.page+xml"><mets:FLocat LOCTYPE="OTHER" OTHERLOCTYPE="FILE" xlink:href="OCR-D-GT-SEG-LINE/OCR-D-GT_0001.xml"/></mets:file>
      <mets:file ID="OCR-D-GT_0002" MIMETYPE="application/vnd.prima.page+xml"><mets:FLocat LOCTYPE="OTHER" OTHERLOCTYPE="FILE" xlink:href="OCR-D-GT-SEG-LINE/OCR-D-GT_0002.xml"/></mets:file>
    </mets:fileGrp>
  </mets:fileSec>
  <mets:structMap TYPE="PHYSICAL">
    <mets:div TYPE="physSequence">
      <mets:div TYPE="page" ID="PHYS_0002" ORDER="2" ORDERLABEL="2"><mets:fptr FILEID="OCR-D-IMG_0002"/><mets:fptr FILEID="OCR-D-GT_0002"/></mets:div>
      <mets:div TYPE="page" ID="PHYS_0001" ORDER="1" ORDERLABEL="1"><mets:fptr FILEID="OCR-D-IMG_0001"/><mets:fptr FILEID="OCR-D-GT_0001"/></mets:div>
    </mets:div>
  </mets:structMap>
</mets:mets>
"""


def ocrd_workspace(root: Path) -> Path:
    """An OCR-D workspace: TIFF scans in ``OCR-D-IMG/``, PAGE 2019 ground truth in
    ``OCR-D-GT-SEG-LINE/`` whose ``imageFilename`` is relative to the workspace root."""
    folder = root / "workspace"
    (folder / "OCR-D-IMG").mkdir(parents=True)
    (folder / "OCR-D-GT-SEG-LINE").mkdir()
    for number, text in ((1, "Erste Seite"), (2, "Zweite Seite")):
        image = f"OCR-D-IMG/OCR-D-IMG_000{number}.tif"
        (folder / image).write_bytes(tiny_tiff(shade=number))
        (folder / f"OCR-D-GT-SEG-LINE/OCR-D-GT_000{number}.xml").write_text(
            page_doc(text, image), encoding="utf-8"
        )
    (folder / "mets.xml").write_text(OCRD_METS, encoding="utf-8")
    return folder


def sibling_folders(root: Path) -> Path:
    """No METS: transcriptions in ``xml/`` naming their scans as ``../images/…``."""
    folder = root / "siblings"
    (folder / "xml").mkdir(parents=True)
    (folder / "images").mkdir()
    (folder / "xml" / "p1.xml").write_text(
        page_doc("Sibling page", "../images/p1.png", ns=PAGE_2010), encoding="utf-8"
    )
    (folder / "images" / "p1.png").write_bytes(tiny_png())
    return folder


TOM_BAKER_LINES = (
    "I woke early and walked to the harbour before anyone else was up.",
    "Anna said I should write more, so here I am.",
    "Tom Baker called at noon about the boat.",
)
# the file tags Tom Baker as a person (not Anna); the names detector finds both
TOM_BAKER_PAGE = f"""<?xml version="1.0" encoding="UTF-8"?>
<PcGts xmlns="{PAGE_2019}">
  <Metadata><Creator>hand</Creator><Created>2024-05-06T07:08:09</Created><LastChange>2024-05-06T07:08:09</LastChange></Metadata>
  <Page imageFilename="p1.png" imageWidth="8" imageHeight="8">
    <TextRegion id="r"><Coords points="0,0 8,0 8,8 0,8"/>
      <TextLine id="l1"><Coords points="0,0 8,0 8,2 0,2"/><TextEquiv><Unicode>{TOM_BAKER_LINES[0]}</Unicode></TextEquiv></TextLine>
      <TextLine id="l2"><Coords points="0,2 8,2 8,4 0,4"/><TextEquiv><Unicode>{TOM_BAKER_LINES[1]}</Unicode></TextEquiv></TextLine>
      <TextLine id="l3" custom="person {{offset:0; length:9;}}"><Coords points="0,4 8,4 8,6 0,6"/><TextEquiv><Unicode>{TOM_BAKER_LINES[2]}</Unicode></TextEquiv></TextLine>
    </TextRegion>
  </Page>
</PcGts>
"""


def tom_baker_page(root: Path) -> Path:
    """A folder with one PAGE-XML page (and its scan) whose file tags Tom Baker as a
    person, not Anna; the names detector finds both."""
    folder = root / "tom"
    folder.mkdir()
    (folder / "p1.xml").write_text(TOM_BAKER_PAGE, encoding="utf-8")
    (folder / "p1.png").write_bytes(tiny_png())
    return folder


def tiny_jpeg(width: int = 4, height: int = 3) -> bytes:
    """A small JPEG Qt decodes without a warning (made by Pillow)."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (width, height), (200, 180, 150)).save(out, format="JPEG")
    return out.getvalue()


TRANSKRIBUS_PAGES = [
    ("0001", "Dear diary,"),
    ("0002", "Met Ada Byron today."),
    ("0010", "The end."),
]


def transkribus_page_folder(root: Path, *, mets: bool = False, name: str = "doc") -> Path:
    """Transkribus' export layout: ``<doc>/page/0001.xml`` beside ``<doc>/0001.jpg``
    (each PAGE file names its scan by its bare name), with or without a ``mets.xml``
    (in file order: ``0002`` before ``0010`` only in natural order).  Page 0002 tags
    "Ada Byron" as a person."""
    folder = root / name
    (folder / "page").mkdir(parents=True)
    for stem, text in TRANSKRIBUS_PAGES:
        document = page_doc(text, f"{stem}.jpg")
        if "Ada Byron" in text:
            document = document.replace(
                '<TextLine id="r1l1">', '<TextLine id="r1l1" custom="person {offset:4; length:9;}">'
            )
        (folder / "page" / f"{stem}.xml").write_text(document, encoding="utf-8")
        (folder / f"{stem}.jpg").write_bytes(tiny_jpeg())
    (folder / "metadata.xml").write_text("<trpDocMetadata/>", encoding="utf-8")
    if mets:
        pages = [(s, s, f"page/{s}.xml", f"{s}.jpg") for s, _ in TRANSKRIBUS_PAGES]
        (folder / "mets.xml").write_text(mets_doc(pages), encoding="utf-8")
    return folder

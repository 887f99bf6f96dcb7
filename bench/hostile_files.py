"""Hostile input files, generated (never committed): for the tests and ``bench.hostile``.

Each is small on disk and costly to a careless reader: a YAML alias bomb, a PDF page as
big as PDF allows, image headers that claim billions of pixels, a zip member that
inflates far past its size.
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from pathlib import Path


def alias_bomb_note(levels: int = 9, *, key: str = "title") -> str:
    """A Markdown note whose front matter ``key`` is 9**levels strings when aliases are
    expanded (levels=9: 387 million, from about 470 bytes)."""
    lines = [
        "---",
        "date: 2026-01-01",
        'a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ]
    for level in range(1, levels):
        lines.append(f"a{level}: &a{level} [" + ",".join([f"*a{level - 1}"] * 9) + "]")
    lines += [f"{key}: *a{levels - 1}", "---", "", "Nothing to see."]
    return "\n".join(lines) + "\n"


def deep_yaml_note(depth: int) -> str:
    """Front matter with lists nested ``depth`` deep."""
    return f"---\ndate: 2026-01-01\ntags: {'[' * depth}x{']' * depth}\n---\n\nDeep.\n"


def long_value_note(chars: int) -> str:
    """Front matter whose date is ``chars`` characters long (echoed by a careless message)."""
    return f"---\ndate: {'9' * chars}x\n---\n\nLong.\n"


def pdf(media_box: tuple[float, float], *, text: str = "A page", pages: int = 1) -> bytes:
    """A valid PDF of ``pages`` pages, each ``media_box`` points wide and high, with one
    line of text (PDF allows 14,400 points a side: 200 inches)."""
    width, height = media_box
    stream = f"BT /F1 12 Tf 20 20 Td ({text}) Tj ET".encode("latin-1")
    kids = " ".join(f"{5 + i} 0 R" for i in range(pages))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        f"<< /Type /Pages /Kids [{kids}] /Count {pages} >>".encode(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        f"<< /Length {len(stream)} >>\nstream\n".encode() + stream + b"\nendstream",
    ]
    objects += [
        f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {width:g} {height:g}] "
        "/Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>".encode()
    ] * pages
    return pdf_file(objects)


def pdf_file(objects: list[bytes]) -> bytes:
    """A PDF of these objects (numbered from 1; the first is the catalog), with its
    cross-reference table."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += (
        f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    )
    return bytes(out)


def _chunk(kind: bytes, body: bytes) -> bytes:
    crc = zlib.crc32(kind + body) & 0xFFFFFFFF
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)


def png_claiming(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` × ``height`` grey pixels; its data is a few
    compressed rows (a decoder would allocate the whole bitmap first)."""
    rows = zlib.compress(b"\x00" * (width + 1) * 4)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
        + _chunk(b"IDAT", rows)
        + _chunk(b"IEND", b"")
    )


def jpeg_claiming(width: int, height: int) -> bytes:
    """A JPEG whose frame header claims ``width`` × ``height`` pixels (at most 65,535)."""
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    sof0 = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + app0 + sof0 + b"\xff\xd9"


def zip_bomb(path: Path, member: str, inflated: int) -> Path:
    """A zip whose ``member`` inflates to ``inflated`` bytes of spaces (about 1,000 to 1)."""
    block = b" " * (1024 * 1024)
    with (
        zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive,
        archive.open(member, "w", force_zip64=True) as out,
    ):
        left = inflated
        while left > 0:
            out.write(block[: min(left, len(block))])
            left -= len(block)
    return path

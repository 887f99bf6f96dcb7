"""Hostile files given to the importers (issue 14): bounded work, contained paths, one-line
messages, one rule for NUL.  Every fixture is generated here (``bench.hostile_files``)."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest
from sqlalchemy import func, select

from app.services.errors import InvalidInputError
from app.services.notebooks import detectors
from app.services.notebooks import pages as notebooks
from app.services.transfer import journal_import, notebook_import, source_files
from app.services.transfer.notebook_import import image_size
from app.store import Database, JournalEntry
from app.store.notebooks import Notebook
from bench.hostile_files import (
    alias_bomb_note,
    deep_yaml_note,
    jpeg_claiming,
    long_value_note,
    pdf,
    png_claiming,
    zip_bomb,
)
from tests.notebook_files import TINY_JPEG, tiny_png

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "journals"
MESSAGE_MAX = 400
"""A refusal is one sentence: a path or two and a few words."""


def counts(db: Database) -> tuple[int, int]:
    with db.session(readonly=True) as session:
        return (
            int(session.scalar(select(func.count()).select_from(JournalEntry)) or 0),
            int(session.scalar(select(func.count()).select_from(Notebook)) or 0),
        )


def refused(db: Database, kind: str, path: Path) -> str:
    """The one-line sentence an import of ``path`` is refused with; nothing stored."""
    before = counts(db)

    def run() -> object:
        if kind == "notebook":
            return notebooks.import_notebook(db, path)
        return journal_import.import_journal(db, kind, path)

    with pytest.raises(InvalidInputError) as caught:
        run()
    assert counts(db) == before
    message = str(caught.value)
    assert "\n" not in message
    assert "\r" not in message
    assert len(message) < MESSAGE_MAX, message[:MESSAGE_MAX]
    return message


def note_folder(tmp_path: Path, text: str, name: str = "2026-01-01.md") -> Path:
    folder = tmp_path / "vault"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder


def outside_file(
    tmp_path: Path, data: bytes = b"root:x:0:0:secret\n", name: str = "secret"
) -> Path:
    target = tmp_path / "elsewhere" / name
    target.parent.mkdir(exist_ok=True)
    target.write_bytes(data)
    return target


# --- bounded work ------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["title", "tags"])
def test_a_yaml_alias_bomb_is_refused_without_expanding_it(
    db: Database, tmp_path: Path, key: str
) -> None:
    folder = note_folder(tmp_path, alias_bomb_note(6, key=key))  # 531,441 strings expanded
    started = time.perf_counter()
    message = refused(db, "markdown", folder)
    assert "alias" in message
    assert "Line 4 of the front matter" in message  # the first alias
    assert time.perf_counter() - started < 5  # expanding it took minutes and gigabytes


def test_deep_or_long_front_matter_is_refused_and_never_echoed(
    db: Database, tmp_path: Path
) -> None:
    assert "nests" in refused(db, "markdown", note_folder(tmp_path, deep_yaml_note(50)))
    message = refused(db, "markdown", note_folder(tmp_path, long_value_note(20_000)))
    assert "is not a date" in message
    assert "..." in message
    big = "---\ndate: 2026-01-01\ntitle: " + "x" * 70_000 + "\n---\n"
    assert "longer than" in refused(db, "markdown", note_folder(tmp_path, big))


def test_values_in_day_one_messages_are_shortened(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "dayone"
    folder.mkdir()
    entry = {"uuid": "u" * 50_000, "creationDate": "2026-01-01T10:00:00Z", "timeZone": "z" * 50_000}
    (folder / "Journal.json").write_text(json.dumps({"entries": [entry]}), encoding="utf-8")
    assert "time zone" in refused(db, "dayone", folder)


def test_a_huge_pdf_page_is_rendered_within_the_pixel_budget(
    db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(notebook_import, "PDF_PAGE_PIXELS_MAX", 1_000_000)  # a fast test
    source = tmp_path / "poster.pdf"
    source.write_bytes(pdf((14_400, 14_400)))  # about 600 bytes; 21,600 px a side at 1.5
    assert source.stat().st_size < 1024
    view = notebooks.import_notebook(db, source).value
    (page,) = notebooks.list_pages(db, view.id)
    image = notebooks.image_file(db, page)
    assert image is not None
    width, height = image_size(image.read_bytes())
    assert width == height
    assert width * height <= notebook_import.PDF_PAGE_PIXELS_MAX
    assert page.text == "A page"


def test_a_thin_pdf_page_keeps_within_the_longest_side(db: Database, tmp_path: Path) -> None:
    source = tmp_path / "ribbon.pdf"
    source.write_bytes(pdf((14_400, 3)))
    view = notebooks.import_notebook(db, source).value
    (page,) = notebooks.list_pages(db, view.id)
    image = notebooks.image_file(db, page)
    assert image is not None
    assert max(image_size(image.read_bytes())) <= notebook_import.PDF_SIDE_MAX


@pytest.mark.parametrize(
    ("name", "data"),
    [("page.png", png_claiming(100_000, 100_000)), ("page.jpg", jpeg_claiming(65_000, 65_000))],
    ids=["png", "jpeg"],
)
def test_an_image_claiming_too_many_pixels_is_refused_before_decoding(
    db: Database, tmp_path: Path, name: str, data: bytes
) -> None:
    folder = tmp_path / "scans"
    folder.mkdir()
    (folder / name).write_bytes(data)
    message = refused(db, "notebook", folder)
    assert "pixels" in message
    assert name in message


def test_byte_caps_per_file_and_per_import(
    db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(source_files, "TEXT_FILE_MAX", 1000)
    folder = note_folder(tmp_path, "x" * 2000)
    assert "larger than 1,000 bytes" in refused(db, "markdown", folder)
    monkeypatch.setattr(source_files, "TEXT_FILE_MAX", 64 * 1024)
    monkeypatch.setattr(source_files, "IMPORT_BYTES_MAX", 5000)
    for day in range(2, 5):
        (folder / f"2026-01-0{day}.md").write_text("y" * 1500, encoding="utf-8")
    assert "the most one import reads" in refused(db, "markdown", folder)


def test_a_zip_member_is_refused_by_its_declared_size_before_inflating(
    db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(source_files, "JSON_FILE_MAX", 1024 * 1024)
    archive = zip_bomb(tmp_path / "export.zip", "Journal.json", 8 * 1024 * 1024)
    assert archive.stat().st_size < 64 * 1024
    message = refused(db, "dayone", archive)
    assert "Journal.json" in message
    assert "larger than 1 MB" in message


# --- contained paths ---------------------------------------------------------------------------


def test_a_note_linked_out_of_the_folder_is_refused(db: Database, tmp_path: Path) -> None:
    folder = note_folder(tmp_path, "A real note.\n")
    (folder / "2026-01-02.md").symlink_to(outside_file(tmp_path))
    message = refused(db, "markdown", folder)
    assert "2026-01-02.md links outside" in message
    assert "secret" not in message
    logseq = tmp_path / "graph" / "journals"
    logseq.mkdir(parents=True)
    (logseq / "2026_01_02.md").symlink_to(outside_file(tmp_path))
    assert "links outside" in refused(db, "logseq", logseq.parent)
    (tmp_path / "diary").mkdir()
    (tmp_path / "diary" / "2026-01-03.txt").symlink_to(outside_file(tmp_path))
    assert "links outside" in refused(db, "text", tmp_path / "diary")


def test_links_inside_the_folder_and_a_chosen_link_are_followed(
    db: Database, tmp_path: Path
) -> None:
    folder = note_folder(tmp_path, "The note.\n", name="notes.txt")
    (folder / "2026-01-02.md").symlink_to("notes.txt")
    assert journal_import.import_journal(db, "markdown", folder).value.imported == 1
    chosen = tmp_path / "2026-01-05.txt"
    chosen.symlink_to(outside_file(tmp_path, b"Chosen by name.\n", "chosen.txt"))
    assert journal_import.import_journal(db, "text", chosen).value.imported == 1


def test_a_folder_link_is_not_followed_and_a_fifo_is_not_read(db: Database, tmp_path: Path) -> None:
    folder = note_folder(tmp_path, "A real note.\n")
    outside = outside_file(tmp_path, b"Outside.\n", "2026-02-02.md").parent
    (folder / "more").symlink_to(outside, target_is_directory=True)
    os.mkfifo(folder / "2026-01-09.md")
    result = journal_import.import_journal(db, "markdown", folder)
    assert result.value.imported == 1


def test_a_day_one_photo_linked_out_of_the_export_is_refused(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "dayone"
    shutil.copytree(FIXTURES / "dayone", folder)
    (photo,) = (folder / "photos").iterdir()
    photo.unlink()
    photo.symlink_to(outside_file(tmp_path))
    message = refused(db, "dayone", folder)
    assert photo.name in message
    assert "links outside" in message


def test_notebook_files_linked_out_of_the_folder_are_refused(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "scans"
    folder.mkdir()
    (folder / "p1.png").write_bytes(tiny_png())
    (folder / "p1.txt").symlink_to(outside_file(tmp_path))
    assert "p1.txt links outside" in refused(db, "notebook", folder)
    (folder / "p1.txt").unlink()
    (folder / "p2.jpg").symlink_to(outside_file(tmp_path, TINY_JPEG, "photo.jpg"))
    assert "p2.jpg links outside" in refused(db, "notebook", folder)


def test_a_transcript_naming_an_image_outside_is_refused(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "export"
    folder.mkdir()
    (folder / "scan.png").symlink_to(outside_file(tmp_path, tiny_png(), "scan.png"))
    (folder / "scan.xml").write_text(
        '<PcGts xmlns="http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15">'
        '<Page imageFilename="../elsewhere/scan.png"><TextRegion id="r"><TextLine id="l">'
        "<TextEquiv><Unicode>Hi</Unicode></TextEquiv></TextLine></TextRegion></Page></PcGts>",
        encoding="utf-8",
    )
    assert "scan.png links outside" in refused(db, "notebook", folder)


# --- names on one line, one rule for NUL -------------------------------------------------------


def test_a_file_name_with_a_newline_stays_on_one_line(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "scans"
    folder.mkdir()
    (folder / "evil\nname\x1b[2J.png").write_bytes(b"not an image")
    message = refused(db, "notebook", folder)
    assert "evil\\nname\\x1b[2J.png" in message
    vault = note_folder(tmp_path, "---\ndate: nope\n---\n", name="2026-01-01\nInjected.md")
    assert "2026-01-01\\nInjected.md" in refused(db, "markdown", vault)


def test_nul_is_refused_by_every_importer_and_other_controls_kept(
    db: Database, tmp_path: Path
) -> None:
    folder = tmp_path / "dayone"
    folder.mkdir()
    entry = {"uuid": "U1", "creationDate": "2026-01-01T10:00:00Z", "text": "one\ntwo\u0000"}
    (folder / "Journal.json").write_text(json.dumps({"entries": [entry]}), encoding="utf-8")
    assert "NUL character on line 2" in refused(db, "dayone", folder)
    yaml_nul = note_folder(tmp_path, '---\ndate: 2026-01-01\ntitle: "a\\0b"\n---\nText\n')
    assert "NUL character on line 1" in refused(db, "markdown", yaml_nul)
    page = tmp_path / "pages.txt"
    page.write_bytes(b"first\n\x00second")
    assert "NUL character on line 2" in refused(db, "notebook", page)

    entry["text"] = "bell\x07 and escape\x1b kept"
    (folder / "Journal.json").write_text(json.dumps({"entries": [entry]}), encoding="utf-8")
    (only,) = journal_import.import_journal(db, "dayone", folder).value.entry_ids
    with db.session(readonly=True) as session:
        assert session.get_one(JournalEntry, only).body == "bell\x07 and escape\x1b kept"


def test_a_detector_file_is_capped_and_its_values_never_echoed(
    db: Database, tmp_path: Path
) -> None:
    big = tmp_path / "detector.json"
    big.write_bytes(b" " * (detectors.DETECTOR_FILE_MAX + 1))
    with pytest.raises(InvalidInputError, match="larger than 1 MB"):
        detectors.import_detector_file(db, big)
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps({"z" * 50_000: 1, "mode": "m" * 50_000}), encoding="utf-8")
    with pytest.raises(InvalidInputError) as caught:
        detectors.import_detector_file(db, odd)
    assert len(str(caught.value)) < MESSAGE_MAX

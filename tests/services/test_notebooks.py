"""Importing notebooks (folder of images, form-feed text, PDF), refusals, pages and edits."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from sqlalchemy import func, select

from app.services.errors import InvalidInputError, NotFoundError
from app.services.notebooks import pages as notebooks
from app.store import Database
from app.store.notebooks import Notebook, NotebookPage
from tests.notebook_files import SAMPLE_NOTEBOOK as SAMPLE
from tests.notebook_files import TINY_JPEG, minimal_pdf, tiny_png


def row_counts(db: Database) -> tuple[int, int]:
    with db.session() as session:
        return (
            int(session.scalar(select(func.count()).select_from(Notebook)) or 0),
            int(session.scalar(select(func.count()).select_from(NotebookPage)) or 0),
        )


def leftovers(db: Database) -> list[Path]:
    root = db.path.parent / "pages"
    return sorted(root.rglob("*")) if root.exists() else []


def test_import_a_form_feed_text_file(db: Database, tmp_path: Path) -> None:
    source = tmp_path / "diary.md"
    source.write_text("first page\n\fsecond page\n\f\n\fthird\n\f", encoding="utf-8")
    result = notebooks.import_notebook(db, source)
    view = result.value
    assert (view.title, view.pages) == ("diary", 4)
    assert result.changes.notebooks == {view.id}
    pages = notebooks.list_pages(db, view.id)
    assert [p.text for p in pages] == ["first page", "second page", "", "third"]
    assert [p.order for p in pages] == [0, 1, 2, 3]
    assert all(p.image_path is None and p.tags == () for p in pages)
    assert notebooks.list_notebooks(db)[0].pages == 4


def test_import_the_sample_notebook(db: Database) -> None:
    view = notebooks.import_notebook(db, SAMPLE, title="Sample").value
    assert view.title == "Sample"
    pages = notebooks.list_pages(db, view.id)
    assert len(pages) == 6
    assert pages[1].text is not None
    assert pages[1].text.startswith("Low Tide")


def test_import_a_folder_of_images_in_name_order(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "scans"
    folder.mkdir()
    (folder / "page-02.jpg").write_bytes(TINY_JPEG)
    (folder / "page-01.png").write_bytes(tiny_png(10))
    (folder / "page-01.txt").write_text("Dear diary", encoding="utf-8")
    (folder / "page-10.PNG").write_bytes(tiny_png(200))
    (folder / ".DS_Store").write_bytes(b"junk")
    view = notebooks.import_notebook(db, folder).value
    pages = notebooks.list_pages(db, view.id)
    assert [p.text for p in pages] == ["Dear diary", None, None]
    assert [p.image_path for p in pages] == [
        f"pages/{view.id}/0.png",
        f"pages/{view.id}/1.jpg",
        f"pages/{view.id}/2.png",
    ]
    for page, data in zip(pages, [tiny_png(10), TINY_JPEG, tiny_png(200)], strict=True):
        stored = notebooks.image_file(db, page)
        assert stored is not None
        assert stored.read_bytes() == data
        assert page.image_digest == hashlib.sha256(data).hexdigest()
    assert not [p for p in leftovers(db) if p.name.startswith(".import")]


def test_import_a_pdf_with_text_layer_and_rendered_pages(db: Database, tmp_path: Path) -> None:
    source = tmp_path / "letters.pdf"
    source.write_bytes(minimal_pdf(["Hello from page one", "", "Third (and last)"]))
    view = notebooks.import_notebook(db, source).value
    pages = notebooks.list_pages(db, view.id)
    assert [p.text for p in pages] == ["Hello from page one", None, "Third (and last)"]
    for page in pages:
        image = notebooks.image_file(db, page)
        assert image is not None
        assert image.suffix == ".png"
        data = image.read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        assert page.image_digest == hashlib.sha256(data).hexdigest()


def _bad_folder(tmp_path: Path, kind: str) -> Path:
    folder = tmp_path / f"bad-{kind}"
    folder.mkdir()
    (folder / "a.png").write_bytes(tiny_png())
    if kind == "image":
        (folder / "b.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    elif kind == "text":
        (folder / "b.png").write_bytes(tiny_png())
        (folder / "b.txt").write_bytes(b"\xff\xfe bad utf-8 \xc3")
    elif kind == "orphan":
        (folder / "z.txt").write_text("no image", encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("make", "needle"),
    [
        (lambda t: _bad_folder(t, "image"), "b.png is not a readable PNG, JPEG or TIFF image"),
        (lambda t: _bad_folder(t, "text"), "b.txt is not UTF-8 text"),
        (lambda t: _bad_folder(t, "orphan"), "z.txt has no page image"),
        (lambda t: (t / "empty").mkdir() or t / "empty", "holds no PNG, JPEG or TIFF"),
        (lambda t: (t / "x.txt").write_bytes(b"ok\f\xff") and t / "x.txt", "not UTF-8 text"),
        (
            lambda t: (t / "x.pdf").write_bytes(b"%PDF-1.4 garbage") and t / "x.pdf",
            "not a readable PDF",
        ),
        (lambda t: (t / "x.docx").write_bytes(b"PK") and t / "x.docx", "cannot be imported"),
        (lambda t: t / "missing.txt", "does not exist"),
        (lambda t: (t / "blank.txt").write_text(" \f \n") and t / "blank.txt", "no text"),
    ],
)
def test_refusals_name_the_file_and_leave_nothing_behind(
    db: Database, tmp_path: Path, make: object, needle: str
) -> None:
    notebooks.import_notebook(db, SAMPLE)  # something already there stays untouched
    before = row_counts(db), leftovers(db)
    source = make(tmp_path)  # type: ignore[operator]
    with pytest.raises(InvalidInputError) as caught:
        notebooks.import_notebook(db, source, strict=True)
    message = str(caught.value)
    assert needle in message
    assert message.count(".") >= 1
    assert "\n" not in message
    assert (row_counts(db), leftovers(db)) == before


@pytest.mark.parametrize(
    ("kind", "skipped", "texts"),
    [
        ("image", [("b.png", "", "b.png is not a readable PNG, JPEG or TIFF image.")], [None]),
        ("text", [("b.txt", "", "b.txt is not UTF-8 text.")], [None, None]),
        ("orphan", [("z.txt", "", "z.txt has no page image of the same name")], [None]),
    ],
)
def test_without_strict_the_good_pages_come_in_and_the_rest_is_reported(
    db: Database, tmp_path: Path, kind: str, skipped: list[tuple[str, str, str]], texts: list[None]
) -> None:
    folder = _bad_folder(tmp_path, kind)
    view = notebooks.import_notebook(db, folder).value
    assert [p.text for p in notebooks.list_pages(db, view.id)] == texts
    assert [(s.path, s.item) for s in view.skipped] == [(p, i) for p, i, _ in skipped]
    for got, (path, _, reason) in zip(view.skipped, skipped, strict=True):
        assert got.reason.startswith(str(folder / path))
        assert reason.split(" ", 1)[1].rstrip(".") in got.reason


def test_a_failure_while_storing_removes_the_copied_images(
    db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _bad_folder(tmp_path, "none")

    def boom(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(notebooks.os, "replace", boom)
    with pytest.raises(OSError, match="disk full"):
        notebooks.import_notebook(db, folder)
    assert row_counts(db) == (0, 0)
    assert leftovers(db) == []


def test_edit_exclude_and_unknown_ids(db: Database) -> None:
    view = notebooks.import_notebook(db, SAMPLE).value
    page = notebooks.list_pages(db, view.id)[0]
    edited = notebooks.edit_page_text(db, page.id, "New words")
    assert edited.value.text == "New words"
    assert edited.value.transcribed_text == page.text
    assert edited.changes.pages == {page.id}
    assert notebooks.edit_page_text(db, page.id, "New words").changes.empty
    assert notebooks.edit_page_text(db, page.id, None).value.text == page.text
    assert notebooks.set_page_excluded(db, page.id, True).value.excluded
    assert notebooks.set_page_excluded(db, page.id, True).changes.empty
    with pytest.raises(NotFoundError, match="no page with id 999"):
        notebooks.edit_page_text(db, 999, "x")
    with pytest.raises(NotFoundError, match="no notebook with id 42"):
        notebooks.list_pages(db, 42)


def test_delete_notebook_removes_its_images(db: Database, tmp_path: Path) -> None:
    source = tmp_path / "one.pdf"
    source.write_bytes(minimal_pdf(["only page"]))
    view = notebooks.import_notebook(db, source).value
    assert leftovers(db)
    notebooks.delete_notebook(db, view.id)
    assert row_counts(db) == (0, 0)
    assert not [p for p in leftovers(db) if p.is_file()]

"""Journal imports: each format from hand-written fixtures, duplicates, refusals that
name the file and import nothing, progress and cancellation, and random input."""

from __future__ import annotations

import hashlib
import json
import shutil
import zipfile
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from app.domain.formats.skipped import Skipped
from app.domain.progress import Cancelled, CancelToken, Progress
from app.services.errors import InvalidInputError
from app.services.journal import entries as journal
from app.services.transfer import journal_import
from app.store import Database, JournalEntry
from app.store.entry_sources import EntryAttachment, EntrySource, EntryTag

pytestmark = pytest.mark.dates

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "journals"
PHOTO = "af46d2c8855d78fe176d08ba114484e0.png"


def count(db: Database) -> tuple[int, int, int, int]:
    with db.session() as session:
        return tuple(  # type: ignore[return-value]
            session.scalar(select(func.count()).select_from(table))
            for table in (JournalEntry, EntrySource, EntryTag, EntryAttachment)
        )


def tags_of(db: Database, entry_id: int) -> list[str]:
    with db.session() as session:
        return list(
            session.scalars(
                select(EntryTag.tag)
                .where(EntryTag.entry_id == entry_id)
                .order_by(EntryTag.position)
            )
        )


def entry_row(db: Database, entry_id: int) -> JournalEntry:
    with db.session() as session:
        row = session.get(JournalEntry, entry_id)
        assert row is not None
        return row


# --- each format ---------------------------------------------------------------------------


def test_day_one_folder_keeps_text_local_day_tags_star_and_photos(db: Database) -> None:
    result = journal_import.import_journal(db, "dayone", FIXTURES / "dayone")
    assert (result.value.imported, result.value.skipped_duplicates) == (2, 0)
    assert result.changes.entries == frozenset(result.value.entry_ids)
    first, second = result.value.entry_ids
    row = entry_row(db, first)
    # 22:45 UTC is 23:45 in Berlin: still the 2nd there
    assert row.day == date(2026, 11, 2)
    assert row.created_at == datetime(2026, 11, 2, 22, 45, 10, tzinfo=UTC)
    assert (row.time_zone, row.starred) == ("Europe/Berlin", True)
    assert row.body.startswith("Sat for twenty minutes before bed.")
    assert tags_of(db, first) == ["evening", "calm"]
    with db.session() as session:
        photo = session.scalars(select(EntryAttachment)).one()
        assert (photo.entry_id, photo.file_name, photo.media_type) == (first, PHOTO, "image/png")
        assert photo.digest == hashlib.sha256(photo.data).hexdigest()
        assert photo.data == (FIXTURES / "dayone" / "photos" / PHOTO).read_bytes()
    # 07:15 UTC is 02:15 in New York: the 4th
    assert entry_row(db, second).day == date(2026, 11, 4)
    assert entry_row(db, second).starred is False


def test_day_one_zip_is_the_same_as_the_folder(db: Database, tmp_path: Path) -> None:
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for file in (FIXTURES / "dayone").rglob("*"):
            if file.is_file():
                z.write(file, file.relative_to(FIXTURES / "dayone").as_posix())
        z.writestr("._Journal.json", b"\x00\x05\x16\x07 resource fork")  # macOS leaves these
    assert journal_import.import_journal(db, "dayone", archive).value.imported == 2
    assert count(db) == (2, 2, 2, 1)


def test_reimporting_skips_what_is_already_there(db: Database) -> None:
    journal_import.import_journal(db, "dayone", FIXTURES / "dayone")
    again = journal_import.import_journal(db, "dayone", FIXTURES / "dayone")
    assert (again.value.imported, again.value.skipped_duplicates) == (0, 2)
    assert again.changes.empty
    assert count(db) == (2, 2, 2, 1)


def test_markdown_folder_reads_daily_notes_and_leaves_undated_ones(db: Database) -> None:
    summary = journal_import.import_journal(db, "markdown", FIXTURES / "obsidian").value
    assert summary.imported == 2
    rows = journal.list_entries(db)
    assert [(r.day, r.title, r.body) for r in rows] == [
        (date(2026, 11, 5), "Thursday", "Read forty pages of *Middlemarch*.\n"),
        (date(2026, 11, 6), "", "Meditated in the park. No front matter here.\n"),
    ]
    assert tags_of(db, rows[0].id) == ["reading", "books"]
    with db.session() as session:
        assert set(session.scalars(select(EntrySource.source_id))) == {
            "2026-11-05:Daily/2026-11-05.md",
            "2026-11-06:Daily/2026-11-06.md",
        }
    undated = Skipped("Project ideas.md", "", journal_import.UNDATED_NOTE)
    assert summary.skipped == (undated,)  # reported, not silently left
    assert journal_import.import_journal(db, "markdown", FIXTURES / "obsidian").value == (
        journal_import.ImportSummary(0, 2, (), (undated,))
    )


def test_logseq_graph_reads_journal_pages_only(db: Database) -> None:
    summary = journal_import.import_journal(db, "logseq", FIXTURES / "logseq").value
    assert summary.imported == 1
    (row,) = journal.list_entries(db)
    assert row.day == date(2026, 11, 7)
    assert row.body.startswith("tags:: gym, [[health]]\n- Lifted weights")
    assert tags_of(db, row.id) == ["gym", "health"]
    # the journals folder itself works too, and is the same source
    again = journal_import.import_journal(db, "logseq", FIXTURES / "logseq" / "journals").value
    assert (again.imported, again.skipped_duplicates) == (0, 1)


def test_text_files_are_dated_by_their_names(db: Database) -> None:
    summary = journal_import.import_journal(db, "text", FIXTURES / "text").value
    assert summary.imported == 2
    rows = journal.list_entries(db)
    assert [(r.day, r.title) for r in rows] == [
        (date(2026, 11, 8), "Trip to Lisbon"),
        (date(2026, 11, 9), "journal"),
    ]
    assert rows[0].body == "Took the train to Lisbon.\nWrote in the café.\n"
    one = journal_import.import_journal(db, "text", FIXTURES / "text" / "journal_20261109.md")
    assert one.value.skipped_duplicates == 1


# --- refusals: one sentence naming the file, nothing imported ------------------------------


def dayone_copy(tmp_path: Path, entries: Any = None, *, raw: bytes | None = None) -> Path:
    folder = tmp_path / "dayone"
    shutil.copytree(FIXTURES / "dayone", folder)
    if raw is not None:
        (folder / "Journal.json").write_bytes(raw)
    elif entries is not None:
        (folder / "Journal.json").write_text(json.dumps({"entries": entries}), encoding="utf-8")
    return folder


def good_entry(**extra: Any) -> dict[str, Any]:
    return {"uuid": "U1", "creationDate": "2026-11-02T10:00:00Z", "text": "ok", **extra}


def refused(db: Database, kind: str, path: Path, *, strict: bool = False) -> str:
    before = count(db)
    with pytest.raises(InvalidInputError) as caught:
        journal_import.import_journal(db, kind, path, strict=strict)
    assert count(db) == before
    message = str(caught.value)
    assert message.endswith(".")
    assert "\n" not in message
    return message


def test_malformed_json_names_the_file_and_line(db: Database, tmp_path: Path) -> None:
    folder = dayone_copy(tmp_path, raw=b'{"entries": [\n  {"uuid": "A",\n  oops}\n]}')
    message = refused(db, "dayone", folder)
    assert str(folder / "Journal.json") in message
    assert "line 3 is not valid JSON" in message


def test_missing_photo_is_refused_when_strict(db: Database, tmp_path: Path) -> None:
    folder = dayone_copy(tmp_path)
    (folder / "photos" / PHOTO).unlink()
    message = refused(db, "dayone", folder, strict=True)
    assert "entry 1 (5A1B2C3D4E5F40718293A4B5C6D7E8F9)" in message
    assert f"has the photo {PHOTO}, which is not in the export's photos folder" in message


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        ([good_entry(), good_entry(uuid="U2", creationDate="yesterday")], "In entry 2 (U2)"),
        ([good_entry(timeZone="Mars/Olympus")], "time zone 'Mars/Olympus'"),
        ([good_entry(tags="not a list")], "tags are not a list"),
        ([good_entry(starred="yes")], "starred value 'yes'"),
        ([good_entry(photos=[{"type": "jpeg"}])], "no md5"),
        ([{"creationDate": "2026-11-02T10:00:00Z"}], "has no uuid"),
        ([good_entry(text=5)], "text is not text"),
        (["an entry"], "not an object"),
    ],
)
def test_unexpected_day_one_structure_names_the_entry(
    db: Database, tmp_path: Path, entries: list[Any], expected: str
) -> None:
    journal_import.import_journal(db, "dayone", FIXTURES / "dayone")  # something to keep
    message = refused(db, "dayone", dayone_copy(tmp_path, entries), strict=True)
    assert "Journal.json" in message
    assert expected in message


def test_a_journal_without_entries_is_not_a_day_one_export(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "x"
    folder.mkdir()
    (folder / "Journal.json").write_text('{"items": []}', encoding="utf-8")
    assert "not a Day One export" in refused(db, "dayone", folder)
    (folder / "Journal.json").unlink()
    assert "holds no .json journal" in refused(db, "dayone", folder)
    bad_zip = tmp_path / "broken.zip"
    bad_zip.write_bytes(b"PK\x03\x04 not really a zip")
    assert "not a Day One export" in refused(db, "dayone", bad_zip)


def test_invalid_utf8_is_refused_naming_the_file_when_strict(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "vault"
    folder.mkdir()
    (folder / "2026-11-01.md").write_text("fine", encoding="utf-8")
    (folder / "2026-11-02.md").write_bytes(b"caf\xe9 au lait")
    message = refused(db, "markdown", folder, strict=True)
    assert message == f"{folder / '2026-11-02.md'} is not UTF-8 text."
    assert "is not UTF-8 text" in refused(db, "dayone", dayone_copy(tmp_path, raw=b"\xff\xfe{"))


def test_bad_dates_are_refused(db: Database, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "2026-02-30.md").write_text("no such day", encoding="utf-8")
    assert "2026-02-30 in its name is not a real date" in refused(db, "markdown", vault)
    (vault / "2026-02-30.md").unlink()
    (vault / "note.md").write_text("---\ndate: someday\n---\ntext", encoding="utf-8")
    assert "'someday' is not a date" in refused(db, "markdown", vault)
    graph = tmp_path / "graph" / "journals"
    graph.mkdir(parents=True)
    (graph / "2026_13_01.md").write_text("- hi", encoding="utf-8")
    assert "2026-13-01" in refused(db, "logseq", graph.parent)
    texts = tmp_path / "texts"
    texts.mkdir()
    (texts / "notes.txt").write_text("undated", encoding="utf-8")
    assert "has no date in its name" in refused(db, "text", texts)


def test_broken_front_matter_names_the_line(db: Database, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    note = vault / "2026-11-02.md"
    note.write_text("---\ntitle: ok\ntags: [a, b\n---\nbody", encoding="utf-8")
    message = refused(db, "markdown", vault)
    assert message.startswith(f"{note}: Line ")
    assert "of the front matter is not valid YAML" in message
    note.write_text("---\n- just\n- a list\n---\nbody", encoding="utf-8")
    assert "not a list of key: value pairs" in refused(db, "markdown", vault)
    note.write_text("---\ntitle: never closed\nbody", encoding="utf-8")
    assert "never closed" in refused(db, "markdown", vault)


def test_a_missing_markdown_attachment_is_refused_when_strict(db: Database, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "2026-11-02.md").write_text(
        "---\nattachments: [attachments/a.png]\n---\nbody", encoding="utf-8"
    )
    assert "names the attachment attachments/a.png, which does not exist" in refused(
        db, "markdown", vault, strict=True
    )
    (vault / "2026-11-02.md").write_text(
        "---\nattachments: [../../etc/passwd]\n---\nbody", encoding="utf-8"
    )
    assert "outside the imported folder" in refused(db, "markdown", vault, strict=True)


def test_unexpected_structure_of_folders(db: Database, tmp_path: Path) -> None:
    assert "is not a Logseq graph" in refused(db, "logseq", tmp_path)
    assert "holds no dated notes" in refused(db, "markdown", tmp_path)
    assert "does not exist" in refused(db, "text", tmp_path / "missing")
    (tmp_path / "photo.png").write_bytes(b"x")
    assert "is not a .txt or .md file" in refused(db, "text", tmp_path / "photo.png")


def test_an_entry_too_long_is_refused(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "t"
    folder.mkdir()
    (folder / "2026-11-02.txt").write_text("x" * (journal.BODY_MAX + 1), encoding="utf-8")
    assert "longer than" in refused(db, "text", folder)


# --- progress and cancellation ---------------------------------------------------------------


def many_notes(tmp_path: Path, n: int) -> Path:
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(n):
        day = date.fromordinal(date(2020, 1, 1).toordinal() + i)
        (folder / f"{day.isoformat()}.md").write_text(f"Entry {i}", encoding="utf-8")
    return folder


def test_progress_counts_every_entry(db: Database, tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []
    journal_import.import_journal(
        db,
        "markdown",
        many_notes(tmp_path, 25),
        on_progress=lambda p: seen.append((p.done, p.total or 0)),
    )
    assert seen == [(i, 25) for i in range(1, 26)]


def test_cancelling_half_way_imports_nothing(db: Database, tmp_path: Path) -> None:
    folder = many_notes(tmp_path, 40)
    done: list[int] = []
    cancel = CancelToken()

    def progress(p: Progress) -> None:
        done.append(p.done)
        if len(done) >= 20:
            cancel.cancel()

    with pytest.raises(Cancelled, match="nothing was imported"):
        journal_import.import_journal(db, "markdown", folder, on_progress=progress, cancel=cancel)
    assert done[-1] == 20  # twenty entries were written, then rolled back
    assert count(db) == (0, 0, 0, 0)
    assert journal_import.import_journal(db, "markdown", folder).value.imported == 40


def test_an_unknown_kind_is_refused(db: Database) -> None:
    with pytest.raises(InvalidInputError, match="cannot import 'evernote'"):
        journal_import.import_journal(db, "evernote", FIXTURES)


# --- random input: imports or refuses cleanly ------------------------------------------------

FAST = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=12,
)
ENTRY_KEYS = st.sampled_from(
    ["uuid", "creationDate", "timeZone", "text", "tags", "starred", "photos"]
)
ENTRY_VALUES = JSON | st.sampled_from(
    [
        "2026-11-02T10:00:00Z",
        "Europe/Berlin",
        "2026-02-30",
        "U1",
        "d41d8cd98f00b204e9800998ecf8427e",
    ]
)
DAY_ONE_LIKE = st.fixed_dictionaries(
    {"entries": st.lists(st.dictionaries(ENTRY_KEYS, ENTRY_VALUES, max_size=7), max_size=4)}
)


def imports_or_refuses(db: Database, kind: str, path: Path) -> None:
    before = count(db)
    message = ""
    try:
        result = journal_import.import_journal(db, kind, path).value
    except InvalidInputError as exc:
        message = str(exc)
    if message:
        assert "\n" not in message
        assert count(db) == before
    else:
        assert count(db)[0] == before[0] + result.imported


@FAST
@given(data=st.binary(max_size=300))
def test_random_bytes_in_each_format(db: Database, tmp_path_factory: Any, data: bytes) -> None:
    root = tmp_path_factory.mktemp("random")
    (root / "Journal.json").write_bytes(data)
    (root / "2026-11-02.md").write_bytes(data)
    (root / "journals").mkdir()
    (root / "journals" / "2026_11_02.md").write_bytes(data)
    (root / "2026-11-03.txt").write_bytes(data)
    (root / "random.zip").write_bytes(data)
    for kind, path in (
        ("dayone", root),
        ("dayone", root / "random.zip"),
        ("markdown", root),
        ("logseq", root),
        ("text", root / "2026-11-03.txt"),
    ):
        imports_or_refuses(db, kind, path)


@FAST
@given(document=JSON | DAY_ONE_LIKE)
def test_random_json_to_day_one(db: Database, tmp_path_factory: Any, document: Any) -> None:
    root = tmp_path_factory.mktemp("json")
    (root / "Journal.json").write_text(json.dumps(document), encoding="utf-8")
    imports_or_refuses(db, "dayone", root)


@FAST
@given(document=JSON)
def test_random_yaml_front_matter(db: Database, tmp_path_factory: Any, document: Any) -> None:
    root = tmp_path_factory.mktemp("yaml")
    front = json.dumps(document)  # JSON is YAML
    (root / "2026-11-02.md").write_text(f"---\n{front}\n---\nbody", encoding="utf-8")
    imports_or_refuses(db, "markdown", root)

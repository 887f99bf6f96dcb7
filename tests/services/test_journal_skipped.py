"""Journal imports take what is valid and report the rest (issue 16): a Day One journal
with a photo missing or a malformed second journal, an Obsidian vault with a broken
template, its daily-notes settings, Logseq graphs with empty, Org, title-named and
conflicting pages; ``strict`` keeps all-or-nothing; nothing valid is still refused."""

from __future__ import annotations

import json
import mimetypes
import shutil
import zipfile
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import select

from app.domain.formats.skipped import Skipped
from app.services.errors import InvalidInputError
from app.services.journal import entries as journal
from app.services.transfer import journal_export, journal_import, source_files
from app.store import Database, open_database
from app.store.entry_sources import EntryAttachment, EntryContext, EntryTag

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "journals"
PHOTO = "af46d2c8855d78fe176d08ba114484e0.png"
FIRST = "5A1B2C3D4E5F40718293A4B5C6D7E8F9"


def entries(db: Database) -> list[tuple[date, str, str]]:
    return [(r.day, r.title, r.body) for r in journal.list_entries(db)]


def reasons(skipped: tuple[Skipped, ...]) -> dict[str, str]:
    return {f"{s.path}|{s.item}" if s.item else s.path: s.reason for s in skipped}


# --- Day One -----------------------------------------------------------------------------


def test_a_missing_photo_keeps_its_entry_and_is_reported(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "dayone"
    shutil.copytree(FIXTURES / "dayone", folder)
    (folder / "photos" / PHOTO).unlink()
    summary = journal_import.import_journal(db, "dayone", folder).value
    assert summary.imported == 2
    assert summary.skipped == (
        Skipped(
            "Journal.json",
            f"entry 1 ({FIRST}), photo {PHOTO}",
            "The photo is not in the export's photos folder.",
        ),
    )
    with db.session() as session:
        assert session.scalars(select(EntryAttachment)).all() == []


def test_a_malformed_second_journal_and_bad_entries_are_reported(
    db: Database, tmp_path: Path
) -> None:
    archive = tmp_path / "export.zip"
    good = json.loads((FIXTURES / "dayone" / "Journal.json").read_text(encoding="utf-8"))
    good["entries"].insert(1, {"uuid": "BAD", "creationDate": "yesterday"})
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("Journal.json", json.dumps(good))
        z.writestr("Travel.json", '{"entries": [')
        z.writestr("Notes.json", '{"items": []}')
        z.write(FIXTURES / "dayone" / "photos" / PHOTO, f"photos/{PHOTO}")
    summary = journal_import.import_journal(db, "dayone", archive).value
    assert summary.imported == 2
    assert reasons(summary.skipped) == {
        "Journal.json|entry 2 (BAD)": "The creationDate 'yesterday' is not a date and time.",
        "Notes.json": "It is not a Day One export: it has no list of entries.",
        "Travel.json": "Line 1 is not valid JSON (Expecting value).",
    }
    # the entries after the bad one keep their own numbers
    again = journal_import.read_journal("dayone", archive)
    assert [r.item for r in again.reads] == [
        f"entry 1 ({FIRST})",
        "entry 3 (0F9E8D7C6B5A49382716F5E4D3C2B1A0)",
    ]


def test_strict_refuses_what_the_default_reports(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "dayone"
    shutil.copytree(FIXTURES / "dayone", folder)
    (folder / "Second.json").write_text('{"items": []}', encoding="utf-8")
    with pytest.raises(InvalidInputError, match=r"Second\.json: It is not a Day One export"):
        journal_import.import_journal(db, "dayone", folder, strict=True)
    assert journal.list_entries(db) == []
    assert journal_import.import_journal(db, "dayone", folder).value.imported == 2


def test_nothing_valid_is_refused_with_the_first_problem(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "dayone"
    folder.mkdir()
    bad = [{"uuid": "A"}, {"uuid": "B", "creationDate": "never"}]
    (folder / "Journal.json").write_text(json.dumps({"entries": bad}), encoding="utf-8")
    with pytest.raises(InvalidInputError) as caught:
        journal_import.import_journal(db, "dayone", folder)
    message = str(caught.value)
    assert message.startswith("Nothing could be imported; the first of 2 problems: ")
    assert "In entry 1 (A): the entry has no creationDate." in message
    assert "\n" not in message


def test_an_empty_attachment_is_left_out_of_its_entry(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "dayone"
    shutil.copytree(FIXTURES / "dayone", folder)
    (folder / "photos" / PHOTO).write_bytes(b"")
    with pytest.raises(InvalidInputError, match="is an empty file"):
        journal_import.import_journal(db, "dayone", folder, strict=True)
    assert journal.list_entries(db) == []
    summary = journal_import.import_journal(db, "dayone", folder).value
    assert summary.imported == 2
    assert [s.reason for s in summary.skipped] == ["The attachment is an empty file."]


# --- Markdown / Obsidian -------------------------------------------------------------------


def test_a_vault_with_a_broken_template_and_a_bad_note_imports_the_rest(
    db: Database, tmp_path: Path
) -> None:
    vault = tmp_path / "vault"
    (vault / "Templates").mkdir(parents=True)
    (vault / "2026-11-01.md").write_text("A good day.\n", encoding="utf-8")
    (vault / "2026-02-30.md").write_text("Mis-named.\n", encoding="utf-8")
    (vault / "2026-11-02.md").write_bytes(b"caf\xe9")
    (vault / "Templates" / "Daily.md").write_text(
        "---\ntags: [{{tags}}\n---\n# {{title}}\n", encoding="utf-8"
    )
    (vault / "2026-11-01.sync-conflict-20261102-101010-ABCDEFG.md").write_text(
        "Other laptop.\n", encoding="utf-8"
    )
    summary = journal_import.import_journal(db, "markdown", vault).value
    assert entries(db) == [(date(2026, 11, 1), "", "A good day.\n")]
    found = reasons(summary.skipped)
    assert found.pop("2026-02-30.md") == "The date 2026-02-30 in its name is not a real date."
    assert found.pop("2026-11-02.md") == "It is not UTF-8 text."
    assert found.pop("2026-11-01.sync-conflict-20261102-101010-ABCDEFG.md") == (
        journal_import.CONFLICT_COPY
    )
    template = found.pop("Templates/Daily.md")
    assert template.startswith("Line 2 of the front matter is not valid YAML")
    assert found == {}


def test_obsidian_daily_notes_settings_date_the_notes(db: Database) -> None:
    vault = FIXTURES / "obsidian_settings"
    summary = journal_import.import_journal(db, "markdown", vault).value
    assert entries(db) == [
        (date(2026, 11, 3), "", "Walked to the lake before work.\n"),
        (date(2026, 11, 4), "", "Made soup with the last leeks.\n"),
        (date(2026, 11, 6), "", "Dated by its front matter, outside the daily folder.\n"),
    ]
    assert reasons(summary.skipped) == {
        "Journal/2026/11/04.11.2026 Wednesday.sync-conflict-20261105-071500-ABCDEFG.md": (
            journal_import.CONFLICT_COPY
        ),
        "Journal/2026/11/Shopping list.md": journal_import.UNDATED_NOTE,
        "Templates/Daily.md": journal_import.TEMPLATE_NOTE,
    }


def test_unreadable_daily_notes_settings_fall_back_to_dated_names(
    db: Database, tmp_path: Path
) -> None:
    vault = tmp_path / "vault"
    (vault / ".obsidian").mkdir(parents=True)
    (vault / ".obsidian" / "daily-notes.json").write_text("{not json", encoding="utf-8")
    (vault / "2026-11-01.md").write_text("Still dated.\n", encoding="utf-8")
    summary = journal_import.import_journal(db, "markdown", vault).value
    assert summary.imported == 1
    assert reasons(summary.skipped) == {
        ".obsidian/daily-notes.json": "The settings cannot be read, so Obsidian's defaults "
        "were used."
    }


def test_a_missing_attachment_keeps_its_note(db: Database, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "2026-11-02.md").write_text(
        "---\nattachments: [a.png, ../../etc/passwd]\n---\nbody", encoding="utf-8"
    )
    summary = journal_import.import_journal(db, "markdown", vault).value
    assert summary.imported == 1
    assert reasons(summary.skipped) == {
        "2026-11-02.md|attachment a.png": "The attachment does not exist.",
        "2026-11-02.md|attachment ../../etc/passwd": (
            "The attachment is outside the imported folder."
        ),
    }


def test_a_link_out_of_the_folder_still_refuses_the_whole_import(
    db: Database, tmp_path: Path
) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "2026-11-01.md").write_text("A good day.\n", encoding="utf-8")
    (tmp_path / "secret").write_text("private", encoding="utf-8")
    (vault / "2026-11-02.md").symlink_to(tmp_path / "secret")
    with pytest.raises(source_files.SourceRefusedError, match="links outside"):
        journal_import.import_journal(db, "markdown", vault)
    assert journal.list_entries(db) == []


def test_a_file_over_its_cap_is_skipped_but_the_import_total_refuses(
    db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "2026-11-01.md").write_text("short", encoding="utf-8")
    (vault / "2026-11-02.md").write_text("x" * 2000, encoding="utf-8")
    monkeypatch.setattr(source_files, "TEXT_FILE_MAX", 1000)
    summary = journal_import.import_journal(db, "markdown", vault).value
    assert summary.imported == 1
    assert "larger than 1,000 bytes" in summary.skipped[0].reason


# --- Logseq --------------------------------------------------------------------------------


def test_a_logseq_graph_as_people_keep_it(db: Database) -> None:
    summary = journal_import.import_journal(db, "logseq", FIXTURES / "logseq_graph").value
    assert entries(db) == [
        (date(2026, 11, 7), "", "- Repaired the bike's back brake\n\t- took an hour\n"),
        (date(2026, 11, 10), "", "- Called Grandma; she sends her love\n"),
        (
            date(2026, 11, 11),
            "Nov 11th, 2026",
            "- Planted the tulip bulbs\n  - twelve of them, by the fence\n- TODO buy compost\n",
        ),
    ]
    with db.session() as session:
        assert list(session.scalars(select(EntryTag.tag))) == ["garden"]
    assert reasons(summary.skipped) == {
        "journals/2026_11_07 (conflicted copy 2026-11-08 101500).md": (
            journal_import.CONFLICT_COPY
        ),
        "journals/2026_11_08.md": journal_import.EMPTY_PAGE,
        "journals/2026_11_09.md": journal_import.EMPTY_PAGE,
        "journals/2026_11_12.org": journal_import.EMPTY_PAGE,
        "journals/tomorrow.md": journal_import.NOT_A_JOURNAL_PAGE,
    }


def test_a_graph_of_empty_pages_is_refused(db: Database, tmp_path: Path) -> None:
    journals = tmp_path / "graph" / "journals"
    journals.mkdir(parents=True)
    (journals / "2026_11_01.md").write_text("-\n", encoding="utf-8")
    with pytest.raises(InvalidInputError, match="holds no journal pages"):
        journal_import.import_journal(db, "logseq", journals.parent)


# --- text ----------------------------------------------------------------------------------


def test_undated_text_files_are_reported_not_blocking(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "texts"
    folder.mkdir()
    (folder / "2026-11-01 Walk.txt").write_text("Walked.\n", encoding="utf-8")
    (folder / "notes.txt").write_text("Undated.\n", encoding="utf-8")
    summary = journal_import.import_journal(db, "text", folder).value
    assert entries(db) == [(date(2026, 11, 1), "Walk", "Walked.\n")]
    assert reasons(summary.skipped) == {
        "notes.txt": "It has no date in its name (YYYY-MM-DD), so it cannot be placed."
    }
    text = journal_import.describe(summary)
    assert text.split("\n") == [
        "Imported 1 entry; 1 skipped.",
        "  1 × It has no date in its name (YYYY-MM-DD), so it cannot be placed. (notes.txt)",
    ]


# --- Day One in full ---------------------------------------------------------------------


def test_day_one_text_title_links_and_every_kind_of_attachment(
    db: Database, tmp_path: Path
) -> None:
    folder = tmp_path / "dayone"
    media = {
        "photos": ("1" * 32, "jpeg", b"\xff\xd8 a photo"),
        "videos": ("2" * 32, "mov", b"a video"),
        "audios": ("3" * 32, "m4a", b"a recording"),
        "pdfs": ("4" * 32, "pdf", b"%PDF-1.4 a ticket"),
    }
    for sub, (md5, kind, data) in media.items():
        (folder / sub).mkdir(parents=True)
        if sub != "pdfs":  # the PDF is missing from the export
            (folder / sub / f"{md5}.{kind}").write_bytes(data)
    entry = {
        "uuid": "E1",
        "creationDate": "2026-11-02T10:00:00Z",
        "text": "# A \\#1 day at the lake\\!\n\nI was unhappy\\. Then:\n\\- swam\n"
        "![](dayone-moment://P1)\n![](dayone-moment:/video/V1)\n"
        "![](dayone-moment:/audio/A1)\n![](dayone-moment:/pdfAttachment/D1)\n"
        "`keep\\.this` and a path C:\\\\temp\n",
        "photos": [{"identifier": "P1", "md5": "1" * 32, "type": "jpeg"}],
        "videos": [{"identifier": "V1", "md5": "2" * 32, "type": "mov"}],
        "audios": [{"identifier": "A1", "md5": "3" * 32, "format": "aac"}],
        "pdfAttachments": [{"identifier": "D1", "md5": "4" * 32, "type": "pdf"}],
    }
    (folder / "Journal.json").write_text(json.dumps({"entries": [entry]}), encoding="utf-8")
    summary = journal_import.import_journal(db, "dayone", folder).value
    ((_day, title, body),) = entries(db)
    assert title == "A #1 day at the lake!"
    assert body == (
        f"I was unhappy. Then:\n- swam\n![]({'1' * 32}.jpeg)\n![]({'2' * 32}.mov)\n"
        f"![]({'3' * 32}.m4a)\n![]({'4' * 32}.pdf)\n`keep\\.this` and a path C:\\temp\n"
    )
    with db.session() as session:
        kept = [
            (a.file_name, a.media_type, a.data) for a in session.scalars(select(EntryAttachment))
        ]
    assert kept == [
        (f"{'1' * 32}.jpeg", "image/jpeg", b"\xff\xd8 a photo"),
        (f"{'2' * 32}.mov", "video/quicktime", b"a video"),
        (
            f"{'3' * 32}.m4a",
            mimetypes.guess_type("x.m4a")[0] or "application/octet-stream",
            b"a recording",
        ),
    ]
    assert summary.skipped == (
        Skipped(
            "Journal.json",
            f"entry 1 (E1), PDF {'4' * 32}.pdf",
            "The PDF is not in the export's pdfs folder.",
        ),
    )


def test_the_fixture_photo_link_names_its_attachment(db: Database) -> None:
    journal_import.import_journal(db, "dayone", FIXTURES / "dayone")
    first = journal.list_entries(db)[0]
    assert first.body.endswith(f"![]({PHOTO})")


def context_rows(db: Database) -> list[tuple[str, float | None, float | None, str]]:
    with db.session() as session:
        return [
            (c.place, c.latitude, c.longitude, c.weather)
            for c in session.scalars(select(EntryContext).order_by(EntryContext.entry_id))
        ]


def test_day_one_place_and_weather_are_kept_and_exported(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "dayone"
    folder.mkdir()
    entry = {
        "uuid": "W1",
        "creationDate": "2026-11-02T10:00:00Z",
        "timeZone": "Europe/Berlin",  # the day is Berlin's, wherever the tests run
        "text": "Rain all day.",
        "location": {
            "placeName": "Café Einstein",
            "localityName": "Berlin",
            "administrativeArea": "Berlin",
            "country": "Germany",
            "latitude": 52.5,
            "longitude": 13.4,
        },
        "weather": {"conditionsDescription": "Rain", "temperatureCelsius": 7.6},
    }
    odd = {
        "uuid": "W2",
        "creationDate": "2026-11-03T10:00:00Z",
        "timeZone": "Europe/Berlin",
        "location": "somewhere",
    }
    (folder / "Journal.json").write_text(json.dumps({"entries": [entry, odd]}), encoding="utf-8")
    assert journal_import.import_journal(db, "dayone", folder).value.imported == 2
    kept = [("Café Einstein, Berlin, Germany", 52.5, 13.4, "Rain, 8 °C")]
    assert context_rows(db) == kept
    journal_export.export_markdown(db, tmp_path / "out")
    note = (tmp_path / "out" / "2026-11-02.md").read_text(encoding="utf-8")
    assert "place: Café Einstein, Berlin, Germany\nlatitude: 52.5\nlongitude: 13.4\n" in note
    assert "weather: Rain, 8 °C\n" in note
    other = open_database(tmp_path / "other.sqlite3")
    try:
        journal_import.import_journal(other, "markdown", tmp_path / "out")
        assert context_rows(other) == kept
    finally:
        other.close()

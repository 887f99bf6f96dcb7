"""A full disk, a read-only file, a damaged database: one sentence on stderr, the right
exit code, no traceback, no private text, and the data as it was."""

from __future__ import annotations

import errno
import io
import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, event

from app import cli
from app.cli.common import Cli, run
from app.paths import database_path
from tests.store.damaged import damage_entries, make_journal

SECRET = "PRIVATE diary text that must never be printed"
ENTRIES = 300


def invoke(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    out = io.StringIO()
    code = cli.main(list(argv), out=out)
    return code, out.getvalue(), capsys.readouterr().err


def one_sentence(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    assert "SQL" not in err
    assert "INSERT" not in err
    assert "PRIVATE" not in err
    return lines[0]


def entry_count(path: Path) -> int:
    with closing(sqlite3.connect(path)) as connection:
        (count,) = connection.execute("SELECT count(*) FROM journal_entries").fetchone()
    return int(count)


@pytest.fixture
def on_every_connection() -> Iterator[Callable[[str], None]]:
    """Run a PRAGMA on every new SQLite connection the app's engines make."""
    pragmas: list[str] = []

    def connect(dbapi_connection: Any, _record: Any) -> None:
        for pragma in pragmas:
            dbapi_connection.execute(pragma).close()

    event.listen(Engine, "connect", connect)
    yield pragmas.append
    event.remove(Engine, "connect", connect)


def test_a_full_disk_is_one_sentence_without_the_entry_text(
    isolated_dirs: Path,
    capsys: pytest.CaptureFixture[str],
    on_every_connection: Callable[[str], None],
) -> None:
    assert invoke(capsys, "entry", "add", "--text", "first")[0] == 0
    path = database_path(isolated_dirs)
    with closing(sqlite3.connect(path)) as connection:
        (pages,) = connection.execute("PRAGMA page_count").fetchone()
    on_every_connection(f"PRAGMA max_page_count = {pages}")  # the disk holds no more

    code, out, err = invoke(capsys, "entry", "add", "--text", SECRET + " " + "x" * 20_000)

    assert code == 2
    assert out == ""
    assert one_sentence(err) == (
        f"inkling: The disk is full, so nothing was saved to {path}; free some space and try again."
    )
    assert entry_count(path) == 1


def test_a_read_only_database_is_one_sentence(
    isolated_dirs: Path,
    capsys: pytest.CaptureFixture[str],
    on_every_connection: Callable[[str], None],
) -> None:
    assert invoke(capsys, "entry", "add", "--text", "first")[0] == 0
    on_every_connection("PRAGMA query_only = ON")  # SQLite answers SQLITE_READONLY

    code, _out, err = invoke(capsys, "entry", "add", "--text", SECRET)

    assert code == 2
    assert "is read-only, so nothing was saved" in one_sentence(err)
    assert entry_count(database_path(isolated_dirs)) == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write a read-only file")
def test_a_database_file_without_write_permission_is_one_sentence(
    isolated_dirs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert invoke(capsys, "entry", "add", "--text", "first")[0] == 0
    path = database_path(isolated_dirs)
    for file in isolated_dirs.iterdir():
        file.chmod(0o400)
    isolated_dirs.chmod(0o500)
    try:
        code, _out, err = invoke(capsys, "entry", "add", "--text", SECRET)
    finally:
        isolated_dirs.chmod(0o700)
    assert code == 2
    assert str(path) in one_sentence(err)


def test_an_os_error_is_one_sentence(tmp_path: Path) -> None:
    def handler(_cli: Cli) -> int:
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "out.md"))

    args = cli.build_parser().parse_args(["--data-dir", str(tmp_path), "habit", "list"])
    err = io.StringIO()
    assert run(Cli(args, io.StringIO(), err), handler) == 2
    assert one_sentence(err.getvalue()) == (
        f"inkling: The disk is full, so {tmp_path / 'out.md'} could not be written; free some"
        " space and try again."
    )


@pytest.fixture
def damaged(isolated_dirs: Path) -> set[int]:
    """The data folder's database with one damaged page of entries; the ids lost."""
    path = database_path(isolated_dirs)
    make_journal(path, ENTRIES)
    return damage_entries(path)


WARNING = "is damaged, so Inkling opened it read-only; `inkling rescue DEST` copies"


def test_a_damaged_database_warns_and_refuses_writes(
    isolated_dirs: Path, damaged: set[int], capsys: pytest.CaptureFixture[str]
) -> None:
    before = database_path(isolated_dirs).read_bytes()

    code, _out, err = invoke(capsys, "habit", "add", SECRET)

    warning, refusal = err.strip().splitlines()
    assert code == 2
    assert warning.startswith("inkling: warning: ")
    assert WARNING in warning
    assert "opened it read-only and changed nothing" in refusal
    assert "PRIVATE" not in err
    assert "Traceback" not in err
    assert database_path(isolated_dirs).read_bytes() == before


def test_export_reads_what_it_can_and_backup_refuses_a_damaged_database(
    isolated_dirs: Path, damaged: set[int], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = invoke(capsys, "export", "markdown", str(tmp_path / "md"), "--json")
    assert code == 0, err
    assert json.loads(out)["items"] == ENTRIES - len(damaged)
    assert len(list((tmp_path / "md").glob("*.md"))) == ENTRIES - len(damaged)
    assert not [p for p in isolated_dirs.iterdir() if p.name.startswith(".")]  # copy removed

    code, _out, err = invoke(capsys, "backup", str(tmp_path / "backup.sqlite3"))
    assert code == 1
    refusal = err.strip().splitlines()[-1]
    assert "is damaged, so it was not backed up" in refusal
    assert "inkling rescue" in refusal
    assert not (tmp_path / "backup.sqlite3").exists()


def test_rescue_then_restore_brings_back_every_readable_entry(
    isolated_dirs: Path, damaged: set[int], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rescued = tmp_path / "rescued.sqlite3"

    code, out, err = invoke(capsys, "rescue", str(rescued), "--json")

    assert code == 0, err
    report = json.loads(out)
    assert report["lost"] == len(damaged)
    assert report["tables"]["journal_entries"] == {
        "copied": ENTRIES - len(damaged),
        "lost": len(damaged),
        "unreadable_stretches": 1,
    }
    code, out, _err = invoke(capsys, "rescue", str(tmp_path / "again.sqlite3"))
    assert out == (
        f"Rescued {ENTRIES - len(damaged)} rows into {tmp_path / 'again.sqlite3'};"
        f" lost: journal_entries {len(damaged)}.\n"
    )

    assert invoke(capsys, "restore", str(rescued))[0] == 0
    code, _out, err = invoke(capsys, "entry", "add", "--text", "after the rescue")
    assert code == 0
    assert err == ""
    assert entry_count(database_path(isolated_dirs)) == ENTRIES - len(damaged) + 1

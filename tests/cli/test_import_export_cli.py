"""The import, export, backup and restore commands: JSON shapes, stderr, exit codes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from app.services.transfer import journal_import
from tests.cli.test_cli import run, run_json

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "journals"


@pytest.mark.parametrize(
    ("kind", "folder", "count"),
    [
        ("dayone", "dayone", 2),
        ("markdown", "obsidian", 2),
        ("logseq", "logseq", 1),
        ("text", "text", 2),
    ],
)
def test_import_reports_imported_and_skipped(
    kind: str, folder: str, count: int, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(FIXTURES / folder)
    skipped = (
        [{"path": "Project ideas.md", "item": "", "reason": journal_import.UNDATED_NOTE}]
        if kind == "markdown"
        else []
    )
    assert run_json("import", kind, path) == {
        "imported": count,
        "skipped_duplicates": 0,
        "skipped": skipped,
    }
    assert f"import {kind}: {count}/{count}" in capsys.readouterr().err  # progress on stderr
    assert run_json("import", kind, path) == {
        "imported": 0,
        "skipped_duplicates": count,
        "skipped": skipped,
    }
    assert len(run_json("entry", "list")["items"]) == count


def test_a_refused_import_is_one_line_on_stderr_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "dayone"
    shutil.copytree(FIXTURES / "dayone", folder)
    (folder / "Journal.json").write_text('{"entries": [', encoding="utf-8")
    code, out = run("import", "dayone", str(folder), "--json")
    assert (code, out) == (1, "")
    err = capsys.readouterr().err
    assert (
        err == f"inkling: {folder / 'Journal.json'} line 1 is not valid JSON (Expecting value).\n"
    )
    assert run_json("entry", "list") == {"items": []}


def test_import_lists_what_it_skipped_and_strict_refuses_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    graph = tmp_path / "graph"
    shutil.copytree(FIXTURES / "logseq_graph", graph)
    for name in ("2026_11_20.md", "2026_11_21.md"):
        (graph / "journals" / name).write_bytes(b"\xff not utf-8")
    code, out = run("import", "logseq", str(graph), "--strict")
    assert (code, out) == (1, "")
    assert capsys.readouterr().err == (
        f"inkling: {graph / 'journals' / '2026_11_20.md'} is not UTF-8 text.\n"
    )
    assert run_json("entry", "list") == {"items": []}

    code, out = run("import", "logseq", str(graph))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Imported 3 entries; 7 skipped."
    assert lines[1] == (
        "  1 × It is a sync tool's conflict copy; merge it by hand, then import again. "
        "(journals/2026_11_07 (conflicted copy 2026-11-08 101500).md)"
    )
    assert (
        "  3 × The day page is empty. "
        "(journals/2026_11_08.md, journals/2026_11_09.md, journals/2026_11_12.org)"
    ) in lines
    assert "  2 × It is not UTF-8 text. (journals/2026_11_20.md, journals/2026_11_21.md)" in lines
    again = run_json("import", "logseq", str(graph))
    assert (again["imported"], again["skipped_duplicates"]) == (0, 3)
    assert {
        "path": "journals/tomorrow.md",
        "item": "",
        "reason": (journal_import.NOT_A_JOURNAL_PAGE),
    } in again["skipped"]
    assert len(again["skipped"]) == 7


def test_exports_backup_and_restore(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_json("import", "dayone", str(FIXTURES / "dayone"))
    run_json("habit", "add", "Meditation")
    run_json("completion", "log", "1", "--date", "2026-11-02")

    doc = run_json("export", "markdown", str(tmp_path / "md"))
    assert doc == {"path": str(tmp_path / "md"), "items": 2}
    assert sorted(p.name for p in (tmp_path / "md").glob("*.md")) == [
        "2026-11-02.md",
        "2026-11-04.md",
    ]
    assert run_json("export", "loop-csv", str(tmp_path / "loop"))["items"] == 1
    assert (tmp_path / "loop" / "001 Meditation" / "Checkmarks.csv").read_text(
        encoding="utf-8"
    ) == "Date,Value,Notes\n2026-11-02,YES_MANUAL,\n"
    assert run_json("export", "json", str(tmp_path / "review.json"))["items"] == 0
    assert json.loads((tmp_path / "review.json").read_text(encoding="utf-8"))["suggestions"] == []

    code, _ = run("export", "markdown", str(tmp_path / "md"))
    assert code == 1
    assert "is not empty" in capsys.readouterr().err

    saved = run_json("backup", str(tmp_path / "saved.sqlite3"))
    assert saved["path"] == str(tmp_path / "saved.sqlite3")
    assert saved["bytes"] > 0
    run_json("entry", "add", "--date", "2026-11-05", "--text", "after the backup")
    assert run_json("restore", str(tmp_path / "saved.sqlite3")) == {
        "restored": str(tmp_path / "saved.sqlite3"),
        "entries": 2,
        "notebooks": 0,
    }
    assert len(run_json("entry", "list")["items"]) == 2

    capsys.readouterr()
    code, _ = run("restore", str(tmp_path / "review.json"))
    assert code == 1
    assert capsys.readouterr().err == (
        f"inkling: {tmp_path / 'review.json'} is not an Inkling backup.\n"
    )


def test_help_lists_every_format(capsys: pytest.CaptureFixture[str]) -> None:
    for group, formats in (
        ("import", ("dayone", "markdown", "logseq", "text")),
        ("export", ("markdown", "loop-csv", "json")),
    ):
        with pytest.raises(SystemExit):
            run(group, "--help")
        shown = capsys.readouterr().out
        assert all(name in shown for name in formats)

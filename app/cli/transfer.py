"""``inkling import``, ``export``, ``backup`` and ``restore``: data in and out."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from app.domain.formats.skipped import skipped_json
from app.paths import database_path
from app.services.transfer import backup, journal_export, journal_import, rescue

from .common import Cli, Commands, item_progress, work_progress


def cmd_import(cli: Cli) -> int:
    kind = cli.args.action
    summary = journal_import.import_journal(
        cli.db,
        kind,
        cli.args.path,
        on_progress=work_progress(cli, f"import {kind}"),
        strict=cli.args.strict,
    ).value
    cli.emit(
        {
            "imported": summary.imported,
            "skipped_duplicates": summary.skipped_duplicates,
            "skipped": skipped_json(summary.skipped),
        },
        journal_import.describe(summary),
    )
    return 0


Exporter = Callable[[Cli, Path], journal_export.ExportSummary]
EXPORTS: dict[str, tuple[str, str, Exporter]] = {
    # format: (help, what the count counts, exporter)
    "markdown": (
        "entries as a folder of Markdown files with YAML front matter",
        "entries",
        lambda cli, dest: journal_export.export_markdown(
            cli.db, dest, on_progress=work_progress(cli, "export markdown")
        ),
    ),
    "loop-csv": (
        "habit completions in Loop Habit Tracker's CSV layout (a folder)",
        "habits",
        lambda cli, dest: journal_export.export_loop_csv(
            cli.db, dest, on_progress=work_progress(cli, "export loop-csv")
        ),
    ),
    "json": (
        "suggestions and notebook findings with their anchors (a .json file)",
        "suggestions and findings",
        lambda cli, dest: journal_export.export_json(cli.db, dest),
    ),
}


def cmd_export(cli: Cli) -> int:
    _help, noun, export = EXPORTS[cli.args.action]
    summary = export(cli, Path(cli.args.dest))
    cli.emit(
        {"path": summary.path, "items": summary.items},
        f"Exported {summary.items} {noun} to {summary.path}.",
    )
    return 0


def cmd_export_page_xml(cli: Cli) -> int:
    from app.services.transfer.notebook_export import export_page_xml

    a = cli.args
    done = export_page_xml(
        cli.db,
        a.notebook_id,
        a.dest,
        accepted_only=a.accepted_only,
        on_progress=item_progress(cli, "pages", a.dest),
    ).value
    cli.emit(
        {"folder": str(done.folder), "pages": done.pages, "findings": done.findings},
        f"Wrote {done.pages} page(s) with {done.findings} finding(s) to {done.folder}.",
    )
    return 0


def cmd_backup(cli: Cli) -> int:
    summary = backup.backup_database(cli.db, cli.args.dest)
    cli.emit(
        {"path": summary.path, "bytes": summary.size},
        f"Backed up the database to {summary.path} ({summary.size:,} bytes).",
    )
    return 0


def cmd_restore(cli: Cli) -> int:
    summary = backup.restore_database(cli.db, cli.args.src).value
    cli.emit(
        {"restored": summary.path, "entries": summary.entries, "notebooks": summary.notebooks},
        f"Restored {summary.path}: {summary.entries} entries, {summary.notebooks} notebooks.",
    )
    return 0


def cmd_rescue(cli: Cli) -> int:
    # Straight from the file: a damaged database may not open at all.
    summary = rescue.rescue_database(database_path(cli.data), cli.args.dest)
    cli.emit(
        {
            "path": summary.path,
            "copied": summary.copied,
            "lost": summary.lost,
            "tables": {
                t.table: {"copied": t.copied, "lost": t.lost, "unreadable_stretches": t.unreadable}
                for t in summary.tables
            },
        },
        rescue.describe(summary),
    )
    return 0


def register(commands: Commands) -> None:
    importing = commands.group("import", "bring journal entries in from other tools")
    for name, help_text in (
        ("dayone", "a Day One JSON export (.zip or unpacked folder)"),
        ("markdown", "a folder of Markdown notes (Obsidian daily notes, YAML front matter)"),
        ("logseq", "a Logseq graph folder (journals/YYYY_MM_DD.md)"),
        ("text", "a .txt/.md file, or a folder of them, dated by their names"),
    ):
        p = importing.add(name, cmd_import, help_text)
        p.add_argument("path")
        p.add_argument(
            "--strict",
            action="store_true",
            help="refuse the whole import at the first file or entry that cannot be read "
            "(by default it is skipped and reported)",
        )

    exporting = commands.group("export", "take your data out in formats other tools read")
    for name, (help_text, _noun, _fn) in EXPORTS.items():
        exporting.add(name, cmd_export, help_text).add_argument("dest")
    p = exporting.add(
        "page-xml", cmd_export_page_xml, "a notebook as PAGE-XML with findings as tags"
    )
    p.add_argument("notebook_id", type=int)
    p.add_argument("dest", help="a new or empty folder")
    p.add_argument("--accepted-only", action="store_true", help="only accepted findings")

    commands.command(
        "backup", cmd_backup, "copy the whole database to a file (or into a folder)"
    ).add_argument("dest")
    commands.command(
        "rescue",
        cmd_rescue,
        "copy every readable row of a damaged database into a new file (then `restore` it)",
    ).add_argument("dest", help="a new file, or a folder for a dated file name")
    commands.command(
        "restore", cmd_restore, "replace the database with a backup (checked first)"
    ).add_argument("src")

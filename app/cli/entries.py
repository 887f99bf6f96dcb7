"""``inkling entry``: write, edit, show, list and delete journal entries."""

from __future__ import annotations

from app import clock
from app.services.journal import entries as journal
from app.services.views import EntryInfo

from .common import Cli, Commands, Shape, add_text_source, day, read_text


def cmd_entry_add(cli: Cli) -> int:
    when = cli.args.date or clock.today()
    view = journal.add_entry(cli.db, when, read_text(cli.args), title=cli.args.title)
    cli.emit({"id": view.value.id}, f"Added entry {view.value.id} for {view.value.day}")
    return 0


def cmd_entry_edit(cli: Cli) -> int:
    result = journal.update_entry(cli.db, cli.args.id, body=read_text(cli.args))
    moved = len(result.changes.suggestions)
    cli.emit(
        {"id": result.value.id, "suggestions_changed": sorted(result.changes.suggestions)},
        f"Saved entry {result.value.id}" + (f"; {moved} suggestion(s) updated" if moved else ""),
    )
    return 0


def cmd_entry_show(cli: Cli) -> int:
    e = journal.get_entry(cli.db, cli.args.id)
    cli.emit(
        {"id": e.id, "date": e.day.isoformat(), "title": e.title, "body": e.body},
        f"{e.day.isoformat()}  {e.title}\n\n{e.body}",
    )
    return 0


ENTRY: Shape[EntryInfo] = Shape(
    json=lambda e: {"id": e.id, "date": e.day.isoformat(), "title": e.title},
    text=lambda e: f"{e.id:<5} {e.day.isoformat()}  {e.title or e.body[:60]}",
)


def cmd_entry_list(cli: Cli) -> int:
    ENTRY.emit_all(cli, journal.list_entries(cli.db), empty="No entries yet.")
    return 0


def cmd_entry_delete(cli: Cli) -> int:
    journal.delete_entry(cli.db, cli.args.id)
    cli.emit({"id": cli.args.id, "deleted": True}, f"Deleted entry {cli.args.id}")
    return 0


def register(commands: Commands) -> None:
    entry = commands.group("entry", "journal entries")
    p = entry.add("add", cmd_entry_add, "write an entry")
    p.add_argument("--date", type=day, help="YYYY-MM-DD (default: today)")
    p.add_argument("--title", default="")
    add_text_source(p)
    p = entry.add("edit", cmd_entry_edit, "replace an entry's text (pending suggestions follow it)")
    p.add_argument("id", type=int)
    add_text_source(p)
    entry.add("show", cmd_entry_show, "show an entry").add_argument("id", type=int)
    entry.add("list", cmd_entry_list, "list entries by day")
    entry.add("delete", cmd_entry_delete, "delete an entry and its suggestions").add_argument(
        "id", type=int
    )

"""``DatabaseWatch``: what other connections commit, as ``Changes``; nothing when nothing
was written; and it never keeps a restore from taking the file."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from app.services.changes import NO_CHANGES
from app.services.journal import completions, targets
from app.services.journal import entries as journal
from app.services.notebooks import pages as notebooks
from app.services.transfer import backup
from app.services.watch import DatabaseWatch
from app.store import Database, open_database
from tests.notebook_files import SAMPLE_NOTEBOOK

DAY = date(2026, 11, 2)


def test_the_watch_reports_what_another_connection_wrote(db: Database) -> None:
    kept = journal.add_entry(db, DAY, "kept").value
    watch = DatabaseWatch(db)
    watch.start()
    assert watch.poll() == NO_CHANGES
    other = open_database(db.path)
    try:
        added = journal.add_entry(other, DAY, "from the command line").value
        changes = watch.poll()
        assert changes.entries == {added.id}
        assert not changes.notebooks
        assert watch.poll() == NO_CHANGES  # reported once

        journal.update_entry(other, kept.id, body="edited elsewhere")
        journal.delete_entry(other, added.id)
        changes = watch.poll()
        assert kept.id in changes.entries
        assert changes.deleted_entries == {added.id}

        book = notebooks.import_notebook(other, SAMPLE_NOTEBOOK, title="CLI").value
        changes = watch.poll()
        assert changes.notebooks == {book.id}
        assert len(changes.pages) == book.pages
        assert not changes.entries

        habit = targets.add_habit(other, "Running").value
        completions.log_completion(other, "habit", habit.id, DAY)
        changes = watch.poll()
        assert ("habit", habit.id) in changes.targets
        assert ("habit", habit.id) in changes.completions
    finally:
        other.close()
        watch.close()


def test_a_restore_is_not_blocked_by_the_watch(db: Database, tmp_path: Path) -> None:
    journal.add_entry(db, DAY, "before the backup")
    saved = tmp_path / "backup.sqlite3"
    backup.backup_database(db, saved)
    watch = DatabaseWatch(db)
    watch.start()
    journal.add_entry(db, DAY, "after the backup")
    watch.poll()
    restored = backup.restore_database(db, saved)  # the watch lets go of the file
    assert restored.value.entries == 1
    assert len(watch.poll().deleted_entries) == 1  # and reconnects afterwards
    watch.close()

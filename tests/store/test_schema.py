"""The migrated schema: every table and index, the pragmas, and agreement with the ORM."""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from alembic import op
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect, text

from app.store import Base, Database, StoreError, open_database
from app.store.contention import STEP_MS
from app.store.db import APPLICATION_ID, MIGRATIONS_DIR, _alembic_config
from app.store.search import is_search_object

TABLES = {
    "alembic_version",
    "habits",
    "practices",
    "journal_entries",
    "completion_suggestions",
    "cue_proposals",
    "habit_completions",
    "practice_sessions",
    "notebooks",
    "notebook_pages",
    "tags",
    "page_tags",
    "page_transcriptions",
    "custom_detectors",
    "detector_preferences",
    "detection_runs",
    "findings",
    "finding_page_reviews",
    "entry_sources",
    "entry_tags",
    "entry_attachments",
    "entry_context",
}
INDEXES = {
    # name: (table, columns, unique, partial WHERE)
    "ix_entry_attachments_entry_id": ("entry_attachments", ["entry_id"], False, None),
    "ix_journal_entries_day": ("journal_entries", ["day"], False, None),
    "ix_completion_suggestions_entry_id": ("completion_suggestions", ["entry_id"], False, None),
    "uq_completion_suggestions_entry_id_habit_id": (
        "completion_suggestions",
        ["entry_id", "habit_id"],
        True,
        "habit_id IS NOT NULL",
    ),
    "uq_completion_suggestions_entry_id_practice_id": (
        "completion_suggestions",
        ["entry_id", "practice_id"],
        True,
        "practice_id IS NOT NULL",
    ),
    "uq_habit_completions_suggestion_id": (
        "habit_completions",
        ["suggestion_id"],
        True,
        "suggestion_id IS NOT NULL",
    ),
    "ix_practice_sessions_practice_id_day": (
        "practice_sessions",
        ["practice_id", "day"],
        False,
        None,
    ),
    "uq_practice_sessions_suggestion_id": (
        "practice_sessions",
        ["suggestion_id"],
        True,
        "suggestion_id IS NOT NULL",
    ),
    "ix_page_tags_tag_slug": ("page_tags", ["tag_slug"], False, None),
    "ix_detection_runs_notebook_id_detector_id": (
        "detection_runs",
        ["notebook_id", "detector_id"],
        False,
        None,
    ),
    "uq_detection_runs_notebook_id_detector_id": (
        "detection_runs",
        ["notebook_id", "detector_id"],
        True,
        "published",
    ),
    "ix_findings_run_id": ("findings", ["run_id"], False, None),
    "ix_findings_notebook_id_detector_id": (
        "findings",
        ["notebook_id", "detector_id"],
        False,
        None,
    ),
    "ix_completion_suggestions_pending": (
        "completion_suggestions",
        ["entry_id", "id"],
        False,
        "status = 'pending'",
    ),
    "ix_findings_unreviewed": (
        "findings",
        ["created_at", "id"],
        False,
        "review_status = 'unreviewed'",
    ),
}


def schema_sql(path: Path) -> dict[str, list[str]]:
    """Each table's and index's CREATE statement as a sorted list of its parts."""
    with closing(sqlite3.connect(path)) as connection:
        rows = connection.execute(
            "SELECT name, sql FROM sqlite_master"
            " WHERE sql IS NOT NULL AND name != 'alembic_version'"
        ).fetchall()
    return {name: sorted(_clauses(sql)) for name, sql in rows}


def _clauses(sql: str) -> list[str]:
    """A CREATE statement's top-level comma-separated parts, whitespace-normalised (a
    column added by ALTER TABLE lands on its neighbour's line; it is the same schema)."""
    sql = sql.strip()
    if sql.startswith("CREATE TABLE") and sql.endswith(")"):
        sql = sql[:-1]  # the table's closing parenthesis, after whichever part comes last
    parts: list[str] = []
    depth = 0
    current: list[str] = []
    for ch in sql:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 1:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))
    return [re.sub(r"\s*([(),])\s*", r"\1", " ".join(part.split())) for part in parts]


def test_fresh_database_has_every_table_and_index(db: Database, db_path: Path) -> None:
    assert db_path.is_file()
    inspector = inspect(db.engine)
    assert {t for t in inspector.get_table_names() if not is_search_object(t)} == TABLES
    with closing(sqlite3.connect(db_path)) as connection:
        found = {
            name: (table, sql)
            for name, table, sql in connection.execute(
                "SELECT name, tbl_name, sql FROM sqlite_master"
                " WHERE type = 'index' AND sql IS NOT NULL"
            )
        }
    assert set(found) == set(INDEXES)
    for name, (table, columns, unique, where) in INDEXES.items():
        [reflected] = [i for i in inspector.get_indexes(table) if i["name"] == name]
        assert reflected["column_names"] == columns
        assert bool(reflected["unique"]) is unique
        sql = found[name][1]
        assert sql.startswith("CREATE UNIQUE INDEX" if unique else "CREATE INDEX")
        assert sql.endswith(f"WHERE {where}") if where else "WHERE" not in sql
    assert inspector.get_unique_constraints("habit_completions") == [
        {"name": "uq_habit_completions_habit_id_day", "column_names": ["habit_id", "day"]}
    ]


def test_stamped_at_head_and_marked_as_inkling(db: Database) -> None:
    head = ScriptDirectory.from_config(_alembic_config()).get_current_head()
    assert head == "0010"
    with db.engine.connect() as connection:
        assert connection.scalar(text("SELECT version_num FROM alembic_version")) == head
        assert connection.exec_driver_sql("PRAGMA application_id").scalar() == APPLICATION_ID


def test_every_connection_uses_wal_foreign_keys_and_busy_timeout(db: Database) -> None:
    with db.session() as session, db.session(readonly=True) as reader:
        for s in (session, reader):
            connection = s.connection()
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            # each attempt waits this long inside SQLite; writers retry up to their limit
            assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == STEP_MS
            assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL


def test_migrations_match_the_orm(db: Database) -> None:
    with db.engine.connect() as connection:
        context = MigrationContext.configure(
            connection,
            opts={
                "compare_type": True,
                "compare_server_default": True,
                "include_name": lambda name, *_: not is_search_object(name),
            },
        )
        assert compare_metadata(context, Base.metadata) == []


def test_migrated_ddl_equals_the_orm_ddl(db: Database, db_path: Path, tmp_path: Path) -> None:
    """Alembic does not compare CHECK constraints or partial-index WHERE clauses: the DDL does."""
    reference = tmp_path / "create_all.sqlite3"
    engine = create_engine(f"sqlite:///{reference}")
    Base.metadata.create_all(engine)
    engine.dispose()
    assert schema_sql(db_path) == schema_sql(reference)


def test_migrations_are_found_next_to_the_module_without_an_ini_file() -> None:
    assert (MIGRATIONS_DIR / "env.py").is_file()
    assert (MIGRATIONS_DIR / "script.py.mako").is_file()
    config = _alembic_config()
    assert config.config_file_name is None
    scripts = ScriptDirectory.from_config(config)
    assert [s.revision for s in scripts.walk_revisions()] == [
        "0010",
        "0009",
        "0008",
        "0007",
        "0006",
        "0005",
        "0004",
        "0003",
        "0002",
        "0001",
    ]


def test_a_failed_migration_leaves_nothing_behind(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    create_table = op.create_table

    def create_then_fail(name: str, *columns: Any, **kw: Any) -> Any:
        if name == "practice_sessions":  # the last table: everything else already exists
            op.execute("INSERT INTO no_such_table VALUES (1)")
        return create_table(name, *columns, **kw)

    monkeypatch.setattr(op, "create_table", create_then_fail)
    with pytest.raises(StoreError, match=r"could not be updated to this version of Inkling"):
        open_database(db_path)
    with closing(sqlite3.connect(db_path)) as connection:
        assert connection.execute("SELECT name FROM sqlite_master").fetchall() == []
        assert connection.execute("PRAGMA application_id").fetchone() == (0,)

    monkeypatch.undo()
    with open_database(db_path) as db:
        assert "practice_sessions" in inspect(db.engine).get_table_names()

"""Full-text search over journal entries (FTS5, kept in step by triggers).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30

A frozen copy of ``app.store.search.FTS_DDL`` (revisions never import app code);
existing entries are indexed by a rebuild.
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FTS = "journal_entries_fts"


def upgrade() -> None:
    op.execute(
        f"CREATE VIRTUAL TABLE {FTS} USING fts5("
        "title, body, content='journal_entries', content_rowid='id', "
        "tokenize='unicode61 remove_diacritics 2')"
    )
    op.execute(
        f"CREATE TRIGGER {FTS}_ai AFTER INSERT ON journal_entries BEGIN "
        f"INSERT INTO {FTS}(rowid, title, body) VALUES (new.id, new.title, new.body); END"
    )
    op.execute(
        f"CREATE TRIGGER {FTS}_ad AFTER DELETE ON journal_entries BEGIN "
        f"INSERT INTO {FTS}({FTS}, rowid, title, body) "
        "VALUES ('delete', old.id, old.title, old.body); END"
    )
    op.execute(
        f"CREATE TRIGGER {FTS}_au AFTER UPDATE OF title, body ON journal_entries BEGIN "
        f"INSERT INTO {FTS}({FTS}, rowid, title, body) "
        "VALUES ('delete', old.id, old.title, old.body); "
        f"INSERT INTO {FTS}(rowid, title, body) VALUES (new.id, new.title, new.body); END"
    )
    op.execute(f"INSERT INTO {FTS}({FTS}) VALUES ('rebuild')")


def downgrade() -> None:
    for trigger in ("ai", "ad", "au"):
        op.execute(f"DROP TRIGGER IF EXISTS {FTS}_{trigger}")
    op.execute(f"DROP TABLE IF EXISTS {FTS}")

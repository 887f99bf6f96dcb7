"""The review inbox: partial indexes over what still waits for a decision.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02

Additive only: two partial indexes, no table is copied.  The inbox walks the entries by
day (``ix_journal_entries_day``) and asks each for its pending suggestions
(``ix_completion_suggestions_pending``, which also counts them without reading the
table); the unreviewed findings are read newest first (``ix_findings_unreviewed``).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        "ix_completion_suggestions_pending",
        "completion_suggestions",
        ["entry_id", "id"],
        unique=False,
        sqlite_where=sa.text("status = 'pending'"),
    )
    op.create_index(
        "ix_findings_unreviewed",
        "findings",
        ["created_at", "id"],
        unique=False,
        sqlite_where=sa.text("review_status = 'unreviewed'"),
    )


def downgrade() -> None:
    op.drop_index("ix_findings_unreviewed", table_name="findings")
    op.drop_index("ix_completion_suggestions_pending", table_name="completion_suggestions")

"""Cue words per habit and practice (the words that show it was done; editable).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30

Adds one nullable JSON column to habits and to practices; NULL means "seeded from the
name", so every existing row keeps its meaning and nothing is rewritten.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # SQLite adds a nullable column in place (no table copy).
    op.add_column("habits", sa.Column("cues", sa.JSON(), nullable=True))
    op.add_column("practices", sa.Column("cues", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("practices") as batch:
        batch.drop_column("cues")
    with op.batch_alter_table("habits") as batch:
        batch.drop_column("cues")

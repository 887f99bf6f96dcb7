"""Notebook runs that resume: how many windows a run read from checkpoints (issue 17).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02

Additive only: one column, ``detection_runs.windows_reused`` (0 for every earlier run).
The checkpoints themselves are files (``app/services/notebooks/checkpoints.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "detection_runs",
        sa.Column("windows_reused", sa.Integer(), server_default="0", nullable=False),
    )


def downgrade() -> None:
    # SQLite's own DROP COLUMN: the table is not copied.
    op.execute("ALTER TABLE detection_runs DROP COLUMN windows_reused")

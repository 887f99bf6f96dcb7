"""The lines read from a page's scan, with their boxes (issue 18).

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02

Additive only: one new table, ``page_transcriptions`` (see ``app/store/notebooks.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "page_transcriptions",
        sa.Column("page_id", sa.Integer(), nullable=False),
        sa.Column("engine", sa.Text(), nullable=False),
        sa.Column("image_digest", sa.Text(), nullable=True),
        sa.Column("lines", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["page_id"],
            ["notebook_pages.id"],
            name=op.f("fk_page_transcriptions_page_id_notebook_pages"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("page_id", name=op.f("pk_page_transcriptions")),
    )


def downgrade() -> None:
    op.drop_table("page_transcriptions")

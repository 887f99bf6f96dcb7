"""Learned cue words and exclusions, proposed to the user (issue 15).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02

Additive only: one new table, ``cue_proposals`` (see ``app/store/learning.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "cue_proposals",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("target_type", sa.Text(), nullable=False),
        sa.Column("target_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.Text(), nullable=False),
        sa.Column("phrase", sa.Text(), nullable=False),
        sa.Column("support", sa.Integer(), nullable=False),
        sa.Column("status", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("decided_at", sa.DateTime(), nullable=True),
        sa.CheckConstraint("target_type IN ('habit', 'practice')", name="target_type_valid"),
        sa.CheckConstraint("kind IN ('cue', 'exclude')", name="kind_valid"),
        sa.CheckConstraint("status IN ('pending', 'accepted', 'dismissed')", name="status_valid"),
        sa.CheckConstraint("length(phrase) BETWEEN 1 AND 80", name="phrase_length"),
        sa.PrimaryKeyConstraint("id", name="pk_cue_proposals"),
        sa.UniqueConstraint(
            "target_type",
            "target_id",
            "kind",
            "phrase",
            name="uq_cue_proposals_target_type_target_id_kind_phrase",
        ),
    )


def downgrade() -> None:
    op.drop_table("cue_proposals")

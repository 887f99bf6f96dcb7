"""The one declarative ``Base`` every table is registered on, and the column types they share.

Every constraint has a stable name (see ``NAMING_CONVENTION``) so that Alembic
migrations can refer to it.  Timestamps are timezone-aware UTC datetimes in
Python and naive UTC in the file (see ``UTCDateTime``).

The tables live by feature, each module importing ``Base`` from here: the journal
(``models``), notebooks (``notebooks``) and what an imported entry brings
(``entry_sources``). ``app/store/__init__.py`` imports every one of them, so
``Base.metadata`` holds the whole schema whenever ``app.store`` is imported (the
migrations and the schema tests compare against it).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Final

from sqlalchemy import DateTime, Dialect, MetaData
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.types import TypeDecorator

NAMING_CONVENTION: Final = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """Aware UTC ``datetime`` in Python, naive UTC in SQLite (sorts and compares as text)."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"naive datetime {value!r}: pass a timezone-aware datetime")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)

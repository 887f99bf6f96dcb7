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

from collections.abc import Iterable
from datetime import UTC, datetime
from enum import StrEnum
from typing import Final, TypeVar

from sqlalchemy import DateTime, Dialect, MetaData, Text
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


E = TypeVar("E", bound=StrEnum)


class EnumText(TypeDecorator[E]):
    """A ``StrEnum`` member in Python, its value as plain text in SQLite: the stored
    words are the enum's values, so the file does not change.  A word outside the enum
    is left to the column's CHECK constraint to refuse."""

    impl = Text
    cache_ok = True

    def __init__(self, enum: type[E]) -> None:
        super().__init__()
        self.enum = enum

    def process_bind_param(self, value: E | str | None, dialect: Dialect) -> str | None:
        return None if value is None else str(value)

    def process_result_value(self, value: str | None, dialect: Dialect) -> E | None:
        return None if value is None else self.enum(value)


def one_of(column: str, values: Iterable[str]) -> str:
    """``column IN ('a', 'b')``: the SQL of a CHECK that ``column`` holds one of ``values``."""
    return f"{column} IN ({', '.join(repr(str(v)) for v in values)})"


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)

"""Alembic environment for Inkling's database.

At run time ``app.store.db`` hands over a connection that is already inside a
transaction (``config.attributes["connection"]``), so all pending migrations
run in that one transaction.  Developers may pass a URL instead:

    alembic -c app/store/alembic.ini -x url=sqlite:///scratch.sqlite3 upgrade head
    alembic -c app/store/alembic.ini -x url=sqlite:///scratch.sqlite3 \
        revision --autogenerate -m "what changed"
"""

from __future__ import annotations

from typing import Literal

from alembic import context
from alembic.autogenerate.api import AutogenContext
from sqlalchemy import Connection, create_engine, pool

from app.store import Base
from app.store.base import EnumText, UTCDateTime
from app.store.search import is_search_object

config = context.config


def _render_item(kind: str, obj: object, autogen_context: AutogenContext) -> str | Literal[False]:
    """Render app types as plain SQLAlchemy types, so revisions never import app code."""
    if kind == "type" and isinstance(obj, UTCDateTime):
        return "sa.DateTime()"
    if kind == "type" and isinstance(obj, EnumText):
        return "sa.Text()"
    return False


def _include_name(name: str | None, type_: str, parent_names: object) -> bool:
    """The FTS5 search index is created by hand in its migration, not from the ORM."""
    return not is_search_object(name)


def _url() -> str:
    url = context.get_x_argument(as_dictionary=True).get("url")
    if not url:
        raise RuntimeError("no database given: pass -x url=sqlite:///path/to/file.sqlite3")
    return url


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=True,  # SQLite alters a table by copying it
        transactional_ddl=True,  # SQLite's DDL is transactional: all or nothing
        compare_type=True,
        compare_server_default=True,
        render_item=_render_item,
        include_name=_include_name,
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    context.configure(
        url=_url(), target_metadata=Base.metadata, render_as_batch=True, literal_binds=True
    )
    with context.begin_transaction():
        context.run_migrations()
else:
    given = config.attributes.get("connection")
    if isinstance(given, Connection):
        _run(given)
    else:
        engine = create_engine(_url(), poolclass=pool.NullPool)
        with engine.begin() as connection:
            _run(connection)
        engine.dispose()

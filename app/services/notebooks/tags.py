"""Tags on pages: the catalogue (slug, label, colour), adding and removing by hand, lookups.

Slugs are normalised with the domain's ``normalize_slug``; each slug gets a catalogue
row whose colour is picked deterministically from the slug.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from app.domain.notebooks.tags import normalize_slug, normalize_slugs, tag_colour
from app.services.changes import NO_CHANGES, Changes, OpResult
from app.services.errors import InvalidInputError, NotFoundError
from app.services.notebooks.pages import PageInfo, page_tags, require_notebook, require_page
from app.store import Database
from app.store.notebooks import NotebookPage, PageTag, Tag

SLUG_MAX = 200


@dataclass(frozen=True)
class TagInfo:
    slug: str
    label: str
    colour: str
    pages: int


def ensure_tag(session: Session, slug: str, label: str | None = None) -> Tag:
    """The catalogue row for ``slug`` (normalised), created when missing."""
    slug = normalize_slug(slug)
    if not slug:
        raise InvalidInputError("A tag cannot be blank.")
    if len(slug) > SLUG_MAX:
        raise InvalidInputError(f"A tag can be at most {SLUG_MAX} characters long.")
    tag = session.get(Tag, slug)
    if tag is None:
        tag = Tag(slug=slug, label=(label or "").strip() or slug, colour=tag_colour(slug))
        session.add(tag)
        session.flush()
    return tag


def union_tag(session: Session, page_ids: Iterable[int], slug: str, label: str | None) -> set[int]:
    """Put ``slug`` on each page that lacks it; the pages changed."""
    tag = ensure_tag(session, slug, label)
    wanted = list(dict.fromkeys(page_ids))
    if not wanted:
        return set()
    present = set(
        session.scalars(
            select(PageTag.page_id).where(PageTag.tag_slug == tag.slug, PageTag.page_id.in_(wanted))
        )
    )
    changed = [page_id for page_id in wanted if page_id not in present]
    session.add_all(PageTag(page_id=page_id, tag_slug=tag.slug) for page_id in changed)
    session.flush()
    return set(changed)


def remove_tag(session: Session, page_ids: Iterable[int], slug: str) -> set[int]:
    """Take ``slug`` off the given pages; the pages changed."""
    slug = normalize_slug(slug)
    wanted = list(dict.fromkeys(page_ids))
    if not wanted or not slug:
        return set()
    present = set(
        session.scalars(
            select(PageTag.page_id).where(PageTag.tag_slug == slug, PageTag.page_id.in_(wanted))
        )
    )
    if present:
        session.execute(
            delete(PageTag).where(PageTag.tag_slug == slug, PageTag.page_id.in_(present))
        )
    return present


def add_page_tags(db: Database, page_id: int, slugs: Iterable[str]) -> OpResult[PageInfo]:
    """Add tags to a page by hand (normalised; duplicates and blanks dropped)."""
    wanted = normalize_slugs(slugs)
    if not wanted:
        raise InvalidInputError("Give at least one tag that is not blank.")
    with db.session() as session:
        page = require_page(session, page_id)
        changed_tags = {slug for slug in wanted if union_tag(session, [page_id], slug, None)}
        view = PageInfo.of(page, page_tags(session, [page_id])[page_id])
    if not changed_tags:
        return OpResult(view, NO_CHANGES)
    return OpResult(view, Changes(pages=frozenset({page_id}), tags=frozenset(changed_tags)))


def remove_page_tags(db: Database, page_id: int, slugs: Iterable[str]) -> OpResult[PageInfo]:
    """Take tags off a page; tags it does not have are ignored."""
    with db.session() as session:
        page = require_page(session, page_id)
        changed_tags = {
            slug for slug in normalize_slugs(slugs) if remove_tag(session, [page_id], slug)
        }
        view = PageInfo.of(page, page_tags(session, [page_id])[page_id])
    if not changed_tags:
        return OpResult(view, NO_CHANGES)
    return OpResult(view, Changes(pages=frozenset({page_id}), tags=frozenset(changed_tags)))


def list_tags(db: Database) -> list[TagInfo]:
    """The catalogue, by slug, with how many pages carry each tag."""
    with db.session(readonly=True) as session:
        counts = dict(
            session.execute(select(PageTag.tag_slug, func.count()).group_by(PageTag.tag_slug))
            .tuples()
            .all()
        )
        return [
            TagInfo(t.slug, t.label, t.colour, counts.get(t.slug, 0))
            for t in session.scalars(select(Tag).order_by(Tag.slug))
        ]


def set_tag_label(db: Database, slug: str, label: str) -> OpResult[TagInfo]:
    """Rename a tag's display label (its slug stays)."""
    label = " ".join(label.split())
    if not label:
        raise InvalidInputError("A tag's label cannot be blank.")
    with db.session() as session:
        tag = session.get(Tag, normalize_slug(slug))
        if tag is None:
            raise NotFoundError(f"There is no tag {slug!r}.")
        tag.label = label
        count = session.scalar(select(func.count()).where(PageTag.tag_slug == tag.slug)) or 0
        view = TagInfo(tag.slug, tag.label, tag.colour, int(count))
    return OpResult(view, Changes(tags=frozenset({view.slug})))


def pages_with_tag(db: Database, slug: str, *, notebook_id: int | None = None) -> list[PageInfo]:
    """Pages carrying ``slug``, by notebook and order."""
    slug = normalize_slug(slug)
    with db.session(readonly=True) as session:
        if notebook_id is not None:
            require_notebook(session, notebook_id)
        query = (
            select(NotebookPage)
            .join(PageTag, PageTag.page_id == NotebookPage.id)
            .where(PageTag.tag_slug == slug)
            .order_by(NotebookPage.notebook_id, NotebookPage.position)
        )
        if notebook_id is not None:
            query = query.where(NotebookPage.notebook_id == notebook_id)
        pages = session.scalars(query).all()
        tags = page_tags(session, [p.id for p in pages])
        return [PageInfo.of(p, tags[p.id]) for p in pages]

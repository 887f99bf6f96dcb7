"""An entry's star, tags and photos."""

from __future__ import annotations

from datetime import date

import pytest

from app.services.errors import InvalidInputError, NotFoundError
from app.services.journal import entries as journal
from app.services.journal import extras
from app.store import Database


def test_star_tags_and_photos_are_read_and_edited(db: Database) -> None:
    entry = journal.add_entry(db, date(2026, 11, 2), "A day at the sea.").value.id
    assert extras.get_extras(db, entry) == extras.EntryExtras(entry, False, (), ())

    assert extras.set_starred(db, entry, True).value.starred
    assert extras.add_tag(db, entry, " #travel ").value.tags == ("travel",)
    result = extras.add_tag(db, entry, "sea")
    assert result.value.tags == ("travel", "sea")
    assert result.changes.entries == {entry}
    assert extras.add_tag(db, entry, "sea").value.tags == ("travel", "sea")  # no duplicate
    assert extras.remove_tag(db, entry, "travel").value.tags == ("sea",)

    [photo] = extras.add_photo(db, entry, "a.jpg", "image/jpeg", b"jpeg bytes").value.photos
    assert (photo.file_name, photo.media_type) == ("a.jpg", "image/jpeg")
    assert extras.photo_data(db, photo.id) == b"jpeg bytes"


def test_bad_tags_and_unknown_ids_are_refused_in_one_sentence(db: Database) -> None:
    entry = journal.add_entry(db, date(2026, 11, 2), "x").value.id
    with pytest.raises(InvalidInputError, match="at least one letter"):
        extras.add_tag(db, entry, " # ")
    with pytest.raises(InvalidInputError, match="at most"):
        extras.add_tag(db, entry, "x" * 200)
    with pytest.raises(NotFoundError, match="no journal entry with id 99"):
        extras.set_starred(db, 99, True)
    with pytest.raises(NotFoundError):
        extras.photo_data(db, 5)
    assert extras.get_extras_or_none(db, 99) is None

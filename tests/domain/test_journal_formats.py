"""Pure parsing of journal formats: dates in names, front matter, Logseq properties, Day One."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.domain.formats.journal import (
    FormatError,
    date_at_start,
    date_in_name,
    dayone_entries,
    logseq_day,
    logseq_entry,
    markdown_entry,
    render_markdown,
    split_front_matter,
)

pytestmark = pytest.mark.dates


@pytest.mark.parametrize(
    ("stem", "expected"),
    [
        ("2026-11-02", (date(2026, 11, 2), "")),
        ("2026-11-02 Trip to Lisbon", (date(2026, 11, 2), "Trip to Lisbon")),
        ("Journal - 2026_11_02", (date(2026, 11, 2), "Journal")),
        ("entry20261102", (date(2026, 11, 2), "entry")),
        ("notes 20261102 evening", (date(2026, 11, 2), "notes evening")),
        ("no date here", None),
        ("v123456789", None),
    ],
)
def test_dates_in_file_names(stem: str, expected: tuple[date, str] | None) -> None:
    assert date_in_name(stem) == expected


def test_impossible_dates_are_refused() -> None:
    with pytest.raises(FormatError, match="2026-02-30 in its name is not a real date"):
        date_in_name("2026-02-30 notes")
    with pytest.raises(FormatError):
        logseq_day("2026_13_01")
    assert logseq_day("2026_11_02") == date(2026, 11, 2)
    assert logseq_day("2026-11-02") is None
    assert date_at_start("2026-11-02 (2)") == date(2026, 11, 2)
    assert date_at_start("Ideas 2026-11-02") is None


def test_front_matter_is_split_from_the_body() -> None:
    assert split_front_matter("no front matter\n") == ({}, "no front matter\n")
    assert split_front_matter("---\nTitle: A\n---\n\nbody\n") == ({"title": "A"}, "body\n")
    assert split_front_matter("---\n---\nbody") == ({}, "body")
    with pytest.raises(FormatError, match="Line 3 of the front matter is not valid YAML"):
        split_front_matter("---\na: 1\nb: [\n---\nbody")


def test_markdown_entry_prefers_front_matter_and_skips_undated_notes() -> None:
    entry = markdown_entry(
        '---\ndate: 2026-01-05\ntags: "one, #two"\nstarred: true\n---\ntext',
        kind="markdown",
        relative="a/b.md",
        name_day=date(2026, 1, 1),
        zone=UTC,
    )
    assert entry is not None
    assert (entry.day, entry.tags, entry.starred) == (date(2026, 1, 5), ("one", "two"), True)
    assert entry.source_id == "2026-01-05:a/b.md"
    assert markdown_entry("text", kind="markdown", relative="x.md", name_day=None, zone=UTC) is None
    with pytest.raises(FormatError, match="not one Inkling wrote"):
        markdown_entry(
            "---\nsource: evernote:1\n---\n",
            kind="markdown",
            relative="x",
            name_day=date(2026, 1, 1),
            zone=UTC,
        )


def test_logseq_tags_come_from_the_tags_property() -> None:
    entry = logseq_entry(
        "title:: Monday\ntags:: [[deep work]], #focus\n- did things",
        relative="j.md",
        day=date(2026, 1, 1),
    )
    assert (entry.title, entry.tags) == ("Monday", ("deep work", "focus"))


def test_day_one_dates_follow_the_entry_time_zone() -> None:
    (entry,) = dayone_entries(
        {
            "entries": [
                {
                    "uuid": "X",
                    "creationDate": "2026-01-01T03:00:00Z",
                    "timeZone": "America/Los_Angeles",
                    "photos": [
                        {"md5": "A" * 32, "type": "JPEG"},
                        {"md5": "a" * 32, "type": "jpeg"},
                    ],
                }
            ]
        },
        zone=ZoneInfo("Pacific/Kiritimati"),  # the entry's own zone wins
    )
    assert entry.day == date(2025, 12, 31)
    assert entry.created_at == datetime(2026, 1, 1, 3, tzinfo=UTC)
    assert entry.attachments == ("photos/" + "a" * 32 + ".jpeg",)  # the same photo once
    assert entry.body == ""


@pytest.mark.parametrize(
    ("zone", "day"),
    [
        ("UTC", date(2026, 12, 1)),
        ("Pacific/Kiritimati", date(2026, 12, 1)),  # 14:30 on the 1st
        ("Pacific/Pago_Pago", date(2026, 11, 30)),  # 13:30 on the 30th
        ("America/New_York", date(2026, 11, 30)),  # 19:30 on the 30th
    ],
)
def test_a_day_one_entry_without_a_time_zone_is_dated_in_the_users_zone(
    zone: str, day: date
) -> None:
    (entry,) = dayone_entries(
        {"entries": [{"uuid": "Y", "creationDate": "2026-12-01T00:30:00Z"}]},
        zone=ZoneInfo(zone),
    )
    assert entry.day == day
    assert entry.created_at == datetime(2026, 12, 1, 0, 30, tzinfo=UTC)
    assert entry.time_zone is None


def test_a_created_time_without_an_offset_is_a_time_in_the_users_zone() -> None:
    text = "---\ndate: 2026-07-01\ncreated: 2026-07-01T08:30:00\n---\nbody"
    london = markdown_entry(
        text, kind="markdown", relative="n.md", name_day=None, zone=ZoneInfo("Europe/London")
    )
    assert london is not None
    assert london.created_at == datetime(2026, 7, 1, 7, 30, tzinfo=UTC)  # BST is UTC+1
    aware = markdown_entry(
        text.replace("08:30:00", "08:30:00+05:00"),
        kind="markdown",
        relative="n.md",
        name_day=None,
        zone=ZoneInfo("Europe/London"),
    )
    assert aware is not None
    assert aware.created_at == datetime(2026, 7, 1, 3, 30, tzinfo=UTC)


TEXT = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=60
)


@given(title=TEXT, body=TEXT, day=st.dates(), tags=st.lists(TEXT, max_size=4))
def test_render_then_parse_gives_the_entry_back(
    title: str, body: str, day: date, tags: list[str]
) -> None:
    clean_title = " ".join(title.split())
    entry = markdown_entry(
        render_markdown(day=day, title=clean_title, body=body, tags=tuple(tags)),
        kind="markdown",
        relative="n.md",
        name_day=None,
        zone=UTC,
    )
    assert entry is not None
    assert (entry.day, entry.title, entry.body) == (day, clean_title, body)

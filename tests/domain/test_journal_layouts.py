"""Names and layouts people's vaults and graphs use (issue 16): Logseq's title dates,
sync tools' conflict copies, Obsidian's moment.js daily-note formats, Logseq's Org pages,
and the bounded report of what an import skipped."""

from __future__ import annotations

from datetime import date

import pytest

from app.domain.formats.journal import (
    FormatError,
    conflict_original,
    is_empty_page,
    logseq_day,
    moment_day_reader,
    obsidian_daily_settings,
    org_to_text,
)
from app.domain.formats.skipped import Skipped, skipped_lines


@pytest.mark.parametrize(
    ("stem", "expected"),
    [
        ("Nov 27th, 2020", date(2020, 11, 27)),
        ("Jan 1st, 2021", date(2021, 1, 1)),
        ("Sept 2nd, 2021", date(2021, 9, 2)),
        ("November 3, 2021", date(2021, 11, 3)),
        ("2020_11_27", date(2020, 11, 27)),
        ("Nov 27th", None),
        ("Books", None),
        ("Foo 27th, 2020", None),
    ],
)
def test_logseq_reads_its_title_format_as_a_date(stem: str, expected: date | None) -> None:
    assert logseq_day(stem) == expected


def test_an_impossible_title_date_is_refused() -> None:
    with pytest.raises(FormatError, match="is not a real date"):
        logseq_day("Feb 30th, 2021")


@pytest.mark.parametrize(
    ("stem", "original"),
    [
        ("2020-11-27.sync-conflict-20201128-101010-ABCDEFG", "2020-11-27"),
        ("2020_11_27 (conflicted copy 2020-11-28 101500)", "2020_11_27"),
        ("2020-11-27 (Ann's conflicted copy 2020-11-28)", "2020-11-27"),
        ("2020-11-27 (Conflicted copy Laptop 202011281015)", "2020-11-27"),
        ("2020-11-27_conflict-20201128-101010", "2020-11-27"),
        ("2020-11-27 (2)", None),
        ("Conflict resolution", None),
    ],
)
def test_conflict_copies_are_recognised(stem: str, original: str | None) -> None:
    assert conflict_original(stem) == original


@pytest.mark.parametrize(
    ("pattern", "name", "expected"),
    [
        ("YYYY-MM-DD", "2026-11-03", date(2026, 11, 3)),
        ("DD.MM.YYYY", "03.11.2026", date(2026, 11, 3)),
        ("YYYY/MM/YYYY-MM-DD", "2026/11/2026-11-03", date(2026, 11, 3)),
        ("YYYY/MM/YYYY-MM-DD", "2025/11/2026-11-03", None),  # folder and name disagree
        ("dddd, MMMM Do YYYY", "Tuesday, November 3rd 2026", date(2026, 11, 3)),
        ("[Journal] D MMM YY", "Journal 3 Nov 26", date(2026, 11, 3)),
        ("YYYY-MM-DD", "Shopping list", None),
        ("YYYY-MM-DD", "2026-11-03 extra", None),
        ("MMMM", "November", None),  # no day: not a date
    ],
)
def test_moment_formats_read_daily_note_names(
    pattern: str, name: str, expected: date | None
) -> None:
    assert moment_day_reader(pattern)(name) == expected


def test_a_moment_name_with_an_impossible_date_is_refused() -> None:
    with pytest.raises(FormatError, match="2026-02-30 in its name is not a real date"):
        moment_day_reader("DD.MM.YYYY")("30.02.2026")


def test_daily_notes_settings_default_what_obsidian_leaves_out() -> None:
    assert obsidian_daily_settings({}) == ("", "YYYY-MM-DD")
    assert obsidian_daily_settings({"folder": "/Daily/", "format": "DD-MM-YYYY"}) == (
        "Daily",
        "DD-MM-YYYY",
    )
    with pytest.raises(FormatError):
        obsidian_daily_settings({"folder": 3})
    with pytest.raises(FormatError):
        obsidian_daily_settings([])


def test_org_pages_become_bullets_with_title_and_tags() -> None:
    text = (
        "#+TITLE: Nov 11th, 2026\n#+FILETAGS: :garden:home:\n#+STARTUP: overview\n"
        "* Planted bulbs\n:PROPERTIES:\n:id: x\n:END:\n** by the fence\n"
        "*bold* stays\n- a plain list\n"
    )
    assert org_to_text(text) == (
        "Nov 11th, 2026",
        ("garden", "home"),
        "- Planted bulbs\n  - by the fence\n*bold* stays\n- a plain list\n",
    )


def test_empty_pages() -> None:
    assert is_empty_page("-\n")
    assert is_empty_page("- \n\n-")
    assert is_empty_page("*\n")
    assert not is_empty_page("- a thought")


def test_the_skipped_report_groups_reasons_and_stays_bounded() -> None:
    skipped = [Skipped(f"journals/{n}.md", "", "The day page is empty.") for n in range(5)]
    skipped += [Skipped("a.json", "entry 2 (X)", "No uuid.")]
    skipped += [Skipped(f"r{n}.md", "", f"Reason {n}.") for n in range(10)]
    lines = skipped_lines(skipped, reasons=3, examples=2)
    assert lines == [
        "5 × The day page is empty. (journals/0.md, journals/1.md and 3 more)",
        "1 × No uuid. (a.json, entry 2 (X))",
        "1 × Reason 0. (r0.md)",
        "9 more skipped for 9 other reasons.",
    ]

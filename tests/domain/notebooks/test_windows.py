"""Windows and candidate selection."""

from __future__ import annotations

import pytest

from app.domain import plan_windows
from app.domain.notebooks import (
    SKIP_EMPTY_PAGE,
    PageInput,
    builtin_detector,
    compile_custom_detector,
    select_candidates,
    windows_for,
)


@pytest.mark.parametrize(
    ("count", "size", "overlap", "expected"),
    [
        (3, 3, 1, [[0, 1, 2]]),
        (4, 3, 1, [[0, 1, 2], [2, 3]]),
        (5, 3, 1, [[0, 1, 2], [2, 3, 4]]),
        (6, 3, 1, [[0, 1, 2], [2, 3, 4], [4, 5]]),
        (3, 2, 1, [[0, 1], [1, 2]]),
        (0, 3, 1, []),
        (-2, 3, 1, []),
        (1, 3, 1, [[0]]),
        (2, 3, 1, [[0, 1]]),
        (3, 1, 0, [[0], [1], [2]]),
        # size = max(1, size); overlap clamped to 0..size-1
        (2, 0, 0, [[0], [1]]),
        (3, 2, 5, [[0, 1], [1, 2]]),
        (3, 2, -4, [[0, 1], [2]]),
    ],
)
def test_plan_windows(count: int, size: int, overlap: int, expected: list[list[int]]) -> None:
    assert plan_windows(count, size, overlap) == expected


def _page(
    pid: int, text: str | None, *, excluded: bool = False, image: str | None = None
) -> PageInput:
    return PageInput(page_id=pid, order=pid * 10, text=text, image_digest=image, excluded=excluded)


def test_select_candidates_drops_excluded_and_empty_pages_in_order() -> None:
    pages = [
        _page(3, "third"),
        _page(1, "first"),
        _page(2, None),
        _page(4, "  \n "),
        _page(5, "excluded", excluded=True),
        _page(6, "", excluded=True),
    ]
    candidates, warnings = select_candidates(pages)
    assert [p.page_id for p in candidates] == [1, 3]
    assert [w.code for w in warnings] == [SKIP_EMPTY_PAGE, SKIP_EMPTY_PAGE]
    assert all(w.message for w in warnings)
    assert warnings[0].to_json() == {"code": SKIP_EMPTY_PAGE, "message": warnings[0].message}


def test_select_candidates_keeps_image_pages_only_when_asked() -> None:
    pages = [_page(1, None, image="sha256:abc"), _page(2, "text")]
    assert [p.page_id for p in select_candidates(pages)[0]] == [2]
    candidates, warnings = select_candidates(pages, use_images=True)
    assert [p.page_id for p in candidates] == [1, 2]
    assert warnings == []


def test_windows_for_page_scope_is_one_window_per_page() -> None:
    names = builtin_detector("names")
    assert names is not None
    candidates = [_page(i, "x") for i in range(1, 5)]
    assert windows_for(names, candidates) == [[0], [1], [2], [3]]


def test_windows_for_window_scopes_use_size_and_overlap() -> None:
    poetry = builtin_detector("poetry")
    todo = builtin_detector("todo_lists")
    assert poetry is not None
    assert todo is not None
    candidates = [_page(i, "x") for i in range(1, 7)]
    assert windows_for(poetry, candidates) == [[0, 1, 2], [2, 3, 4], [4, 5]]
    assert windows_for(todo, candidates[:3]) == [[0, 1], [1, 2]]
    assert windows_for(poetry, []) == []


def test_windows_for_custom_notebook_without_adjacent_is_single_pages() -> None:
    custom = compile_custom_detector(
        name="Dreams", instruction="Dreams.", adjacent_page_detection=False
    )
    assert custom is not None
    assert windows_for(custom, [_page(i, "x") for i in range(3)]) == [[0], [1], [2]]

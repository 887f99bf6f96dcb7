"""``python -m bench --only crashes``: one tiny case of each group against real
``python -m app`` processes (a kill -9 and a read beside a held write lock), tabled.
No timings are asserted."""

from __future__ import annotations

from pathlib import Path

from bench import crashes


def test_a_kill_and_a_read_beside_a_writer_are_checked_and_tabled(tmp_path: Path) -> None:
    base = tmp_path / "base"
    base.mkdir()
    crashes.checked(base, "habit", "add", "Meditation")
    inputs = crashes.Inputs(tmp_path, base, tmp_path, tmp_path, tmp_path, tmp_path, 0)
    [entry_add] = [case for case in crashes.KILLS if case.name == "entry add"]
    [habit_list] = [second for second in crashes.SECONDS if second.name == "habit list"]

    killed = crashes.kill_case(entry_add, inputs, fractions=(0.5,)).row()
    read = crashes.with_lock_held(habit_list, inputs, crashes.TINY, repeats=1)

    assert killed["outcome"] == "ok", killed
    assert killed["repeats"] == 1
    assert killed["killed at (state after)"].split(": ")[1] in ("before", "after", "done")
    assert killed["full run s"] > 0
    assert read["outcome"] == "ok", read
    assert read["details"] == "exit 0; said waiting 0/1"
    rendered = crashes.render({"kill": [killed], "concurrency": [read]}).splitlines()
    assert rendered[0] == "kill -9:"
    assert rendered[1].startswith("| case")
    assert "two processes:" in rendered
    assert rendered[-1].startswith("| habit list (lock held)")

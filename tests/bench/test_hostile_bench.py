"""``python -m bench.hostile`` (and ``python -m bench --only hostile``): each hostile input in
a process of its own, with its outcome, time and peak memory.  No timings are asserted."""

from __future__ import annotations

from bench import hostile


def test_an_input_is_measured_in_a_child_and_tabled() -> None:
    (result,) = hostile.run(only=["yaml-alias-bomb"], timeout=120)
    assert result["case"] == "yaml-alias-bomb"
    assert result["outcome"] == "refused"
    assert "alias" in result["message"]
    assert "\n" not in result["message"]
    assert result["peak_mb"] >= result["baseline_mb"] > 0
    assert result["input_bytes"] > 0
    rendered = hostile.render([result]).splitlines()
    assert rendered[0].startswith("| input")
    assert len(rendered) == 3

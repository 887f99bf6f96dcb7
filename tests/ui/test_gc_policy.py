"""Cyclic garbage is collected on the GUI thread only, as the automatic collector would."""

from __future__ import annotations

import gc
import weakref

from app.ui.common.gc_policy import collect_due


class Node:
    def __init__(self) -> None:
        self.me = self


def test_nothing_is_collected_below_the_thresholds() -> None:
    assert not gc.isenabled()  # the suite's policy (tests/conftest.py), as the app's
    gc.collect(0)
    cycle = Node()
    alive = weakref.ref(cycle)
    del cycle
    assert collect_due((10**9, 10**9, 10**9)) is None
    assert alive() is not None
    gc.collect(0)
    assert alive() is None


def test_the_youngest_generation_is_collected_once_its_threshold_is_crossed() -> None:
    gc.collect(0)
    cycle = Node()
    alive = weakref.ref(cycle)
    del cycle
    assert collect_due((0, 10**9, 10**9)) == 0
    assert alive() is None


def test_older_generations_follow_their_own_thresholds() -> None:
    gc.collect(0)
    Node()
    assert collect_due((0, -1, 10**9)) == 1
    Node()
    assert collect_due((0, 10**9, 10**9)) == 0

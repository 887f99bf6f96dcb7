"""The time-travel passes share the fast tests out (``scripts/time_travel.py``): together
they run each test once at a fake moment, and the tests marked ``dates`` in every pass."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.conftest import SHARD_ENV, in_shard, parse_shard

ROOT = Path(__file__).resolve().parents[1]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("time_travel", ROOT / "scripts/time_travel.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["time_travel"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_shares_split_every_test_id_into_exactly_one_pass() -> None:
    ids = [f"tests/x/test_{n}.py::test_{m}[{m % 3}]" for n in range(40) for m in range(25)]
    shares = [[i for i in ids if in_shard(i, k, 7)] for k in range(7)]
    assert sorted(i for share in shares for i in share) == sorted(ids)
    assert all(len(share) > len(ids) / 7 / 2 for share in shares)  # none starved


@pytest.mark.parametrize("bad", ["", "7/7", "-1/7", "a/7", "3", "1/0"])
def test_a_malformed_share_is_refused_in_one_sentence(bad: str) -> None:
    with pytest.raises(pytest.UsageError, match=SHARD_ENV):
        parse_shard(bad)


def test_each_pass_gets_its_own_share_and_the_environment_says_which() -> None:
    script = _script()
    sessions = [
        script.Session(d, why, (i, len(script.PASSES))) for i, (d, why) in enumerate(script.PASSES)
    ]
    shares = [s.env()[SHARD_ENV] for s in sessions]
    assert shares == [f"{i}/{len(script.PASSES)}" for i in range(len(script.PASSES))]
    assert SHARD_ENV not in script.Session(script.TODAY, "today").env()

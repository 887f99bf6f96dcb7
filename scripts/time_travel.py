"""Run the fast tests at fake dates and in fake time zones; with ``--with-suite``, the whole
suite at today's date too, in one schedule (``make test``, which CI runs, does that).

Each pass is a ``pytest -m "not slow"`` session whose system clock starts at a moment
chosen to break date code: the last and first minute of a month and of a year,
29 February, both daylight-saving switches of Europe/London and America/New_York, in
UTC, Pacific/Kiritimati (UTC+14) and Pacific/Pago_Pago (UTC-11), where the user's date
and UTC's differ.  The clock ticks on from there, so each pass also crosses the boundary.

A pass runs the tests marked ``dates`` (clocks, days, weeks, months, zones) and its
seventh of the other fast tests (a stable hash of the test's id; ``tests/conftest.py``),
so the seven passes together run every fast test once at a fake moment, and the tests
about dates at all seven; ``--every-test`` runs every fast test in every pass (seven
times the time).

How: ``tests/conftest.py`` reads ``INKLING_TIME_TRAVEL`` and starts ``time-machine``,
which moves every stdlib clock (``datetime``, ``date``, ``time.time``...) and ``TZ`` in
that process; monotonic clocks are left alone, so timeouts still work.  It was chosen
over libfaketime because it installs from the package index with the other test tools
(no system package, no ``LD_PRELOAD`` into Qt and llama.cpp) and is maintained.  Qt's
and SQLite's own clocks are not moved; no code may read them (``tests/test_clock.py``).

Sessions run two at a time (the machine has two cores), longest first; a table of the
results is printed; the exit code is non-zero if any session failed or crashed.  With
``--with-suite`` the schedule is:

1. the slow tests that use the real default model (llama.cpp's threads want both
   cores), alone;
2. then, two at a time: the fast tests at today's date with every property-test example,
   the seven passes, and last the slow tests that only start processes of their own
   (``APART``: the built wheel in a fresh environment, the no-network sessions), which
   fill the lane that finishes first.

The benchmarks' smoke tests (``tests/bench``) and the tests marked ``timeless`` (the
model-server tests, which wait on a server process of their own) are left out of the
passes: they read no dates, and would cost a minute of each pass; the session at today's
date runs them.

    .venv/bin/python scripts/time_travel.py [--with-suite] [--jobs N] [--only SUBSTRING]
                                            [-- PYTEST_ARGS]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[1]

PASSES: tuple[tuple[str, str], ...] = (
    ("2026-12-31T23:59@Pacific/Pago_Pago", "last minute of a month and year (UTC-11)"),
    ("2027-01-01T00:00@Pacific/Kiritimati", "first minute of a month and year (UTC+14)"),
    ("2028-02-28T23:59@UTC", "into 29 February (UTC)"),
    ("2027-03-28T00:59@Europe/London", "London springs forward (01:00 -> 02:00)"),
    ("2027-10-31T01:59@Europe/London", "London falls back (02:00 -> 01:00)"),
    ("2027-03-14T01:59@America/New_York", "New York springs forward (02:00 -> 03:00)"),
    ("2027-11-07T01:59@America/New_York", "New York falls back (02:00 -> 01:00)"),
)
"""Where each pass starts (local time @ zone).  A pass runs for minutes with the clock
ticking, so it starts on one side of its boundary and ends on the other; in Pago Pago
and Kiritimati the user's date and UTC's differ for the whole pass."""


TODAY = "today"
SLOW = "today, slow tests"
SLOW_APART = "today, slow tests in processes of their own"
APART = ("tests/test_wheel.py", "tests/test_no_network.py")
"""Slow tests that mostly wait on processes they start, rather than run the model on
both cores: they share the pool instead of running alone."""


SESSION_LIMIT = 1500
"""Seconds a session may take before it is stopped as hung (the longest, every fast
test at today's date, takes about 6 minutes here).  pytest's ``faulthandler_timeout``
has by then written every thread's stack to its log, which is printed below."""


@dataclass(frozen=True)
class Session:
    """One pytest session of the schedule: ``destination`` is a pass's ``moment@zone``, or
    :data:`TODAY` / :data:`SLOW` for the real clock."""

    destination: str
    why: str
    shard: tuple[int, int] | None = None
    """A pass's share of the fast tests (besides those marked ``dates``); None: all."""

    @property
    def travels(self) -> bool:
        return "@" in self.destination

    @property
    def name(self) -> str:
        """For its log and temporary folder: ``2027-01-01T0000_Pacific_Kiritimati``."""
        return re.sub(r"[^A-Za-z0-9-]+", "_", self.destination.replace(":", ""))

    def pytest_args(self) -> list[str]:
        if self.destination == SLOW:
            return ["-m", "slow", *(f"--ignore={path}" for path in APART)]
        if self.destination == SLOW_APART:
            return ["-m", "slow", *APART]
        if not self.travels:
            return ["-m", "not slow"]
        return [
            "-m",
            "not slow and not timeless",
            "--hypothesis-profile=time-travel",
            "--ignore=tests/bench",
        ]

    def env(self) -> dict[str, str]:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        env.pop("INKLING_TIME_TRAVEL", None)
        env.pop("INKLING_TIME_TRAVEL_SHARD", None)
        if self.travels:
            env["INKLING_TIME_TRAVEL"] = self.destination
            env["TZ"] = self.destination.partition("@")[2]  # child processes the tests start
            if self.shard is not None:
                env["INKLING_TIME_TRAVEL_SHARD"] = f"{self.shard[0]}/{self.shard[1]}"
        return env

    def utc(self) -> str:
        if not self.travels:
            return "(the real clock)"
        moment, _, zone = self.destination.partition("@")
        local = datetime.fromisoformat(moment).replace(tzinfo=ZoneInfo(zone))
        return local.astimezone(UTC).strftime("%Y-%m-%d %H:%M")


@dataclass
class Outcome:
    session: Session
    code: int
    seconds: float
    summary: str
    log: Path


def _run(session: Session, work: Path, pytest_args: list[str]) -> Outcome:
    log = work / f"{session.name}.log"
    command = [
        sys.executable,
        "-m",
        "pytest",
        *session.pytest_args(),
        "-q",
        "-p",
        "no:cacheprovider",
        f"--basetemp={work / session.name}",
        *pytest_args,
    ]
    started = time.monotonic()
    hung = False
    with log.open("w", encoding="utf-8") as out:
        try:
            code = subprocess.call(
                command,
                cwd=ROOT,
                env=session.env(),
                stdout=out,
                stderr=subprocess.STDOUT,
                timeout=SESSION_LIMIT,
            )
        except subprocess.TimeoutExpired:  # the child is killed; its log has the stacks
            code, hung = 1, True
    lines = [line for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
    summary = lines[-1].strip("= ") if lines else "no output"
    if hung:
        summary = f"hung: stopped after {SESSION_LIMIT} s, at: {summary[:120]}"
    elif code < 0:  # the process crashed: a failure, named as such
        summary = f"crashed (signal {-code}) after: {summary[:120]}"
    return Outcome(session, code, time.monotonic() - started, summary, log)


def _run_all(
    sessions: list[Session], jobs: int, work: Path, pytest_args: list[str]
) -> list[Outcome]:
    """``sessions`` run ``jobs`` at a time, in the order given; each is reported as it ends."""
    outcomes: list[Outcome] = []
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [pool.submit(_run, s, work, pytest_args) for s in sessions]
        for future in as_completed(futures):
            outcome = future.result()
            mark = "ok" if outcome.code == 0 else "FAILED"
            done = f"{outcome.session.destination} ({outcome.seconds:.0f} s)"
            print(f"  {mark:<6} {done}", flush=True)
            outcomes.append(outcome)
    order = {s.destination: i for i, s in enumerate(sessions)}
    return sorted(outcomes, key=lambda o: order[o.session.destination])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--only", help="run the passes whose destination contains this")
    parser.add_argument(
        "--with-suite",
        action="store_true",
        help="also run the whole suite at today's date (the slow tests first, alone)",
    )
    parser.add_argument("pytest_args", nargs="*", help="passed on to pytest (after --)")
    parser.add_argument(
        "--every-test",
        action="store_true",
        help="each pass runs every fast test (by default each runs those marked dates and "
        "a share of the others, so the passes together run each test once)",
    )
    args = parser.parse_args(argv)
    picked = [(d, why) for d, why in PASSES if args.only is None or args.only in d]
    chosen = [
        Session(d, why, None if args.every_test else (i, len(picked)))
        for i, (d, why) in enumerate(picked)
    ]
    if not chosen:
        parser.error(f"no pass matches {args.only!r}")
    work = Path(tempfile.mkdtemp(prefix="inkling-time-travel-"))
    started = time.monotonic()
    outcomes: list[Outcome] = []
    if args.with_suite:
        print("the slow tests (the real default model), alone", flush=True)
        outcomes += _run_all([Session(SLOW, "the real default model")], 1, work, args.pytest_args)
        chosen.insert(0, Session(TODAY, "every example of the property tests"))
        chosen.append(Session(SLOW_APART, "the wheel, the no-network sessions"))
    print(f"{len(chosen)} sessions of the fast tests, {args.jobs} at a time", flush=True)
    outcomes += _run_all(chosen, args.jobs, work, args.pytest_args)
    print()
    print(f"| {'starts at (local)':<36} | {'UTC':<16} | {'what':<41} | result")
    print(f"|{'-' * 38}|{'-' * 18}|{'-' * 43}|{'-' * 30}")
    for o in outcomes:
        s = o.session
        print(f"| {s.destination:<36} | {s.utc():<16} | {s.why:<41} | {o.summary}")
    failed = [o for o in outcomes if o.code != 0]
    print(
        f"\n{len(outcomes) - len(failed)} of {len(outcomes)} sessions green in "
        f"{time.monotonic() - started:.0f} s (logs: {work})"
    )
    for o in failed:
        print(f"\n---- {o.session.destination}: the end of {o.log}")
        tail = o.log.read_text(encoding="utf-8").splitlines()[-60:]
        print("\n".join(tail))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

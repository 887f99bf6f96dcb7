"""Run the fast tests at fake dates and in fake time zones (CI runs this after the suite).

Each pass is a whole ``pytest -m "not slow"`` session whose system clock starts at a
moment chosen to break date code: the last and first minute of a month and of a year,
29 February, both daylight-saving switches of Europe/London and America/New_York, in
UTC, Pacific/Kiritimati (UTC+14) and Pacific/Pago_Pago (UTC-11), where the user's date
and UTC's differ.  The clock ticks on from there, so each pass also crosses the boundary.

How: ``tests/conftest.py`` reads ``INKLING_TIME_TRAVEL`` and starts ``time-machine``,
which moves every stdlib clock (``datetime``, ``date``, ``time.time``...) and ``TZ`` in
that process; monotonic clocks are left alone, so timeouts still work.  It was chosen
over libfaketime because it installs from the package index with the other test tools
(no system package, no ``LD_PRELOAD`` into Qt and llama.cpp) and is maintained.  Qt's
and SQLite's own clocks are not moved; no code may read them (``tests/test_clock.py``).

Passes run two at a time (the machine has two cores); a table of the results is printed;
the exit code is non-zero if any pass failed or crashed.

    .venv/bin/python scripts/time_travel.py [--jobs N] [--only SUBSTRING] [-- PYTEST_ARGS]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
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


@dataclass
class Outcome:
    destination: str
    why: str
    code: int
    seconds: float
    summary: str
    log: Path


def _utc(destination: str) -> str:
    moment, _, zone = destination.partition("@")
    local = datetime.fromisoformat(moment).replace(tzinfo=ZoneInfo(zone))
    return local.astimezone(UTC).strftime("%Y-%m-%d %H:%M")


def _run(destination: str, why: str, work: Path, pytest_args: list[str]) -> Outcome:
    name = destination.replace(":", "").replace("/", "_").replace("@", "_")
    log = work / f"{name}.log"
    env = dict(os.environ, INKLING_TIME_TRAVEL=destination, QT_QPA_PLATFORM="offscreen")
    env["TZ"] = destination.partition("@")[2]  # child processes the tests start, too
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-m",
        "not slow",
        "-q",
        "-p",
        "no:cacheprovider",
        f"--basetemp={work / name}",
        "--hypothesis-profile=time-travel",
        *pytest_args,
    ]
    started = time.monotonic()
    with log.open("w", encoding="utf-8") as out:
        code = subprocess.call(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    lines = [line for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
    summary = lines[-1].strip("= ") if lines else "no output"
    if code < 0:  # the process crashed: a failure, named as such
        summary = f"crashed (signal {-code}) after: {summary[:120]}"
    return Outcome(destination, why, code, time.monotonic() - started, summary, log)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--only", help="run the passes whose destination contains this")
    parser.add_argument("pytest_args", nargs="*", help="passed on to pytest (after --)")
    args = parser.parse_args(argv)
    chosen = [p for p in PASSES if args.only is None or args.only in p[0]]
    if not chosen:
        parser.error(f"no pass matches {args.only!r}")
    work = Path(tempfile.mkdtemp(prefix="inkling-time-travel-"))
    started = time.monotonic()
    print(f"time travel: {len(chosen)} passes of the fast tests, {args.jobs} at a time", flush=True)
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(_run, d, why, work, args.pytest_args) for d, why in chosen]
        outcomes = []
        for future in futures:
            outcome = future.result()
            mark = "ok" if outcome.code == 0 else "FAILED"
            print(f"  {mark:<6} {outcome.destination} ({outcome.seconds:.0f} s)", flush=True)
            outcomes.append(outcome)
    print()
    print(f"| {'starts at (local)':<36} | {'UTC':<16} | {'what':<41} | result")
    print(f"|{'-' * 38}|{'-' * 18}|{'-' * 43}|{'-' * 30}")
    for o in outcomes:
        print(f"| {o.destination:<36} | {_utc(o.destination):<16} | {o.why:<41} | {o.summary}")
    failed = [o for o in outcomes if o.code != 0]
    print(
        f"\n{len(outcomes) - len(failed)} of {len(outcomes)} passes green in "
        f"{time.monotonic() - started:.0f} s (logs: {work})"
    )
    for o in failed:
        print(f"\n---- {o.destination}: the end of {o.log}")
        tail = o.log.read_text(encoding="utf-8").splitlines()[-60:]
        print("\n".join(tail))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

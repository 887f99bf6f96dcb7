"""The clock seam: one module reads the wall clock, and the rest of the code asks it."""

from __future__ import annotations

import ast
import threading
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from app import clock as seam
from app.clock import FixedClock, SystemClock

pytestmark = pytest.mark.dates

ROOT = Path(__file__).resolve().parents[1]
SEAM = ROOT / "app" / "clock.py"

# Calls that read the wall clock: stdlib, Qt, SQL.
_CLOCK_METHODS = {"now", "utcnow", "today"}
_CLOCK_OWNERS = {"datetime", "date", "dt", "pendulum", "arrow"}
_TIME_FUNCTIONS = {"time", "time_ns", "localtime", "gmtime", "ctime", "asctime", "strftime"}
_QT_CLOCK = {
    "currentDate",
    "currentDateTime",
    "currentDateTimeUtc",
    "currentMSecsSinceEpoch",
    "currentSecsSinceEpoch",
    "currentTime",
}
_SQL_CLOCK = ("current_timestamp", "current_date", "current_time")
_SQL_TIME_FUNCTIONS = ("datetime(", "date(", "time(", "julianday(", "strftime(", "unixepoch(")


def _dotted(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return ""


def clock_reads(source: str) -> list[tuple[int, str]]:
    """(line, what) for every wall-clock read in ``source`` that bypasses ``app.clock``."""
    found: list[tuple[int, str]] = []
    tree = ast.parse(source)
    time_aliases = {"time"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "time":
            for alias in node.names:
                if alias.name in _TIME_FUNCTIONS:
                    found.append((node.lineno, f"from time import {alias.name}"))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "time" and alias.asname:
                    time_aliases.add(alias.asname)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            owner = _dotted(node.value)
            last = owner.rsplit(".", 1)[-1]
            if (
                (node.attr in _CLOCK_METHODS and last in _CLOCK_OWNERS)
                or (node.attr in _TIME_FUNCTIONS and owner in time_aliases)
                or node.attr in _QT_CLOCK
            ):
                found.append((node.lineno, f"{owner}.{node.attr}"))
            elif node.attr == "now" and last == "func":
                found.append((node.lineno, "func.now (SQL)"))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            lowered = node.value.casefold()
            found.extend((node.lineno, f"SQL {word}") for word in _SQL_CLOCK if word in lowered)
            if "'now'" in lowered and any(f in lowered for f in _SQL_TIME_FUNCTIONS):
                found.append((node.lineno, "SQL 'now'"))
    return found


def _sources() -> list[Path]:
    folders = [ROOT / "app", ROOT / "tests", ROOT / "bench"]
    return sorted(p for folder in folders for p in folder.rglob("*.py") if p != SEAM)


def test_nothing_but_the_seam_reads_the_wall_clock() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for path in _sources()
        for line, what in clock_reads(path.read_text(encoding="utf-8"))
        if path != Path(__file__)
    ]
    assert offenders == [], "read the clock through app.clock instead:\n" + "\n".join(offenders)


def test_the_domain_is_handed_its_dates() -> None:
    """Pure logic never asks the clock: whoever calls it passes "today"."""
    users = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "app" / "domain").rglob("*.py")
        if "app.clock" in path.read_text(encoding="utf-8")
        or "from app import clock" in path.read_text(encoding="utf-8")
    ]
    assert users == []


@pytest.mark.parametrize(
    ("source", "what"),
    [
        ("from datetime import date\nx = date.today()", "date.today"),
        ("import datetime\nx = datetime.datetime.now()", "datetime.datetime.now"),
        ("import datetime as dt\nx = dt.date.today()", "dt.date.today"),
        ("from datetime import datetime, UTC\nx = datetime.now(UTC)", "datetime.now"),
        ("x = datetime.utcnow()", "datetime.utcnow"),
        ("import time\nx = time.time()", "time.time"),
        ("import time as t\nx = t.localtime()", "t.localtime"),
        ("from time import time_ns", "from time import time_ns"),
        ("from PySide6.QtCore import QDate\nx = QDate.currentDate()", "QDate.currentDate"),
        ("x = QDateTime.currentMSecsSinceEpoch()", "QDateTime.currentMSecsSinceEpoch"),
        ("x = func.now()", "func.now (SQL)"),
        ("q = \"SELECT datetime('now')\"", "SQL 'now'"),
        ("q = 'ALTER TABLE t ADD c DEFAULT CURRENT_TIMESTAMP'", "SQL current_timestamp"),
    ],
)
def test_the_scan_finds_each_kind_of_clock_read(source: str, what: str) -> None:
    assert what in [w for _line, w in clock_reads(source)]


@pytest.mark.parametrize(
    "source",
    [
        "from app import clock\nx = clock.today()\ny = clock.utcnow()",
        "import time\nx = time.perf_counter()\ny = time.monotonic()",  # durations
        "x = snapshot.today\ny = self._today()",
        "x = 'right now'",
    ],
)
def test_the_scan_lets_the_seam_and_durations_through(source: str) -> None:
    assert clock_reads(source) == []


# ------------------------------------------------------------------ the seam itself


def test_today_is_the_users_local_date_not_utcs(clock: FixedClock) -> None:
    clock.set(datetime(2026, 12, 1, 0, 30, tzinfo=ZoneInfo("Pacific/Kiritimati")))
    assert clock.utcnow() == datetime(2026, 11, 30, 10, 30, tzinfo=UTC)
    assert seam.today() == date(2026, 12, 1)
    assert seam.utcnow().date() == date(2026, 11, 30)
    assert seam.now().utcoffset() == timedelta(hours=14)
    clock.set(datetime(2026, 11, 30, 23, 59, tzinfo=ZoneInfo("Pacific/Pago_Pago")))
    assert seam.today() == date(2026, 11, 30)
    assert seam.utcnow() == datetime(2026, 12, 1, 10, 59, tzinfo=UTC)


def test_a_fixed_clock_moves_only_when_told_and_follows_daylight_saving(
    clock: FixedClock,
) -> None:
    # 01:59 EST on the morning New York springs forward; a minute later it is 03:00 EDT
    clock.set(datetime(2027, 3, 14, 1, 59, tzinfo=ZoneInfo("America/New_York")))
    assert seam.now() == seam.now()
    clock.advance(timedelta(minutes=1))
    assert (seam.now().hour, seam.now().minute) == (3, 0)
    assert seam.today() == date(2027, 3, 14)
    assert seam.to_local(datetime(2027, 3, 14, 5, 0)).hour == 0  # naive is UTC


def test_using_puts_the_previous_clock_back_and_is_seen_on_every_thread() -> None:
    fixed = FixedClock(datetime(2028, 2, 29, 12, tzinfo=UTC))
    seen: list[date] = []
    with seam.using(fixed):
        worker = threading.Thread(target=lambda: seen.append(seam.today()))
        worker.start()
        worker.join()
    assert seen == [date(2028, 2, 29)]
    assert isinstance(seam.set_clock(SystemClock()), SystemClock)


def test_a_clock_needs_a_zone() -> None:
    with pytest.raises(ValueError, match="aware"):
        FixedClock(datetime(2026, 12, 1))

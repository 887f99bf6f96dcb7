"""No network connection, from a whole window session or a command in a process of its own
(the suite's own tests are held to it by pytest-socket, see pyproject.toml)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SESSION = ROOT / "tests" / "sessions" / "watched.py"


def watched(tmp_path: Path, *argv: str) -> dict[str, Any]:
    report = tmp_path / "report.json"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "INKLING_DATA_DIR": str(tmp_path)}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, str(SESSION), str(report), *argv],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    return result


def test_the_watch_catches_and_stops_a_lookup(tmp_path: Path) -> None:
    """The watch itself (so an empty report means something): a name lookup is recorded
    and stopped before it is made."""
    script = tmp_path / "lookup.py"
    script.write_text(
        "import socket\n"
        "try:\n"
        "    socket.getaddrinfo('example.org', 443)\n"
        "except ConnectionRefusedError as e:\n"
        "    assert str(e) == 'stopped by the network watch'\n"
        "else:\n"
        "    raise SystemExit('the lookup was made')\n",
        encoding="utf-8",
    )
    report = watched(tmp_path, "script", str(script))
    assert [a.split(" ")[0] for a in report["attempts"]] == ["socket.getaddrinfo"]


@pytest.mark.slow
def test_a_window_session_reaches_no_network(tmp_path: Path) -> None:
    """The window over a fresh data folder: the default model checked and loaded, the
    sample journal detected, the sample notebook imported."""
    report = watched(tmp_path, "window", str(tmp_path / "data"))
    assert report == {"attempts": [], "qt_network_loaded": False}


@pytest.mark.slow
def test_the_demo_and_the_screenshots_reach_no_network(tmp_path: Path) -> None:
    report = watched(tmp_path, "cli", "demo")
    assert report == {"attempts": [], "qt_network_loaded": False}
    report = watched(tmp_path, "cli", "screenshot", "--out", str(tmp_path / "shots"))
    assert report == {"attempts": [], "qt_network_loaded": False}

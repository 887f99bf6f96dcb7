"""A whole Inkling session in a process of its own, watched for network use.

    python tests/sessions/watched.py REPORT window DATA_DIR
    python tests/sessions/watched.py REPORT cli ARGS...
    python tests/sessions/watched.py REPORT script PATH

An audit hook (PEP 578) records every attempt to reach a network that Python code makes
(a name lookup, a connect, a send to an address, an HTTP or URL request, a bind to an
address other than loopback) and stops it there: the call raises
``ConnectionRefusedError``, so nothing leaves the machine even when the watch finds
something.

``window`` opens the desktop app over ``DATA_DIR``, loads the sample journal and the sample
notebook once it is ready, lets the model check and detect for a while, and closes it;
``cli`` runs a command; ``script`` runs a Python file (the watch's own test).  At exit the
report (JSON) lists the attempts and whether Qt's network library was loaded at all (it
would reach the network from C++, where no audit hook sees it).  Used by
``tests/test_no_network.py``.
"""

from __future__ import annotations

import atexit
import json
import socket
import sys
from pathlib import Path
from typing import Any

REACHING = frozenset(
    {
        "socket.connect",
        "socket.sendto",
        "socket.sendmsg",
        "socket.getaddrinfo",
        "socket.gethostbyname",
        "socket.gethostbyaddr",
        "socket.getnameinfo",
        "http.client.connect",
        "urllib.Request",
        "ftplib.connect",
        "smtplib.connect",
    }
)
LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost", ""})

attempts: list[str] = []


def _watch(event: str, args: tuple[Any, ...]) -> None:
    if event in REACHING:
        if event.startswith("socket.") and args and _is_local(args[0]):
            return
        _stop(f"{event} {args[1:] if event.startswith('socket.') else args}")
    elif event == "socket.bind" and args[0].family != socket.AF_UNIX:
        address = args[1]
        if not (isinstance(address, tuple) and address and address[0] in LOOPBACK):
            _stop(f"socket.bind {address!r}")


def _stop(attempt: str) -> None:
    attempts.append(attempt[:300])
    raise ConnectionRefusedError("stopped by the network watch")


def _is_local(sock: object) -> bool:
    return isinstance(sock, socket.socket) and sock.family == socket.AF_UNIX


def _report(path: Path) -> None:
    maps = Path("/proc/self/maps")
    libraries = maps.read_text(encoding="utf-8", errors="replace") if maps.exists() else ""
    path.write_text(
        json.dumps({"attempts": attempts, "qt_network_loaded": "libQt6Network" in libraries}),
        encoding="utf-8",
    )


def _window(data_dir: str) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from app.ui.shell import main_window
    from app.ui.shell.app import run_gui

    start = main_window.MainWindow.start

    def start_then_use(window: main_window.MainWindow) -> None:
        def ready() -> None:
            window.load_sample()
            QTimer.singleShot(3_000, window.load_sample_notebook)
            QTimer.singleShot(15_000, QApplication.quit)

        window.ready.connect(ready)
        start(window)

    main_window.MainWindow.start = start_then_use  # type: ignore[method-assign]
    return run_gui(["inkling"], data_dir=data_dir)


def main() -> int:
    report, what, *rest = sys.argv[1:]
    sys.addaudithook(_watch)
    atexit.register(_report, Path(report))
    if what == "window":
        return _window(rest[0])
    if what == "script":
        import runpy

        runpy.run_path(rest[0], run_name="__main__")
        return 0
    from app.cli import main as cli

    return cli(rest)


if __name__ == "__main__":
    sys.exit(main())

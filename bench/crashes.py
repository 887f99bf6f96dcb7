"""Kill -9 and two-process cases against real ``python -m app`` processes (issue 14).

    python -m bench --only crashes          # both tables (Markdown)
    python -m bench --only crashes --quick  # smaller inputs, fewer repeats

Everything runs in a temporary data folder.  Each **kill** case first runs its command to
the end once to measure how long it takes, then starts it again from the same data
folder and kills it (``SIGKILL``) after 10%, 50% and 90% of its work (the time past a
process's start and open, which ``habit list`` measures).  After each kill
the next command must open the data folder cleanly, ``PRAGMA integrity_check`` must say
``ok``, what the command adds must be all there or not there at all (the counts before or
after, never between), a killed detector run must be ``interrupted`` (never left
``running``), and no scratch or staging file may be left behind.

Each **concurrency** case runs a second command while another process holds the write
lock (a transaction open, as a long import has) or runs a real import or detector run:
the exit code, the time, and whether it said "waiting for another Inkling".  Reads must
not wait; writes wait visibly and then succeed; a live run is never marked
``interrupted`` by another process's open; a finished run whose publishing finds the lock
taken is kept and published by the next open.

No timings are asserted: the tables report them.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import IO, Any

from bench.common import entry_text, isolate
from bench.report import table

REPO = Path(__file__).resolve().parents[1]
DATABASE = "inkling.sqlite3"
WAITING = "waiting for another Inkling"
FRACTIONS = (0.1, 0.5, 0.9)
Row = dict[str, Any]
"""One line of a table."""
DETECTOR = "names"
"""The kill and concurrency detector runs (lexical and names: no model needed)."""


@dataclass(frozen=True)
class Scale:
    entries: int
    """Entries of the generated Day One export (and notes of the Markdown folder)."""
    pages: int
    """Pages of the generated notebook."""
    hold_s: float
    """How long the other process holds the write lock in the concurrency cases."""


FULL = Scale(entries=20_000, pages=1500, hold_s=4.0)
QUICK = Scale(entries=4000, pages=400, hold_s=3.0)
TINY = Scale(entries=60, pages=8, hold_s=1.5)
"""The test's scale: every case still runs against real processes."""


# --- processes -----------------------------------------------------------------------------


def _env(data: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {**os.environ, "INKLING_DATA_DIR": str(data), "PYTHONPATH": str(REPO)}
    env.pop("INKLING_MODEL", None)
    return {**env, **(extra or {})}


_OUTPUT: dict[int, tuple[IO[bytes], IO[bytes]]] = {}
"""Each started process's stdout and stderr files, by process id."""


def start(
    data: Path,
    argv: Sequence[str],
    extra: dict[str, str] | None = None,
    stderr: int | None = None,
) -> subprocess.Popen[str]:
    """``python -m app ARGV`` on the data folder ``data`` (``extra``: environment
    variables to add), its output captured in
    temporary files (a pipe nobody reads yet would stop a chatty command when full);
    ``stderr=subprocess.PIPE`` to read its stderr as it comes."""
    files = (tempfile.TemporaryFile(), tempfile.TemporaryFile())  # noqa: SIM115 - see _output
    process = subprocess.Popen(
        [sys.executable, "-m", "app", *argv],
        cwd=REPO,
        env=_env(data, extra),
        stdin=subprocess.DEVNULL,
        stdout=files[0],
        stderr=files[1] if stderr is None else stderr,
        text=True,
    )
    _OUTPUT[process.pid] = files
    return process


def _output(process: subprocess.Popen[str]) -> tuple[str, str]:
    """What ``process`` (from :func:`start`) printed to its files, once it has ended."""
    texts = []
    for handle in _OUTPUT.pop(process.pid):
        handle.seek(0)
        texts.append(handle.read().decode("utf-8", "replace"))
        handle.close()
    return texts[0], texts[1]


@dataclass(frozen=True)
class Done:
    code: int
    seconds: float
    out: str
    err: str

    @property
    def waited(self) -> bool:
        return WAITING in self.err

    def why(self) -> str:
        """The last line of stderr, shortened (the reason a command failed)."""
        lines = [line for line in self.err.splitlines() if line.strip()]
        return (lines[-1] if lines else f"exit {self.code}")[:100]


def finish(process: subprocess.Popen[str], started: float, timeout: float = 600) -> Done:
    process.wait(timeout=timeout)
    seconds = time.perf_counter() - started
    out, err = _output(process)
    return Done(process.returncode, seconds, out, err)


def inkling(data: Path, *argv: str, **extra: str) -> Done:
    started = time.perf_counter()
    return finish(start(data, argv, extra), started)


def checked(data: Path, *argv: str) -> Done:
    done = inkling(data, *argv)
    if done.code != 0:
        raise RuntimeError(f"setting up: `{' '.join(argv)}` failed: {done.why()}")
    return done


HOLD = textwrap.dedent(
    """
    import select, sqlite3, sys
    connection = sqlite3.connect(sys.argv[1], isolation_level=None)
    connection.execute("BEGIN IMMEDIATE")
    connection.execute("UPDATE alembic_version SET version_num = version_num")
    print("holding", flush=True)
    select.select([sys.stdin], [], [], float(sys.argv[2]))  # a line on stdin lets go sooner
    connection.execute("COMMIT")
    print("released", flush=True)
    """
)
"""A process holding a database's write lock, as a long import in another Inkling does
(``tests/lock_holder.py`` uses it too)."""


@contextmanager
def write_lock_held(database: Path, seconds: float = 60) -> Iterator[subprocess.Popen[str]]:
    """A process that holds ``database``'s write lock for ``seconds`` from when this
    yields, or until :func:`release`, then commits; killed when the block ends if it is
    still holding."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(database), str(seconds)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None
        if holder.stdout.readline() != "holding\n":
            raise RuntimeError("the lock holder did not start")
        yield holder
    finally:
        if holder.poll() is None:
            holder.kill()
        holder.wait(timeout=30)
        for stream in (holder.stdin, holder.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


def release(holder: subprocess.Popen[str]) -> None:
    """Let the holder commit now."""
    assert holder.stdin is not None
    assert holder.stdout is not None
    holder.stdin.write("\n")
    holder.stdin.flush()
    holder.stdout.readline()  # "released"


# --- the database, read from outside --------------------------------------------------------


def query(data: Path, sql: str) -> Any:
    connection = sqlite3.connect(f"file:{data / DATABASE}?mode=ro", uri=True, timeout=30)
    try:
        row = connection.execute(sql).fetchone()
        return row[0] if row else None
    finally:
        connection.close()


def integrity(data: Path) -> str:
    return str(query(data, "PRAGMA integrity_check"))


ENTRIES = "SELECT count(*) FROM journal_entries"
NOTEBOOKS = (
    "SELECT (SELECT count(*) FROM notebooks) || ' notebooks, '"
    " || (SELECT count(*) FROM notebook_pages) || ' pages'"
)
PUBLISHED = (
    "SELECT count(*) || ' runs, ' || coalesce(sum(n), 0) || ' findings' FROM"
    " (SELECT (SELECT count(*) FROM findings f WHERE f.run_id = r.id) AS n"
    "  FROM detection_runs r WHERE r.published)"
)
RUNNING = "SELECT count(*) FROM detection_runs WHERE attempt_state = 'running'"
LAST_STATE = "SELECT attempt_state FROM detection_runs ORDER BY id DESC LIMIT 1"


def leftovers(*folders: Path) -> list[str]:
    """Scratch copies and notebook staging folders left in ``folders`` (recursively)."""
    found = []
    for folder in folders:
        for path in folder.rglob("*") if folder.is_dir() else ():
            if ".inkling-scratch-" in path.name or path.name.startswith(".import-"):
                found.append(path.name)
    return sorted(found)


# --- generated inputs ------------------------------------------------------------------------


def dayone_export(folder: Path, count: int, tag: str) -> Path:
    """An unpacked Day One export of ``count`` entries (uuids start with ``tag``)."""
    import random

    rng = random.Random(tag)
    folder.mkdir(parents=True)
    start_day = date(2026, 11, 1)
    entries = [
        {
            "uuid": f"{tag}{i:012d}".upper(),
            "creationDate": f"{start_day - timedelta(days=i // 3)}T{8 + i % 3 * 4:02d}:00:00Z",
            "text": entry_text(rng, rng.randint(200, 900)),
        }
        for i in range(count)
    ]
    (folder / "Journal.json").write_text(json.dumps({"entries": entries}), encoding="utf-8")
    return folder


def markdown_folder(folder: Path, count: int) -> Path:
    """A folder of ``count`` daily notes, one a day back from 2026-11-01."""
    import random

    rng = random.Random("markdown")
    folder.mkdir(parents=True)
    for i in range(count):
        day = date(2026, 11, 1) - timedelta(days=i)
        text = f"---\ntags: [daily]\n---\n{entry_text(rng, rng.randint(200, 900))}\n"
        (folder / f"{day}.md").write_text(text, encoding="utf-8")
    return folder


def notebook_text(path: Path, pages: int) -> Path:
    """A ``.txt`` notebook of ``pages`` pages (form feeds between them), with names."""
    import random

    from bench.notebooks import generated_pages

    path.write_text("\f".join(generated_pages(pages, random.Random(pages))), encoding="utf-8")
    return path


@dataclass(frozen=True)
class Inputs:
    root: Path
    base: Path
    """A data folder with a Day One import, a notebook and a backup of an older state."""
    dayone: Path
    markdown: Path
    notebook: Path
    old_backup: Path
    notebook_id: int
    startup_s: float = 0.0
    """How long ``habit list`` takes: a process's start and open, before any work."""


def prepare(root: Path, scale: Scale, log: Callable[[str], None]) -> Inputs:
    log(f"crashes: generating {scale.entries:,} entries and a {scale.pages}-page notebook")
    inputs = root / "inputs"
    inputs.mkdir()
    seed = dayone_export(inputs / "seed", scale.entries, "a")
    dayone = dayone_export(inputs / "dayone", scale.entries, "b")
    markdown = markdown_folder(inputs / "markdown", scale.entries)
    notebook = notebook_text(inputs / "notebook.txt", scale.pages)
    old = root / "old"
    old.mkdir()
    checked(old, "habit", "add", "Meditation")
    old_backup = inputs / "old.sqlite3"
    checked(old, "backup", str(old_backup))
    base = root / "base"
    base.mkdir()
    checked(base, "habit", "add", "Meditation")
    checked(base, "import", "dayone", str(seed))
    imported = json.loads(checked(base, "notebook", "import", str(notebook), "--json").out)
    startup = min(
        checked(copy_of_base_folder(root, base), "habit", "list").seconds for _ in range(2)
    )
    return Inputs(root, base, dayone, markdown, notebook, old_backup, int(imported["id"]), startup)


_copies = iter(range(1_000_000))


def copy_of_base_folder(root: Path, base: Path) -> Path:
    data = root / f"data-{next(_copies)}"
    shutil.copytree(base, data)
    return data


def copy_of_base(inputs: Inputs) -> Path:
    return copy_of_base_folder(inputs.root, inputs.base)


# --- kill -9 --------------------------------------------------------------------------------


@dataclass(frozen=True)
class KillCase:
    name: str
    argv: Callable[[Inputs, Path], list[str]]
    """The command, given the inputs and a fresh folder for anything it writes outside."""
    count: str
    """SQL counting what the command adds or replaces (all or nothing)."""
    detector: bool = False
    next_argv: Callable[[Inputs, Path], list[str]] = lambda _i, _o: ["habit", "list"]


KILLS: tuple[KillCase, ...] = (
    KillCase("import dayone", lambda i, _o: ["import", "dayone", str(i.dayone)], ENTRIES),
    KillCase("import markdown", lambda i, _o: ["import", "markdown", str(i.markdown)], ENTRIES),
    KillCase("notebook import", lambda i, _o: ["notebook", "import", str(i.notebook)], NOTEBOOKS),
    KillCase(
        f"detect notebook ({DETECTOR})",
        lambda i, _o: ["detect", "notebook", str(i.notebook_id), "--detector", DETECTOR, "--force"],
        PUBLISHED,
        detector=True,
    ),
    KillCase(
        "backup",
        lambda _i, o: ["backup", str(o / "inkling-backup.sqlite3")],
        "SELECT 0",
        next_argv=lambda _i, o: ["backup", str(o / "second.sqlite3")],
    ),
    KillCase("restore", lambda i, _o: ["restore", str(i.old_backup)], ENTRIES),
    KillCase(
        "entry add",
        lambda _i, _o: ["entry", "add", "--date", "2026-11-30", "--text", "Killed or not."],
        ENTRIES,
    ),
)


@dataclass
class KillResult:
    case: str
    seconds: float = 0.0
    """The command's time run to the end."""
    startup: float = 0.0
    """Of which a process's start and open (the kills fall in the rest)."""
    kills: list[str] = field(default_factory=list)
    """Per kill: ``before``, ``after`` (what the counts showed) or ``done`` (it had ended)."""
    failures: list[str] = field(default_factory=list)

    def row(self) -> dict[str, Any]:
        return {
            "case": self.case,
            "repeats": len(self.kills),
            "outcome": "ok" if not self.failures else f"failed: {self.failures[0]}",
            "killed at (state after)": ", ".join(self.kills),
            "full run s": round(self.seconds, 2),
            "of which start s": round(self.startup, 2),
        }


def _output_folder(inputs: Inputs) -> Path:
    folder = inputs.root / f"out-{next(_copies)}"
    folder.mkdir()
    return folder


def kill_case(
    case: KillCase,
    inputs: Inputs,
    log: Callable[[str], None] = lambda _m: None,
    fractions: Sequence[float] = FRACTIONS,
) -> KillResult:
    result = KillResult(case.name)
    before = query(inputs.base, case.count)
    data, out = copy_of_base(inputs), _output_folder(inputs)
    full = inkling(data, *case.argv(inputs, out))
    if full.code != 0:
        result.failures.append(f"the full run failed: {full.why()}")
        return result
    result.seconds = full.seconds
    after = query(data, case.count)
    startup = result.startup = min(inputs.startup_s, full.seconds * 0.9)
    log(f"crashes: {case.name}: {full.seconds:.2f} s to the end; killing it {len(fractions)}×")
    for fraction in fractions:
        data, out = copy_of_base(inputs), _output_folder(inputs)
        process = start(data, case.argv(inputs, out))
        time.sleep(startup + (full.seconds - startup) * fraction)
        ended = process.poll() is not None
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=60)
        _output(process)
        problem = _after_kill(case, inputs, data, out, before, after)
        if problem:
            result.failures.append(f"killed at {fraction:.0%}: {problem}")
        count = query(data, case.count)
        state = "done" if ended else "before" if count == before else "after"
        if case.detector:
            state += f" ({query(data, LAST_STATE) or 'no run yet'})"
        result.kills.append(f"{fraction:.0%}: {state}")
    return result


def _after_kill(
    case: KillCase, inputs: Inputs, data: Path, out: Path, before: Any, after: Any
) -> str | None:
    """What is wrong after a kill, in a few words (None: nothing)."""
    nxt = inkling(data, *case.next_argv(inputs, out))
    if nxt.code != 0 or "Traceback" in nxt.err:
        return f"the next command failed: {nxt.why()}"
    check = integrity(data)
    if check != "ok":
        return f"integrity_check: {check[:60]}"
    count = query(data, case.count)
    if count not in (before, after):
        return f"half an import: {count} (before {before}, after {after})"
    if case.detector:
        if query(data, RUNNING):
            return "a killed run is still 'running'"
        state = query(data, LAST_STATE)
        if state not in (None, "interrupted", "succeeded"):  # None: killed before it began
            return f"the killed run is '{state}'"
    if case.name == "backup":
        made = out / "inkling-backup.sqlite3"
        if made.exists() and _file_integrity(made) != "ok":
            return "a half-written backup under the backup's name"
    stale = leftovers(data, out)
    if stale:
        return f"left behind: {', '.join(stale)[:70]}"
    return None


def _file_integrity(path: Path) -> str:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return str(connection.execute("PRAGMA integrity_check").fetchone()[0])
    except sqlite3.DatabaseError as exc:
        return str(exc)
    finally:
        connection.close()


# --- two processes ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Second:
    name: str
    argv: Callable[[Inputs, Path], list[str]]
    writes: bool
    """A writer waits (visibly) for the lock; a reader must not wait at all."""


SECONDS: tuple[Second, ...] = (
    Second("entry list", lambda _i, _o: ["entry", "list", "--json"], writes=False),
    Second("notebook list", lambda _i, _o: ["notebook", "list"], writes=False),
    Second("habit list", lambda _i, _o: ["habit", "list"], writes=False),
    Second("backup", lambda _i, o: ["backup", str(o / "copy.sqlite3")], writes=False),
    Second("export markdown", lambda _i, o: ["export", "markdown", str(o / "md")], writes=False),
    Second(
        "entry add",
        lambda _i, _o: ["entry", "add", "--date", "2026-11-30", "--text", "Written meanwhile."],
        writes=True,
    ),
    Second(
        f"detect notebook ({DETECTOR})",
        lambda i, _o: ["detect", "notebook", str(i.notebook_id), "--detector", DETECTOR, "--force"],
        writes=True,
    ),
)


def _row(case: str, repeats: int, failures: list[str], seconds: list[float], note: str) -> Row:
    return {
        "case": case,
        "repeats": repeats,
        "outcome": "ok" if not failures else f"failed: {failures[0]}",
        "details": note,
        "time s": round(max(seconds), 2) if seconds else None,
    }


def with_lock_held(second: Second, inputs: Inputs, scale: Scale, repeats: int) -> Row:
    """``second`` while another process holds the write lock: a read must end while the
    lock is still held, without waiting; a write must say it waits, and end once the lock
    is let go (``scale.hold_s`` after it said so)."""
    failures: list[str] = []
    seconds: list[float] = []
    codes: set[int] = set()
    waited = 0
    for _ in range(repeats):
        data, out = copy_of_base(inputs), _output_folder(inputs)
        with write_lock_held(data / DATABASE, 600) as holder:
            if second.writes:
                done = _write_until_released(data, second.argv(inputs, out), holder, scale)
            else:
                done = inkling(data, *second.argv(inputs, out))
            holding = holder.poll() is None
        seconds.append(done.seconds)
        codes.add(done.code)
        waited += done.waited
        if done.code != 0 or "Traceback" in done.err:
            failures.append(f"exit {done.code}: {done.why()}")
        elif second.writes and not done.waited:
            failures.append("it wrote without saying it waited")
        elif not second.writes and (done.waited or not holding):
            failures.append("a read waited for the writer")
    note = f"exit {','.join(map(str, sorted(codes)))}; said waiting {waited}/{repeats}"
    return _row(f"{second.name} (lock held)", repeats, failures, seconds, note)


def _write_until_released(
    data: Path, argv: Sequence[str], holder: subprocess.Popen[str], scale: Scale
) -> Done:
    """Run a writing command; once it says it waits, hold on ``scale.hold_s`` longer,
    then let the lock go and let it finish."""
    started = time.perf_counter()
    process = start(data, argv, stderr=subprocess.PIPE)
    err: list[str] = []
    assert process.stderr is not None
    stderr = process.stderr
    pump = threading.Thread(target=lambda: err.extend(stderr), daemon=True)
    pump.start()
    deadline = time.monotonic() + 120
    while process.poll() is None and time.monotonic() < deadline:
        if any(WAITING in line for line in err):
            time.sleep(scale.hold_s)
            break
        time.sleep(0.05)
    if holder.poll() is None:
        release(holder)
    process.wait(timeout=600)
    pump.join(timeout=30)
    out, _ = _output(process)
    return Done(process.returncode, time.perf_counter() - started, out, "".join(err))


def during_import(inputs: Inputs, repeats: int) -> list[Row]:
    """Each second command while a real Day One import runs in another process."""
    rows = []
    for second in SECONDS:
        failures: list[str] = []
        seconds: list[float] = []
        waited = overlapped = 0
        for _ in range(repeats):
            data, out = copy_of_base(inputs), _output_folder(inputs)
            started = time.perf_counter()
            importing = start(data, ["import", "dayone", str(inputs.dayone)])
            time.sleep(0.5)
            done = inkling(data, *second.argv(inputs, out))
            overlapped += importing.poll() is None
            imported = finish(importing, started)
            seconds.append(done.seconds)
            waited += done.waited
            if done.code != 0 or "Traceback" in done.err:
                failures.append(f"exit {done.code}: {done.why()}")
            elif imported.code != 0:
                failures.append(f"the import failed: {imported.why()}")
        note = f"said waiting {waited}/{repeats}; import still running at its end {overlapped}"
        rows.append(_row(f"{second.name} (during an import)", repeats, failures, seconds, note))
    return rows


def live_run_not_interrupted(inputs: Inputs, repeats: int) -> Row:
    """Other processes open the data folder while a detector run is working: the run
    stays ``running`` and ends published."""
    failures: list[str] = []
    seconds: list[float] = []
    opens = 0
    for _ in range(repeats):
        data = copy_of_base(inputs)
        started = time.perf_counter()
        argv = ["detect", "notebook", str(inputs.notebook_id), "--detector", DETECTOR, "--force"]
        running = start(data, argv)
        while running.poll() is None and not _is_running(data):
            time.sleep(0.05)
        while running.poll() is None:
            other = inkling(data, "notebook", "list")
            opens += 1
            if other.code != 0:
                failures.append(f"an open during the run failed: {other.why()}")
                break
            state = query(data, LAST_STATE)
            if running.poll() is None and state == "interrupted":
                failures.append("another process's open marked the live run interrupted")
                break
        done = finish(running, started)
        seconds.append(done.seconds)
        if done.code != 0:
            failures.append(f"the run failed: {done.why()}")
        elif query(data, LAST_STATE) != "succeeded":
            failures.append(f"the run ended '{query(data, LAST_STATE)}'")
    note = f"{opens} opens by other processes during the runs"
    return _row("live run vs other opens", repeats, failures, seconds, note)


def _is_running(data: Path) -> bool:
    try:
        return bool(query(data, RUNNING))
    except sqlite3.Error:
        return False


def kept_publish(inputs: Inputs, repeats: int) -> Row:
    """A detector run that finishes while another process holds the lock past the run's
    wait (``INKLING_LOCK_WAIT=1``): its result is kept, then published by the next open."""
    failures: list[str] = []
    seconds: list[float] = []
    notes = set()
    for _ in range(repeats):
        data = copy_of_base(inputs)
        before = query(data, PUBLISHED)
        started = time.perf_counter()
        argv = ["detect", "notebook", str(inputs.notebook_id), "--detector", DETECTOR, "--force"]
        running = start(data, argv, {"INKLING_LOCK_WAIT": "1"})
        while running.poll() is None and not _is_running(data):
            time.sleep(0.02)
        with write_lock_held(data / DATABASE, 600):
            done = finish(running, started)
        seconds.append(done.seconds)
        notes.add(f"run exit {done.code}")
        if "Traceback" in done.err:
            failures.append("a traceback")
            continue
        kept = list((data / "pending").glob("run-*.json"))
        notes.add(f"{len(kept)} kept" if kept else "nothing kept (published before the lock)")
        nxt = inkling(data, "notebook", "list")
        if nxt.code != 0:
            failures.append(f"the next open failed: {nxt.why()}")
        state, published = query(data, LAST_STATE), query(data, PUBLISHED)
        if state != "succeeded" or query(data, RUNNING):
            failures.append(f"the kept run is '{state}' after the next open")
        elif kept and (published == before or list((data / "pending").glob("run-*.json"))):
            failures.append("the kept result was not published by the next open")
    return _row("publish under a held lock", repeats, failures, seconds, "; ".join(sorted(notes)))


# --- the section ----------------------------------------------------------------------------


def run(
    *,
    scale: Scale = FULL,
    repeats: int = 2,
    kills: Sequence[str] | None = None,
    seconds: Sequence[str] | None = None,
    log: Callable[[str], None] = lambda _m: None,
) -> dict[str, list[dict[str, Any]]]:
    """Both tables' rows; ``kills`` and ``seconds`` choose cases by name (default: all;
    ``seconds`` names the second commands, plus ``live`` and ``kept``)."""
    root = Path(tempfile.mkdtemp(prefix="inkling-crashes-"))
    saved = dict(os.environ)
    try:
        isolate(root / "home")
        inputs = prepare(root, scale, log)
        kill_rows = [
            kill_case(case, inputs, log).row()
            for case in KILLS
            if kills is None or case.name in kills
        ]
        wanted = [s for s in SECONDS if seconds is None or s.name in seconds]
        log("crashes: two processes")
        two = [with_lock_held(s, inputs, scale, repeats) for s in wanted]
        if seconds is None:
            two += during_import(inputs, 1)
        if seconds is None or "live" in seconds:
            two.append(live_run_not_interrupted(inputs, repeats))
        if seconds is None or "kept" in seconds:
            two.append(kept_publish(inputs, repeats))
        return {"kill": kill_rows, "concurrency": two}
    finally:
        os.environ.clear()
        os.environ.update(saved)
        shutil.rmtree(root, ignore_errors=True)


def render(result: dict[str, list[dict[str, Any]]]) -> str:
    parts = []
    for group, title in (("kill", "kill -9"), ("concurrency", "two processes")):
        rows = result.get(group) or []
        if rows:
            parts += [f"{title}:", table(list(rows[0]), [list(r.values()) for r in rows]), ""]
    return "\n".join(parts).rstrip()

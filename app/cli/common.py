"""What every command shares: the invocation state, output, progress, errors and options.

A handler takes a :class:`Cli` and returns the exit code. It prints its result once with
:meth:`Cli.emit` (one JSON document with ``--json``, else text) or, for a record type,
through that type's :class:`Shape`. Messages and progress go to stderr. :func:`run`
turns the errors the services raise into one sentence on stderr and an exit code.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, Generic, TextIO, TypeVar

from app.domain.formats.untrusted import one_line
from app.domain.journal.pipeline import Pipeline
from app.domain.progress import Cancelled, Progress, ProgressFn
from app.domain.time_left import run_note
from app.llm import ModelError, ModelWorker, StreamingModel
from app.paths import data_dir, database_path
from app.services.errors import InvalidInputError, ServiceError
from app.services.journal.entries import BODY_MAX
from app.services.models.choice import check_explicit_model, choose_model, model_info, start_worker
from app.services.models.server import choose_server, start_server_worker
from app.services.notebooks import runs as notebook_runs
from app.services.notebooks.models import TextEngine, start_text_worker
from app.services.settings import Settings, load_settings
from app.store import Database, StoreError, WriteWaits, open_database, storage_failure
from app.store.failures import opened_read_only_sentence

EXIT_REFUSED = 1
EXIT_ENVIRONMENT = 2
EXIT_INTERRUPTED = 130

T = TypeVar("T")
StartWorker = Callable[[Path, Settings], ModelWorker[StreamingModel]]
StartTextWorker = Callable[[TextEngine, Settings], ModelWorker[StreamingModel]]


@dataclass(frozen=True)
class Workers:
    """How the commands start the model workers (``main`` passes the ones tests patch)."""

    start_worker: StartWorker = start_worker
    start_text_worker: StartTextWorker = start_text_worker


class Cli:
    """State for one invocation: parsed options, the data folder, lazily the database."""

    def __init__(
        self,
        args: argparse.Namespace,
        out: TextIO,
        err: TextIO,
        workers: Workers | None = None,
    ) -> None:
        # --data-dir and --model are accepted before or after the command; the shared
        # argparse actions default to SUPPRESS, so absent options are absent attributes.
        args.data_dir = getattr(args, "data_dir", None)
        args.model = getattr(args, "model", None)
        self.args = args
        self.out = out
        self.err = err
        self.workers = workers or Workers()
        self.data = data_dir(args.data_dir)
        self._db: Database | None = None
        self._waited_shown: int | None = None

    def start_journal_model(self) -> tuple[ModelWorker[StreamingModel], str]:
        """A worker for the model that reads journal entries, and its name: the model
        server when one is chosen, else the GGUF file (a bad file fails here, in one
        sentence, before any work)."""
        settings = load_settings(self.data)
        server = choose_server(self.data, self.args.model)
        if server is not None:
            return start_server_worker(server, settings), server.name
        choice = choose_model(self.data, self.args.model)
        model_info(self.data, choice.path)
        return self.workers.start_worker(choice.path, settings), choice.path.name

    @property
    def db(self) -> Database:
        if self._db is None:
            waits = WriteWaits()
            waits.listen(self._waiting)
            self._db = open_database(database_path(self.data), waits)
            if self._db.damage is not None:
                self.note(f"inkling: warning: {opened_read_only_sentence(self._db.path)}")
            # runs a crash or a kill left "running", results kept for later; never waits
            notebook_runs.reconcile_interrupted(self._db)
        return self._db

    def _waiting(self, waited: float) -> None:
        """While another Inkling holds the write lock: say so, then every few seconds."""
        second = int(waited)
        if self._waited_shown is None:
            self.note("inkling: waiting for another Inkling to finish writing…")
        elif second < self._waited_shown + 5:
            return
        else:
            self.note(f"inkling: still waiting for another Inkling ({second} s)…")
        self._waited_shown = second

    def close(self) -> None:
        if self._db is not None:
            self._db.close()

    @property
    def json(self) -> bool:
        return bool(getattr(self.args, "json", False))

    def emit(self, document: Any, text: str | Callable[[], str]) -> None:
        if self.json:
            json.dump(document, self.out, ensure_ascii=False, default=str)
            self.out.write("\n")
        else:
            self.out.write((text() if callable(text) else text).rstrip("\n") + "\n")

    def note(self, message: str) -> None:
        self.err.write(message + "\n")
        self.err.flush()

    def status(self, line: str, *, last: bool) -> None:
        """A progress line: rewritten in place on a terminal, one line each otherwise."""
        if self.err.isatty():  # \x1b[K: clear what a longer line before left
            self.err.write("\r" + line + "\x1b[K" + ("\n" if last else ""))
            self.err.flush()
        else:
            self.note(line)


Handler = Callable[[Cli], int]


# --- output --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shape(Generic[T]):
    """How one kind of record prints: a JSON object with ``--json``, a text line without."""

    json: Callable[[T], dict[str, Any]]
    text: Callable[[T], str]

    def emit(self, cli: Cli, item: T, *, before: str = "") -> None:
        cli.emit(self.json(item), lambda: before + self.text(item))

    def emit_all(self, cli: Cli, items: Sequence[T], *, empty: str, sep: str = "\n") -> None:
        """A list: ``{"items": [...]}``, or one text block per item (``empty`` for none)."""
        cli.emit(
            {"items": [self.json(i) for i in items]},
            lambda: sep.join(self.text(i) for i in items) or empty,
        )


# --- progress ------------------------------------------------------------------------------


def item_progress(cli: Cli, what: str, item: object = None) -> ProgressFn:
    """Progress over items: ``what: done/total (item)``, the item being ``item`` or else
    the report's label."""

    def progress(report: Progress) -> None:
        label = report.label if item is None else item
        cli.status(f"{what}: {report.done}/{report.total} ({label})", last=report.finished)

    return progress


def window_progress(cli: Cli, what: str) -> ProgressFn:
    """A notebook run's progress: ``what: done/total windows``, then the estimated time
    left and, for a run that resumed, how many windows were already read."""

    def progress(report: Progress) -> None:
        note = run_note(report.seconds_left, report.reused, report.total)
        line = f"{what}: {report.done}/{report.total} windows" + (f", {note}" if note else "")
        cli.status(line, last=report.finished)

    return progress


def work_progress(cli: Cli, what: str) -> ProgressFn:
    """A progress line on stderr for long work: every 100 items and at the end."""

    def progress(report: Progress) -> None:
        done, total = report.done, report.total
        if done == total or done % 100 == 0:
            cli.status(f"{what}: {done}/{total}", last=report.finished)

    return progress


# --- errors and exit codes -----------------------------------------------------------------


@contextmanager
def _quiet_broken_pipe() -> Iterator[None]:
    try:
        yield
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def run(cli: Cli, handler: Handler) -> int:
    """Run one command: a refusal exits 1, a bad model or data folder 2, Ctrl-C 130.

    A model named for this run (``--model``, ``$INKLING_MODEL``) is checked first, even
    when the command would not load it: the person asked for it and hears if it is unusable.
    (With ``model use --server``, ``--model`` names the server's model, not a file.)
    """
    try:
        with _quiet_broken_pipe():
            if getattr(cli.args, "server", None) is None:
                check_explicit_model(cli.data, cli.args.model, os.environ)
            return int(handler(cli))
    except ServiceError as exc:
        cli.note(f"inkling: {exc}")
        return EXIT_REFUSED
    except (ModelError, StoreError) as exc:
        cli.note(f"inkling: {exc}")
        return EXIT_ENVIRONMENT
    except Cancelled:
        cli.note("inkling: cancelled.")
        return EXIT_INTERRUPTED
    except KeyboardInterrupt:
        cli.note("inkling: interrupted; nothing was half-written.")
        return EXIT_INTERRUPTED
    except Exception as exc:  # a full disk, permissions, I/O: one sentence, no traceback
        failure = storage_failure(exc)
        if failure is None:
            raise
        cli.note(f"inkling: {failure}")
        return EXIT_ENVIRONMENT
    finally:
        cli.close()


# --- options -------------------------------------------------------------------------------


def day(value: str) -> date:
    """``type=`` for a YYYY-MM-DD option."""
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{value!r} is not a date in the form YYYY-MM-DD"
        ) from None


def read_text(args: argparse.Namespace) -> str:
    """The text of ``--text``, else of the UTF-8 file ``--file`` (never more than an entry
    can hold is read: a huge file is refused after ``BODY_MAX`` * 4 bytes)."""
    if args.text is not None:
        return str(args.text)
    path = Path(args.file)
    name = one_line(path)
    limit = BODY_MAX * 4  # UTF-8 spends at most 4 bytes on a character
    try:
        with path.open("rb") as file:
            data = file.read(limit + 1)
    except FileNotFoundError:
        raise InvalidInputError(f"The file {name} does not exist.") from None
    except OSError as exc:
        raise InvalidInputError(f"The file {name} cannot be read ({exc.strerror}).") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        if len(data) <= limit:
            raise InvalidInputError(f"The file {name} is not UTF-8 text.") from None
        text = ""  # cut inside a character: too long anyway
    if len(data) > limit or len(text) > BODY_MAX:
        raise InvalidInputError(
            f"The file {name} is longer than {BODY_MAX:,} characters, the most an entry can hold."
        )
    return text


def add_text_source(parser: argparse.ArgumentParser) -> argparse._MutuallyExclusiveGroup:
    """``--text`` or ``--file`` (one is required), read by :func:`read_text`."""
    src = parser.add_mutually_exclusive_group(required=True)
    src.add_argument("--text")
    src.add_argument("--file", help="read the text from a UTF-8 file")
    return src


PIPELINE_HELP = (
    "who reads the entry: rules (cue words in context, no model), model, or combined "
    "(default: the saved setting)"
)


def add_pipeline(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--pipeline", choices=[m.value for m in Pipeline], help=PIPELINE_HELP)


def pipeline(cli: Cli) -> Pipeline:
    """``--pipeline``, else the saved setting."""
    chosen = getattr(cli.args, "pipeline", None)
    return Pipeline(chosen or load_settings(cli.data).journal_pipeline)


# --- registering commands ------------------------------------------------------------------


class Commands:
    """The top-level sub-commands; each command-group module registers its own here."""

    def __init__(self, parser: argparse.ArgumentParser, common: argparse.ArgumentParser) -> None:
        self.common = common  # --data-dir and --model
        self.as_json = argparse.ArgumentParser(add_help=False)
        self.as_json.add_argument("--json", action="store_true", help="print one JSON document")
        self._top = parser.add_subparsers(
            dest="group", metavar="COMMAND", required=False, help="(none: open the desktop app)"
        )

    def group(self, name: str, help_text: str) -> Group:
        """A command with actions, e.g. ``habit`` (``inkling habit add``)."""
        g = self._top.add_parser(name, help=help_text, description=help_text)
        return Group(self, g.add_subparsers(dest="action", metavar="ACTION", required=True))

    def command(
        self,
        name: str,
        func: Handler,
        help_text: str,
        *,
        description: bool = True,
        options: bool = True,
    ) -> argparse.ArgumentParser:
        """A command without actions, e.g. ``backup``; ``options``: --data-dir and --model."""
        parents = [self.common, self.as_json] if options else [self.as_json]
        p: argparse.ArgumentParser = self._top.add_parser(
            name,
            help=help_text,
            parents=parents,
            description=help_text if description else None,
        )
        p.set_defaults(func=func)
        return p


class Group:
    """The actions of one command group."""

    def __init__(self, commands: Commands, actions: Any) -> None:
        self._commands = commands
        self._actions = actions

    def add(self, name: str, func: Handler, help_text: str) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = self._actions.add_parser(
            name,
            help=help_text,
            description=help_text,
            parents=[self._commands.common, self._commands.as_json],
        )
        p.set_defaults(func=func)
        return p

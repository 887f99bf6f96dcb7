"""Inkling's command line: a headless face over the same services as the GUI.

With ``--json`` exactly one JSON document goes to stdout; messages and progress go
to stderr. A refused action or an unknown id exits 1 with one line on stderr; a bad
model or data folder exits 2; Ctrl-C exits 130.

One module per command group registers its sub-commands beside their handlers
(``register(commands)``); the shared plumbing is in :mod:`app.cli.common`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from app import __version__
from app.services.models.choice import start_worker
from app.services.notebooks.models import start_text_worker

from . import (
    completions,
    demo,
    detect,
    entries,
    evaluation,
    findings,
    habits,
    models,
    notebooks,
    transfer,
)
from .common import EXIT_ENVIRONMENT, EXIT_INTERRUPTED, EXIT_REFUSED, Cli, Commands, Workers, run

__all__ = [
    "EXIT_ENVIRONMENT",
    "EXIT_INTERRUPTED",
    "EXIT_REFUSED",
    "Cli",
    "build_parser",
    "main",
    "start_text_worker",
    "start_worker",
]

# In the order ``inkling --help`` lists them.
GROUPS = (habits, entries, detect, notebooks, findings, completions, models, evaluation, transfer)


def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--data-dir",
        default=argparse.SUPPRESS,
        help="data folder (default: $INKLING_DATA_DIR or the platform's data folder)",
    )
    common.add_argument(
        "--model", default=argparse.SUPPRESS, help="GGUF model file (default: $INKLING_MODEL)"
    )
    parser = argparse.ArgumentParser(
        prog="inkling",
        description="Inkling: private, offline review of journals with an on-device model.",
        parents=[common],
    )
    parser.add_argument("--version", action="version", version=f"inkling {__version__}")
    commands = Commands(parser, common)
    for module in (*GROUPS, demo):
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    args = build_parser().parse_args(argv)
    if getattr(args, "group", None) is None:
        from app.ui.shell.app import run_gui

        return run_gui([sys.argv[0]], getattr(args, "data_dir", None), getattr(args, "model", None))
    # The workers are looked up here, at call time, so tests can patch ``app.cli.start_worker``.
    workers = Workers(start_worker=start_worker, start_text_worker=start_text_worker)
    return run(Cli(args, out, sys.stderr, workers), args.func)

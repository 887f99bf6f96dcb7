"""Running the CLI in-process, as the CLI tests do."""

from __future__ import annotations

import io
import json
from typing import Any

from app import cli


def run(*argv: str) -> tuple[int, str]:
    """Exit code and standard output of ``inkling ARGV``."""
    out = io.StringIO()
    code = cli.main(list(argv), out=out)
    return code, out.getvalue()


def run_json(*argv: str) -> Any:
    """The JSON that ``inkling ARGV --json`` prints (it must succeed)."""
    code, out = run(*argv, "--json")
    assert code == 0, out
    return json.loads(out)

"""``inkling demo`` and ``inkling screenshot``: the sample journal, read or pictured."""

from __future__ import annotations

from pathlib import Path

from .common import Cli, Commands, add_pipeline, pipeline


def cmd_demo(cli: Cli) -> int:
    from app.demo import run_demo

    return run_demo(
        cli.args.model, out=cli.out, err=cli.err, as_json=cli.json, pipeline=pipeline(cli)
    )


def cmd_screenshot(cli: Cli) -> int:
    from app.screenshots.window import render_screenshots

    written = render_screenshots(Path(cli.args.out).expanduser())
    cli.emit({"files": [str(p) for p in written]}, "\n".join(str(p) for p in written))
    return 0


def register(commands: Commands) -> None:
    p = commands.command(
        "demo",
        cmd_demo,
        "detect completions in the sample journal (temporary data folder)",
        description=False,
    )
    add_pipeline(p)
    p = commands.command(
        "screenshot",
        cmd_screenshot,
        "render the main views over the sample journal offscreen into PNG files",
        description=False,
        options=False,
    )
    p.add_argument("--out", required=True, help="folder for the PNG files (created if needed)")

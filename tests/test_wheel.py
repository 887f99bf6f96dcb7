"""The package as it ships: ``python -m build`` makes a wheel and an sdist, and the wheel,
installed away from the repository, runs ``demo`` and ``screenshot`` on its own package
data (resources, migrations), never the checkout's files."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(argv: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False
    )


@pytest.mark.slow
def test_the_built_wheel_runs_outside_the_repository(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    # --no-isolation: the set-up installed the build requirements; nothing is downloaded
    built = _run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(ROOT)],
        ROOT,
        dict(os.environ),
    )
    assert built.returncode == 0, built.stderr[-3000:]
    [wheel] = dist.glob("inkling-*.whl")
    assert len(list(dist.glob("inkling-*.tar.gz"))) == 1
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "app/resources/cues/habit_cues_en_v1.json" in names
    assert "app/store/migrations/versions/0001_journal.py" in names
    assert not any(n.startswith(("tests/", "bench/")) for n in names)

    site = tmp_path / "site"
    installed = _run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
         "--target", str(site), str(wheel)],
        tmp_path,
        dict(os.environ),
    )  # fmt: skip
    assert installed.returncode == 0, installed.stderr[-3000:]

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {
        **os.environ,
        "PYTHONPATH": str(site),  # ahead of the checkout's editable install
        "INKLING_DATA_DIR": str(tmp_path / "data"),
        "QT_QPA_PLATFORM": "offscreen",
    }
    where = _run([sys.executable, "-c", "import app; print(app.__file__)"], elsewhere, env)
    assert where.stdout.strip() == str(site / "app" / "__init__.py")

    demo = _run([sys.executable, "-m", "app", "demo", "--json"], elsewhere, env)
    assert demo.returncode == 0, demo.stderr[-3000:]
    assert '"suggestions"' in demo.stdout

    shots = tmp_path / "shots"
    taken = _run([sys.executable, "-m", "app", "screenshot", "--out", str(shots)], elsewhere, env)
    assert taken.returncode == 0, taken.stderr[-3000:]
    pictures = sorted(shots.glob("*.png"))
    assert len(pictures) >= 10
    assert all(p.stat().st_size > 10_000 for p in pictures)

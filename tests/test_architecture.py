"""The shape of ``app/``, checked from the source text (``ast``; no module is imported).

Five rules (issue 13; ``docs/product.md``, "Layers"). Each failure names the offending
import as ``file:line`` and the imported name.

(a) **Layers import only downward.** ``app/domain`` < ``app/llm``, ``app/nlp`` <
    ``app/store`` < ``app/services`` < the faces, ``app/ui`` and the command line
    (``app/cli``, ``app/demo.py``, ``app/__main__.py``) < ``app/screenshots`` (pictures of
    the window, made from ui's public names). Layers of one rank do not import each
    other, except the command line's ``ENTRY_POINTS``: it starts the window and the
    screenshot tool, from inside the command's function only (so ``inkling --help``
    never loads Qt). The base utilities ``app/__init__.py``, ``app/clock.py``,
    ``app/paths.py`` and ``app/resources/`` may be imported from anywhere and import no
    layer; ``app/domain`` is handed its dates and never imports ``app/clock.py``. The
    domain is pure: no Qt, SQLAlchemy, Alembic, llama.cpp or spaCy (the standard
    library and PyYAML are fine).
(b) **No import circles** anywhere under ``app/``. Every import is an edge: at module
    level, in ``if``/``try`` blocks and class bodies, under ``if TYPE_CHECKING:``, and
    inside functions too. Type-only and function-level imports count on purpose: they
    are how a circle usually hides (each circle issue 13 names closed through one), and
    the dependency is as real for a reader and for mypy. ``from pkg import name`` is an
    edge to ``pkg.name`` when that is a module and to ``pkg`` (its ``__init__``)
    otherwise; a submodule is not taken to import its parent package implicitly (a
    package's ``__init__`` re-exporting its own modules is no circle).
(c) **No module takes another module's private helpers**: ``from m import _name``, and
    ``m._name`` where ``m`` is an imported ``app`` module. A helper two modules share is
    public, in a shared module.
(d) **Only ``app/ui`` and ``app/screenshots`` import Qt** (PySide6, shiboken6).
(e) **No module finds files by climbing folders** (``Path(__file__).parents[n]``): what
    the package ships is read through ``app.resources`` (``importlib.resources``), so an
    installed wheel works as the checkout does.

The checker's own tests build small trees that hold each circle of issue 13 and show it
is named.
"""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

BASE_RANK = -1
LAYERS: Mapping[str, tuple[str, int]] = {
    "app": ("base", BASE_RANK),
    "app.clock": ("base", BASE_RANK),
    "app.paths": ("base", BASE_RANK),
    "app.resources": ("base", BASE_RANK),
    "app.domain": ("domain", 0),
    "app.llm": ("llm", 1),
    "app.nlp": ("nlp", 1),
    "app.store": ("store", 2),
    "app.services": ("services", 3),
    "app.ui": ("ui", 4),
    "app.cli": ("cli", 4),
    "app.demo": ("cli", 4),
    "app.__main__": ("cli", 4),
    "app.screenshots": ("screenshots", 5),
}
"""Module or package -> (layer, rank); the longest prefix decides."""
ENTRY_POINTS: frozenset[tuple[str, str]] = frozenset(
    {
        ("cli", "app.ui.shell.app"),  # `inkling` with no command opens the window
        ("cli", "app.screenshots"),  # `inkling screenshot` renders the pictures
    }
)
"""(layer, module or package) it may import against the ranks, inside a function only."""
FORBIDDEN_THIRD_PARTY: Mapping[str, frozenset[str]] = {
    "domain": frozenset({"PySide6", "shiboken6", "sqlalchemy", "alembic", "llama_cpp", "spacy"}),
}
QT_MODULES = frozenset({"PySide6", "shiboken6"})
QT_LAYERS = frozenset({"ui", "screenshots"})

# Circles allowed for now: none (the last one, `ui/file_menu` <-> `ui/main_window`, went
# with the window's one task API).  An allowance names its issue and goes with its circle.
KNOWN_CIRCLES: frozenset[frozenset[str]] = frozenset()


@dataclass(frozen=True)
class Import:
    """One imported module or name, at one line of one module."""

    source: str
    path: Path
    line: int
    target: str
    """The module imported: ``pkg.mod``, or ``pkg`` for ``from pkg import name``."""
    name: str | None = None
    """The name taken from ``target``, if any."""
    eager: bool = True
    """Runs when the module is imported (not inside a function body)."""

    def where(self, root: Path) -> str:
        return f"{self.path.relative_to(root).as_posix()}:{self.line}"

    def what(self) -> str:
        return f"{self.target}.{self.name}" if self.name else self.target


@dataclass(frozen=True)
class Tree:
    root: Path
    """The folder that holds the top package (the repository)."""
    modules: Mapping[str, Path]
    imports: tuple[Import, ...]
    private_uses: tuple[Import, ...]
    """``m._name`` where ``m`` is an imported module (``name`` = ``_name``)."""
    climbs: tuple[Import, ...]
    """``….parents[n]`` expressions (``target`` = the expression's source text)."""


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def scan(root: Path, package: str = "app") -> Tree:
    """Every import of every module of ``root/package``."""
    modules = {module_name(root, path): path for path in sorted((root / package).rglob("*.py"))}
    imports: list[Import] = []
    private: list[Import] = []
    climbs: list[Import] = []
    for name, path in modules.items():
        source = path.read_text(encoding="utf-8")
        module = _Module(name, path, path.name == "__init__.py", modules)
        module.visit(ast.parse(source, filename=str(path)))
        imports.extend(module.imports)
        private.extend(module.private_uses)
        climbs.extend(
            Import(name, path, node.lineno, ast.get_source_segment(source, node) or "parents[]")
            for node in module.climbs
        )
    return Tree(root, modules, tuple(imports), tuple(private), tuple(climbs))


class _Module(ast.NodeVisitor):
    def __init__(
        self, name: str, path: Path, is_package: bool, modules: Mapping[str, Path]
    ) -> None:
        self.name, self.path, self.is_package, self.modules = name, path, is_package, modules
        self.imports: list[Import] = []
        self.private_uses: list[Import] = []
        self.climbs: list[ast.Subscript] = []
        self.bound: dict[str, str] = {}
        """Local (dotted) name -> the ``app`` module it is bound to."""
        self.depth = 0

    def _add(self, line: int, target: str, name: str | None = None) -> None:
        self.imports.append(Import(self.name, self.path, line, target, name, self.depth == 0))

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function  # noqa: N815

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(node.lineno, alias.name)
            if alias.name in self.modules:
                self.bound[alias.asname or alias.name] = alias.name

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = self._resolve(node.level, node.module)
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            if submodule in self.modules:
                self._add(node.lineno, submodule)
                self.bound[alias.asname or alias.name] = submodule
            else:
                self._add(node.lineno, base, alias.name)

    def _resolve(self, level: int, module: str | None) -> str:
        if level == 0:
            assert module is not None
            return module
        parts = self.name.split(".")
        if not self.is_package:
            parts.pop()
        parts = parts[: len(parts) - (level - 1)]
        return ".".join([*parts, module] if module else parts)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        owner = _dotted(node.value)
        if owner in self.bound and is_private(node.attr):
            self.private_uses.append(
                Import(self.name, self.path, node.lineno, self.bound[owner], node.attr)
            )
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        if isinstance(node.value, ast.Attribute) and node.value.attr == "parents":
            self.climbs.append(node)
        self.generic_visit(node)


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def layer_of(module: str) -> tuple[str, int] | None:
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        found = LAYERS.get(".".join(parts[:end]))
        if found is not None:
            return found
    return None


def _within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


# --- the rules: each returns one line a violation ------------------------------------------


def layer_violations(tree: Tree) -> list[str]:
    found: list[str] = []
    for imp in tree.imports:
        source = layer_of(imp.source)
        if source is None:
            found.append(f"{imp.where(tree.root)}: {imp.source} has no layer in LAYERS")
            continue
        layer, rank = source
        top = imp.target.split(".")[0]
        if top in FORBIDDEN_THIRD_PARTY.get(layer, ()):
            found.append(f"{imp.where(tree.root)} imports {imp.what()}: {layer} is pure")
        target = layer_of(imp.target) if imp.target in tree.modules else None
        if target is None:
            continue
        target_layer, target_rank = target
        if layer == "domain" and _within(imp.target, "app.clock"):
            found.append(f"{imp.where(tree.root)} imports {imp.what()}: domain is handed its dates")
        elif not _downward(imp, layer, rank, target_layer, target_rank):
            way = "upward" if target_rank > rank else "sideways"
            found.append(
                f"{imp.where(tree.root)} imports {imp.what()}: "
                f"{layer} must not import {target_layer} ({way})"
            )
    return found


def _downward(imp: Import, layer: str, rank: int, target_layer: str, target_rank: int) -> bool:
    if target_layer == layer or target_rank < rank or target_rank == BASE_RANK:
        return True
    return not imp.eager and any(
        layer == entry and _within(imp.target, module) for entry, module in ENTRY_POINTS
    )


def import_graph(tree: Tree) -> dict[str, dict[str, list[Import]]]:
    """module -> module it imports -> the imports that make that edge."""
    graph: dict[str, dict[str, list[Import]]] = {name: {} for name in tree.modules}
    for imp in tree.imports:
        if imp.target in tree.modules and imp.target != imp.source:
            graph[imp.source].setdefault(imp.target, []).append(imp)
    return graph


def circles(graph: Mapping[str, Mapping[str, object]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def enter(node: str) -> Iterator[str]:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        return iter(sorted(graph[node]))

    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, enter(start))]
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    work.append((child, enter(child)))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: set[str] = set()
                while node not in component:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def circle_violations(tree: Tree, known: frozenset[frozenset[str]] = frozenset()) -> list[str]:
    graph = import_graph(tree)
    found: list[str] = []
    for component in sorted(circles(graph), key=sorted):
        if component in known:
            continue
        edges: dict[tuple[str, str], list[str]] = {}
        for source in sorted(component):
            for target, made_by in sorted(graph[source].items()):
                if target in component:
                    for imp in made_by:
                        names = edges.setdefault((imp.where(tree.root), target), [])
                        if imp.name:
                            names.append(imp.name)
        shown = [
            f"{where} imports {target}" + (f" ({', '.join(names)})" if names else "")
            for (where, target), names in edges.items()
        ]
        found.append(f"circle of {', '.join(sorted(component))}: " + "; ".join(shown))
    return found


def private_violations(tree: Tree) -> list[str]:
    return [
        f"{imp.where(tree.root)} imports {imp.what()}: a private name of another module"
        for imp in (*tree.imports, *tree.private_uses)
        if imp.name and is_private(imp.name) and imp.target in tree.modules
        if imp.target != imp.source
    ]


def qt_violations(tree: Tree) -> list[str]:
    found: list[str] = []
    for imp in tree.imports:
        if imp.target.split(".")[0] in QT_MODULES:
            layer = layer_of(imp.source)
            if layer is None or layer[0] not in QT_LAYERS:
                found.append(
                    f"{imp.where(tree.root)} imports {imp.what()}: "
                    "only app/ui and app/screenshots import Qt"
                )
    return found


def climb_violations(tree: Tree) -> list[str]:
    return [
        f"{imp.where(tree.root)}: {imp.target} climbs folders; "
        "read shipped files through app.resources"
        for imp in tree.climbs
    ]


# --- app/ ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def app_tree() -> Tree:
    return scan(REPO)


def _report(found: list[str]) -> str:
    return "\n".join(["", *found])


def test_every_module_has_a_layer(app_tree: Tree) -> None:
    assert [name for name in app_tree.modules if layer_of(name) is None] == []


def test_layers_import_only_downward(app_tree: Tree) -> None:
    found = layer_violations(app_tree)
    assert not found, _report(found)


def test_no_import_circles(app_tree: Tree) -> None:
    found = circle_violations(app_tree, KNOWN_CIRCLES)
    assert not found, _report(found)


def test_no_module_takes_another_modules_private_names(app_tree: Tree) -> None:
    found = private_violations(app_tree)
    assert not found, _report(found)


def test_only_the_ui_and_the_screenshots_import_qt(app_tree: Tree) -> None:
    found = qt_violations(app_tree)
    assert not found, _report(found)


def test_no_module_climbs_folders_to_find_files(app_tree: Tree) -> None:
    found = climb_violations(app_tree)
    assert not found, _report(found)


# --- the checker on small trees -------------------------------------------------------------


def make_tree(root: Path, files: Mapping[str, str]) -> Tree:
    """``files``: path under ``root`` -> source; every folder on the way gets an
    ``__init__.py`` unless given."""
    for name, source in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source), encoding="utf-8")
        for folder in path.relative_to(root).parents:
            if folder != Path("."):
                (root / folder / "__init__.py").touch(exist_ok=True)
    return scan(root)


ISSUE_CIRCLES = {
    # six files in domain/notebooks, closed by one import inside a function
    "a lazy import": (
        {
            "app/domain/notebooks/definitions.py": """
                def builtin_detectors():
                    from app.domain.notebooks.lexical import default_lexicon_path
                    return default_lexicon_path()
                """,
            "app/domain/notebooks/lexical.py": """
                from app.domain.notebooks.aggregation import RawDetection
                def default_lexicon_path(): ...
                """,
            "app/domain/notebooks/aggregation.py": """
                from app.domain.notebooks.definitions import DetectorDefinition
                """,
        },
        [
            "app/domain/notebooks/aggregation.py:2 imports app.domain.notebooks.definitions "
            "(DetectorDefinition)",
            "app/domain/notebooks/definitions.py:3 imports app.domain.notebooks.lexical "
            "(default_lexicon_path)",
            "app/domain/notebooks/lexical.py:2 imports app.domain.notebooks.aggregation "
            "(RawDetection)",
        ],
    ),
    # store/models <-> store/notebooks, store/entry_sources: registering tables at the end
    "imports at the end of a module": (
        {
            "app/store/models.py": """
                class Base: ...
                from app.store import entry_sources as _entry_sources  # noqa
                from app.store import notebooks as _notebooks  # noqa
                """,
            "app/store/notebooks.py": "from app.store.models import Base, UTCDateTime\n",
            "app/store/entry_sources.py": "from app.store.models import Base\n",
        },
        [
            "app/store/entry_sources.py:1 imports app.store.models (Base)",
            "app/store/models.py:3 imports app.store.entry_sources",
            "app/store/models.py:4 imports app.store.notebooks",
            "app/store/notebooks.py:1 imports app.store.models (Base, UTCDateTime)",
        ],
    ),
    # ui/file_menu <-> ui/main_window, one side type-only
    "a TYPE_CHECKING import": (
        {
            "app/ui/shell/file_menu.py": """
                from typing import TYPE_CHECKING
                if TYPE_CHECKING:
                    from app.ui.shell.main_window import MainWindow
                """,
            "app/ui/shell/main_window.py": "from app.ui.shell.file_menu import FileMenu\n",
        },
        [
            "app/ui/shell/file_menu.py:4 imports app.ui.shell.main_window (MainWindow)",
            "app/ui/shell/main_window.py:1 imports app.ui.shell.file_menu (FileMenu)",
        ],
    ),
    # ui/screenshots <-> ui/notebooks/screens*, in relative imports
    "relative imports": (
        {
            "app/ui/screenshots.py": """
                def render():
                    from .notebooks.screens import render_page_view
                """,
            "app/ui/notebooks/screens.py": "from ..screenshots import _save, _wait\n",
        },
        [
            "app/ui/notebooks/screens.py:1 imports app.ui.screenshots (_save, _wait)",
            "app/ui/screenshots.py:3 imports app.ui.notebooks.screens (render_page_view)",
        ],
    ),
}


@pytest.mark.parametrize("case", ISSUE_CIRCLES.values(), ids=ISSUE_CIRCLES.keys())
def test_the_checker_names_each_circle_of_issue_13(
    tmp_path: Path, case: tuple[dict[str, str], list[str]]
) -> None:
    files, edges = case
    found = circle_violations(make_tree(tmp_path, files))
    assert len(found) == 1, found
    assert found[0].split(": ", 1)[1].split("; ") == edges


def test_the_checker_lets_a_package_re_export_its_modules(tmp_path: Path) -> None:
    tree = make_tree(
        tmp_path,
        {
            "app/domain/notebooks/__init__.py": "from app.domain.notebooks.tags import slugify\n",
            "app/domain/notebooks/tags.py": "from app.domain.text import quote_span\n",
            "app/domain/text.py": "import re\n",
        },
    )
    assert circle_violations(tree) == []


def test_the_checker_allows_only_the_known_circles(tmp_path: Path) -> None:
    files, _ = ISSUE_CIRCLES["a TYPE_CHECKING import"]
    tree = make_tree(tmp_path, files)
    allowed = frozenset({frozenset({"app.ui.shell.file_menu", "app.ui.shell.main_window"})})
    assert circle_violations(tree, allowed) == []
    assert circle_violations(tree) != []


def test_the_checker_names_private_helpers_taken_from_another_module(tmp_path: Path) -> None:
    tree = make_tree(
        tmp_path,
        {
            "app/services/transfer/notebook_import.py": "def _decode(): ...\n__all__ = []\n",
            "app/services/transfer/journal_import.py": """
                from app.services.transfer.notebook_import import _decode, __all__
                from app.services.transfer import notebook_import as other
                other._decode()
                """,
        },
    )
    assert private_violations(tree) == [
        "app/services/transfer/journal_import.py:2 imports "
        "app.services.transfer.notebook_import._decode: a private name of another module",
        "app/services/transfer/journal_import.py:4 imports "
        "app.services.transfer.notebook_import._decode: a private name of another module",
    ]


def test_the_checker_names_imports_against_the_layers(tmp_path: Path) -> None:
    tree = make_tree(
        tmp_path,
        {
            "app/clock.py": "",
            "app/domain/journal/rules.py": "from app import clock\nimport sqlalchemy\n",
            "app/store/db.py": "from app.services.changes import Changes\n",
            "app/services/changes.py": "from app.llm import worker\n",
            "app/llm/worker.py": "from app.nlp.people import load_ner\n",
            "app/nlp/people.py": "def load_ner(): ...\n",
            "app/ui/shell/app.py": "def run_gui(): ...\n",
            "app/cli.py": """
                from app.ui.shell.app import run_gui
                def main():
                    from app.ui.shell.app import run_gui
                """,
        },
    )
    assert layer_violations(tree) == [
        "app/cli.py:2 imports app.ui.shell.app.run_gui: cli must not import ui (sideways)",
        "app/domain/journal/rules.py:1 imports app.clock: domain is handed its dates",
        "app/domain/journal/rules.py:2 imports sqlalchemy: domain is pure",
        "app/llm/worker.py:1 imports app.nlp.people.load_ner: llm must not import nlp (sideways)",
        "app/store/db.py:1 imports app.services.changes.Changes: "
        "store must not import services (upward)",
    ]


def test_the_checker_names_qt_outside_the_ui_and_climbing_folders(tmp_path: Path) -> None:
    tree = make_tree(
        tmp_path,
        {
            "app/services/look.py": """
                from pathlib import Path
                from PySide6.QtGui import QColor
                SAMPLE = Path(__file__).resolve().parents[2] / "resources"
                """,
            "app/ui/look.py": "from PySide6.QtGui import QColor\n",
        },
    )
    assert qt_violations(tree) == [
        "app/services/look.py:3 imports PySide6.QtGui.QColor: "
        "only app/ui and app/screenshots import Qt"
    ]
    assert climb_violations(tree) == [
        "app/services/look.py:4: Path(__file__).resolve().parents[2] climbs folders; "
        "read shipped files through app.resources"
    ]

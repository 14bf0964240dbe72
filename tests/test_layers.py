"""The package's folders are layers, each importing only from itself and the layers below, and no modules import each other.

core (the modules at the top: errors ... game) -> engines -> tables -> players -> analysis ->
league -> render -> widgets -> tutorial -> the command line. An import inside a function counts
as much as one at the top of a module. The one kind of exception is a presentation hook on a
value type (``_repr_svg_``, ``_repr_html_``, ``_repr_png_``, ``_repr_mimebundle_``, and the
named picture methods below), which imports ``render`` lazily, as python-chess's ``Board`` does.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "awithlaknannai"
LAYERS = [
    "core",
    "engines",
    "tables",
    "players",
    "analysis",
    "league",
    "render",
    "widgets",
    "tutorial",
    "top",
]
TOP = {"cli", "lite", "__main__", "__init__"}
# Folders of the core layer: a core module that grew into a package of its own.
CORE_FOLDERS = {"boards"}
# Methods that hand a value to the renderer: python-chess's _repr_svg_ pattern.
PICTURE_HOOKS = {
    "_repr_svg_",
    "_repr_html_",
    "_repr_png_",
    "_repr_mimebundle_",
    "_repr_markdown_",
    "_download_style",  # SavedPlayer._repr_html_'s colours, from render.style
}


def layer_of(module: str) -> str:
    """The layer of a dotted module name inside the package (``awithlaknannai.tables.solver`` -> tables)."""
    parts = module.split(".")
    assert parts[0] == "awithlaknannai", module
    if len(parts) == 1:
        return "top"
    if parts[1] in LAYERS:
        return parts[1]
    if parts[1] in TOP:
        return "top"
    if parts[1] == "notebooks":
        return "top"
    return "core"


def module_name(path: Path) -> str:
    relative = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(relative.parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path) -> list[tuple[str, int, str | None]]:
    """Every module of the package that ``path`` imports: (name, line, enclosing function)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, int, str | None]] = []

    def visit(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - (child.level - 1)]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                if target.startswith("awithlaknannai"):
                    # "from . import solver" names a module, not a value: count the module.
                    for alias in child.names:
                        candidate = f"{target}.{alias.name}"
                        as_module = PACKAGE.parent / (candidate.replace(".", "/") + ".py")
                        as_package = PACKAGE.parent / candidate.replace(".", "/")
                        found.append(
                            (
                                candidate if as_module.exists() or as_package.is_dir() else target,
                                child.lineno,
                                function,
                            )
                        )
            elif isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name.startswith("awithlaknannai"):
                        found.append((alias.name, child.lineno, function))
            visit(child, inner)

    visit(tree, None)
    return found


def upward_imports() -> list[str]:
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        here = layer_of(module_name(path))
        for target, line, function in imported_modules(path):
            there = layer_of(target)
            if LAYERS.index(there) <= LAYERS.index(here):
                continue
            if function in PICTURE_HOOKS and there == "render":
                continue
            where = path.relative_to(PACKAGE.parent)
            problem = f"{where}:{line} ({here}) imports {target} ({there})"
            if problem not in problems:
                problems.append(problem)
    return problems


def test_every_module_has_a_layer() -> None:
    folders = {path.parent.name for path in PACKAGE.rglob("*.py") if path.parent != PACKAGE}
    known = set(LAYERS) | TOP | CORE_FOLDERS  # a top-level module may grow into a package (lite/, boards/)
    assert folders <= known, f"folders without a layer: {sorted(folders - known)}"


def test_no_layer_imports_from_a_layer_above() -> None:
    problems = upward_imports()
    assert not problems, "imports going up a layer:\n" + "\n".join(problems)


def package_import_edges() -> set[tuple[str, str]]:
    """(importer, imported) for every import inside the package, lazy ones included, picture hooks left out."""
    edges = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        here = module_name(path)
        for target, _line, function in imported_modules(path):
            if function not in PICTURE_HOOKS and target != here:
                edges.add((here, target))
    return edges


def circles_of(edges: set[tuple[str, str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or round a longer circle."""
    graph = nx.DiGraph(list(edges))
    return sorted(sorted(group) for group in nx.strongly_connected_components(graph) if len(group) > 1)


def test_no_modules_import_each_other() -> None:
    # game and notation were the last pair: Game's record methods called notation, which built Games.
    edges = package_import_edges()
    assert ("awithlaknannai.game", "awithlaknannai.notation") in edges  # the scanner reads the package
    assert circles_of(edges) == []


def test_circles_of_finds_a_circle_round_three_modules() -> None:
    edges = {("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")}
    assert circles_of(edges) == [["a", "b", "c"]]


@pytest.mark.parametrize(
    ("module", "layer"),
    [
        ("awithlaknannai.position", "core"),
        ("awithlaknannai.tables.solver", "tables"),
        ("awithlaknannai.league", "league"),
        ("awithlaknannai.cli", "top"),
    ],
)
def test_layer_of_names_the_folder(module: str, layer: str) -> None:
    assert layer_of(module) == layer


def test_the_check_sees_a_lazy_import(tmp_path: Path) -> None:
    # The scanner must find an import inside a function, or the test above could never fail.
    module = PACKAGE / "players" / "base.py"
    found = imported_modules(module)
    assert found, "the scanner found no import in players/base.py"
    source = "def later():\n    from ..widgets import board\n"
    fake = PACKAGE / "players" / "_layer_probe.py"
    try:
        fake.write_text(source)
        assert any("widgets" in problem for problem in upward_imports())
    finally:
        fake.unlink()

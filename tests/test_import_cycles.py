"""No import cycles among the modules of the engine and the Lambda functions (issue 30.3).

The graph is grimp's (the one import-linter checks its contracts on, ``.importlinter``): every
import statement of ``engine``, ``service``, ``actions``, ``api`` and ``timers``, those inside
functions included, so a cycle held apart only by a function-local import is a cycle here too.
Imports under ``if TYPE_CHECKING:`` are left out: they never run (an annotation may name a type
of a module above). A cycle is a strongly connected component of more than one module (or a
module importing itself); the test names each with its modules and the imports inside it.

import-linter's ``acyclic_siblings`` contract (in ``.importlinter``, ``make lint``) checks the
children of each package: it squashes a subpackage's modules into it and never compares a
package with its own children or two top packages (``service`` and ``timers``); this test checks
every module against every other.
"""

from __future__ import annotations

import ast
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "service", "actions", "api", "timers")
SOURCES = {"engine": ROOT / "layers/engine/engine", **{
    name: ROOT / "functions" / name for name in PACKAGES if name != "engine"}}


def build_graph() -> grimp.ImportGraph:
    """The import graph of :data:`PACKAGES`, function-local imports included."""
    return grimp.build_graph(*PACKAGES, cache_dir=None, exclude_type_checking_imports=True)


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of ``graph`` that are cycles (two modules or more,
    or one importing itself), each sorted, the list sorted by its first module (Tarjan's
    algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.find_modules_directly_imported_by(target)))))
                    break
                if target in on_stack:
                    low[module] = min(low[module], index[target])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[module])
                if low[module] == index[module]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == module:
                            break
                    if len(component) > 1 or graph.direct_import_exists(
                            importer=module, imported=module):
                        found.append(sorted(component))
    return sorted(found)


def describe(graph: grimp.ImportGraph, component: list[str]) -> str:
    """A cycle's modules and the imports between them (``importer:line -> imported``)."""
    members = set(component)
    lines = [f"{len(component)} modules: {', '.join(component)}"]
    for importer in component:
        for imported in sorted(graph.find_modules_directly_imported_by(importer) & members):
            for detail in graph.get_import_details(importer=importer, imported=imported):
                lines.append(f"  {importer}:{detail['line_number']} -> {imported}"
                             f"  ({detail['line_contents']})")
    return "\n".join(lines)


def function_local_imports() -> list[tuple[str, int, str]]:
    """Every import inside a function of :data:`PACKAGES`' sources of one of those packages:
    ``(module, line, imported name)`` (``from a.b import c``: ``a.b.c``, a module or a name)."""
    found = []
    for folder in SOURCES.values():
        for path in sorted(folder.rglob("*.py")):
            parts = path.relative_to(folder.parent).with_suffix("").parts
            module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            tree = ast.parse(path.read_text(), str(path))
            functions = [n for n in ast.walk(tree)
                         if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
            for function in functions:
                for node in ast.walk(function):
                    if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                        names = [f"{node.module}.{alias.name}" for alias in node.names]
                    elif isinstance(node, ast.Import):
                        names = [alias.name for alias in node.names]
                    else:
                        continue
                    found += [(module, node.lineno, name) for name in names
                              if name.split(".")[0] in PACKAGES]
    return sorted(set(found))


def test_no_module_of_the_engine_or_the_functions_is_in_an_import_cycle():
    graph = build_graph()
    found = cycles(graph)
    assert not found, "import cycles:\n" + "\n".join(describe(graph, c) for c in found)


def test_the_graph_holds_every_function_local_import():
    """What makes the cycle test count a cycle held apart by a function-local import: each
    such import (found by reading the source) is an import of the graph."""
    graph = build_graph()
    local = function_local_imports()
    assert len(local) > 20  # the service's cold-start imports, the engine's lazy bots
    missing = []
    for module, line, name in local:
        details = []
        for imported in (name, name.rpartition(".")[0]):  # `from a.b import c`: a.b.c or a.b
            if imported and imported in graph.modules:
                details += graph.get_import_details(importer=module, imported=imported)
        if not any(d["line_number"] == line for d in details):
            missing.append(f"{module}:{line} -> {name}")
    assert not missing, missing


def test_a_cycle_through_a_function_local_import_is_found():
    """The check fails on a cycle: two modules made to import each other, one of them only in
    a function, and a module importing itself."""
    graph = build_graph()
    assert graph.direct_import_exists(importer="service.pipeline", imported="service.config")
    graph.add_import(importer="service.config", imported="service.pipeline", line_number=1,
                     line_contents="from service import pipeline")
    found = cycles(graph)
    assert any({"service.config", "service.pipeline"} <= set(c) for c in found), found
    small = grimp.ImportGraph()
    for module in ("a", "b", "c", "d"):
        small.add_module(module)
    small.add_import(importer="a", imported="b")
    small.add_import(importer="b", imported="c")
    small.add_import(importer="c", imported="a")
    small.add_import(importer="d", imported="d")
    small.add_import(importer="d", imported="a")
    assert cycles(small) == [["a", "b", "c"], ["d"]]

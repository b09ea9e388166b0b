"""Every package the code imports is declared in pyproject.toml, in the list for where that code
runs (issue 29): the engine layer may import only the engine's dependencies (pydantic), the
Lambda functions only those and the ``service`` / ``lambda`` extras, everything else (tests,
the local stack, benchmarks, training) the dev group too. Imports are read from the source
(every ``import`` statement, lazy ones inside functions included), so an import nobody
declared fails here rather than in a Lambda package that lacks it.

The lock and the requirement files made from it are checked by ``make lock-check``."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRST_PARTY = {"engine", "service", "actions", "api", "timers", "local", "benchmarks", "training",
               "tests"}
RUNTIME_PROVIDED = {"snapshot_restore_py"}
"""Imported by the functions but provided by the Lambda Python runtime (SnapStart's hooks;
``service.snapstart`` does without it locally): never packaged."""


def _name(requirement: str) -> str:
    return re.split(r"[\s\[<>=!~;]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def declared() -> dict[str, set[str]]:
    """Distribution names declared for each place code runs."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    engine = {_name(r) for r in project["project"]["dependencies"]}
    extras = project["project"]["optional-dependencies"]
    functions = engine | {_name(r) for r in extras["service"] + extras["lambda"]}
    dev = functions | {_name(r) for r in project["dependency-groups"]["dev"]}
    return {"engine": engine, "functions": functions, "dev": dev}


def imports(folder: Path) -> dict[str, set[str]]:
    """Top-level modules imported by the ``.py`` files under ``folder`` (not the standard
    library's, not relative ones), each with the files importing it."""
    found: dict[str, set[str]] = {}
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top != "__future__":
                    found.setdefault(top, set()).add(str(path.relative_to(ROOT)))
    return found


def undeclared(folder: str, allowed: set[str], first_party: set[str]) -> list[str]:
    owners = packages_distributions()
    problems = []
    for module, files in sorted(imports(ROOT / folder).items()):
        if module in first_party or (module in RUNTIME_PROVIDED and folder == "functions"):
            continue
        dists = {d.lower().replace("_", "-") for d in owners.get(module, [])}
        if not dists:
            problems.append(f"{module} (installed by no distribution), in {sorted(files)[0]}")
        elif not dists & allowed:
            problems.append(f"{module} ({', '.join(sorted(dists))}), in {sorted(files)[0]}")
    return problems


def test_the_engine_layer_imports_only_the_engines_dependencies():
    assert undeclared("layers/engine", declared()["engine"], {"engine"}) == []


def test_the_functions_import_only_what_their_lambda_package_holds():
    first_party = {"engine", "service", "actions", "api", "timers"}
    assert undeclared("functions", declared()["functions"], first_party) == []


def test_tests_tools_and_the_local_stack_import_only_declared_packages():
    for folder in ("tests", "local", "benchmarks", "training"):
        assert undeclared(folder, declared()["dev"], FIRST_PARTY) == [], folder


def test_the_check_finds_an_undeclared_import(tmp_path, monkeypatch):
    """The check can fail: a module importing numpy is refused where numpy is not declared."""
    engine = declared()["engine"]
    (tmp_path / "m.py").write_text("import pydantic\n\n\ndef f():\n    import numpy\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert undeclared(".", engine, set()) == ["numpy (numpy), in m.py"]

"""docs/rules.md's Jiji section: every code reference names a function or value of an engine.jiji
module (or a key of data/jiji.toml, or of the service: ``service.*`` and ``timers.*`` under
functions/), every test reference a test that exists (in tests/engine/ unless the reference
gives its path: ``tests/service/...``, ``tests/stack/...``, ``tests/browser/...``), and every
Jiji test is traced there."""

import importlib
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = tomllib.loads((ROOT / "layers/engine/engine/jiji/data/jiji.toml").read_text())
DECISIONS = ROOT / "tests" / "engine" / "sources" / "jiji-decisions.md"
"""A copy of the decisions file, so that this runs on a checkout alone; where the shared texts
are beside the repository, the copy must equal them."""
SHARED = next((p for p in (ROOT / "shared", ROOT.parent / "shared",
                          ROOT.parent.parent / "shared") if (p / "spec").is_dir()), None)
"""The project's shared rule texts (beside the repository, or beside the folder of its
worktrees)."""


def jiji_rows() -> list[list[str]]:
    text = (ROOT / "docs" / "rules.md").read_text()
    section = text.split("## Jiji", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[2].startswith("`"):
            rows.append(cells)
    return rows


def _in_data(path: str) -> bool:
    section, _, keys = path.partition(".")
    node = DATA.get(section)
    if node is None:
        return False
    return all(key in (node if isinstance(node, dict) else node[0]) for key in keys.split("/"))


def _names_service_code(ref: str) -> bool:
    """Whether ``ref`` (``service.pipeline.current``, ``service.deadlines``) names a module of
    functions/ or a name in one."""
    parts = ref.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            if not hasattr(obj, name):
                return False
            obj = getattr(obj, name)
        return True
    return False


def test_every_code_reference_names_a_function_or_value_of_a_jiji_module_or_a_data_key():
    rows = jiji_rows()
    assert len(rows) > 70
    checked = 0
    for _, rule, code, _ in rows:
        for ref in re.findall(r"`jiji\.toml` `([a-z_]+\.[\w/]+)`", code):
            assert _in_data(ref), f"jiji.toml {ref} ({rule})"
            checked += 1
        code = re.sub(r"`jiji\.toml` `[^`]+`", "", code)
        for ref in re.findall(r"`([A-Za-z_][\w.]*(?:/\w+)*)`", code):
            if ref == "jiji.toml" or "." not in ref:
                continue
            if ref.startswith(("service.", "timers.")):
                assert _names_service_code(ref), f"{ref} ({rule})"
                checked += 1
                continue
            module, _, path = ref.partition(".")
            try:
                mod = importlib.import_module(f"engine.jiji.{module}")
            except ModuleNotFoundError:
                assert _in_data(ref), f"{ref} ({rule})"
                checked += 1
                continue
            obj = mod
            for name in path.split("/")[0].split("."):
                assert hasattr(obj, name), f"{ref} ({rule})"
                obj = getattr(obj, name)
            checked += 1
    assert checked > 150


def test_every_test_reference_names_a_test_that_exists():
    for _, rule, _, tests in jiji_rows():
        current = None
        for ref in re.findall(r"`([^`]+)`", tests):
            path, _, name = ref.rpartition("::")
            current = path or current
            where = ROOT / current if current.startswith("tests/") else ROOT / "tests" / "engine" / current
            source = where.read_text()
            assert f"def {name}(" in source, f"{ref} ({rule})"


SERVICE_TESTS = ("tests/service/test_jiji_table.py", "tests/stack/test_jiji_table.py",
                 "tests/browser/test_jiji_table.py")
"""Jiji's tests outside the engine: the service against moto, the local stack, the browser."""


def test_every_jiji_test_is_traced_from_the_rules():
    """Each hand-worked rule test is named in the section (bots and the doc test aside), and so
    is each test of Jiji at the table (service, stack and browser), with its path."""
    text = (ROOT / "docs" / "rules.md").read_text().split("## Jiji", 1)[1].split("\n## ", 1)[0]
    for path in SERVICE_TESTS:
        for name in re.findall(r"^def (test_\w+)\(", (ROOT / path).read_text(), re.M):
            assert f"`{path}::{name}`" in text or name in _traced_after(text, path), \
                f"{path}::{name} is not traced in docs/rules.md"
    for path in sorted((ROOT / "tests" / "engine").glob("test_jiji_*.py")):
        if path.name in ("test_jiji_bots.py", "test_jiji_rules_doc.py"):
            continue
        for name in re.findall(r"^def (test_\w+)\(", path.read_text(), re.M):
            assert name in text, f"{path.name}::{name} is not traced in docs/rules.md"


def _traced_after(text: str, path: str) -> str:
    """The test references that follow ``path`` in the same cell (a reference without a path
    belongs to the last path named before it)."""
    out = []
    for cell in text.split("|"):
        current = None
        for ref in re.findall(r"`([^`]+)`", cell):
            where, _, name = ref.rpartition("::")
            current = where or current
            if current == path:
                out.append(name)
    return " ".join(out)


def test_the_copied_decisions_file_is_the_shared_one():
    if SHARED is None:  # a checkout alone: the copy is all there is
        assert DECISIONS.is_file()
        return
    assert DECISIONS.read_text() == (SHARED / "spec" / DECISIONS.name).read_text()


def test_every_section_of_the_decisions_file_is_traced():
    """Each section of the decisions file (its newest readings included) is named by a row's
    source as ``decisions "<section>"``."""
    headings = re.findall(r"^## (.+)$", DECISIONS.read_text(), flags=re.MULTILINE)
    assert len(headings) >= 6
    sources = " ".join(source for source, _, _, _ in jiji_rows())
    for heading in headings:
        name = heading.split(" (")[0]
        assert f'decisions "{name}"' in sources, heading

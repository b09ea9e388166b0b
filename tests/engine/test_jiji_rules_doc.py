"""docs/rules.md's Jiji section: every code reference names a function or value of an engine.jiji
module (or a key of data/jiji.toml), and every test reference a test that exists."""

import importlib
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = tomllib.loads((ROOT / "layers/engine/engine/jiji/data/jiji.toml").read_text())


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
            source = (ROOT / "tests" / "engine" / Path(current).name).read_text()
            assert f"def {name}(" in source, f"{ref} ({rule})"


def test_every_jiji_test_is_traced_from_the_rules():
    """Each hand-worked rule test is named in the section (bots, views and the doc test aside)."""
    text = (ROOT / "docs" / "rules.md").read_text().split("## Jiji", 1)[1]
    for path in sorted((ROOT / "tests" / "engine").glob("test_jiji_*.py")):
        if path.name in ("test_jiji_bots.py", "test_jiji_rules_doc.py"):
            continue
        for name in re.findall(r"^def (test_\w+)\(", path.read_text(), re.M):
            assert name in text, f"{path.name}::{name} is not traced in docs/rules.md"

"""docs/rules.md's part-2 traceability rows point at code and tests that exist."""

import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def part2_rows() -> list[list[str]]:
    text = (ROOT / "docs" / "rules.md").read_text()
    section = text.split("## Part 2", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[2].startswith("`"):
            rows.append(cells)
    return rows


def test_every_code_reference_names_a_function_or_value_of_an_engine_module():
    rows = part2_rows()
    assert len(rows) > 40
    for _, rule, code, _ in rows:
        for ref in re.findall(r"`([a-z_]+)\.([A-Za-z_]+)[^`]*`", code):
            module, name = ref
            try:
                mod = importlib.import_module(f"engine.mtaani.{module}")
            except ModuleNotFoundError:
                continue  # a data key such as `bank_loans.minimum` (checked by the data tests)
            assert hasattr(mod, name), f"{module}.{name} ({rule})"


def test_every_test_reference_names_a_test_that_exists():
    for _, rule, _, tests in part2_rows():
        current = None
        for ref in re.findall(r"`([^`]+)`", tests):
            path, _, name = ref.rpartition("::")
            current = path or current
            source = (ROOT / "tests" / "engine" / Path(current).name).read_text()
            assert f"def {name}(" in source, f"{ref} ({rule})"

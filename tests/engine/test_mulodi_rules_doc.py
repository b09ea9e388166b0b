"""docs/rules.md's Mulodi section quotes every sentence of the seed, names every section of the
decisions file, and points at code, data keys and tests that exist."""

import importlib
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHARED = next((p for p in (ROOT / "shared", ROOT.parent / "shared",
                          ROOT.parent.parent / "shared") if (p / "seeds").is_dir()), None)
"""The project's shared rule texts (beside the repository, or beside the
folder of its worktrees, where they are written)."""
SOURCES = ROOT / "tests" / "engine" / "sources"
"""Copies of the two texts this checks against, so that it runs on a checkout alone (CI);
where the shared texts are beside it, the copies must equal them."""
SEED = SOURCES / "004_e3b57fc1098b0004.txt"
DECISIONS = SOURCES / "mulodi-decisions.md"
DATA = ROOT / "layers" / "engine" / "engine" / "mulodi" / "data" / "mulodi.toml"


def section() -> str:
    text = (ROOT / "docs" / "rules.md").read_text()
    return text.split("\n## Mulodi\n", 1)[1].split("\n## ", 1)[0]


def rows() -> list[list[str]]:
    out = []
    for line in section().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[2].startswith("`"):
            out.append(cells)
    return out


def normal(text: str) -> str:
    return text.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')


def test_the_section_has_a_row_for_each_rule():
    assert len(rows()) > 50


def test_every_code_reference_names_a_function_or_value_of_a_mulodi_module():
    for _, rule, code, _ in rows():
        for module, name in re.findall(r"`([a-z_]+)\.([A-Za-z_]+)[^`]*`", code):
            mod = importlib.import_module(f"engine.mulodi.{module}")
            assert hasattr(mod, name), f"{module}.{name} ({rule})"


def test_every_data_reference_names_a_key_of_the_data_file():
    data = tomllib.loads(DATA.read_text())
    for _, rule, code, _ in rows():
        for table, key in re.findall(r"`\[\[?(\w+)\]\]?(?: (\w+))?`", code):
            assert table in data, f"[{table}] ({rule})"
            if key:
                value = data[table]
                keys = value[0] if isinstance(value, list) else value
                assert key in keys, f"[{table}] {key} ({rule})"


def source_of(path: str) -> Path:
    """A test reference's file: under ``tests/engine/``, or ``tests/<folder>/`` when it names one."""
    return ROOT / "tests" / path if "/" in path else ROOT / "tests" / "engine" / path


def test_every_test_reference_names_a_test_that_exists():
    for _, rule, _, tests in rows():
        refs = re.findall(r"`([^`]+)::([^`]+)`", tests)
        assert refs, rule
        for path, name in refs:
            source = source_of(path).read_text()
            assert f"def {name}(" in source, f"{path}::{name} ({rule})"


MULODI_TESTS = ["engine/test_mulodi_*.py", "service/test_mulodi_*.py", "stack/test_mulodi_*.py",
                "browser/test_mulodi_*.py"]


def test_every_mulodi_test_is_traced():
    """Every test of Mulodi's rules and of Mulodi at the table is named by a row (these checks
    of the section itself aside)."""
    traced = {(str(source_of(path)), name) for _, _, _, tests in rows()
              for path, name in re.findall(r"`([^`]+)::([^`]+)`", tests)}
    untraced = []
    for pattern in MULODI_TESTS:
        for path in sorted((ROOT / "tests").glob(pattern)):
            if path.name == Path(__file__).name:
                continue
            for name in re.findall(r"^def (test_\w+)\(", path.read_text(), flags=re.MULTILINE):
                if (str(path), name) not in traced:
                    untraced.append(f"{path.relative_to(ROOT)}::{name}")
    assert untraced == []


def test_the_copied_texts_are_the_shared_ones():
    if SHARED is None:  # a checkout alone: the copies are all there is (nothing to compare)
        assert SEED.is_file() and DECISIONS.is_file()
        return
    assert SEED.read_text() == (SHARED / "seeds" / SEED.name).read_text()
    assert DECISIONS.read_text() == (SHARED / "spec" / DECISIONS.name).read_text()


def test_every_sentence_of_the_seed_is_quoted():
    quoted = normal(section())
    lines = [line.strip() for line in SEED.read_text().splitlines()[1:] if line.strip()]
    for line in lines:
        text = normal(re.sub(r"^(\d+\.|•)\s*", "", line))
        assert text in quoted, f"seed sentence not traced: {text!r}"


def test_every_section_of_the_decisions_file_is_traced():
    headings = re.findall(r"^## (.+)$", DECISIONS.read_text(), flags=re.MULTILINE)
    assert len(headings) >= 8
    text = section()
    for heading in headings:
        name = heading.split(" (")[0]
        assert f"decisions, {name}" in text, heading

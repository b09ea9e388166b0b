"""The web shell's file lists agree with the files: the service worker caches only files that
exist and every game screen (a missing entry would fail the offline start), and the shell's
list of game modules (web/js/games/modules.js) names exactly the games that have a screen or
a guide module (a game left out would be drawn by the generic screen; one listed without its
file would be a 404 in the console)."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"


def _set(name: str) -> set[str]:
    text = (WEB / "js/games/modules.js").read_text()
    found = re.search(rf"export const {name} = new Set\(\[(.*?)\]\);", text, re.S)
    assert found, f"{name} not found in modules.js"
    return set(re.findall(r'"([a-z0-9_-]+)"', found.group(1)))


def _games_with(module: str) -> set[str]:
    return {p.parent.name for p in (WEB / "js/games").glob(f"*/{module}")}


def test_modules_js_lists_each_game_with_a_screen_or_guide():
    assert _set("SCREENS") == _games_with("screen.js")
    assert _set("GUIDES") == _games_with("guide.js")
    assert "mtaani" in _set("SCREENS") and "jiji" in _set("SCREENS")


def test_the_service_worker_caches_files_that_exist_and_every_game_module():
    text = (WEB / "sw.js").read_text()
    shell = re.search(r"const SHELL = \[(.*?)\];", text, re.S)
    assert shell
    listed = re.findall(r'"([^"]+)"', re.sub(r"//[^\n]*", "", shell.group(1)))
    missing = [f for f in listed if f != "./" and not (WEB / f).is_file()]
    assert not missing, f"sw.js caches files that do not exist: {missing}"
    modules = {str(p.relative_to(WEB)) for p in (WEB / "js/games").rglob("*.js")}
    uncached = sorted(modules - set(listed))
    assert not uncached, f"sw.js does not cache these game modules: {uncached}"

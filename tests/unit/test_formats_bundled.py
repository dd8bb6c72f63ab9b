"""The bundled-level locator: the same ids whether installed from a wheel or run from a checkout."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import queens_tui
from queens_tui.catalog import open_arg
from queens_tui.core.errors import LevelError
from queens_tui.formats import bundled
from queens_tui.formats.bundled import bundled_levels, bundled_path

REPO = Path(__file__).resolve().parents[2]


def make_levels(root: Path) -> None:
    (root / "starter").mkdir(parents=True)
    (root / "starter" / "001.txt").write_text("AB\nBA\n")
    (root / "starter" / "002.json").write_text('{"regions": ["A"]}')
    (root / "starter" / "002.txt").write_text("A\n")  # same id: .txt is preferred
    (root / "daily" / "2026").mkdir(parents=True)
    (root / "daily" / "2026" / "01-02.ts").write_text('const l = { colorRegions: [["A"]] };')
    (root / "README.md").write_text("not a level")
    (root / ".hidden.txt").write_text("A\n")


def test_ids_are_sorted_relative_paths_without_extension(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_levels(tmp_path)
    monkeypatch.setattr(bundled, "levels_dir", lambda: tmp_path)
    assert [i for i, _ in bundled_levels()] == ["daily/2026/01-02", "starter/001", "starter/002"]
    assert bundled_path("starter/002") == tmp_path / "starter" / "002.txt"
    assert bundled_path("starter/002.json") == tmp_path / "starter" / "002.json"
    assert bundled_path("starter/999") is None
    assert bundled_path("../../etc/passwd.txt") is None
    assert open_arg("daily/2026/01-02")[1].rows_text() == ["A"]


def test_a_file_path_wins_over_an_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_levels(tmp_path / "bundle")
    monkeypatch.setattr(bundled, "levels_dir", lambda: tmp_path / "bundle")
    (tmp_path / "starter").mkdir()
    (tmp_path / "starter" / "001").write_text("ABC\nABC\nCBA\n")
    monkeypatch.chdir(tmp_path)
    assert open_arg("starter/001")[1].size == 3
    assert open_arg(str(tmp_path / "bundle" / "starter" / "001.txt"))[1].size == 2


def test_unknown_argument_is_a_located_error(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(LevelError) as info:
        open_arg("no/such/level")[1]
    assert str(info.value).startswith("no/such/level: no such file or bundled level")


def test_checkout_layout_finds_repo_levels() -> None:
    """An editable install has no queens_tui/_levels: the repo's levels/ is used."""
    if not (REPO / "levels").is_dir() or (Path(queens_tui.__file__).parent / "_levels").exists():
        pytest.skip("not running from a source checkout")
    assert bundled.levels_dir() == REPO / "levels"
    ids = [i for i, _ in bundled_levels()]
    assert ids, "the repo ships at least one level"
    assert open_arg(ids[0])[1].size >= 5


def test_installed_layout_finds_package_levels(tmp_path: Path) -> None:
    """A wheel carries levels/ as queens_tui/_levels (pyproject force-include)."""
    site = tmp_path / "site-packages"
    shutil.copytree(
        Path(queens_tui.__file__).parent,
        site / "queens_tui",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    make_levels(site / "queens_tui" / "_levels")
    code = (
        "import json; from queens_tui.formats import bundled as b; "
        "from queens_tui.catalog import open_arg; "
        "print(json.dumps([str(b.levels_dir()), [i for i, _ in b.bundled_levels()], "
        "open_arg('starter/001')[1].rows_text()]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"},
        check=True,
    )
    where, ids, rows = json.loads(out.stdout)
    assert where == str(site / "queens_tui" / "_levels")
    assert ids == ["daily/2026/01-02", "starter/001", "starter/002"]
    assert rows == ["AB", "BA"]

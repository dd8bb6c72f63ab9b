"""`formats.load`: format by extension then content, and one located error for every bad file."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from queens_tui.core.errors import LevelError
from queens_tui.formats import MAX_BYTES
from queens_tui.formats.queens import detect_format, dump, load, save
from queens_tui.formats.queens import sniff_format as sniff
from queens_tui.kinds.queens.level import Level

TS = 'const level = { size: 2, colorRegions: [["A", "B"], ["B", "A"]] };\nexport default level;\n'


def write(tmp_path: Path, name: str, data: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("a.txt", "AB\nBA\n"),
        ("a.TXT", "AB\nBA\n"),
        ("a.json", '{"regions": ["AB", "BA"]}'),
        ("a.ts", TS),
        ("a.js", TS),
        ("no_extension", "AB\nBA\n"),
        ("a.level", '  {"regions": ["AB", "BA"]}'),
        ("a.data", "// a TS file by another name\n" + TS),
    ],
)
def test_every_format_by_extension_or_content(tmp_path: Path, name: str, data: str) -> None:
    assert load(write(tmp_path, name, data)).rows_text() == ["AB", "BA"]


def test_sniffing() -> None:
    assert sniff('{"regions": []}') == "json"
    assert sniff("\ufeff\n [") == "json"
    assert sniff(TS) == "ts"
    assert sniff("AB\nBA") == "text"
    assert detect_format("x.json", "AB") == "json"  # the extension wins


def test_save_and_dump_by_extension(tmp_path: Path) -> None:
    level = Level.from_rows(["AB", "BA"], name="n", colors={"A": "#010203"})
    for name in ("x.txt", "x.json", "x"):
        save(level, tmp_path / name)
        assert load(tmp_path / name) == level
    with pytest.raises(LevelError):
        dump(level, "ts")


BAD: list[tuple[str, str | bytes, str]] = [
    ("empty.txt", "", "empty.txt:1:1: empty file"),
    ("blank.txt", "\n  \n", "blank.txt:1:1: empty file"),
    ("comments.txt", "# name: x\n# only\n", "comments.txt:1:1: no board rows"),
    ("ragged.txt", "ABC\nAB\nCCC\n", "ragged.txt:2:3: row 2 has 2 cells"),
    ("notsquare.txt", "ABC\nABC\n", "notsquare.txt:1:3: row 1 has 3 cells"),
    ("labels.txt", "AB\nCB\n", "labels.txt:2:1: a 2x2 level needs exactly 2 region labels"),
    ("binary.txt", b"AB\n\x00\x01\x02", "binary.txt:2:1: binary data"),
    ("latin1.txt", "AB\nBÄ\n".encode("latin-1"), "latin1.txt:2:2: not valid UTF-8"),
    ("utf16.txt", "AB\nBA\n".encode("utf-16"), "utf16.txt:1:1: UTF-16"),
    ("image.png", b"\x89PNG\r\n\x1a\n....", "image.png: cannot read a puzzle board: "),
    ("nocolor.ts", "const level = { size: 2 };", "nocolor.ts:1:1: no colorRegions"),
    ("broken.json", '{"regions": ["AB" "BA"]}', "broken.json:1:19: broken JSON"),
    ("notes.yaml", "just: some\nyaml: here\n", "notes.yaml:1:"),
]


@pytest.mark.parametrize(("name", "data", "expected"), BAD, ids=[b[0] for b in BAD])
def test_bad_files_give_one_located_line(
    tmp_path: Path, name: str, data: str | bytes, expected: str
) -> None:
    path = write(tmp_path, name, data)
    with pytest.raises(LevelError) as info:
        load(path)
    line = str(info.value)
    assert line.startswith(str(tmp_path / expected))
    assert "\n" not in line


def test_unknown_extension_says_so(tmp_path: Path) -> None:
    with pytest.raises(LevelError, match=r"unknown format '\.yaml'"):
        load(write(tmp_path, "notes.yaml", "just: some\nyaml: here\n"))


def test_missing_directory_and_enormous(tmp_path: Path) -> None:
    with pytest.raises(LevelError, match="no such file"):
        load(tmp_path / "missing.txt")
    with pytest.raises(LevelError, match="is a directory"):
        load(tmp_path)
    big = write(tmp_path, "big.txt", "A" * (MAX_BYTES + 10))
    with pytest.raises(LevelError, match="over 1,000,000 bytes"):
        load(big)


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="needs POSIX non-root")
def test_unreadable_file(tmp_path: Path) -> None:
    path = write(tmp_path, "secret.txt", "AB\nBA\n")
    path.chmod(0)
    try:
        with pytest.raises(LevelError, match="permission denied"):
            load(path)
    finally:
        path.chmod(0o644)


def test_path_with_nul_is_reported_not_raised() -> None:
    with pytest.raises(LevelError, match="cannot read"):
        load("bad\0name.txt")

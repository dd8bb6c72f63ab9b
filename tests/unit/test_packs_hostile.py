"""Issue 33 items 1-3, 7, 12, 13: packs that never lose a file, and manifests that never crash.

The pack writer (`catalog.user_packs.write_pack`) builds the new pack beside the old one and
swaps the folders; it deletes only what the old manifest lists, inside the pack; it refuses
a pack folder that is a link; one writer at a time. Each attack of the issue is here: a
symlinked pack folder, a failure half-way (injected, and `kill -9` of a real import), ids that
collapse to one file name, two writers at once, corrupt manifests (packs and the collections'
cache), names no file can hold.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from queens_tui.catalog import user_packs
from queens_tui.catalog.user_packs import (
    MANIFEST,
    import_pack,
    open_collection,
    pack_entries,
    pack_folders,
    pack_name,
    packs_root,
    read_manifest,
)
from queens_tui.cli import main
from queens_tui.core.errors import LevelError
from queens_tui.formats import load_puzzle
from queens_tui.formats.bundled import bundled_levels
from queens_tui.store.lock import holding
from tests.unit.test_collections import community_tango

REPO = Path(__file__).resolve().parents[2]


def _collection(path: Path, count: int = 3, ids: list[Any] | None = None) -> Path:
    """A community Tango collection of `count` bundled levels (ids 684.. unless given)."""
    levels = [load_puzzle(p) for _, p in bundled_levels("tango")[:count]]
    items = community_tango(levels)
    for item, new_id in zip(items, ids or [], strict=False):
        item["id"] = new_id
    path.write_text(json.dumps(items, ensure_ascii=False), encoding="utf-8")
    return path


def _snapshot(folder: Path) -> dict[str, bytes]:
    """Every file in `folder` (and below) with its bytes."""
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def _no_temp_left(root: Path) -> None:
    left = [n for n in os.listdir(root) if n.endswith((user_packs.NEW, user_packs.OLD))]
    assert left == []


@pytest.fixture
def old_pack(tmp_path: Path) -> Path:
    """The pack `p`, three Tango levels, imported."""
    import_pack("p", _collection(tmp_path / "three.json"), sync=False)
    return packs_root() / "p"


# --- item 1: links and what may be deleted -------------------------------------------------


def test_a_pack_folder_that_is_a_link_is_refused_and_its_target_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    documents = tmp_path / "Documents"
    documents.mkdir()
    (documents / "letter.txt").write_text("my letter")
    (documents / MANIFEST).write_text('{"levels": [{"file": "letter.txt"}]}')  # a trap too
    packs_root().mkdir(parents=True)
    (packs_root() / "evil").symlink_to(documents)
    source = _collection(tmp_path / "day.json")
    before = _snapshot(documents)
    assert main(["import", "--pack", "evil", str(source)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "evil: is a link" in err
    assert _snapshot(documents) == before
    assert pack_folders() == []  # a linked pack is not listed either
    assert pack_entries(packs_root() / "evil") == []


def test_a_packs_folder_that_is_a_link_out_of_the_data_folder_is_refused(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    packs_root().parent.mkdir(parents=True)
    packs_root().symlink_to(elsewhere)
    with pytest.raises(LevelError, match="is a link"):
        import_pack("p", _collection(tmp_path / "one.json", 1), sync=False)
    assert list(elsewhere.iterdir()) == [] and pack_folders() == []


def test_a_re_import_deletes_only_what_the_old_manifest_lists(
    tmp_path: Path, old_pack: Path
) -> None:
    (old_pack / "mine.txt").write_text("the player's own notes")
    outside = tmp_path / "outside.txt"
    outside.write_text("keep")
    (old_pack / "link.txt").symlink_to(outside)
    body = json.loads((old_pack / MANIFEST).read_text())
    body["levels"].append(dict(body["levels"][0], file="link.txt"))  # listed, but a link out
    (old_pack / MANIFEST).write_text(json.dumps(body))
    pack = import_pack("p", _collection(tmp_path / "two.json", 2), sync=False)
    assert pack.count == 2 and sorted(p.name for p in old_pack.iterdir()) == [
        MANIFEST,
        "684.txt",
        "685.txt",
    ]
    assert outside.read_text() == "keep"
    (kept,) = packs_root().glob("p.kept-*")  # what the old pack did not list (or a link)
    assert (kept / "mine.txt").read_text() == "the player's own notes"
    assert (kept / "link.txt").is_symlink()
    assert pack.errors == () and any("kept in" in line for line in pack.notes)
    _no_temp_left(packs_root())


# --- item 2: a failure half-way, names that collapse, Patches with 256 clues ----------------


def test_a_failure_half_way_leaves_the_old_pack_as_it_was(
    tmp_path: Path, old_pack: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _snapshot(old_pack)
    from queens_tui.formats import tango

    real = tango.dump
    calls = iter(range(100))

    def failing(level: Any, fmt: str = "text") -> str:
        if next(calls) == 2:
            raise OSError(28, "No space left on device")
        return real(level, fmt)

    monkeypatch.setattr(tango, "dump", failing)
    with pytest.raises(OSError, match="No space"):
        import_pack("p", _collection(tmp_path / "five.json", 5), sync=False)
    assert _snapshot(old_pack) == before
    _no_temp_left(packs_root())


def test_ids_that_collapse_to_one_name_and_a_huge_id_all_import(
    tmp_path: Path, old_pack: Path
) -> None:
    ids: list[Any] = ["!" * (i + 1) for i in range(40)] + ["N" * 5000, "9" * 5000, "LEVEL"]
    source = _collection(tmp_path / "collapse.json", 43, ids)
    pack = import_pack("p", source, sync=False)
    assert pack.count == 43
    names = [p.name for p in old_pack.iterdir() if p.name != MANIFEST]
    assert len(names) == 43 and max(map(len, names)) <= user_packs.STEM_CHARS + 4
    assert {"level.txt", "level-2.txt", "level-40.txt", "LEVEL-41.txt"} <= set(names)
    assert len(pack_entries(old_pack)) == 43


def test_a_patches_level_with_a_clue_in_every_cell_imports(tmp_path: Path) -> None:
    clues = [{"x": c, "y": r, "type": "square", "size": 1} for r in range(16) for c in range(16)]
    level = {"kind": "patches", "grid_size": [16, 16], "clues": clues, "name": "full"}
    source = tmp_path / "full.json"
    source.write_text(json.dumps({"levels": [level]}))
    pack = import_pack("patches full", source, sync=False)
    (entry,) = pack_entries(pack.folder)
    read = load_puzzle(entry.ref.path or "")
    assert len(read.clues) == 256 and read.size == 16


def test_a_swap_cut_by_a_kill_is_undone_and_a_half_built_pack_removed(old_pack: Path) -> None:
    root = packs_root()
    before = _snapshot(old_pack)
    os.rename(old_pack, root / f".p{user_packs.OLD}")  # killed between the two renames
    half = root / f".p.abc{user_packs.NEW}"
    half.mkdir()
    (half / "001.txt").write_text("half")
    assert pack_folders() == [old_pack]
    assert _snapshot(old_pack) == before
    _no_temp_left(root)


# --- item 3: two writers --------------------------------------------------------------------


def test_a_second_writer_is_refused_with_one_line(
    tmp_path: Path, old_pack: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    monkeypatch.setattr(user_packs, "LOCK_WAIT", 0.1)
    before = _snapshot(old_pack)
    with holding(packs_root() / user_packs.LOCK):  # another writer, mid-import
        assert main(["import", "--pack", "p", str(_collection(tmp_path / "x.json", 2))]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"(pid {os.getpid()}) is writing a pack here" in err
    assert _snapshot(old_pack) == before


def _big_collection(path: Path, count: int) -> Path:
    """`count` Tango levels (the bundled ones over and over, ids 1..count)."""
    levels = [load_puzzle(p) for _, p in bundled_levels("tango")[:20]]
    items = community_tango(levels)
    path.write_text(
        json.dumps([dict(items[i % 20], id=i + 1) for i in range(count)], ensure_ascii=False)
    )
    return path


def _import(env: dict[str, str], name: str, source: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "queens_tui", "import", "--pack", name, str(source)],
        env=env,
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _consistent(folder: Path) -> list[str]:
    """The pack's manifest lists exactly the level files in it; its files."""
    body = read_manifest(folder)
    assert body is not None
    listed = sorted(item["file"] for item in body["levels"])
    assert listed == sorted(p.name for p in folder.iterdir() if p.name != MANIFEST)
    return listed


@pytest.mark.slow
def test_two_real_imports_at_once_leave_one_whole_pack(tmp_path: Path) -> None:
    env = dict(os.environ)
    a = _big_collection(tmp_path / "a.json", 3000)
    b = _collection(tmp_path / "b.json", 5)
    first, second = _import(env, "race", a), _import(env, "race", b)
    outs = [p.communicate(timeout=120) for p in (first, second)]
    codes = [first.returncode, second.returncode]
    assert all(code in (0, 2) for code in codes), outs
    assert all(err.count("\n") <= 1 for _, err in outs)
    listed = _consistent(packs_root() / "race")
    assert len(listed) in (3000, 5)
    _no_temp_left(packs_root())


@pytest.mark.slow
def test_kill_9_mid_import_leaves_the_old_pack(tmp_path: Path, old_pack: Path) -> None:
    before = _snapshot(old_pack)
    source = _big_collection(tmp_path / "big.json", 20_000)
    proc = _import(dict(os.environ), "p", source)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # kill once it is writing the new pack
        building = list(packs_root().glob(f".p.*{user_packs.NEW}"))
        if building and len(os.listdir(building[0])) > 50:
            break
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL
    assert _snapshot(old_pack) == before  # untouched
    assert [e.title for e in pack_entries(old_pack)] == ["Tango #684", "Tango #685", "Tango #686"]
    assert pack_folders() == [old_pack]  # the half-built pack is cleared away
    _no_temp_left(packs_root())


# --- item 7: corrupt manifests --------------------------------------------------------------

BAD_MANIFESTS = [
    "[]",
    '{"levels": 5}',
    '{"name": 3, "levels": []}',
    '{"levels": [{"file": "684.txt", "size": "x"}]}',
    '{"levels": [{"file": "684.txt", "title": 5}]}',
    '{"levels": [{"file": "684.txt", "kind": "chess"}]}',
    '{"levels": [{"file": "/etc/passwd", "kind": "tango"}]}',
    '{"levels": [{"file": "../../x.txt"}]}',
    '{"levels": [{"file": ".pack.json"}]}',
    "{not json",
    '{"levels": [' * 100_000,
]


@pytest.mark.parametrize("body", BAD_MANIFESTS, ids=range(len(BAD_MANIFESTS)))
def test_a_corrupt_manifest_is_set_aside_with_a_notice(old_pack: Path, body: str) -> None:
    (old_pack / MANIFEST).write_text(body)
    said: list[str] = []
    assert pack_entries(old_pack, said.append) == []
    assert len(said) == 1 and "could not be read" in said[0] and "import --pack p " in said[0]
    assert not (old_pack / MANIFEST).exists()
    (aside,) = old_pack.glob(f"{MANIFEST}.corrupt-*")
    assert aside.read_text() == body  # never deleted
    assert pack_name(old_pack) == "p" and pack_folders() == []


def test_a_corrupt_collection_cache_is_rebuilt(tmp_path: Path) -> None:
    source = _collection(tmp_path / "three.json")
    first = open_collection(source)
    (first.folder / MANIFEST).write_text('{"levels": 5}')
    again = open_collection(source)
    assert again.folder == first.folder and again.count == 3
    assert any("could not be read" in line for line in again.notes)
    assert [e.title for e in pack_entries(again.folder)] == [
        "Tango #684",
        "Tango #685",
        "Tango #686",
    ]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
FIELDS = st.sampled_from(["file", "kind", "key", "title", "size", "id", "date", "number"])
ENTRY = st.dictionaries(FIELDS, JSON | st.sampled_from(["684.txt", "tango", "../x.txt"]))
MANIFESTS = JSON | st.fixed_dictionaries(
    {"levels": st.lists(ENTRY, max_size=3)}, optional={"name": JSON, "source": JSON}
)


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=MANIFESTS)
def test_any_manifest_gives_rows_inside_the_pack_or_a_notice(tmp_path: Path, body: Any) -> None:
    folder = tmp_path / "packs" / "fuzz"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / MANIFEST).write_text(json.dumps(body))
    said: list[str] = []
    rows = pack_entries(folder, said.append)
    assert isinstance(pack_name(folder), str)
    assert (rows == [] and len(said) == 1) or not said
    for row in rows:
        assert Path(row.ref.path or "").parent == folder
        assert isinstance(row.title, str) and (row.size is None or isinstance(row.size, int))
    for left in folder.iterdir():  # set aside, never deleted
        left.unlink()


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=MANIFESTS)
def test_any_collection_cache_opens_or_is_rebuilt(tmp_path: Path, body: Any) -> None:
    source = tmp_path / "one.json"
    if not source.exists():
        _collection(source, 1)
    pack = open_collection(source)
    (pack.folder / MANIFEST).write_text(json.dumps(body))
    again = open_collection(source)  # read as it is, or set aside and rebuilt
    assert again.count == len(pack_entries(again.folder)) >= 1


# --- items 12 and 13: what a file can't hold ------------------------------------------------


def test_names_with_control_characters_are_written_without_them(tmp_path: Path) -> None:
    level = load_puzzle(bundled_levels("tango")[0][1])
    from queens_tui.formats.tango import dump

    base = json.loads(dump(level, "json"))
    items = [
        dict(base, id="nul", name="a\u0000b"),
        dict(base, id="esc", name="x\u001b]0;PWNED\u0007y"),
        dict(base, name="N" * 5000),  # no id: the name is the id
    ]
    source = tmp_path / "names.json"
    source.write_text(json.dumps({"levels": items}))
    pack = import_pack("names", source, sync=False)
    entries = pack_entries(pack.folder)
    assert [load_puzzle(e.ref.path or "").name for e in entries] == [
        "ab",
        "x]0;PWNEDy",
        "N" * 5000,
    ]
    for path in pack.folder.iterdir():
        text = path.read_text(encoding="utf-8")
        assert all(ch in "\n" or ch >= " " for ch in text) and "\x7f" not in text
    assert [e.title for e in entries][:2] == ["ab", "x]0;PWNEDy"]


@pytest.mark.parametrize("name", ["nl\n", "a/b", ".hidden", "", "x" * 65, "tab\there"])
def test_a_pack_name_people_cannot_type_is_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(LevelError, match="pack name"):
        import_pack(name, _collection(tmp_path / "x.json", 1), sync=False)
    assert not packs_root().exists() or os.listdir(packs_root()) == []

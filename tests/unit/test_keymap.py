"""The player's keys file (`midend.keymap`): what it remaps, and one notice per bad line."""

from __future__ import annotations

from pathlib import Path

from queens_tui.midend.actions import Action, key_table
from queens_tui.midend.keymap import EMPTY, key_name, load, parse, remap
from queens_tui.store.paths import keys_file

QUEENS = (
    Action("undo", "u", "undo", "Undo", "undo"),
    Action("restart", "r", "restart", "Restart", "restart"),
    Action("hint", "h", "hint", "Hint", "hint"),
    Action("help", "question_mark", "help", "Help", "this help", key_display="?"),
)
ZIP = (
    Action("undo", "u", "undo", "Undo", "undo"),
    Action("zip-back", "backspace", "play('back')", "Back", "take the last cell back"),
)
SETS = [QUEENS, ZIP]


def test_remaps_apply_and_comments_and_blank_lines_are_skipped() -> None:
    text = "# my keys\n\nhint = f1, H   # two keys\nhelp = ?\n"
    got = parse(text, "keys.conf", SETS)
    assert got.notices == ()
    assert dict(got.keys) == {"hint": "f1,H", "help": "question_mark"}


def test_each_bad_line_is_one_notice_with_its_line_and_the_rest_applies() -> None:
    text = "\n".join(
        [
            "hint f1",  # 1: no '='
            "hnt = f2",  # 2: unknown action
            "undo = ctrl+",  # 3: not a key
            "restart = ctrl+q",  # 4: kept by the app
            "hint = f3",  # 5: fine
            "hint = f4",  # 6: set twice
            "zip-back = z",  # 7: fine
        ]
    )
    got = parse(text, "k.conf", SETS)
    assert dict(got.keys) == {"hint": "f3", "zip-back": "z"}
    lines = [n.split(":")[1] for n in got.notices]
    assert lines == ["1", "2", "3", "4", "6"]
    assert "did you mean 'hint'?" in got.notices[1]
    assert "ctrl+q is kept for quit" in got.notices[3]


def test_a_key_another_action_of_the_kind_has_is_a_conflict_but_a_swap_is_not() -> None:
    got = parse("hint = u\n", "k.conf", SETS)
    assert dict(got.keys) == {}
    assert got.notices == ("k.conf:1: u is already Undo's key; Hint keeps h (ignored)",)
    swap = parse("undo = r\nrestart = u\n", "k.conf", SETS)
    assert dict(swap.keys) == {"undo": "r", "restart": "u"} and swap.notices == ()
    # a key only another kind uses is free: backspace is Zip's, Queens has none
    assert dict(parse("hint = backspace\n", "k.conf", [QUEENS]).keys) == {"hint": "backspace"}
    clash = parse("undo = backspace\n", "k.conf", SETS)
    assert dict(clash.keys) == {} and "Back's key" in clash.notices[0]


def test_key_names() -> None:
    assert key_name("?") == "question_mark"
    assert key_name("S") == "S"
    assert key_name("Ctrl+U") == "ctrl+u"
    assert key_name("f12") == "f12"
    assert key_name(",") == "comma"
    for bad in ("", "ctrl+", "é", "foo", "ctrl+foo"):
        assert key_name(bad) is None, bad


def test_remap_drives_the_help_table() -> None:
    keys = parse("help = f1\n", "k.conf", SETS).keys
    table = key_table(remap(QUEENS, keys))
    assert "| `f1` | this help |" in table
    assert "`?`" not in table


def test_load_never_raises(tmp_path: Path) -> None:
    def sets() -> list[tuple[Action, ...]]:
        return SETS

    assert load(None, sets) is EMPTY
    assert load(tmp_path / "none.conf", sets) is EMPTY
    (tmp_path / "dir.conf").mkdir()
    assert "not a file" in load(tmp_path / "dir.conf", sets).notices[0]
    bad = tmp_path / "bad.conf"
    bad.write_bytes(b"hint = \xff\n")
    assert "not UTF-8" in load(bad, sets).notices[0]
    huge = tmp_path / "huge.conf"
    huge.write_text("# x\n" * 20_000)
    assert "larger than" in load(huge, sets).notices[0]
    good = tmp_path / "keys.conf"
    good.write_text("hint = f1\n")
    assert dict(load(good, sets).keys) == {"hint": "f1"}


def test_keys_file_is_in_the_config_dir(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("QUEENS_TUI_CONFIG_DIR", str(tmp_path))
    assert keys_file() == tmp_path / "keys.conf"


def test_the_docs_name_real_action_ids() -> None:
    import re

    from queens_tui.app.bindings import every_kind_actions

    page = (Path(__file__).parents[2] / "docs" / "playing.md").read_text(encoding="utf-8")
    para = page[page.index("Actions are named by id:") :].split("\n\n")[0]
    named = re.findall(r"`([a-z_-]+)`", para.split("Keys are")[0])
    ids = {a.id for s in every_kind_actions() for a in s}
    assert len(named) > 20 and set(named) <= ids, set(named) - ids

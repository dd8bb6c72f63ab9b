"""A keys.conf of 3000 bad lines (issue 29, item 8): one notice that counts them and names the
first few, not 3000 notices (they froze the game for two minutes). Its text is shown with its
escapes visible."""

from __future__ import annotations

from pathlib import Path

from queens_tui.midend.keymap import MAX_NOTICES, load, parse
from tests.unit.test_keymap import SETS


def test_thousands_of_bad_lines_make_one_notice(tmp_path: Path) -> None:
    path = tmp_path / "keys.conf"
    path.write_text("hint = f3\n" + "".join(f"nope{i} = x\x1b[2J\n" for i in range(3000)))
    assert path.stat().st_size < 64 * 1024  # under the size cap: parsed, line by line
    got = load(path, lambda: SETS)
    assert dict(got.keys) == {"hint": "f3"}  # the good line still applies
    assert len(got.notices) == 1
    notice = got.notices[0]
    assert notice.startswith(f"{path}: 3000 lines ignored, the first: 2: no action 'nope0'")
    assert ":3: no action 'nope1'" not in notice and "; 4: no action 'nope2'" in notice
    assert "\x1b" not in notice


def test_a_few_bad_lines_keep_a_notice_each() -> None:
    text = "".join(f"nope{i} = x\n" for i in range(MAX_NOTICES))
    assert len(parse(text, "k.conf", SETS).notices) == MAX_NOTICES

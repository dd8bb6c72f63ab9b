"""Classic N-queens files: the empty board of a size, and a position on it (a lesson's board).

Every classic board of a size is the same puzzle (`classic:8` opens it), so a file says only
its size, drawn as the empty board (N rows of N dots), and, what makes it worth a file, a
position set up on it (`formats.position`): N rows of `.` (empty), `x` (a cross), `Q` (a
queen). `# kind: classic` marks the file; `# key: value` lines carry the name and other
metadata:

```
# kind: classic
# name: Lesson: The last free cell
. . . .
. . . .
. . . .
. . . .

position:
. Q . .
. . . Q
x . . .
. . x .
```

`parse(dump(x)) == x`; a fault is one `LevelError` at its line and column.
"""

from __future__ import annotations

from dataclasses import replace

from queens_tui.core.errors import LevelError
from queens_tui.core.meta import METADATA_KEYS, scan_header, split_text
from queens_tui.core.play import mark_rows
from queens_tui.formats._common import comment_header, kind_line
from queens_tui.formats.position import characters, checked, queen_rows, section, split_position
from queens_tui.kinds.classic.kind import MAX_SIZE, MIN_SIZE, ClassicLevel
from queens_tui.kinds.classic.play import PLAY

_KIND_LINE = kind_line("classic")


def sniff(text: str, suffix: str = "") -> bool:
    """True for a text with a `# kind: classic` line (the board alone looks like any kind's)."""
    head = text.lstrip("\ufeff \t\r\n")
    return not head.startswith(("{", "[")) and bool(_KIND_LINE.search(text[:4000]))


def scan_meta(text: str, suffix: str = "") -> tuple[str | None, int | None, str | None]:
    """(name, size, difficulty) for the level browser: the header and the board's rows."""
    return scan_header(split_position(text)[0], lambda line: True)


def parse(text: str, suffix: str = "") -> ClassicLevel:
    """The board (and its `position:` section); `LevelError` with line and column."""
    text, position, at = split_position(text.removeprefix("\ufeff"))
    meta, body = split_text(text, "classic")
    if not body:
        raise LevelError("no board rows found (only comments or blank lines)", line=1, col=1)
    size = len(body)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise LevelError(
            f"a classic board is {MIN_SIZE} to {MAX_SIZE} rows, not {size}", line=body[0][0], col=1
        )
    for number, line in body:
        cells = characters(line)
        for ch, col in cells:
            if ch != ".":
                raise LevelError(
                    f"the board is empty, one '.' a cell, not {ch!r} (the pieces go in its "
                    "position: section)",
                    line=number,
                    col=col,
                )
        if len(cells) != size:
            raise LevelError(
                f"a board row has {len(cells)} cells, the board {size} rows", line=number, col=1
            )
    # the name is also in the metadata, as every other kind's level says it (`metadata`)
    level = ClassicLevel(size, name=meta.get("name"), metadata=dict(meta))
    if position is None:
        return level
    rows = queen_rows(position, size, at)
    state = checked(lambda: PLAY.state_from_json(level, {"rows": rows}), at)
    return replace(level, position=PLAY.state_to_json(state))


def dump(level: ClassicLevel, fmt: str = "text") -> str:
    """`level` as text (the only form); `LevelError` for any other."""
    if fmt != "text":
        raise LevelError(f"cannot write classic N-queens as {fmt!r} (text)")
    meta = {"name": level.name} if level.name is not None else {}
    meta.update({k: v for k, v in level.metadata.items() if k in METADATA_KEYS and k != "name"})
    out = comment_header(meta, "classic")
    out += [" ".join("." * level.size)] * level.size
    if level.position is not None:
        state = PLAY.state_from_json(level, level.position)
        rows = mark_rows(level.size, {"x": state.crosses, "Q": state.queens})
        out += section([" ".join(row) for row in rows])
    return "\n".join(out) + "\n"

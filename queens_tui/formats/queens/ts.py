"""Level files of the community web game (samimsu/queens-game-linkedin), in TypeScript.

```ts
// @ts-ignore
import { anakiwa, celadon } from "../colors";

const level = {
  path: "/community-level/229",
  size: 2,
  colorRegions: [
    ["A", "B"],
    ["A", "B"],
  ],
  regionColors: { A: anakiwa, B: celadon },
  solutionsCount: 1,
  createdBy: "someone",
};

export default level;
```

The file is read as data, never run: a small tokenizer (strings, numbers,
identifiers, comments, punctuation) feeds a parser of JavaScript object and
array literals that finds the object holding `colorRegions`. Anything it does
not need (imports, type annotations, unknown keys, expressions) is skipped.
`regionColors` values are identifiers naming the web game's palette (see
`PALETTE`) or `"#rrggbb"` strings; unknown names are ignored and the app's own
palette fills in. `createdBy` becomes the author and `path` the source.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from queens_tui.core.errors import LevelError
from queens_tui.formats._common import MAX_DEPTH
from queens_tui.formats.queens.build import COLOR_RE, Located, build_level, check_label, clean_meta
from queens_tui.kinds.queens.level import Level

PALETTE: dict[str, str] = {
    "alto": "#d9d9d9",
    "altoMain": "#dfdfdf",
    "anakiwa": "#96beff",
    "atomicTangerine": "#faa889",
    "bittersweet": "#ff7b60",
    "canCan": "#d895b2",
    "carnation": "#f96c51",
    "celadon": "#b3dfa0",
    "chardonnay": "#ffc992",
    "coldPurple": "#af96dc",
    "emerald": "#5bba6f",
    "feijoa": "#a6d995",
    "halfBaked": "#95cbcf",
    "lavenderRose": "#fe93f1",
    "lightGreen": "#91f5ad",
    "lightOrchid": "#dfa0bf",
    "lightWisteria": "#bba3e2",
    "macNCheese": "#fbbf81",
    "malibu": "#85b5fc",
    "manz": "#dcf079",
    "nomad": "#b9b29e",
    "periwinkle": "#c9c9ee",
    "saharaSand": "#e6f388",
    "tallow": "#ada68e",
    "turquoiseBlue": "#55ebe2",
    "white": "#ffffff",
}
"""The web game's color names and the LinkedIn colors they stand for.

Taken from the `colorNames` table of the game's `src/utils/colors.ts` (its
hex -> name map, inverted). The exported constants of later versions of that
file were darkened for a dark theme; `colorNames` keeps the original puzzle
colors, which are also the ones a native text file writes (`A=#96beff`).
"""

_TOKEN = re.compile(
    r"""
     (?P<ws>\s+)
    |(?P<lc>//[^\n]*)
    |(?P<bc>/\*.*?\*/)
    |(?P<str>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)
    |(?P<num>0[xX][0-9a-fA-F_]+|(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)
    |(?P<ident>(?:[^\W\d]|\$)(?:\w|\$)*)
    |(?P<p>.)
    """,
    re.S | re.X,
)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}
_ESCAPE = re.compile(r"\\(u\{[0-9a-fA-F]{1,6}\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\r\n|.)", re.S)


class Token(NamedTuple):
    """One lexical token: its kind, its decoded value and where it starts."""

    kind: str  # "str", "num", "ident" or "p" (one punctuation character)
    value: str
    line: int
    col: int


@dataclass(frozen=True)
class Ref:
    """An identifier used as a value (`anakiwa`): a name, never looked up in code."""

    name: str


class Opaque:
    """A value the parser skipped (an expression, a call, a type): known not to be data."""


_OPAQUE = Opaque()
MAX_TRIES = 16
"""How many `colorRegions:` keys to try before giving up (bounds the work on hostile input)."""


def _unescape(body: str) -> str:
    def one(m: re.Match[str]) -> str:
        esc = m.group(1)
        if esc[0] == "u" and len(esc) > 1:
            code = int(esc[2:-1] if esc[1] == "{" else esc[1:], 16)
            return chr(code) if code <= 0x10FFFF else "\ufffd"
        if esc[0] == "x" and len(esc) == 3:
            return chr(int(esc[1:], 16))
        if esc in ("\n", "\r\n", "\u2028", "\u2029"):
            return ""  # a line continuation
        return _ESCAPES.get(esc, esc)

    return _ESCAPE.sub(one, body) if "\\" in body else body


def tokenize(text: str) -> list[Token]:
    """Split TypeScript source into tokens, dropping whitespace and comments."""
    tokens: list[Token] = []
    append = tokens.append
    line, line_start = 1, 0  # tracked as we go: cheaper than a lookup per token
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or "p"
        start = m.start()
        value = m.group()
        if kind == "p":
            if value in "\"'`":
                raise LevelError("unterminated string", line=line, col=start - line_start + 1)
            if value == "/" and text.startswith("/*", start):
                raise LevelError("unterminated /* comment", line=line, col=start - line_start + 1)
        if kind not in ("ws", "lc", "bc"):
            col = start - line_start + 1
            append(Token(kind, _unescape(value[1:-1]) if kind == "str" else value, line, col))
        if kind in ("ws", "bc", "str"):
            breaks = value.count("\n")
            if breaks:
                line += breaks
                line_start = start + value.rfind("\n") + 1
    return tokens


class _Parser:
    """Reads JavaScript object/array literals out of a token list."""

    def __init__(self, tokens: list[Token]) -> None:
        self.toks = tokens
        self.depth = 0

    def is_p(self, i: int, chars: str) -> bool:
        return i < len(self.toks) and self.toks[i].kind == "p" and self.toks[i].value in chars

    def skip_expr(self, i: int) -> int:
        """Skip to the `,` or closing bracket that ends the current value."""
        depth = 0
        while i < len(self.toks):
            t = self.toks[i]
            if t.kind == "p":
                if t.value in "([{":
                    depth += 1
                elif t.value in ")]}":
                    if depth == 0:
                        return i
                    depth -= 1
                elif t.value in ",;" and depth == 0:
                    return i
            i += 1
        return i

    def value(self, i: int) -> tuple[object, int]:
        """Parse the value at `i`; return it (or `_OPAQUE`) and the index after it."""
        start = i
        v, i = self.atom(i)
        if i < len(self.toks) and not self.is_p(i, ",}]);"):
            # Something follows the value (`as const`, `+ x`, a call): not plain data.
            return _OPAQUE, self.skip_expr(start)
        return v, i

    def atom(self, i: int) -> tuple[object, int]:
        if i >= len(self.toks):
            return _OPAQUE, i
        t = self.toks[i]
        if t.kind == "str":
            return t, i + 1
        if t.kind == "num":
            return t, i + 1
        if t.kind == "ident":
            return Ref(t.value), i + 1
        if t.value == "-" and i + 1 < len(self.toks) and self.toks[i + 1].kind == "num":
            n = self.toks[i + 1]
            return Token("num", "-" + n.value, t.line, t.col), i + 2
        if t.value in "{[":
            if self.depth >= MAX_DEPTH:
                raise LevelError("literals nested too deeply", line=t.line, col=t.col)
            self.depth += 1
            try:
                return self.obj(i) if t.value == "{" else self.arr(i)
            finally:
                self.depth -= 1
        return _OPAQUE, self.skip_expr(i)

    def obj(self, i: int) -> tuple[dict[str, tuple[Token, object]], int]:
        """An object literal at `i` (a `{`): key -> (key token, value)."""
        out: dict[str, tuple[Token, object]] = {}
        i += 1
        while i < len(self.toks) and not self.is_p(i, "}"):
            key = self.toks[i]
            if key.kind in ("str", "num", "ident") and self.is_p(i + 1, ":"):
                val, i = self.value(i + 2)
                out[key.value] = (key, val)
            elif key.kind == "ident" and self.is_p(i + 1, ",}"):
                out[key.value] = (key, Ref(key.value))  # shorthand `{ size }`
                i += 1
            else:
                i = self.skip_expr(i)  # spread, method, computed key: not data
            i = self.past_separator(i, "}")
        return out, i + 1

    def arr(self, i: int) -> tuple[list[object], int]:
        """An array literal at `i` (a `[`); holes and spreads become `_OPAQUE`."""
        out: list[object] = []
        i += 1
        while i < len(self.toks) and not self.is_p(i, "]"):
            if self.is_p(i, ","):
                i += 1
                continue
            val, i = self.value(i)
            out.append(val)
            i = self.past_separator(i, "]")
        return out, i + 1

    def past_separator(self, i: int, close: str) -> int:
        """Past the `,` or `;` that ends a member or an element at `i`; anything else
        before it (the rest of an expression not read as data) is skipped, up to `close`."""
        if self.is_p(i, ",;"):
            return i + 1
        if not self.is_p(i, close):
            i = self.skip_expr(i)
            if not self.is_p(i, close):
                i += 1
        return i

    def enclosing_brace(self, i: int) -> int | None:
        """Index of the unmatched `{` that contains token `i`."""
        depth = 0
        for j in range(i - 1, -1, -1):
            t = self.toks[j]
            if t.kind != "p":
                continue
            if t.value in ")]}":
                depth += 1
            elif t.value in "([{":
                if depth == 0:
                    return j if t.value == "{" else None
                depth -= 1
        return None


def _level_object(tokens: list[Token]) -> dict[str, tuple[Token, object]]:
    """The first object literal whose `colorRegions` is an array."""
    parser = _Parser(tokens)
    found_key: Token | None = None
    tries = 0
    for i, t in enumerate(tokens):
        if t.kind in ("ident", "str") and t.value == "colorRegions" and parser.is_p(i + 1, ":"):
            found_key = found_key or t
            tries += 1
            if tries > MAX_TRIES:
                break
            start = parser.enclosing_brace(i)
            if start is None:
                continue
            obj, _ = parser.obj(start)
            if isinstance(obj.get("colorRegions", (None, None))[1], list):
                return obj
    if found_key is not None:
        raise LevelError(
            "colorRegions is not an array literal of rows",
            line=found_key.line,
            col=found_key.col,
        )
    raise LevelError(
        "no colorRegions found: not a level of the community Queens web game", line=1, col=1
    )


def _rows(key: Token, value: list[object]) -> list[list[Located]]:
    rows: list[list[Located]] = []
    for item in value:
        row: list[Located] = []
        if isinstance(item, Token) and item.kind == "str":
            # A row written as one string, "AAB": one label per visible character.
            for k, ch in enumerate(item.value):
                if not ch.isspace():
                    check_label(ch, item.line, item.col + 1 + k)
                    row.append(Located(ch, item.line, item.col + 1 + k))
        elif isinstance(item, list):
            for cell in item:
                if not (isinstance(cell, Token) and cell.kind == "str"):
                    at = cell if isinstance(cell, Token) else key
                    raise LevelError(
                        'expected a region label string such as "A" in colorRegions',
                        line=at.line,
                        col=at.col,
                    )
                check_label(cell.value, cell.line, cell.col)
                row.append(Located(cell.value, cell.line, cell.col))
        else:
            at = item if isinstance(item, Token) else key
            raise LevelError(
                "expected each row of colorRegions to be an array of labels",
                line=at.line,
                col=at.col,
            )
        rows.append(row)
    return rows


def _colors(value: object) -> dict[str, str]:
    """Region colors the file names; unknown names are left to the app's palette."""
    colors: dict[str, str] = {}
    if not isinstance(value, dict):
        return colors
    for label, (_, color) in value.items():
        if isinstance(color, Ref) and color.name in PALETTE:
            colors[label] = PALETTE[color.name]
        elif isinstance(color, Token) and color.kind == "str" and COLOR_RE.match(color.value):
            colors[label] = color.value.lower()
    return colors


def _string(entry: tuple[Token, object] | None) -> str | None:
    if entry is None:
        return None
    v = entry[1]
    if isinstance(v, Token) and v.kind in ("str", "num"):
        return clean_meta(v.value)
    return None


def _name_from_path(path: str) -> str | None:
    """A title from the web game's route: "/community-level/229" -> "Community level 229"."""
    parts = [p for p in path.split("/") if p]
    if not parts:
        return None
    words = " ".join([*(p.replace("-", " ") for p in parts[:-1]), parts[-1]])
    return clean_meta(words[:1].upper() + words[1:]) or None


def parse_ts(text: str) -> Level:
    """Parse a web-game TypeScript level; raises `LevelError` with line and column."""
    if text.startswith("\ufeff"):
        text = text[1:]
    tokens = tokenize(text)
    obj = _level_object(tokens)
    key, regions = obj["colorRegions"]
    assert isinstance(regions, list)
    rows = _rows(key, regions)
    if not rows:
        raise LevelError("colorRegions is empty", line=key.line, col=key.col)
    size_entry = obj.get("size")
    if size_entry is not None and isinstance(size_entry[1], Token):
        size_tok = size_entry[1]
        if size_tok.kind != "num" or size_tok.value != str(len(rows)):
            raise LevelError(
                f"size is {size_tok.value} but colorRegions has {len(rows)} rows",
                line=size_tok.line,
                col=size_tok.col,
            )
    meta: dict[str, str] = {}
    for field in ("name", "author", "date", "source", "seed", "difficulty"):
        value = _string(obj.get(field))
        if value is not None:
            meta[field] = value
    path = _string(obj.get("path"))
    if path:
        meta.setdefault("source", path)
        name = _name_from_path(path)
        if name:
            meta.setdefault("name", name)
    author = _string(obj.get("createdBy"))
    if author:
        meta.setdefault("author", author)
    level = build_level(rows, meta=meta, where=(key.line, key.col))
    colors = _colors(obj.get("regionColors", (None, None))[1])
    on_board = set(level.labels)
    colors = {k: v for k, v in colors.items() if k in on_board}
    if colors:
        level = Level(grid=level.grid, colors=colors, **level.metadata)
    return level

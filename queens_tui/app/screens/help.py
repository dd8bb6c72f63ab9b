"""The help screen: the kind's rules, every key (from `midend.actions`), the mouse, the glyphs.

Markdown drawn by Rich as one renderable; with `--ascii` the same page as plain ASCII text
(`ascii_page`): Rich draws tables and bullets with line-drawing characters.

Why Rich's Markdown and not Textual's `Markdown` widget: the widget builds a widget per block
and per table cell, which made opening the help slow; one Static holding Rich's renderable is
a fraction of that (docs/performance.md)."""

from __future__ import annotations

import re
import textwrap
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.scrollbar import ScrollBarRender
from textual.widget import Widget

from queens_tui.core.vocabulary import to_ascii
from queens_tui.kinds import DEFAULT_KIND


def kind_help(kind: str = DEFAULT_KIND) -> str:
    """Kind `kind`'s help page, its key table built from the action registry."""
    from queens_tui.app.bindings import help_text

    return help_text(kind)


def _inline(text: str) -> str:
    """Markdown's inline marks dropped (`**bold**`, `` `code` ``), glyphs spelled in ASCII."""
    return to_ascii(re.sub(r"\*\*|`", "", text)).strip()


def _code_as_bold(markdown: str) -> str:
    """`` `key` `` spans as **bold**: Rich draws inline code in fixed colours on black, which
    reads as dark boxes on a light theme; bold follows the theme."""
    return re.sub(r"`([^`\n]+)`", r"**\1**", markdown)


def ascii_page(markdown: str, width: int = 76) -> str:
    """The help page in plain ASCII, wrapped to `width`: headings underlined, each table row
    as its first cell, then the rest indented under it past the widest first cell (wrapped
    with a hanging indent), paragraphs wrapped."""
    width = max(20, width)
    out: list[str] = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#"):
            title = _inline(line.lstrip("#"))
            out += [title, ("=" if line.startswith("# ") else "-") * len(title)]
            i += 1
        elif line.startswith("|"):
            rows: list[list[str]] = []
            while i < len(lines) and lines[i].startswith("|"):
                cells = [_inline(c) for c in lines[i].strip().strip("|").split("|")]
                if not all(set(c) <= set("-: ") for c in cells):  # not the |---| line
                    rows.append(cells)
                i += 1
            first = min(22, max(len(r[0]) for r in rows))
            for n, row in enumerate(rows):
                rest = " - ".join(c for c in row[1:] if c)
                head = row[0].ljust(first) if len(row[0]) <= first else row[0] + "\n" + " " * first
                wrapped = textwrap.wrap(rest, max(10, width - first - 2)) or [""]
                text = head + "  " + ("\n" + " " * (first + 2)).join(wrapped)
                out.append(text.rstrip())
                if n == 0:
                    out.append("-" * min(width, first + 2 + max(len(w) for w in wrapped)))
        elif not line.strip():
            out.append("")
            i += 1
        else:
            para: list[str] = []
            while i < len(lines) and lines[i].strip() and lines[i][0] not in "#|":
                if para and lines[i].lstrip()[:2] in ("- ", "* "):
                    break  # the next item of a list: a paragraph of its own
                para.append(lines[i].strip())
                i += 1
            bullet = para[0][:2] if para[0][:2] in ("- ", "* ") else ""
            body = _inline(" ".join(para)[len(bullet) :])
            indent = " " * len(bullet)
            out += textwrap.wrap(
                body, width, initial_indent=bullet and "- ", subsequent_indent=indent
            )
    return "\n".join(out).strip("\n")


class AsciiScrollBar(ScrollBarRender):
    """A scroll bar without block characters (its thumb is drawn in colour only)."""

    VERTICAL_BARS: ClassVar[list[str]] = [" "] * 8
    HORIZONTAL_BARS: ClassVar[list[str]] = [" "] * 8


class AsciiPage(Widget):
    """The help page as plain ASCII text, wrapped to the widget's width."""

    DEFAULT_CSS = "AsciiPage { height: auto; }"

    def __init__(self, markdown: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.markdown = markdown

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return ascii_page(self.markdown, width).count("\n") + 1

    def render(self) -> Text:
        return Text(ascii_page(self.markdown, self.content_size.width or 76))


class HelpScreen(ModalScreen[None]):
    """Markdown help over the board (plain ASCII text with `ascii`); the timer is paused
    meanwhile."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "close", "Close help")
    ]

    def __init__(self, text: str, *, ascii: bool = False) -> None:
        super().__init__()
        self.text = text
        """The page, in Markdown."""
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            if self.ascii:
                yield AsciiPage(self.text, id="help")
            else:
                from rich.markdown import Markdown  # only when asked: keeps start-up light
                from textual.widgets import Static

                yield Static(Markdown(_code_as_bold(self.text), hyperlinks=False), id="help")

    def on_mount(self) -> None:
        if self.ascii:
            body = self.query_one("#help-body", VerticalScroll)
            # Textual's documented way to change one widget's scroll bars (ScrollBar's
            # docstring) assigns its ClassVar on the instance.
            body.vertical_scrollbar.renderer = AsciiScrollBar  # type: ignore[misc]
            body.horizontal_scrollbar.renderer = AsciiScrollBar  # type: ignore[misc]

    def action_close(self) -> None:
        self.dismiss(None)

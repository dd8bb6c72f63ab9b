"""The stats screen: your record as pictures, every kind together or one kind at a time.

The figures are `catalog.figures` (plain data, tested without a terminal); this screen only
draws them: the calendar of the last 53 weeks as a contributions graph (a glyph per state,
colour as a second channel: readable in 16 colours and `NO_COLOR`), the daily times as a bar
chart of block characters (one kind) or a sparkline per kind (every kind), the median per
weekday as bars, the table per size and difficulty and the totals. A key line instead of a
Footer, as the level browser: it costs nothing to open. `[` / `]` (or the arrows, or a click on
a kind's name) switch kinds, `t` shows 30 or 90 days, escape goes back.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from queens_tui.app.widgets.keyline import key_links
from queens_tui.catalog.figures import (
    ASCII_GLYPHS,
    GLYPHS,
    STATE_WORDS,
    WEEKDAYS,
    Figures,
    Record,
    State,
    bar_rows,
    buckets,
    hbar,
    kind_title,
    month_heading,
    shape_lines,
    spark,
    streak_text,
    time_text,
    weekday_label,
    weekday_table,
)
from queens_tui.kinds import KINDS

if TYPE_CHECKING:
    from queens_tui.midend.session import Store

STYLES: dict[State, str] = {"clean": "bold green", "helped": "yellow", "none": "dim", "out": ""}
"""A calendar state's colour (its glyph says it without colour)."""
BAR_STYLE = "cyan"
_FIGURES = ("calendar", "totals", "weekdays", "shapes")
"""The Statics that show figures (empty when there are none)."""


def styled(out: Text, cells: Iterable[tuple[str, str]]) -> Text:
    """`out` with each (text, style) appended, a run of one style as one span: a calendar
    row is 53 cells, and a span each made the screen slow to paint."""
    run, style = "", None
    for text, cell_style in cells:
        if cell_style != style and run:
            out.append(run, style=style or "")
            run = ""
        run, style = run + text, cell_style
    if run:
        out.append(run, style=style or "")
    return out


def _style(value: float | State) -> str:
    return STYLES[value] if isinstance(value, str) else BAR_STYLE


class Chart(Widget):
    """The daily times of the kind shown (a bar chart) or of every kind (a sparkline each),
    drawn for the width it is given."""

    DEFAULT_CSS = """
    Chart { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.figures: Figures | None = None
        self.days = 30
        self.ascii = False
        self._drawn: tuple[tuple[int, int, int], list[Text]] | None = None

    def show(self, figures: Figures, days: int, ascii: bool) -> None:
        """Draw `figures`' last `days` days."""
        self.figures, self.days, self.ascii = figures, days, ascii
        self.refresh(layout=True)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self._lines(width))

    def render(self) -> Text:
        return Text("\n").join(self._lines(self.content_size.width))

    def _lines(self, width: int) -> list[Text]:
        """The chart's lines for `width` (asked for twice a frame: by layout, by render)."""
        key = (width, self.days, id(self.figures))
        if self._drawn is None or self._drawn[0] != key:
            self._drawn = (key, self._draw(width))
        return self._drawn[1]

    def _draw(self, width: int) -> list[Text]:
        f = self.figures
        if f is None or not f.times:
            return []
        title = f"Daily times of clean first solves, last {self.days} days"
        lines = [Text(title, style="bold")]
        if f.kind is not None:
            return lines + self._bars(f, f.kind, width)
        names = {k: kind_title(k) for k in f.times}
        label = max(len(n) for n in names.values()) + 1
        room = max(10, width - label - 14)
        for kind, name in names.items():
            cols = buckets(f.daily_times(kind, self.days), room)
            row = Text(f"{name:<{label}}")
            row.append_text(self._spark(cols))
            row.append(f"  median {time_text(f.median_time(kind, self.days)):>5}", style="dim")
            lines.append(row)
        return lines

    def _spark(self, cols: list[float | State]) -> Text:
        cells = zip(spark(cols, ascii=self.ascii), map(_style, cols), strict=True)
        return styled(Text(), cells)

    def _bars(self, f: Figures, kind: str, width: int) -> list[Text]:
        values = f.daily_times(kind, self.days)
        axis = 6
        room = max(10, width - axis)
        cols = buckets(values, room)
        scale = max(1, min(3, room // max(1, len(cols))))
        times = [v for v in cols if not isinstance(v, str)]
        top = max(times, default=0.0)
        rows = bar_rows(cols, 4, ascii=self.ascii, top=top or None)
        out = []
        for i, row in enumerate(rows):
            label = time_text(top) if i == 0 and times else ("0:00" if i == 3 else "")
            line = Text(f"{label:>5} ", style="dim")
            cells = ((ch * scale, _style(v)) for v, ch in zip(cols, row, strict=True))
            out.append(styled(line, cells))
        start = (f.today - timedelta(days=len(values) - 1)).strftime("%d %b")
        span = len(cols) * scale
        per = -(-len(values) // len(cols))
        note = f"{per} days a column" if per > 1 else ""
        end = "today"
        middle = max(1, span - len(start) - len(end) - len(note))
        axis_line = f"{'':>{axis}}{start}{note.center(middle)}{end}"
        out.append(Text(axis_line, style="dim"))
        if not times:
            out.append(Text("      no clean solve in these days", style="dim"))
        return out


class StatsScreen(Screen[None]):
    """Your record: every kind's figures, or one kind's; escape goes back.

    `store` holds the saved stats; `kind` is the kind shown first (None: every kind);
    `today` defaults to the store's (tests fix it).
    """

    DEFAULT_CSS = """
    StatsScreen { layout: vertical; }
    StatsScreen #stats-title {
        height: 1; padding: 0 1; background: $panel; color: $foreground; text-style: bold;
    }
    StatsScreen #stats-kinds {
        height: 1; padding: 0 1; link-style: none; link-color: $foreground;
        link-background-hover: $block-hover-background; link-style-hover: none;
    }
    StatsScreen #stats-body { height: 1fr; padding: 0 1; scrollbar-size-vertical: 1; }
    StatsScreen #stats-notice { height: auto; color: $warning; margin-top: 1; }
    StatsScreen #stats-empty { display: none; height: auto; margin: 1 0; color: $text-muted; }
    StatsScreen.-nothing #stats-empty { display: block; }
    StatsScreen .stats-row { height: auto; margin-top: 1; }
    StatsScreen #calendar { width: 58; height: auto; }
    StatsScreen #totals { width: 1fr; min-width: 20; height: auto; }
    StatsScreen #times { width: 1fr; }
    StatsScreen #weekdays { width: 20; height: auto; margin-left: 1; }
    StatsScreen #shapes { height: auto; margin-top: 1; }
    StatsScreen #stats-keys {
        height: auto; padding: 0 1; background: $panel; color: $foreground;
        link-style: none; link-color: $foreground;
        link-background-hover: $block-hover-background; link-style-hover: none;
    }
    StatsScreen.-every #weekdays, StatsScreen.-no-daily #times-row { display: none; }
    StatsScreen.-nothing .stats-row, StatsScreen.-nothing #shapes { display: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Back", id="stats.close"),
        Binding("right_square_bracket,right", "kind(1)", "Kind", id="stats.kind"),
        Binding("left_square_bracket,left", "kind(-1)", "Kind", show=False),
        Binding("t", "days", "30 / 90 days", id="stats.days"),
    ]

    def __init__(
        self,
        store: Store,
        kind: str | None = None,
        *,
        today: date | None = None,
        ascii: bool = False,
    ) -> None:
        super().__init__()
        self.record = Record.of(
            store.saved_stats(), today or store.today(), daily_dir=store.daily_dir
        )
        self.tabs: list[str | None] = [None, *KINDS]
        self.kind = kind if kind in self.tabs else None
        self.days = 30
        self.ascii = ascii
        self._figures: dict[str | None, Figures] = {}

    def figures(self, kind: str | None) -> Figures:
        """`kind`'s figures, computed once per opening."""
        if kind not in self._figures:
            self._figures[kind] = self.record.figures(kind)
        return self._figures[kind]

    def compose(self) -> ComposeResult:
        """The widgets with their content (filled here, not after mounting: one layout)."""
        f = self.figures(self.kind)
        self._set_view_classes(f)
        shown = self._contents(f)
        yield Static(shown["stats-title"], id="stats-title")
        yield Static(shown["stats-kinds"], id="stats-kinds")
        with VerticalScroll(id="stats-body"):
            notice = Static(" ".join(self.record.notices), id="stats-notice")
            notice.display = bool(self.record.notices)
            yield notice
            yield Static(shown["stats-empty"], id="stats-empty")
            with Horizontal(classes="stats-row"):
                yield Static(shown["calendar"], id="calendar")
                yield Static(shown["totals"], id="totals")
            with Horizontal(classes="stats-row", id="times-row"):
                chart = Chart(id="times")
                chart.figures, chart.days, chart.ascii = f, self.days, self.ascii
                yield chart
                yield Static(shown["weekdays"], id="weekdays")
            yield Static(shown["shapes"], id="shapes")
        yield Static(self._keys(), id="stats-keys")

    def on_mount(self) -> None:
        self.query_one("#stats-body").focus()

    # --- drawing ------------------------------------------------------------------------------

    def _draw(self) -> None:
        """Show the figures of the kind now chosen."""
        f = self.figures(self.kind)
        self._set_view_classes(f)
        for which, content in self._contents(f).items():
            self.query_one(f"#{which}", Static).update(content)
        self.query_one("#times", Chart).show(f, self.days, self.ascii)

    def _set_view_classes(self, f: Figures) -> None:
        self.set_class(self.kind is None, "-every")
        self.set_class(f.empty, "-nothing")
        self.set_class(not f.times, "-no-daily")

    def _contents(self, f: Figures) -> dict[str, str | Text | Content]:
        """Each Static's content, by id, for figures `f`."""
        title = f"Stats · {kind_title(self.kind)}"
        out: dict[str, str | Text | Content] = {
            "stats-title": f"{title} · {streak_text(f)}" if f.times else title,
            "stats-kinds": self._kinds(),
        }
        if f.empty:
            what = "" if self.kind is None else f" of {kind_title(self.kind)}"
            text = f"Nothing solved yet{what}: solve a level and your record shows here."
            return out | {"stats-empty": text} | dict.fromkeys(_FIGURES, "")
        out["stats-empty"] = ""
        out["calendar"] = self._calendar(f)
        out["totals"] = self._totals(f)
        out["weekdays"] = self._weekdays(f)
        out["shapes"] = self._shapes(f)
        return out

    def _kinds(self) -> Content:
        """The kind tabs, each a link (a click shows it): the one shown in brackets and bold
        (not told by colour alone)."""
        tabs = []
        for tab in self.tabs:
            name = Content(kind_title(tab))
            shown = tab == self.kind
            text = Content.assemble("[", name, "]") if shown else Content.assemble(" ", name, " ")
            style = "bold reverse" if shown else "dim"
            action = f"screen.show_kind({tab or ''!r})"
            tabs.append(text.stylize(style).stylize(f"@click={action}"))
        return Content(" ").join(tabs)

    def _calendar(self, f: Figures) -> Text:
        glyphs = ASCII_GLYPHS if self.ascii else GLYPHS
        if not f.times:
            return Text(f"{kind_title(f.kind)} has no daily puzzle: no calendar.", style="dim")
        out = Text("    " + month_heading(f), style="dim")
        for d, row in enumerate(f.week_rows()):
            out.append("\n")
            out.append(f"{weekday_label(d):<4}", style="dim")
            styled(out, ((glyphs[state], STYLES[state]) for state in row))
        out.append("\n    ")
        for state, words in STATE_WORDS.items():
            out.append(glyphs[state], style=STYLES[state])
            out.append(f" {words}  ")
        return out

    def _totals(self, f: Figures) -> Text:
        t = f.totals
        out = Text()
        rows = [
            (str(t.levels), "solved"),
            (str(t.clean), " clean"),
            (str(t.with_hints), " with hints"),
            (str(t.with_solver), " with S"),
            (str(t.solves), "solves"),
            (f"{t.hints_per_solve:.2f}", "hints/solve"),
            (f"{t.mistakes_per_solve:.2f}", "mistakes/solve"),
        ]
        if f.times:
            rows.insert(0, (str(f.streak.best), "best streak"))
        for i, (value, label) in enumerate(rows):
            out.append("\n" if i else "")
            out.append(f"{value:>4}", style="bold")
            out.append(f" {label}")
        return out

    def _weekdays(self, f: Figures) -> Text:
        if f.kind is None or f.kind not in f.weekdays:
            return Text()
        medians = f.weekdays[f.kind]
        top = max((m for m in medians if m is not None), default=0.0)
        out = Text("Median by weekday", style="bold")
        for w, m in zip(WEEKDAYS, medians, strict=True):
            out.append(f"\n{w} {time_text(m):>5} ")
            out.append(hbar(m, top, 10, ascii=self.ascii), style=BAR_STYLE)
        return out

    def _shapes(self, f: Figures) -> Text:
        out = Text()
        if f.kind is None and f.weekdays:
            out.append("Median by weekday\n", style="bold")
            out.append("\n".join(weekday_table(f.weekdays)))
            out.append("\n\n")
        out.append("By size and difficulty", style="bold")
        lines = shape_lines(f.shapes, kinds=f.kind is None)
        out.append("\n" + "\n".join(lines) if lines else "\nno level of a known size")
        return out

    def _keys(self) -> str:
        keys = [
            ("esc", "back", "screen.close"),
            ("[ ]", "kind", "screen.kind(1)"),
            ("t", "30 / 90 days", "screen.days"),
            ("↑ ↓", "scroll", "screen.scroll_down"),
        ]
        return key_links(keys)

    # --- actions ------------------------------------------------------------------------------

    def action_close(self) -> None:
        """Back to where the screen was opened from."""
        self.dismiss(None)

    def action_kind(self, step: int) -> None:
        """The next (previous) kind's figures, every kind's first."""
        i = self.tabs.index(self.kind)
        self.kind = self.tabs[(i + step) % len(self.tabs)]
        self._draw()

    def action_show_kind(self, kind: str) -> None:
        """Show `kind`'s figures ("": every kind's): a click on its tab."""
        self.kind = kind or None
        self._draw()

    def action_days(self) -> None:
        """The daily times over the last 30 or 90 days."""
        self.days = 90 if self.days == 30 else 30
        self._draw()

    def action_scroll_down(self) -> None:
        """Scroll the figures (the key line's link)."""
        self.query_one("#stats-body", VerticalScroll).scroll_page_down()


__all__ = ["StatsScreen"]

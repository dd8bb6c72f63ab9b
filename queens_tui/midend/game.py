"""One level in play, for any puzzle kind, with no Textual in sight.

`Game` is the shared "midend": the kind's `PlayRules` say what an input
means (`interpret`) and what follows (`apply`); `core.history.History` keeps
undo and redo as moves; the stopwatch, the hint count and the "solved with
help" flag live here once for every kind. Widgets only draw `game.state`
and call these methods, so all of it is unit-tested without a screen.
"""

from __future__ import annotations

import json
import time
import zlib
from datetime import date
from typing import Any, NamedTuple

from queens_tui.core.errors import printable
from queens_tui.core.grid import Cell
from queens_tui.core.history import History
from queens_tui.core.play import Drag, PlayRules
from queens_tui.core.vocabulary import mmss
from queens_tui.kinds import get_kind
from queens_tui.midend.clock import Clock, Stopwatch


class Result(NamedTuple):
    """A solved level, as the win screen shows it and the share line says it.
    A NamedTuple: cheaper to create at import than a frozen dataclass (docs/performance.md,
    Start-up)."""

    level_name: str
    size: str
    """The size as people say it: "8×8"."""
    seconds: float
    moves: int
    hints: int = 0
    helped: bool = False
    """The solver filled in the board (`S`) or revealed a step: "solved with help"."""
    kind_title: str = "Queens"
    emoji: str = "👑"
    undos: int = 0
    mistakes: int = 0
    """Times the board could not be finished any more (the live check's verdict)."""
    number: str = ""
    """LinkedIn's puzzle number ("426"), only for a level whose file says it is LinkedIn's
    (`linkedin_number`); empty for every level of ours."""
    squares: str = ""
    """The colours of the first queens placed, as coloured squares ("🟩 🟦 ⬜")."""
    streak: int = 0
    """The current daily streak of this kind (0: not a daily, or none)."""
    backtracks: int = 0
    """Moves that took part of the position back (Zip: cutting the path)."""
    flawed_emoji: str = ""
    """The share line's mark when not flawless (Zip: "🛑"); empty: the kind's `emoji`."""
    day: str = ""
    """The day of a daily puzzle of ours ("2026-11-24"), else empty."""
    mark: str = ""
    """The win card's glyph beside "Solved" (the kind's `card_mark`, else its emoji)."""

    @property
    def flawless(self) -> bool:
        """LinkedIn's word: no hint, no solve, no mistake, no undo, no backtrack."""
        return not (self.hints or self.helped or self.mistakes or self.undos or self.backtracks)

    @property
    def help_text(self) -> str:
        """ "no hints", "1 hint", "3 hints", or "solved with help" (plus hints, if any)."""
        return help_words(self.hints, self.helped) or "no hints"

    @property
    def name(self) -> str:
        """The level's name with its size, said once: "Cross (8×8)", "Zip, pack 2-7x7, level
        14", "Classic N-queens 8×8" (no size after a name that says it): the win card's."""
        if self.size.replace("×", "x") in self.level_name.replace("×", "x"):
            return self.level_name
        return f"{self.level_name} ({self.size})"

    @property
    def puzzle(self) -> str:
        """What the share line calls the puzzle. Only LinkedIn's own levels get LinkedIn's
        `Queens #426`; ours say whose they are, so a post beside LinkedIn's results can't be
        taken for one of them: `queens-tui Queens 2026-11-24` (a daily),
        `queens-tui Queens Cross (8×8)` (any other level, `name`)."""
        if self.number:
            return f"{self.kind_title} #{self.number}"
        if self.day:
            return f"{APP} {self.kind_title} {self.day}"
        if self.level_name.startswith(self.kind_title):  # "Zip, pack 2-7x7, level 14"
            return f"{APP} {self.name}"
        return f"{APP} {self.kind_title} {self.name}"

    def share_line(self) -> str:
        """Spoiler-free share text in LinkedIn's shape: `<puzzle> | 0:27 and flawless`,
        then the first queens' colours and the streak (no board, no positions); Zip's
        `... | 1:04 with 3 backtracks 🛑`. The one home of the share text."""
        clock = mmss(self.seconds, short=True)
        if self.flawless:
            how = "and flawless"
        else:
            used = [
                f"{n} {word}" + "s" * (n > 1)
                for n, word in (
                    (self.backtracks, "backtrack"),
                    (self.hints, "hint"),
                    (self.undos, "undo"),
                    (self.mistakes, "mistake"),
                )
                if n
            ]
            if self.helped:
                how = ", ".join(["solved with help", *used])
            else:
                how = "with " + ", ".join(used)
        mark = self.emoji if self.flawless else self.flawed_emoji or self.emoji
        lines = [f"{self.puzzle} | {clock} {how} {mark}"]
        if self.squares:
            lines.append(f"First {self.emoji}s: {self.squares}")
        if self.streak:
            lines.append(f"🔥 {self.streak}-day streak")
        return "\n".join(lines)


HINT_RULE = (
    "A hint counts as soon as it is shown (the first {key:hint}), applied or not: the status "
    "line, the win card, the share line and the stats all count it, and a solve with a hint is "
    "not flawless. {key:solve} (a whole solution) makes it *solved with help*."
)
"""One definition of "a hint counts" for every kind, as the help states it."""


def help_words(hints: int, helped: bool, *, solved: bool = True) -> str:
    """ "1 hint", "3 hints", "solved with help" (plus hints, if any); "" without help. The
    status line and the win card say it in the same words (`HINT_RULE`); on a board not
    solved yet, the solver's help is "with help" (it solved nothing)."""
    words = f"{hints} hint" + "s" * (hints > 1) if hints else ""
    if helped:
        return ("solved with help" if solved else "with help") + (f", {words}" if words else "")
    return words


APP = "queens-tui"
"""The name our own puzzles go by in a share line."""


def linkedin_number(level: Any) -> str:
    """LinkedIn's number of `level` ("426") when its file says it is LinkedIn's puzzle (an
    archive day read with its metadata `number` and a `source` naming LinkedIn), else "".
    A level of ours never borrows LinkedIn's number for its date."""
    meta = getattr(level, "metadata", None)
    if not isinstance(meta, dict):
        return ""
    number, source = meta.get("number") or getattr(level, "number", None), meta.get("source")
    if not isinstance(number, str | int) or not isinstance(source, str):
        return ""
    number = str(number).strip().lstrip("#")
    return number if number.isdigit() and "linkedin" in source.lower() else ""


def position_mark(rules: PlayRules[Any, Any, Any], state: Any) -> int:
    """A small, stable number for a position (crc32 of its saved JSON): how a mistake is
    remembered, in the game and in its save, so undoing and redoing it counts it once."""
    text = json.dumps(rules.state_to_json(state), sort_keys=True, separators=(",", ":"))
    return zlib.crc32(text.encode("utf-8"))


def size_text(level: Any) -> str:
    """ "8×8": the level's size with a multiplication sign."""
    return str(level.size_text).replace("x", "×")


class Game:
    """A level in play: its kind's rules, the history of moves, the stopwatch."""

    def __init__(
        self,
        level: Any,
        rules: PlayRules[Any, Any, Any],
        *,
        title: str | None = None,
        full_title: str | None = None,
        now: Clock = time.monotonic,
    ) -> None:
        self.level = level
        self.rules = rules
        self.kind = get_kind(level.kind)
        """The kind's facts (title, emoji) for the result and the share line."""
        self.title = printable(title or level.name or "Untitled")  # a file's text: no escapes
        """What the status line calls the level."""
        self.full_title = printable(full_title) if full_title else self.title
        """What the win card and the share line call it (`OpenLevel.full_title`)."""
        self.start: Any = rules.new_state(level)
        """Where play starts, and a restart goes back to: the level's own start, or a lesson's
        position (`begin_at`)."""
        self.history: History[Any, Any] = History(rules, self.start)
        self.stopwatch = Stopwatch(now)
        self.hints_used = 0
        """Hints shown so far (each explained step or pointed-out mistake counts once)."""
        self.helped = False
        """The solver solved the level (`S`) or revealed a step for it."""
        self.options: dict[str, bool] = {}
        """The kind's display options by name (Queens: "auto_cross")."""
        self.undos = 0
        """Undos made (a flawless solve has none)."""
        self.backtracks = 0
        """Moves that took part of the position back, when the kind says which
        (its rules' optional `backtracked(before, after)`: Zip's cuts of the path)."""
        self.mistakes = 0
        """Mistakes: moves that took a position that could be finished to one that can't
        (`note_cannot_finish`; each counted once, however often undone and redone)."""
        self.mistake_marks: set[int] = set()
        """The positions found unfinishable so far (`position_mark`), saved with the game."""
        self.replaying = False
        """The player chose to play a solved level again: the first result is kept."""
        self.revealed = False
        """The board is solved because `S` filled it in (`reveal`): undo may take it back."""
        self._drag: Drag[Any] | None = None
        self._came_from: tuple[Any, Any] | None = None
        """(position before, position after) of the last change: where a mistake came from."""

    # --- what the screen reads -------------------------------------------------

    @property
    def state(self) -> Any:
        """The current position (immutable)."""
        return self.history.state

    board = state
    """The name from before the seam."""

    @property
    def solved(self) -> bool:
        return bool(self.rules.is_solved(self.state))

    @property
    def moves(self) -> int:
        """Steps the player made (a drag counts once; undo and redo don't count)."""
        return self.history.moves

    @property
    def blank(self) -> bool:
        """Nothing on the board and nothing to undo or redo."""
        h = self.history
        return not h.past and not h.future and bool(self.rules.is_blank(self.state))

    def result(self, *, day: date | None = None, squares: str = "", streak: int = 0) -> Result:
        """The figures of a finished game (`day`: the date of a daily puzzle of ours)."""
        return Result(
            self.full_title,
            size_text(self.level),
            self.stopwatch.elapsed,
            self.moves,
            self.hints_used,
            self.helped,
            self.kind.title,
            self.kind.emoji,
            self.undos,
            self.mistakes,
            linkedin_number(self.level),
            squares,
            streak,
            self.backtracks,
            self.kind.flawed_emoji,
            "" if day is None else day.isoformat(),
            self.kind.card_mark or self.kind.emoji.rstrip("\ufe0f"),
        )

    def first_pieces(self) -> list[Any]:
        """The cells of the final position's pieces (the kind's `pieces`) in the order they
        were first placed, replayed from the history; empty for a kind with none."""
        final = self.rules.pieces(self.state)
        if not final:
            return []
        state = self.rules.new_state(self.level)
        seen: list[Any] = []
        for step in self.history.past:
            state = self.rules.apply(state, step.forward)
            for cell in sorted(self.rules.pieces(state)):
                if cell in final and cell not in seen:
                    seen.append(cell)
        return seen

    def note_cannot_finish(self, state: Any) -> bool:
        """The check found `state` can't be finished: True if that is a new mistake.

        A mistake is the move *into* trouble: a position seen before (undone and redone)
        counts nothing, nor does a move made while the board was already unfinishable
        (the previous position was found so too)."""
        mark = position_mark(self.rules, state)
        if mark in self.mistake_marks:
            return False
        self.mistake_marks.add(mark)
        came = self._came_from
        if (
            came is not None
            and came[1] is state
            and position_mark(self.rules, came[0]) in self.mistake_marks
        ):
            return False  # the board was already unfinishable: the same mistake
        self.mistakes += 1
        return True

    # --- moves -------------------------------------------------------------------

    def play(self, move: Any) -> bool:
        """Make `move` (not once solved: a win is final); True if the position changed."""
        if move is None or self.solved:
            return False
        before = self.state
        changed = self.history.apply(move)
        if changed:
            self.revealed = False  # the player's own move: a win from here is theirs
            self._came_from = (before, self.state)
        backtracked = getattr(self.rules, "backtracked", None)
        if changed and backtracked is not None and backtracked(before, self.state):
            self.backtracks += 1
        if changed and self.solved:
            self.stopwatch.stop()
        return changed

    def act(self, action: str, cell: Cell) -> bool:
        """A key or click meaning `action` on `cell` (the kind interprets it)."""
        if self.solved:
            return False
        return self.play(self.rules.interpret(self.state, action, cell, self._drag))

    def apply_help(self, state: Any, *, helped: bool = False) -> bool:
        """Put a position from a hint or the solver in place, as one undo step.

        `helped` marks the game as solved with help (the solver did the work).
        """
        if self.solved:
            return False
        self._drag = None
        before = self.state
        changed = self.history.reset(state)
        if changed:
            self.revealed = False  # `reveal` sets it again for S's own fill
            self._came_from = (before, self.state)
        if changed and helped:
            self.helped = True
        if changed and self.solved:
            self.stopwatch.stop()
        return changed

    def reveal(self, state: Any) -> bool:
        """`S`: put the solver's solved position in place, as one undo step. Unlike a win
        by the player, undo takes it back (the clock goes on from where it stopped)."""
        changed = self.apply_help(state, helped=True)
        if changed and self.solved:
            self.revealed = True
        return changed

    def apply_hint_move(self, move: Any, *, helped: bool = False) -> bool:
        """A hint's move, as one undo step."""
        return self.apply_help(self.rules.apply(self.state, move), helped=helped)

    # --- drags (one drag = one undo step) ------------------------------------------

    def begin_drag(self, cell: Cell) -> None:
        """Start a drag on `cell` (the kind decides what it paints, from where it began)."""
        if self.solved:
            return
        self._drag = Drag(cell, self.state)
        self.history.begin_gesture()
        self.act("drag", cell)

    def drag_over(self, cell: Cell) -> bool:
        """One more cell of the current drag."""
        if self._drag is None:
            return False
        return self.act("drag", cell)

    def end_drag(self) -> None:
        """Close the drag: everything it did becomes one undo step."""
        self._drag = None
        self.history.end_gesture()

    @property
    def dragging(self) -> bool:
        return self._drag is not None

    # --- history -------------------------------------------------------------------

    def undo(self) -> bool:
        """Step back (not once solved: a win is final), except from `S`'s solution, which
        undo takes back: the board as it was, the clock going on (still solved with help)."""
        if self.solved and not self.revealed:
            return False
        self._drag = None
        before = self.state
        if self.history.undo():
            self._came_from = (before, self.state)
            self.undos += 1
            if self.stopwatch.stopped and not self.solved:
                self.stopwatch.reopen()
                self.stopwatch.start()
            return True
        return False

    def redo(self) -> bool:
        """Step forward again (not once solved); redoing `S`'s fill solves it again."""
        if self.solved:
            return False
        before = self.state
        changed = self.history.redo()
        if changed:
            self._came_from = (before, self.state)
        if changed and self.solved:
            self.stopwatch.stop()
        return changed

    def begin_at(self, state: Any) -> None:
        """Start play at `state` instead of the level's start (a lesson's position): no move
        made yet, and a restart comes back here."""
        self.start = state
        self.history = History(self.rules, state)

    def restart(self) -> None:
        """A fresh position, a fresh history, the clock back at zero. The help used, the
        mistakes and the undos still count for the level (a restart is no way to a flawless
        record); a solved game restarts as a replay, a new game with figures of its own."""
        if self.solved:
            self.replaying = True
            self.hints_used = 0
            self.helped = False
            self.undos = self.mistakes = self.backtracks = 0
            self.mistake_marks = set()
        self.history = History(self.rules, self.start)
        self._drag = None
        self.revealed = False
        self.stopwatch.reset()
        self.stopwatch.start()

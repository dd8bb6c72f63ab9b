"""Lessons: for every rule a kind's hints name, a board on which that rule is the next step.

The boards come from the engine, never from a hand: the bundled levels of each kind are
walked along their logical solutions by the game's own hints (`PlayRules.hint`, what `h`
shows), and the first position at which a hint names a rule not taught yet becomes that
rule's lesson. A lesson's rule is what both `h` and `explain` call it: the hint engines and
`explain` share each kind's deduction (`kinds/<k>/deduce`), and a hint that bundles several
steps (Mini Sudoku, Patches, Zip's stretch) names the hardest of them, the first of the
hardest on a tie, as `explain` names that step.

A lesson is best found on a level's very start, or on a position its kind can write as a
level (Tango and Mini Sudoku: the filled cells given, `KindBase.level_at`): then its board is
a level file whose `explain` starts with the lesson's rule (checked here). Where no level
start teaches the rule (Queens' crosses, Zip's path, Patches' drawn patches), the lesson is
the position itself, and `learn --export` writes it as the level with a `position:` section
(`formats.position`), which `play` opens set up and `explain` explains from there (classic
N-queens: its board of a size and the position on it, `formats.classic`).

Lessons are ordered as the grades order rules (each kind's `RULE_TIERS`, simplest first).
The list is built once and cached in the data folder (`lessons.json`, written beside and
renamed over); the cache says which packs and which code it was built from (the content of
the lesson kinds' modules: their deduction, hints and words) and is rebuilt when either
changes.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from queens_tui.core.play import Deadline
from queens_tui.kinds import KINDS, get_kind

CACHE_FILE = "lessons.json"
CACHE_FORMAT = "queens-tui-lessons"
CACHE_VERSION = 1
"""Bump when the way lessons are found changes: an old cache is then rebuilt."""
WALK_STEPS = 400
"""The longest walk along one level's logical solution (a level is a few dozen steps)."""
HINT_SECONDS = 5.0
"""Each hint on the walk may take this long (a cancel flag the kinds poll)."""


@dataclass(frozen=True)
class Lesson:
    """One rule taught on one board."""

    kind: str
    rule: str
    title: str
    text: str
    """Two or three sentences in the game's words (`kinds/<k>/lessons.py`)."""
    source: str
    """The bundled level it comes from (`1-easy/004`)."""
    step: int
    """Moves along that level's logical solution before the lesson's position (0: its start)."""
    tier: int
    """The rule's tier in its kind's ladder (lessons are ordered by it)."""
    level: str | None = None
    """The board as a level file of its kind (text), when it is not the source level itself
    (a position written as a level: its filled cells given); None: the source level."""
    position: Any = None
    """The position to set up (the kind's save JSON of a state), when no level starts there;
    None: the board's own start."""

    @property
    def id(self) -> str:
        """`<kind>-<rule>`: the lesson's name in progress files and exported file names."""
        return f"{self.kind}-{self.rule}"

    @property
    def at_a_start(self) -> bool:
        """True when the board is a level's own start (no position to set up): what the
        search prefers, the simpler board to read."""
        return self.position is None

    @property
    def exportable(self) -> bool:
        """True when `--export` can write the board as a level file (every kind with files):
        a level start as it is, a position with its `position:` section (`formats.position`;
        classic's: its board of a size and the position on it, `formats.classic`)."""
        from queens_tui.kinds import level_files

        return level_files(self.kind) is not None

    def as_json(self) -> dict[str, Any]:
        """`learn --list --json`'s line: kind, rule, title, source level, step, exportable."""
        return {
            "kind": self.kind,
            "rule": self.rule,
            "title": self.title,
            "source": self.source,
            "step": self.step,
            "exportable": self.exportable,
        }


def lesson_kinds() -> tuple[str, ...]:
    """The kinds with lessons: those whose package has each rule's words (`lessons.py`)."""
    return tuple(k for k in KINDS if get_kind(k).lesson_words())


def on_a_board(kind: str) -> bool:
    """True for a kind played on an empty board of a size, with no packs (classic)."""
    from queens_tui.kinds import on_a_board as board_kind

    return board_kind(kind)


def rule_order(kind: str) -> list[str]:
    """Kind `kind`'s rule ids, simplest first (its tiers, then the order it tries them); the
    exact search's step (`solver`) is no rule to teach."""
    tiers = get_kind(kind).rule_tiers()
    order = {rule: i for i, rule in enumerate(tiers)}
    return sorted((r for r in tiers if r != "solver"), key=lambda r: (tiers[r], order[r]))


def first_rule(kind: str, level: Any) -> str | None:
    """The rule of the first step `explain` takes on `level` (None: no step)."""
    return get_kind(kind).first_rule(level)


def _dump(kind: str, level: Any) -> str:
    from queens_tui.formats import reader

    text: str = reader(kind).dump(level, "text")
    return text


def _walk(kind: str, level: Any) -> Iterator[tuple[int, Any, str]]:
    """(moves so far, position, rule its hint names) along `level`'s logical solution, as `h`
    then `h` again would play it, until the rules stop (the solver's help is no lesson)."""
    rules = get_kind(kind).play
    state = rules.new_state(level)
    for step in range(WALK_STEPS):
        if rules.is_solved(state):
            return
        hint = rules.hint(state, Deadline(HINT_SECONDS))
        if hint is None or hint.move is None or hint.helped or hint.mistake:
            return
        yield step, state, hint.rule
        state = rules.apply(state, hint.move)


def find_lessons(kind: str, levels: Sequence[tuple[str, Path]]) -> list[Lesson]:
    """Kind `kind`'s lessons found on `levels` ((bundled id, path), easiest first), in
    rule order: for each rule, the first board that teaches it, a level start first."""
    from queens_tui.core.errors import LevelError
    from queens_tui.formats import load_puzzle

    kind_obj = get_kind(kind)
    words = kind_obj.lesson_words()
    tiers = kind_obj.rule_tiers()
    wanted = [r for r in rule_order(kind) if r in words]
    found: dict[str, Lesson] = {}

    def make(rule: str, source: str, step: int, **where: Any) -> Lesson:
        title, text = words[rule]
        return Lesson(kind, rule, title, text, source, step, tiers[rule], **where)

    for level_id, path in levels:
        if all(r in found and found[r].at_a_start for r in wanted):
            break
        try:
            level = load_puzzle(path)
        except (LevelError, OSError):
            continue
        deep = any(r not in found for r in wanted)  # else only a level's start can add
        if not deep:
            start = first_rule(kind, level)  # cheaper than the hint: ask it first
            if start is None or start not in words or found[start].at_a_start:
                continue
        for step, state, rule in _walk(kind, level):
            if step and not deep:
                break
            have = found.get(rule)
            if rule not in words or (have is not None and have.at_a_start):
                continue
            if step == 0 and first_rule(kind, level) == rule:
                found[rule] = make(rule, level_id, 0)
                continue
            board = kind_obj.level_at(level, state)
            if board is not None and first_rule(kind, board) == rule:
                found[rule] = make(rule, level_id, step, level=_dump(kind, board))
            elif have is None:
                position = kind_obj.play.state_to_json(state)
                found[rule] = make(rule, level_id, step, position=position)
    return [found[r] for r in wanted if r in found]


_HOW = ("helped", "filled")
"""What a board's save says of how it was reached (the solver revealed its queens): a lesson
starts as a fresh position, so not these."""


def find_board_lessons(kind: str) -> list[Lesson]:
    """The lessons of a kind played on an empty board (classic N-queens): no bundled levels,
    so positions along a solution (one queen at a time, as the solver reveals them) on its
    board of the default size, until each rule its hint names has shown up."""
    from queens_tui.catalog.refs import LevelRef, load
    from queens_tui.core.play import NEVER
    from queens_tui.solver import play_solver

    kind_obj = get_kind(kind)
    size = kind_obj.default_size
    if size is None:
        return []
    words, tiers = kind_obj.lesson_words(), kind_obj.rule_tiers()
    level = load(LevelRef.board(kind, size))
    rules, solver = kind_obj.play, play_solver(kind)
    state = rules.new_state(level)
    found: dict[str, Lesson] = {}
    for step in range(WALK_STEPS):
        if rules.is_solved(state) or all(r in found for r in words):
            break
        hint = rules.hint(state, Deadline(HINT_SECONDS))
        if hint is not None and hint.rule in words and hint.rule not in found:
            title, text = words[hint.rule]
            position = rules.state_to_json(state)
            if isinstance(position, dict):  # a save says how the board was reached (the
                position = {k: v for k, v in position.items() if k not in _HOW}  # solver)
            source = LevelRef.board(kind, size).text
            found[hint.rule] = Lesson(
                kind, hint.rule, title, text, source, step, tiers[hint.rule], position=position
            )
        shown = solver.reveal(state, engine="search", time_limit=HINT_SECONDS, cancel=NEVER)
        if shown is None or shown.move is None:
            break
        state = rules.apply(state, shown.move)
    return [found[r] for r in rule_order(kind) if r in found]


# --- the cache ------------------------------------------------------------------------------


def packs_stamp() -> str:
    """What the lessons are built from: every file of the bundled packs (path, size, time;
    the daily calendars are no lesson's source), the code that finds them (`code_stamp`) and
    the cache's version, hashed in one walk of the folder. A changed pack or a changed rule
    changes it, and the cache is rebuilt."""
    from queens_tui import __version__
    from queens_tui.formats.bundled import levels_dir

    digest = hashlib.sha256(f"{CACHE_VERSION} {__version__} {code_stamp()}".encode())
    root = levels_dir()
    if root is not None:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = sorted(d for d in dirnames if d != "daily" and not d.startswith("."))
            for name in sorted(filenames):
                try:
                    st = os.stat(os.path.join(dirpath, name))
                except OSError:
                    continue
                rel = os.path.relpath(os.path.join(dirpath, name), root)
                digest.update(f"{rel} {st.st_size} {st.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:24]


def code_files() -> list[Path]:
    """The source a lesson depends on: every module of each kind with lessons (a kind package
    with a `lessons.py`: its deduction, the hints that walk a level with it, its rules, its
    lessons' words; the whole package, so a helper module a rule moves into is covered too),
    the solver that walks a kind played on a board of a size (classic, `find_board_lessons`), and
    this module. Found on disk: no kind is imported for it (the cached list stays cheap)."""
    from importlib.util import find_spec

    kinds_root = Path(__file__).parents[1] / "kinds"
    files = [Path(__file__)]
    for kind in KINDS:
        package = kinds_root / kind
        if not (package / "lessons.py").is_file():
            continue
        files += sorted(package.rglob("*.py"))
        if on_a_board(kind):
            solver = find_spec(f"queens_tui.solver.{kind}")
            if solver is not None and solver.origin is not None:
                files.append(Path(solver.origin))
    return files


def code_stamp() -> str:
    """A hash of the content of `code_files` (not their times: a checkout or a copy that
    changes no rule keeps the cache): a change of a rule rebuilds the lessons."""
    digest = hashlib.sha256()
    root = Path(__file__).parents[1]
    for path in code_files():
        try:
            body = path.read_bytes()
        except OSError:
            body = b""
        name = path.relative_to(root).as_posix() if path.is_relative_to(root) else path.name
        digest.update(f"{name} {len(body)}\n".encode())
        digest.update(body)
    return digest.hexdigest()[:24]


def build() -> list[Lesson]:
    """Every kind's lessons, found on its bundled levels (seconds: cache the result)."""
    from queens_tui.formats.bundled import bundled_levels

    out: list[Lesson] = []
    for kind in lesson_kinds():
        if on_a_board(kind):
            out += find_board_lessons(kind)
        else:
            out += find_lessons(kind, bundled_levels(kind))
    return out


def _read_cache(path: Path, stamp: str) -> list[Lesson] | None:
    try:
        data = json.loads(path.read_bytes())
        if data.get("format") != CACHE_FORMAT or data.get("stamp") != stamp:
            return None
        found = [Lesson(**item) for item in data["lessons"]]
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None  # a cache: anything wrong with it means build again
    return found if all(_sound(x) for x in found) else None


def _sound(lesson: Lesson) -> bool:
    """A cached lesson is one this version could have written (a kind we know, text where
    text goes, whole numbers where numbers go): else the cache is built again."""
    texts = (lesson.kind, lesson.rule, lesson.title, lesson.text, lesson.source)
    return (
        lesson.kind in KINDS
        and all(isinstance(t, str) for t in texts)
        and all(type(n) is int and n >= 0 for n in (lesson.step, lesson.tier))
        and (lesson.level is None or isinstance(lesson.level, str))
    )


def _write_cache(path: Path, stamp: str, lessons: Sequence[Lesson]) -> None:
    from queens_tui.store.jsonfile import atomic_write_bytes

    body = {"format": CACHE_FORMAT, "stamp": stamp, "lessons": [asdict(x) for x in lessons]}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path, json.dumps(body).encode("utf-8"), sync=False)
    except OSError:
        pass  # a cache: the next start builds again


def lessons(data: str | os.PathLike[str] | None = None) -> list[Lesson]:
    """Every lesson, every kind, each kind's simplest rule first: from the cache in the data
    folder when it was built from these packs, else built now and cached."""
    from queens_tui.store import paths

    path = paths.data_dir(data) / CACHE_FILE
    stamp = packs_stamp()
    cached = _read_cache(path, stamp)
    if cached is not None:
        return cached
    built = build()
    _write_cache(path, stamp, built)
    return built


def board(lesson: Lesson) -> tuple[Any, Any]:
    """(level, starting position) of a lesson: the level it is played on and the state to set
    up (the level's own start unless the lesson is a position inside it)."""
    from queens_tui.formats import load_puzzle, reader
    from queens_tui.formats.bundled import bundled_path

    if on_a_board(lesson.kind):
        from queens_tui.catalog.refs import load, parse_ref

        level = load(parse_ref(lesson.source))
    elif lesson.level is not None:
        level = reader(lesson.kind).parse(lesson.level, ".txt")
    else:
        path = bundled_path(lesson.source)
        if path is None:
            from queens_tui.core.errors import LevelError

            raise LevelError(f"{lesson.source}: the lesson's level is not bundled any more")
        level = load_puzzle(path)
    rules = get_kind(lesson.kind).play
    if lesson.position is None:
        return level, rules.new_state(level)
    return level, rules.state_from_json(level, lesson.position)


def export_name(lesson: Lesson) -> str:
    """`<kind>-<rule>.txt`: the file `learn --export` writes for a lesson, a space of the rule
    id as `_` (classic's `last cell`: `classic-last_cell.txt`, no quotes needed in a shell)."""
    return f"{lesson.kind}-{'_'.join(lesson.rule.split())}.txt"


def level_text(lesson: Lesson) -> str:
    """The lesson's board as a level file of its kind (text format, named after the lesson):
    a position inside a level as its `position:` section, so `play` opens it set up."""
    from dataclasses import fields, replace

    level, state = board(lesson)
    position = None
    if lesson.position is not None:
        position = get_kind(lesson.kind).play.state_to_json(state)
    source = f"lesson from {lesson.source}"
    has = {f.name for f in fields(level)}
    wanted: dict[str, Any] = {"name": f"Lesson: {lesson.title}", "position": position}
    if "source" in has:
        wanted |= {"source": source, "seed": None, "difficulty": None}
    else:  # a board of a size (classic): its metadata is one table
        wanted["metadata"] = {"source": source}
    named = replace(level, **{k: v for k, v in wanted.items() if k in has})
    return _dump(lesson.kind, named)


__all__ = [
    "Lesson",
    "board",
    "build",
    "code_stamp",
    "export_name",
    "find_lessons",
    "first_rule",
    "lesson_kinds",
    "lessons",
    "level_text",
    "packs_stamp",
    "rule_order",
]

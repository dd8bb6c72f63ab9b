"""The seam every puzzle kind plugs into: one typed object per kind (`KIND`).

Modelled on Simon Tatham's puzzle collection, where each puzzle is one `game`
struct of functions behind a shared midend. Here each kind's pure package
`queens_tui.kinds.<name>` has `kind.py` with a `KIND`, an instance of a
`KindBase` subclass. It carries, or names, everything the shared machinery
asks of a kind:

- the batch interface (`solve`, `check`, `explain`, `grade`, `generate`), with
  defaults for the output lines that a kind may override;
- its rules of play (`play`, a `core.play.PlayRules`);
- its facts: title, emoji, difficulties, the sizes its generator makes, its
  daily puzzle (`DailySpec`: week, seed, calendar codec, share numbering);
- the names of its modules in the layers above the kinds, which the kinds may
  not import: its file reader/writer (`formats`) and the worker's solver
  (`solver`). The app finds its widget and keys at `queens_tui.app.kinds.<name>`.

`kinds.KINDS` is the one list of kinds; every other table (readers, calendar
codecs, share numbering, the CLI's `--kind` choices, the app's UIs) is derived
from it through these objects.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib import import_module
from importlib.util import find_spec
from itertools import islice
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, TypeVar

from queens_tui.core.vocabulary import DIFFICULTIES, Difficulty

if TYPE_CHECKING:
    from queens_tui.core.play import CancelFlag, PlayRules

JSONObject = dict[str, Any]
"""One line of `--json` output, before encoding."""

VERDICTS: tuple[str, str, str] = ("no solution", "unique solution", "several solutions")
"""What 0, 1 and 2 (or more) solutions are called in every command's output."""


class PuzzleLevel(Protocol):
    """What every kind's level offers: its kind, its metadata, a size to show."""

    @property
    def kind(self) -> str:
        """The kind's registry name (`"queens"`, `"tango"`, ...)."""
        ...

    @property
    def name(self) -> str | None: ...

    @property
    def metadata(self) -> dict[str, str]:
        """The metadata fields that are set (name, author, date, source, seed, difficulty)."""
        ...

    @property
    def size_text(self) -> str:
        """The size as people say it: `"8x8"`, `"6x6"`, `"7x9"`."""
        ...


@dataclass(frozen=True)
class Explanation:
    """A level solved step by step by named rules, as `explain --json` prints it.

    Each step is the kind-specific JSON object without the `"file"` and `"step"`
    keys (the CLI adds those): at least `"rule"` and `"text"`, then what the
    step does (`"place"`, `"cross"`, ...). `solved` says whether the rules
    finished the level; a last step with rule `"solver"` means they did not.
    """

    steps: Sequence[JSONObject]
    solved: bool


@dataclass(frozen=True)
class Grade:
    """A level's difficulty: its score (`core.effort`) and what it rests on."""

    difficulty: str | None
    """One of the kind's difficulty names: from `KIND.grade` the band of `score`, from a
    kind's own `grade_steps` the word of its hardest tier (what the generator aims at); None
    when the level is not gradable (`core.effort.not_gradable` says why)."""
    steps: int
    hardest_rule: str | None
    rules: Mapping[str, int] = field(default_factory=dict)
    """How often each rule fired."""
    rules_alone: bool = True
    unique: bool = True
    hardest_tier: int = 0
    """The hardest step's tier in the kind's own ladder (0 where a kind has none); the
    generators steer by it."""
    score: float | None = None
    """The model of a person's effort (`core.effort`; LinkedIn's weekday scale, 1 Monday ..
    7 Sunday); `difficulty` is its band. None when the level is not gradable."""


RAMP: tuple[str, ...] = (
    Difficulty.EASY,
    Difficulty.EASY,
    Difficulty.MEDIUM,
    Difficulty.MEDIUM,
    Difficulty.HARD,
    Difficulty.HARD,
    Difficulty.EXPERT,
)
"""LinkedIn's difficulty by weekday, Monday first: two days of each, expert on Sunday."""


def week(
    sizes: int | Sequence[int], difficulties: Sequence[str | None] = RAMP
) -> tuple[tuple[int, str | None], ...]:
    """A `DailySpec.week` from the seven sizes (or one for every day) and difficulties."""
    each = [sizes] * 7 if isinstance(sizes, int) else list(sizes)
    return tuple(zip(each, difficulties, strict=True))


def explanation(steps: Sequence[Any]) -> Explanation:
    """The `Explanation` of a kind's logical solution (steps with `rule` and `as_json()`):
    solved unless the last step is the exact search's (rule `"solver"`)."""
    return Explanation([s.as_json() for s in steps], not steps or steps[-1].rule != "solver")


def search_step_text(verb: str, what: str, found: int) -> str:
    """The text of a deduction's last resort, the exact search's step: "No rule applies
    here; the exact search fills the remaining 3 cells." (`found`: solutions seen, up to 2)."""
    many = "" if found == 1 else " (more than one solution remains; this is one)"
    return f"No rule applies here; the exact search {verb} the remaining {what}{many}."


def count_cells(count: int) -> str:
    """`"1 cell"`, `"3 cells"`."""
    return f"{count} {'cell' if count == 1 else 'cells'}"


def rule_counts(steps: Sequence[Any]) -> dict[str, int]:
    """How often each rule fired (`Grade.rules`), in the order the rules first fired."""
    rules: dict[str, int] = {}
    for s in steps:
        rules[s.rule] = rules.get(s.rule, 0) + 1
    return rules


_FOUND: dict[object, tuple[int, tuple[Any, ...]]] = {}
"""The solutions last searched for, per level: (the limit asked, what was found)."""

_FOUND_KEEP = 8

_FOUND_LOCK = threading.Lock()
"""The game's worker threads ask for solutions too: one at a time reads or changes `_FOUND`."""


def remembered(level: object, limit: int, search: Callable[[int], Sequence[Any]]) -> list[Any]:
    """Up to `limit` solutions of `level`, by `search(limit)` unless a recent call found them.

    `grade` asks the same level's solutions up to three times (the command counts them,
    the grade checks uniqueness, the deduction asks for one): on an 8x8 Tango or Zip level
    one search costs up to a few hundred milliseconds (docs/performance.md). Levels are
    immutable and hashable, so the last few answers are kept; a search that is cancelled
    leaves nothing behind. An answer for a larger limit serves a smaller one, and an
    answer with fewer solutions than its limit is all there are.
    """
    try:
        known = _FOUND.get(level)
    except TypeError:  # a level that cannot be hashed: search every time
        return list(search(limit))
    if known is not None:
        asked, found = known
        if asked >= limit or len(found) < asked:
            return list(found[:limit])
    found = tuple(search(limit))
    remember(level, found, limit)
    return list(found)


def remember(level: object, found: Sequence[Any], limit: int) -> None:
    """Note that a search of `level` for up to `limit` solutions would find `found` (a proof
    found them first: a kind's rules that fill the grid alone prove its one solution)."""
    with _FOUND_LOCK, contextlib.suppress(TypeError):  # unhashable: nothing kept
        if len(_FOUND) >= _FOUND_KEEP and level not in _FOUND:
            _FOUND.pop(next(iter(_FOUND)))
        _FOUND[level] = (limit, tuple(found))


def grid_json(solution: Sequence[Sequence[int]] | None) -> JSONObject:
    """`{"grid": ["011010", ...]}`: a solved grid of one-digit values, row by row, as the
    `solve --json` field of the grid kinds; empty when there is no solution."""
    if solution is None:
        return {"grid": []}
    return {"grid": ["".join(str(v) for v in row) for row in solution]}


@dataclass(frozen=True)
class DailySpec:
    """A kind's daily puzzle: which puzzle each day gets, where its files and cache live.

    The day's puzzle is the daily folder's file for it, else the line of the
    frozen calendar shipped in `levels/daily/<kind>/YYYY.days` (`decode`),
    else the generator's from the seed `<seed_prefix>-YYYY-MM-DD` with the
    weekday's (size, difficulty) from `week`: the same for everyone, offline.
    """

    week: tuple[tuple[int, str | None], ...]
    """(size, difficulty) by weekday, Monday first: gentle on Monday, hardest on Sunday."""
    calendar: str
    """The module of the kind's calendar line codec (`encode`, `decode`), by name: imported
    on first use, so that reading a kind's facts (every kind's, when a file is opened) does
    not load every kind's codec."""
    seed_prefix: str
    """Seeds and cache names: `<seed_prefix>-2026-11-24`."""
    folder: str
    """The kind's sub-folder of the daily folder ("": the folder itself)."""
    name_prefix: str
    """A daily level's name: `<name_prefix> 2026-11-24`."""
    extensions: tuple[str, ...] = (".txt", ".json")
    """Day file extensions in the daily folder, in the order they are looked for."""

    def encode(self, level: Any) -> str:
        """A level as its calendar line (`scripts/make_daily.py` writes them)."""
        line: str = import_module(self.calendar).encode(level)
        return line

    def decode(self, line: str) -> Any:
        """A calendar line back to a level; `ValueError` (or `LevelError`) when damaged."""
        return import_module(self.calendar).decode(line)

    @classmethod
    def of(cls, name: str, title: str, week: tuple[tuple[int, str | None], ...]) -> DailySpec:
        """A kind's daily laid out as every kind after the first: files in `<daily>/<name>/`,
        seeds `<name>-daily-DATE`, named `Daily <title> DATE`, lines coded by the kind's
        `kinds/<name>/calendar.py`."""
        return cls(
            week=week,
            calendar=calendar_module(name),
            seed_prefix=f"{name}-daily",
            folder=name,
            name_prefix=f"Daily {title}",
        )


def calendar_module(name: str) -> str:
    """Kind `name`'s calendar codec module: `queens_tui.kinds.<name>.calendar`."""
    return f"queens_tui.kinds.{name}.calendar"


LevelT = TypeVar("LevelT")
SolutionT = TypeVar("SolutionT")


class GenerateOption(NamedTuple):
    """A switch of a kind's own generator (`generate --<name>`), declared on its `KIND`."""

    name: str
    help: str
    """What it does, for `generate --help` ("walls as well as numbers keep the path
    unique"); the CLI prefixes the kind's title."""


class LevelFiles(NamedTuple):
    """How a kind's level files are read, declared in the kind's package
    (`kinds/<name>/__init__.py`: `FILES`), not in its `kind.py`: telling which kind a file is
    (`formats.kind_of_text`) then imports no kind's modules (`kind.py` imports the level
    model: the five other kinds' cost ~15 ms of a start that opens a Queens file)."""

    module: str
    """The module of the kind's files (`sniff`, `parse`, `scan_meta`, `dump`)."""
    hint: tuple[tuple[str, ...], str] | None = None
    """(words, first characters): a text holding none of the words, whose first board line
    starts with none of the characters, is certainly not this kind's file, and its reader
    is not even imported (None: always asked)."""
    fallback: bool = False
    """The reader that gets every text no other kind's reader claims (one kind: Queens)."""
    board: bool = False
    """The files only set a position up on the kind's board of a size (classic N-queens:
    every board of a size is the same puzzle); the kind is still one played on a board
    (`kinds.on_a_board`), with no packs of its own."""


class KindBase(Generic[LevelT, SolutionT]):
    """A puzzle kind: subclass it in `kinds/<name>/kind.py` and make one instance, `KIND`.

    The abstract methods are the kind's pure solver and rules; the others
    shape the output lines of the batch commands and have defaults that fit
    any kind (override them only to keep an existing output byte for byte).
    """

    name: str
    """Registry name, as in files, saves and `--kind`."""
    title: str
    """Shown to people: `"Queens"`, `"Tango"`."""
    emoji: str = ""
    """Ends the share line: `"👑"`."""
    flawed_emoji: str = ""
    """Ends the share line of a game that was not flawless ("": `emoji` then too)."""
    card_mark: str = ""
    """The glyph either side of "Solved" on the win card (Queens: "♛"); "": the emoji."""
    labels: bool = True
    """Its board numbers its rows and columns, as hints and `m` name cells ("row 3, column 1"):
    the app offers the labels setting on it (False: a board whose cells are named otherwise)."""
    difficulties: tuple[str, ...] = DIFFICULTIES
    sizes: tuple[int, ...] = ()
    """The sizes the kind offers: its generator makes them, the game opens them."""
    default_size: int | None = None
    """The generator's size when none is given (None: `--size` is required)."""
    generate_options: tuple[GenerateOption, ...] = ()
    """Switches of the kind's own generator: keyword options of `generate`, and the CLI's
    `generate --<name>` (Zip's `--walls`), its help from here."""
    time_limit_words: str = ""
    """`default_time_limit` as `generate --time-limit`'s help says it ("with --difficulty:
    10 + size²/8, 12 s at 4x4"); "": the kind has no default limit."""
    image: str | None = None
    """Module that reads the kind's board from a picture and draws a solution onto it
    (`queens_tui.formats.image.<name>`: `read_board`, `draw`; see `formats.image`); None: the
    kind's boards are not read from pictures."""
    archive_games: tuple[str, ...] = ()
    """The `game` names of LinkedIn's archive days that are this kind's levels (Mini Sudoku's
    is `"minisudoku"`); `formats.archive` picks a day's kind by them."""
    daily: DailySpec | None = None
    """The kind's daily puzzle; None: it has none."""
    unique_solutions: bool = True
    """Levels have exactly one solution (False: classic N-queens boards have many by design,
    so the game does not look for a second)."""
    save_prefix: str = ""
    """The start of the save key of a level known by its content (`<prefix>:<fingerprint>`);
    "": the kind's name."""

    @property
    def files(self) -> LevelFiles | None:
        """How its level files are read: its package's `FILES` (None: it has no level files),
        the one declaration the registry reads too (`kinds.level_files`)."""
        files: LevelFiles | None = import_module(self._package).FILES
        return files

    @property
    def formats(self) -> str | None:
        """Module with the kind's files (`sniff`, `parse`, `dump`), `files.module`; None: the
        kind has no level files."""
        return self.files.module if self.files else None

    @property
    def reader_hint(self) -> tuple[tuple[str, ...], str] | None:
        """`files.hint`: what a text of the kind's files certainly holds."""
        return self.files.hint if self.files else None

    @property
    def reader_fallback(self) -> bool:
        """`files.fallback`: the reader of every text no other kind claims."""
        return self.files.fallback if self.files else False

    @property
    def solver(self) -> str | None:
        """Module with the worker's answers (`PLAY`, a `core.play.PlaySolver`):
        `queens_tui.solver.<name>`; None: the kind has none."""
        return f"queens_tui.solver.{self.name}"

    def telling_name(self, name: str) -> bool:
        """Whether a level's `name` tells a player something: not a code the kind's
        generator made up (Zip's "Zip LLRW"). The game then names the level by its pack and
        number, or its file (`midend.levels.OpenLevel.title`)."""
        return True

    # --- the kind's own work ---------------------------------------------------------------

    def own(self, module: str) -> Any:
        """The kind's own module `kinds/<name>/<module>.py` (the package of the subclass),
        imported on first use: the registry reads every kind's facts as the app starts,
        and the search, the deduction and the generator wait until something asks."""
        return import_module(f"{self._package}.{module}")

    @property
    def play(self) -> PlayRules[Any, Any, Any]:
        """The kind's rules of play: `kinds/<name>/play.py` `PLAY`."""
        rules: PlayRules[Any, Any, Any] = self.own("play").PLAY
        return rules

    def solutions(
        self, level: LevelT, limit: int, cancel: CancelFlag | None = None
    ) -> Sequence[SolutionT]:
        """Up to `limit` solutions of `level`, by the kind's fastest exact pure search
        (default: the first of `kinds/<name>/search.py` `solutions(level)`).
        A kind that can stop early raises `core.play.Cancelled` once `cancel` is set."""
        search = self.own("search").solutions
        return remembered(level, limit, lambda k: list(islice(search(level), k)))

    def count_solutions(self, level: LevelT, limit: int, cancel: CancelFlag | None = None) -> int:
        """How many solutions `level` has, counted up to `limit` (default: by `solutions`; a
        kind whose rules can prove the one solution first may skip the search)."""
        return len(self.solutions(level, limit, cancel))

    def unique(self, level: LevelT) -> bool:
        """Whether `level` has exactly one solution."""
        return len(self.solutions(level, 2)) == 1

    def solution_json(self, level: LevelT, solution: SolutionT | None) -> JSONObject:
        """The kind's fields of a `solve --json` line for `solution` (None: no solution)."""
        raise NotImplementedError

    def solution_text(self, level: LevelT, solution: SolutionT) -> str:
        """The solution drawn as text for `solve` without `--json`."""
        raise NotImplementedError

    def check_json(self, level: LevelT) -> JSONObject:
        """The kind's own fields of a `check --json` line (size, givens, ...)."""
        raise NotImplementedError

    def explain(self, level: LevelT, cancel: CancelFlag | None = None) -> Explanation:
        """The level solved by named rules, step by step (default: `kinds/<name>/deduce.py`
        `solve_logically(level)`, steps with `rule` and `as_json()`)."""
        return explanation(self.own("deduce").solve_logically(level))

    def explain_play(self, level: LevelT, cancel: CancelFlag | None = None) -> Explanation:
        """What `explain` prints: the logical solution from the empty board (`explain`), or,
        on a level whose file sets a position up (`position`, a lesson's board), the steps
        from that position, as `h` then `h` again would take them: each hint's rule, words
        and move (`{"rule", "text", "move"}`, the move as a save writes it). A step the
        solver found (not a rule) ends it, `solved` False, as `explain`'s `solver` step."""
        if getattr(level, "position", None) is None:
            return self.explain(level, cancel)
        rules = self.play
        state = rules.new_state(level)
        steps: list[JSONObject] = []
        rows, cols = rules.dims(level)
        for _ in range(4 * rows * cols):  # a hint adds a piece or a cross: a bound, not a stop
            if rules.is_solved(state):
                break
            hint = rules.hint(state, cancel)
            if hint is None or hint.move is None or hint.mistake:
                break
            steps.append(
                {"rule": hint.rule, "text": hint.text, "move": rules.move_to_json(hint.move)}
            )
            if hint.helped:
                return Explanation(steps, False)
            state = rules.apply(state, hint.move)
        return Explanation(steps, rules.is_solved(state))

    def grade(self, level: LevelT, cancel: CancelFlag | None = None) -> Grade:
        """The level's difficulty (default: `kinds/<name>/deduce.py` `grade_steps` of its
        logical solution, with `unique` from the search, scored by the module's `EFFORT`
        of its `features(level, steps)`; see `core.effort`)."""
        from queens_tui.core.effort import scored

        deduce = self.own("deduce")
        steps = deduce.solve_logically(level)
        graded: Grade = replace(deduce.grade_steps(steps), unique=self.unique(level))
        return scored(graded, deduce.EFFORT, lambda: deduce.features(level, steps))

    def score(self, level: LevelT) -> float | None:
        """The score alone (`core.effort`) of a level known to have one solution (bundled,
        calendar days): no search for a second one. None when the rules cannot finish it."""
        deduce = self.own("deduce")
        steps = deduce.solve_logically(level)
        if steps and steps[-1].rule == "solver":
            return None
        score: float = deduce.EFFORT.score(deduce.features(level, steps))
        return score

    def generate(self, size: int | None, seed: str, difficulty: str | None, **options: Any) -> Any:
        """A level with exactly one solution from `seed` (`ValueError` when it cannot);
        default: `kinds/<name>/generate.py` `generate(size, seed, difficulty, **options)`,
        the options being the kind's `generate_options`."""
        if not self.generates:
            raise NotImplementedError(f"{self.title} levels are not generated")
        return self.own("generate").generate(size, seed, difficulty, **options)

    # --- lessons (`catalog.lessons`) --------------------------------------------------------

    def rule_tiers(self) -> Mapping[str, int]:
        """Every rule id the kind's deduction names, with its tier (lower: simpler), in the
        order it tries them: `kinds/<name>/deduce.py` `RULE_TIERS` (empty: no deduction)."""
        if find_spec(f"{self._package}.deduce") is None:
            return {}
        tiers: Mapping[str, int] = getattr(self.own("deduce"), "RULE_TIERS", {})
        return tiers

    def first_rule(self, level: LevelT) -> str | None:
        """The rule of the first step `explain` takes on `level` (None: it takes none); a
        kind whose whole explanation is slow answers from its first step alone. From where
        play starts: on a level whose file sets a position up, the first hint's rule."""
        if getattr(level, "position", None) is not None:
            hint = self.play.hint(self.play.new_state(level))
            return None if hint is None or hint.mistake else hint.rule
        steps = self.explain(level).steps
        return str(steps[0]["rule"]) if steps else None

    def lesson_words(self) -> Mapping[str, tuple[str, str]]:
        """(title, sentences) of each rule's lesson: `kinds/<name>/lessons.py` `WORDS` (empty:
        the kind has no lessons). A title and a few sentences for every rule the kind's
        deduction names (`rule_tiers`), in the game's own words; the boards come from the
        engine (`catalog.lessons`), never from the words' module."""
        if find_spec(f"{self._package}.lessons") is None:
            return {}
        words: Mapping[str, tuple[str, str]] = self.own("lessons").WORDS
        return words

    def level_at(self, level: LevelT, state: Any) -> LevelT | None:
        """The position `state` of `level` as a level of its own, one that starts there (its
        filled cells given), so a lesson found inside a level can be written as a file and
        explained from its start; None where the kind's files cannot say a position."""
        return None

    @property
    def generates(self) -> bool:
        """True when the kind has a generator: `generate` is its own, or the kind has a
        `generate` module (found without importing it)."""
        if type(self).generate is not KindBase.generate:
            return True
        return find_spec(f"{self._package}.generate") is not None

    @property
    def _package(self) -> str:
        """The kind's package, `queens_tui.kinds.<name>` (the subclass's)."""
        return type(self).__module__.rpartition(".")[0]

    # --- the shape of the batch commands' output --------------------------------------------

    def json_head(self) -> JSONObject:
        """The first keys of every `--json` line after `"file"`: which kind it is."""
        return {"kind": self.name}

    def heading(self, level: LevelT) -> str:
        """The level as a text line names it: `"Tango 6x6"`."""
        return f"{self.title} {_size_text(level)}"

    def solve_json(self, level: LevelT, solutions: Sequence[SolutionT]) -> JSONObject:
        """A `solve --json` line after `"file"`."""
        first = solutions[0] if solutions else None
        return {
            **self.json_head(),
            "solutions": len(solutions),
            **self.solution_json(level, first),
        }

    def check_report(self, level: LevelT, solutions: Sequence[SolutionT]) -> JSONObject:
        """A `check --json` line after `"verdict"`."""
        first = solutions[0] if solutions else None
        return {
            **self.check_json(level),
            "solutions": len(solutions),
            **self.solution_json(level, first),
        }

    def check_text(self, level: LevelT, solutions: Sequence[SolutionT]) -> str:
        """A `check` line after `ok: ` / `FAIL: `."""
        details = [
            f"{v} {k[:-1] if v == 1 and k.endswith('s') else k}"  # "1 given", "2 givens"
            for k, v in self.check_json(level).items()
            if k != "size" and isinstance(v, int) and not isinstance(v, bool)
        ]
        verdict = VERDICTS[min(len(solutions), 2)]
        return f"{self.heading(level)}, " + ", ".join([*details, verdict])

    def step_text(self, step: JSONObject) -> str:
        """One `explain` step as text (after its number)."""
        return f"{step['rule']}: {step['text']}"

    def grade_size(self, level: LevelT) -> Any:
        """The `"size"` of a `grade --json` line."""
        return self.check_json(level).get("size")

    def board_title(self, size: int, found: int) -> str:
        """A browser row of a kind played on an empty board: its size and `found` solutions."""
        return f"{size}x{size} · {found:,} found"

    # --- generate ------------------------------------------------------------------------------

    def size_problem(self, size: int | None) -> str | None:
        """Why `generate --size` can't be `size` (None: it can, or the generator will say)."""
        if size is None and self.default_size is None:
            return f"--size is required for {self.title} levels"
        return None

    def default_time_limit(self, size: int, difficulty: str | None) -> float | None:
        """Seconds `generate` tries per level before giving up by default (None: no limit)."""
        return None

    def dump_generated(self, level: Any, fmt: str, dump: Callable[[Any, str], str]) -> str:
        """A generated level as `generate` writes it (`dump`: the kind's writer)."""
        return dump(level, fmt)

    def generated_stem(self, size: int) -> str:
        """The start of a generated level's file name: `tango-<seed>-001.txt`."""
        return self.name


def _size_text(level: object) -> str:
    text = getattr(level, "size_text", None)
    return text if isinstance(text, str) else "?"


Kind = KindBase[Any, Any]
"""Any kind's `KIND`, as the shared machinery holds it."""

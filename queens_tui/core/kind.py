"""The seam every puzzle kind plugs into: what the shared machinery asks of a kind.

Modelled on Simon Tatham's puzzle collection, where each puzzle is one `game`
struct of functions behind a shared midend. Here each kind's pure package
(`queens_tui.kinds.<name>`) has a module `kind.py` with a `KIND` object that
satisfies `Kind`; the CLI's `solve`, `check`, `explain`, `grade` and
`generate` talk to that object only, so a file of any kind, or several kinds
in one call, goes through the same commands. The play side (board widget,
moves, the worker's CP-SAT model) is registered in the app and solver layers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

JSONObject = dict[str, Any]
"""One line of `--json` output, before encoding."""


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
    """A level's difficulty: the hardest rule its logical solution needs."""

    difficulty: str | None
    """One of the kind's difficulty names, or None when the rules alone cannot solve it."""
    steps: int
    hardest_rule: str | None
    rules: Mapping[str, int] = field(default_factory=dict)
    """How often each rule fired."""
    rules_alone: bool = True
    unique: bool = True


class Kind(Protocol):
    """A puzzle kind's pure batch interface (no Textual, no OR-Tools)."""

    name: str
    """Registry name, as in files and `--kind`."""
    title: str
    """Shown to people: `"Queens"`, `"Tango"`."""

    def solutions(self, level: Any, limit: int) -> Sequence[Any]:
        """Up to `limit` solutions of `level`, by the kind's fastest exact pure search."""
        ...

    def solution_json(self, level: Any, solution: Any | None) -> JSONObject:
        """The kind's fields of a `solve --json` line for `solution` (None: no solution)."""
        ...

    def solution_text(self, level: Any, solution: Any) -> str:
        """The solution drawn as text for `solve` without `--json`."""
        ...

    def check_json(self, level: Any) -> JSONObject:
        """The kind's own fields of a `check --json` line (size, givens, ...)."""
        ...

    def explain(self, level: Any) -> Explanation:
        """The level solved by named rules, step by step."""
        ...

    def grade(self, level: Any) -> Grade:
        """The level's difficulty."""
        ...

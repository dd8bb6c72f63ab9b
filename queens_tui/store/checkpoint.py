"""The checkpoint of a split N-queens count: which tasks are done and what each found.

A count of N=19 or 20 runs for hours; `--checkpoint FILE` rewrites this file
(atomically: a temporary file renamed over it) after every finished task, so
a count stopped any way at all (ctrl+c, SIGTERM, SIGKILL, a lost worker, a
reboot) continues with `--resume FILE` and redoes at most the tasks that were
running. Each task's own count is kept, not only the sum, so a task can
never be counted twice.

The file names N and the split (its number of tasks, depth and the
fingerprint of its prefixes, see `kinds.classic.split`): a checkpoint of
another N, or of a split this version would not make again, is refused.
`check` is the SHA-256 of the task counts (`counts_check`): a count edited
by hand, or a file damaged in a way JSON still reads, is refused rather
than summed into a wrong total (it guards against accidents, not against
someone who recomputes it).

    {"format": "queens-tui-nqueens-checkpoint", "version": 1, "n": 17,
     "split": {"tasks": 512, "depth": 4, "fingerprint": "3f0c..."},
     "done": {"0": 187320, "5": 190012, ...}, "check": "9b1d...", "seconds": 12.5}
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from queens_tui.kinds.classic.split import Split
from queens_tui.store.jsonfile import (
    SchemaError,
    atomic_write_json,
    check_header,
    expect,
    get,
    loads,
    read_bounded,
)

FORMAT = "queens-tui-nqueens-checkpoint"
VERSION = 1


def counts_check(done: dict[int, int]) -> str:
    """The SHA-256 (hex) of the task counts `done` as canonical JSON: `[[task, count], ...]`
    in task order, no spaces."""
    canonical = json.dumps(sorted(done.items()), separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


class CheckpointError(ValueError):
    """A checkpoint that cannot be used; the message says why (without the file name)."""


@dataclass
class Checkpoint:
    """A count's state between tasks: `done` maps a task's index to its solutions."""

    n: int
    tasks: int
    depth: int
    fingerprint: str
    done: dict[int, int] = field(default_factory=dict)
    seconds: float = 0.0
    """Time spent counting in the runs before this one."""

    @classmethod
    def of(cls, split: Split) -> Checkpoint:
        """A fresh checkpoint of `split`: nothing done yet."""
        return cls(split.n, len(split.tasks), split.depth, split.fingerprint())

    def solutions(self) -> int:
        """The solutions counted by the tasks done."""
        return sum(self.done.values())

    def refusal(self, split: Split) -> str | None:
        """Why this checkpoint cannot continue `split` (None: it can)."""
        if self.n != split.n:
            return f"it is the checkpoint of a count of N={self.n}, not N={split.n}"
        if (self.tasks, self.depth, self.fingerprint) != (
            len(split.tasks),
            split.depth,
            split.fingerprint(),
        ):
            return (
                f"its split ({self.tasks} tasks, {self.depth} rows deep, {self.fingerprint}) is "
                f"not the one this version makes ({len(split.tasks)} tasks, {split.depth} rows "
                f"deep, {split.fingerprint()})"
            )
        return None

    def as_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "n": self.n,
            "split": {"tasks": self.tasks, "depth": self.depth, "fingerprint": self.fingerprint},
            "done": {str(i): c for i, c in sorted(self.done.items())},
            "check": counts_check(self.done),
            "seconds": round(self.seconds, 3),
        }


def save(path: Path, checkpoint: Checkpoint, *, sync: bool = False) -> None:
    """Replace `path` by `checkpoint` atomically. `sync=False` (after each task) skips the
    fsyncs: the rename alone leaves the old file or the new one whatever happens to the
    process; `sync=True` (at the end of a run) makes it survive a power cut too."""
    atomic_write_json(path, checkpoint.as_json(), sync=sync)


def _parse(obj: Any) -> Checkpoint:
    d = check_header(obj, FORMAT, VERSION)
    n = get(d, "n", int)
    expect(n >= 1, f"bad N {n}")
    sp = get(d, "split", dict)
    tasks, depth = get(sp, "tasks", int), get(sp, "depth", int)
    fingerprint = get(sp, "fingerprint", str)
    expect(tasks >= 0 and depth >= 0, "bad split")
    done: dict[int, int] = {}
    for key, value in get(d, "done", dict).items():
        ok = key.isascii() and key.isdigit() and len(key) < 10 and int(key) < tasks
        expect(ok, f"no task {key[:20]!r} in a split of {tasks}")
        expect(type(value) is int and value >= 0, f"task {key}: bad count {value!r}")
        done[int(key)] = value
    check = get(d, "check", str)
    expect(check == counts_check(done), "its task counts do not match its check (edited?)")
    seconds = get(d, "seconds", (int, float), 0.0)
    expect(seconds >= 0, "bad seconds")
    return Checkpoint(n, tasks, depth, fingerprint, done, float(seconds))


def load(path: Path) -> Checkpoint:
    """The checkpoint in `path`, or `CheckpointError` saying why it cannot be read (absent,
    not a file, not a checkpoint, damaged). Never moves or changes the file."""
    try:
        return _parse(loads(read_bounded(path, 4_000_000)))
    except FileNotFoundError:
        raise CheckpointError("no such file") from None
    except SchemaError as err:
        raise CheckpointError(f"not a usable checkpoint: {err}") from None
    except OSError as err:
        raise CheckpointError(f"cannot read it: {err.strerror or err}") from None

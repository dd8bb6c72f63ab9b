"""`solve`, `check`, `explain`, `grade`, `generate` for every kind but Queens, via the Kind seam.

The commands in `queens_tui.cli` keep their own code for Queens levels and
hand any other level here. Nothing below names a kind: it talks to the kind's
`KIND` object (`queens_tui.core.kind.Kind`, from `kinds.get_kind`), and for
`generate` to the kind's `generate(size, seed, difficulty)` and its file
module `queens_tui.formats.<kind>` (`dump(level, fmt)`). Output lines carry a
`"kind"` key so a consumer can tell the kinds apart in one mixed call.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from importlib import import_module
from typing import TYPE_CHECKING, Any

from queens_tui.core.errors import printable

if TYPE_CHECKING:
    from queens_tui.core.kind import Kind, PuzzleLevel

EXIT_OK, EXIT_NOT_UNIQUE, EXIT_BAD_INPUT = 0, 1, 2
_VERDICT = {0: "no solution", 1: "unique solution", 2: "several solutions"}


def _out(obj: object) -> None:
    text = obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=False)
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _err(message: object) -> None:
    print(message, file=sys.stderr, flush=True)


def kind_of(level: PuzzleLevel) -> Kind:
    """The `KIND` object of `level`'s kind."""
    from queens_tui.kinds import get_kind

    return get_kind(level.kind)


def solve(path: str, level: PuzzleLevel, as_json: bool) -> int:
    """One `solve` result: `{"file", "kind", "solutions", <kind's fields>}` or text."""
    kind = kind_of(level)
    sols = kind.solutions(level, 2)
    first = sols[0] if sols else None
    if as_json:
        _out(
            {
                "file": path,
                "kind": kind.name,
                "solutions": len(sols),
                **kind.solution_json(level, first),
            }
        )
    else:
        _out(f"{printable(path)}: {kind.title} {level.size_text}, {_VERDICT[len(sols)]}")
        if first is not None:
            _out(kind.solution_text(level, first))
        _out("")
    return EXIT_OK if len(sols) == 1 else EXIT_NOT_UNIQUE


def check(path: str, level: PuzzleLevel, as_json: bool) -> int:
    """One `check` result: the kind's fields (size, givens, ...) and the number of solutions."""
    kind = kind_of(level)
    sols = kind.solutions(level, 2)
    ok = len(sols) == 1
    fields = kind.check_json(level)
    if as_json:
        obj: dict[str, Any] = {
            "file": path,
            "kind": kind.name,
            "ok": ok,
            "verdict": _VERDICT[len(sols)],
        }
        obj.update(fields)
        obj["solutions"] = len(sols)
        obj.update(kind.solution_json(level, sols[0] if sols else None))
        _out(obj)
    else:
        details = [
            f"{v} {k}"
            for k, v in fields.items()
            if k != "size" and isinstance(v, int) and not isinstance(v, bool)
        ]
        _out(
            f"{printable(path)}: {'ok' if ok else 'FAIL'}: {kind.title} {level.size_text}, "
            + ", ".join([*details, _VERDICT[len(sols)]])
        )
    return EXIT_OK if ok else EXIT_NOT_UNIQUE


def explain(path: str, level: PuzzleLevel, as_json: bool) -> int:
    """One level's logical solution: `{"file", "step", "rule", ..., "text"}` per step, or text."""
    kind = kind_of(level)
    n = len(kind.solutions(level, 2))
    if n == 0:
        _err(f"{printable(path)}: no solution")
        return EXIT_NOT_UNIQUE
    steps = kind.explain(level).steps
    if not as_json:
        _out(f"{printable(path)}: {kind.title} {level.size_text}, {len(steps)} steps")
    for k, step in enumerate(steps, start=1):
        if as_json:
            _out({"file": path, "step": k, **step})
        else:
            _out(f"{k:3}. {step['rule']}: {step['text']}")
    if not as_json:
        _out("")
    return EXIT_OK if n == 1 else EXIT_NOT_UNIQUE


def grade(path: str, level: PuzzleLevel, as_json: bool) -> int:
    """One level's difficulty: the hardest rule its logical solution needs."""
    kind = kind_of(level)
    size = kind.check_json(level).get("size")
    n = len(kind.solutions(level, 2))
    if n == 0:
        _err(f"{printable(path)}: no solution")
        if as_json:
            _out(
                {
                    "file": path,
                    "kind": kind.name,
                    "size": size,
                    "difficulty": None,
                    "error": "no solution",
                }
            )
        return EXIT_NOT_UNIQUE
    g = kind.grade(level)
    if as_json:
        _out(
            {
                "file": path,
                "kind": kind.name,
                "size": size,
                "difficulty": g.difficulty,
                "steps": g.steps,
                "hardest_rule": g.hardest_rule,
                "rules": dict(g.rules),
                "rules_alone": g.rules_alone,
                "unique": g.unique,
            }
        )
    else:
        note = "" if g.rules_alone else ", needs the solver"
        _out(
            f"{printable(path)}: {kind.title} {level.size_text}, {g.difficulty} "
            f"({g.steps} steps, hardest rule {g.hardest_rule}{note})"
        )
    return EXIT_OK if n == 1 else EXIT_NOT_UNIQUE


def generate(args: argparse.Namespace) -> int:
    """`generate --kind K`: COUNT levels from the kind's generator, as text or one JSON line each.

    Level i (from 1) gets the seed S for i = 1 and "S+<i-1>" after, as for
    Queens, so any level can be made again alone. The kind's module
    `queens_tui.kinds.<kind>.generate` has `generate(size, seed, difficulty)`
    (`size` None: the kind's usual size) and `GenerateError`.
    """
    from queens_tui.store.jsonfile import atomic_write_bytes

    name = args.kind
    gen = import_module(f"queens_tui.kinds.{name}.generate")
    fmt_module = import_module(f"queens_tui.formats.{name}")
    if args.count < 1:
        _err(f"queens-tui generate: --count must be at least 1 (got {args.count})")
        return EXIT_BAD_INPUT
    difficulties = getattr(gen, "DIFFICULTIES", ())
    if args.difficulty is not None and args.difficulty not in difficulties:
        _err(
            f"queens-tui generate: --difficulty for {name} is one of {', '.join(difficulties)} "
            f"(got {args.difficulty})"
        )
        return EXIT_BAD_INPUT
    from queens_tui.cli.generate_args import out_folder, seed_base

    try:
        base = seed_base(args.seed)
        out_dir = out_folder(args.out)
    except ValueError as err:
        _err(str(err))
        return EXIT_BAD_INPUT
    fmt = args.format or "text"
    width = max(3, len(str(args.count)))
    slug = re.sub(r"[^A-Za-z0-9._-]+", "_", base).strip("._") or "seed"
    for i in range(1, args.count + 1):
        seed = base if i == 1 else f"{base}+{i - 1}"
        try:
            extra = {k: getattr(args, k) for k in getattr(gen, "OPTIONS", ()) if hasattr(args, k)}
            level = gen.generate(args.size, seed, args.difficulty, **extra)
        except ValueError as err:  # the kind's GenerateError (a size it can't make, ...)
            _err(f"queens-tui generate: {err}")
            return (
                EXIT_BAD_INPUT
                if isinstance(err, getattr(gen, "SizeError", ()))
                else EXIT_NOT_UNIQUE
            )
        text = fmt_module.dump(level, fmt)
        if out_dir is not None:
            path = out_dir / f"{name}-{slug}-{i:0{width}d}.{'json' if fmt == 'json' else 'txt'}"
            try:
                atomic_write_bytes(path, text.encode("utf-8"), sync=False)  # no partial file
            except OSError as err:
                _err(f"{printable(str(path))}: cannot write: {err.strerror or err}")
                return EXIT_BAD_INPUT
            _out(str(path))
            continue
        if fmt == "text" and i > 1:
            sys.stdout.write("\n")
        sys.stdout.write(text)
        sys.stdout.flush()
    return EXIT_OK

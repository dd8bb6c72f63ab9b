"""Write the usage lines and option tables of docs/cli.md from the command line's parser.

The parser is the one home of every option, its choices and its help: the tables in
docs/cli.md are made from it, between `<!-- options: COMMAND -->` and `<!-- /options -->`
markers, and `tests/unit/test_cli_docs.py` fails when the page and the parser differ.
The prose around the tables is written by hand.

    python scripts/cli_docs.py          # rewrite docs/cli.md
    python scripts/cli_docs.py --check  # exit 1 when docs/cli.md is out of date
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's parser, whichever one is installed

from queens_tui.cli import build_parser  # noqa: E402

PAGE = ROOT / "docs" / "cli.md"
WIDTH = 100
"""The usage lines are wrapped as `--help` wraps them on a terminal of this width."""
COMMANDS = re.compile(r"<!-- commands -->\n.*?<!-- /commands -->", re.DOTALL)
BLOCK = re.compile(r"<!-- options: (?P<command>[\w-]+) -->\n.*?<!-- /options -->", re.DOTALL)


def commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Each subcommand's parser, by name, in the order `queens-tui --help` lists them."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _invocation(action: argparse.Action) -> str:
    """An option as the table names it: `--kind {queens,tango}`, `--size N`, `level`."""
    if not action.option_strings:
        return str(action.metavar or action.dest)
    names = ", ".join(action.option_strings)
    if action.nargs == 0:
        return names
    if action.metavar is not None:
        return f"{names} {action.metavar}"
    if action.choices is not None:
        return f"{names} {{{','.join(map(str, action.choices))}}}"
    return f"{names} {action.dest.upper()}"


def _cell(text: str) -> str:
    """Help text as one Markdown table cell: one line, `|` escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def block(name: str, parser: argparse.ArgumentParser) -> str:
    """The usage line and the option table of one command."""
    formatter = argparse.HelpFormatter(f"queens-tui {name}", width=WIDTH)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups, "")
    usage = formatter.format_help().strip()
    rows = [
        f"| `{_invocation(a)}` | {_cell(a.help % vars(a) if '%' in a.help else a.help)} |"
        for a in parser._actions
        if a.help and a.help != argparse.SUPPRESS and not isinstance(a, argparse._HelpAction)
    ]
    table = "\n".join(["| Option | Meaning |", "|---|---|", *rows]) if rows else ""
    parts = [f"<!-- options: {name} -->", "```", usage, "```"]
    if table:
        parts += ["", table]
    parts.append("<!-- /options -->")
    return "\n".join(parts)


def command_table(parser: argparse.ArgumentParser) -> str:
    """The table of commands: each one's name, linked to its section, and its help line."""
    rows = [
        f"| [`{choice.dest}`](#{choice.dest}) | {_cell(choice.help or '')} |"
        for action in parser._actions
        if isinstance(action, argparse._SubParsersAction)
        for choice in action._choices_actions
    ]
    return "\n".join(
        ["<!-- commands -->", "| Command | Does |", "|---|---|", *rows, "<!-- /commands -->"]
    )


def render(page: str) -> str:
    """The page with every marked block made again from the parser."""
    parser = build_parser()
    parsers = commands(parser)
    page = COMMANDS.sub(lambda _: command_table(parser), page)

    def again(match: re.Match[str]) -> str:
        name = match["command"]
        if name not in parsers:
            raise SystemExit(f"{PAGE}: no command {name!r} in the parser")
        return block(name, parsers[name])

    return BLOCK.sub(again, page)


def missing(page: str) -> list[str]:
    """Commands of the parser that the page has no marked block for."""
    have = {m["command"] for m in BLOCK.finditer(page)}
    return [name for name in commands(build_parser()) if name not in have]


def main(argv: list[str]) -> int:
    page = PAGE.read_text(encoding="utf-8")
    new = render(page)
    absent = missing(new)
    if absent:
        print(f"{PAGE}: no options block for {', '.join(absent)}", file=sys.stderr)
        return 1
    if "--check" in argv:
        if new != page:
            print(f"{PAGE} is out of date: python scripts/cli_docs.py", file=sys.stderr)
            return 1
        return 0
    if new != page:
        PAGE.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""`queens-tui serve`: the game in a web browser, through textual-serve.

textual-serve (Textualize's aiohttp server) starts one `queens-tui play ...`
process per browser tab and streams its terminal output to xterm.js over a
websocket; keys, mouse, resizes and the clipboard travel the same way. It is
an optional extra (``pip install 'queens-tui[web]'``), so it is imported only
in the handler: without it, `serve` says how to install it and exits 2.

`serve` takes every option `play` takes (copied from play's own parser, so the
two never drift) and hands the ones given to each served process. The level
and --date are checked here first, so a typo is one line on the terminal, not
a dead browser tab. By default only this machine can connect (127.0.0.1); any
other --host is warned about, because every visitor plays as this user and
writes this user's saves.
"""

from __future__ import annotations

import argparse
import errno
import shlex
import sys
from functools import partial
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

EXIT_OK, EXIT_BAD_INPUT = 0, 2
DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8000
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
WILDCARD_HOSTS = frozenset({"0.0.0.0", "::", ""})
INSTALL_HINT = (
    "queens-tui serve: the browser version needs textual-serve; "
    "install it with: pip install 'queens-tui[web]'"
)


def _err(message: object) -> None:
    print(message, file=sys.stderr, flush=True)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `serve`, with play's options (level, --ascii, --date, ...) as its own."""
    play = sub.choices["play"]
    p = sub.add_parser(
        "serve",
        parents=[play],
        conflict_handler="resolve",  # play's -h/--help gives way to serve's
        help="play in a web browser (needs: pip install 'queens-tui[web]')",
        description="Serve the game to web browsers: each tab plays its own game, "
        "with the same options as `play`. Stop with ctrl+c.",
    )
    p.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"address to listen on (default {DEFAULT_HOST}: this machine only)",
    )
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    p.add_argument(
        "--public-url",
        metavar="URL",
        help="the address browsers use to reach the server, when it is not http://HOST:PORT "
        "(a proxy, or --host 0.0.0.0)",
    )
    p.add_argument(
        "--verbose", action="store_true", help="log every request (default: warnings only)"
    )
    p.set_defaults(func=partial(cmd_serve, play=play))


def play_argv(args: argparse.Namespace, parser: argparse.ArgumentParser) -> list[str]:
    """The arguments of `play` (whose parser is `parser`) that `args` holds, as a command
    line: only those given, so the served game gets the same defaults as `play`."""
    argv: list[str] = []
    for action in parser._actions:
        dest = action.dest
        if dest == argparse.SUPPRESS or not hasattr(args, dest):
            continue
        value = getattr(args, dest)
        if value is None or value == action.default:
            continue
        values = [str(v) for v in value] if isinstance(value, list) else [str(value)]
        if not action.option_strings:
            argv.extend(values)
        elif action.nargs == 0:  # a flag: store_true, store_const
            argv.append(action.option_strings[-1])
        else:
            for v in values:
                argv.extend((action.option_strings[-1], v))
    return argv


def check_play_args(args: argparse.Namespace) -> str | None:
    """The one-line error `play` would give for these arguments, or None if they are fine."""
    level = getattr(args, "level", None)
    if level == "-":
        return "queens-tui serve: a served level cannot come from standard input; give a file"
    if level is not None:
        # The very functions `play` reads its level with (the catalog's): same verdict.
        from datetime import date

        from queens_tui.catalog import parse_ref
        from queens_tui.core.errors import LevelError
        from queens_tui.midend.levels import open_ref

        try:
            ref = parse_ref(level, today=date.today())
            if ref.day is None:  # a daily:DATE is read by the game, through its store
                open_ref(ref)
        except LevelError as err:
            return str(err)
        if getattr(args, "date", None) is not None:
            return "queens-tui serve: give a LEVEL or --date, not both"
    if getattr(args, "date", None) is not None:
        from datetime import date

        from queens_tui.store import parse_day

        try:
            parse_day(args.date, latest=date.today())
        except ValueError as err:
            return f"queens-tui serve: {err}"
    return None


def url_host(host: str) -> str:
    """`host` as it goes in a URL: IPv6 addresses in brackets."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def public_url(host: str, port: int, given: str | None = None) -> str:
    """Where browsers reach the server: `given`, else http://HOST:PORT, with this
    machine's name standing in for a wildcard address (0.0.0.0 is no address to visit)."""
    if given:
        return given.rstrip("/")
    if host in WILDCARD_HOSTS:
        import socket

        host = socket.gethostname()
    return f"http://{url_host(host)}:{port}"


FOCUS_SCRIPT = """<script>
/* queens-tui: keys typed before any click go to the game: focus its terminal at once */
(function () {
  function focus() {
    var t = document.querySelector(".xterm-helper-textarea");
    if (t) { t.focus(); }
    return !!t;
  }
  var tries = 0;
  var timer = setInterval(function () { if (focus() || ++tries > 200) clearInterval(timer); }, 50);
  window.addEventListener("focus", focus);
})();
</script>
"""
"""Added to the served page (`with_focus`): textual-serve's page waits for a click."""


def with_focus(html: str) -> str:
    """The served page with `FOCUS_SCRIPT` before its closing body tag."""
    head, body, tail = html.rpartition("</body>")
    return head + FOCUS_SCRIPT + body + tail if body else html + FOCUS_SCRIPT


def served_command(argv: Sequence[str]) -> str:
    """The shell command textual-serve runs for each browser tab: this Python, `play`, argv."""
    return shlex.join([sys.executable, "-m", "queens_tui", "play", *argv])


def cmd_serve(args: argparse.Namespace, play: argparse.ArgumentParser) -> int:
    """Serve `play` (whose parser is `play`) with these arguments until ctrl+c; exit 2 on
    bad input or a busy port."""
    if not 1 <= args.port <= 65535:
        _err(f"queens-tui serve: --port must be between 1 and 65535 (got {args.port})")
        return EXIT_BAD_INPUT
    error = check_play_args(args)
    if error is not None:
        _err(error)
        return EXIT_BAD_INPUT
    try:
        import textual_serve.server  # noqa: F401  # the extra itself, asked every time

        from queens_tui.cli.web import Door, QueensServer
    except ImportError:
        _err(INSTALL_HINT)
        return EXIT_BAD_INPUT

    command = served_command(play_argv(args, play))
    url = public_url(args.host, args.port, args.public_url)
    if args.host not in LOOPBACK_HOSTS:
        from queens_tui.store import data_dir

        _err(
            f"queens-tui serve: warning: listening on {args.host or 'every address'}: anyone who "
            f"can reach port {args.port} can play, as you, and write your saves in {data_dir()}"
        )
    door = Door.of({url, public_url(args.host, args.port)}, loopback_port=args.port)
    server = QueensServer(
        command,
        host=args.host,
        port=args.port,
        url=url,
        door=door,
        verbose=args.verbose,
        page=with_focus,
        title="queens-tui",
    )
    server.announce = partial(
        print, f"queens-tui serve: open {url} in a browser (ctrl+c stops)", flush=True
    )
    try:
        server.serve()
    except KeyboardInterrupt:
        pass  # ctrl+c during start or shutdown: stop quietly
    except OSError as err:
        if err.errno == errno.EBADF:
            pass  # the loop closing under a served game's pipes, after ctrl+c: stop quietly
        else:
            _err(f"queens-tui serve: cannot listen on {url_host(args.host)}:{args.port}: {err}")
            return EXIT_BAD_INPUT
    print("queens-tui serve: stopped", flush=True)
    return EXIT_OK

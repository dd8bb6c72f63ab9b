"""`queens-tui serve`: its arguments, its checks, and its message without textual-serve."""

from __future__ import annotations

import sys

import pytest

from queens_tui.cli import build_parser, main
from queens_tui.cli import serve as serve_cli


def parsed(*argv: str):
    return build_parser().parse_args(["serve", *argv])


def play_parser():
    return build_parser()._subparsers._group_actions[0].choices["play"]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("argv", "play_args"),
    [
        ([], []),
        (["1-easy/001"], ["1-easy/001"]),
        (["--ascii", "--port", "9000", "1-easy/001"], ["1-easy/001", "--ascii"]),
        (["--palette", "colour-blind"], ["--palette", "colour-blind"]),  # issue 39 item 4
        (["1-easy/001", "--host", "::1", "--daily-dir", "d"], ["1-easy/001", "--daily-dir", "d"]),
        (
            ["--date", "2026-11-01", "--daily-dir", "d"],
            ["--date", "2026-11-01", "--daily-dir", "d"],
        ),
    ],
)
def test_play_options_pass_through_in_any_order(argv: list[str], play_args: list[str]) -> None:
    args = parsed(*argv)
    assert serve_cli.play_argv(args, play_parser()) == play_args


def test_an_option_with_choices_passes_through_unless_it_is_the_default() -> None:
    """`--engine` (whatever its choices and default are): given, it reaches the served game."""
    engine = next(a for a in play_parser()._actions if a.dest == "engine")
    other = next(c for c in engine.choices if c != engine.default)
    assert serve_cli.play_argv(parsed("--engine", other), play_parser()) == ["--engine", other]
    assert serve_cli.play_argv(parsed("--engine", engine.default), play_parser()) == []


def test_defaults_and_the_served_command() -> None:
    args = parsed("my level.txt", "--ascii")
    assert (args.host, args.port, args.public_url) == ("127.0.0.1", 8000, None)
    command = serve_cli.served_command(serve_cli.play_argv(args, play_parser()))
    assert command.endswith("-m queens_tui play 'my level.txt' --ascii")
    assert sys.executable in command


@pytest.mark.parametrize(
    ("host", "port", "given", "url"),
    [
        ("127.0.0.1", 8000, None, "http://127.0.0.1:8000"),
        ("::1", 8080, None, "http://[::1]:8080"),
        ("0.0.0.0", 80, "https://queens.example/", "https://queens.example"),
    ],
)
def test_public_url(host: str, port: int, given: str | None, url: str) -> None:
    assert serve_cli.public_url(host, port, given) == url


def test_wildcard_host_is_replaced_by_the_machine_name() -> None:
    import socket

    assert serve_cli.public_url("0.0.0.0", 8000) == f"http://{socket.gethostname()}:8000"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["no-such-level"], "no-such-level: no such file or bundled level"),
        (["-"], "cannot come from standard input"),
        (["--date", "2026-02-30"], "bad date '2026-02-30'"),
        (["1-easy/001", "--date", "2026-02-03"], "give a LEVEL or --date, not both"),
        (["--port", "70000"], "--port must be between 1 and 65535"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_without_textual_serve_it_says_how_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve", None)  # import fails as if not installed
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    assert main(["serve", "1-easy/001"]) == 2
    assert capsys.readouterr().err == serve_cli.INSTALL_HINT + "\n"
    assert "pip install 'queens-tui[web]'" in serve_cli.INSTALL_HINT


def test_the_command_module_does_not_import_textual_serve() -> None:
    """Every command's parser is built on every run: `serve` must cost nothing until used."""
    import subprocess

    code = (
        "import sys, queens_tui.cli as c; c.build_parser(); print('textual_serve' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_other_hosts_are_warned_about(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Listening beyond this machine: the warning says who can play and whose saves they write."""
    pytest.importorskip("textual_serve", reason="textual-serve is not installed (extra 'web')")
    from queens_tui.cli import web

    served: list[tuple[str, str, int]] = []
    monkeypatch.setattr(
        web.QueensServer,
        "serve",
        lambda self, debug=False: served.append((self.command, self.host, self.port)),
    )
    assert main(["serve", "--host", "0.0.0.0", "--port", "8123", "1-easy/001"]) == 0
    err = capsys.readouterr().err
    assert "warning" in err and "anyone who can reach port 8123 can play" in err
    assert "write your saves" in err
    assert served[0][1:] == ("0.0.0.0", 8123) and served[0][0].endswith("play 1-easy/001")
    assert main(["serve", "--port", "8124"]) == 0
    assert capsys.readouterr().err == ""  # 127.0.0.1: no warning

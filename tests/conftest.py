"""Shared fixtures: the two worked example levels and the community corpus (test data only)."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from queens_tui.kinds.queens.level import Level

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus"


def run_cli(
    *args: str,
    stdin: str | None = None,
    timeout: float = 120,
    cwd: Path = REPO,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """`queens-tui ARGS` as a fresh process (what a user runs), from the repository root
    unless `cwd` says otherwise; `env` replaces the environment when given."""
    return subprocess.run(
        [sys.executable, "-m", "queens_tui", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=timeout,
        cwd=cwd,
        env=env,
    )


EXAMPLE_8 = """\
AABBBCCC
ADBDBECC
ADBDBCCC
ADDDBFGC
ADDDBFGG
ADHDBFGG
HDHDBFFG
HHHHGGGG
"""
SOLUTION_8 = (3, 5, 1, 7, 0, 2, 6, 4)

EXAMPLE_9 = """\
PPPPPPPOR
QQPQQPOOR
PQQQPPORR
PPPPPWOOR
PBPPPWWOY
PBBPWWWYY
PPBDWGGGY
PBBDGGDGG
PBDDDDDDD
"""
SOLUTION_9 = (8, 6, 3, 5, 1, 7, 0, 4, 2)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Keep benchmarks out of the default run.

    Run them with `pytest tests/benchmarks --benchmark-enable -s`.
    """
    if "benchmarks" in collection_path.parts and not config.getoption("benchmark_enable"):
        return True
    return None


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto` (pyproject's addopts): the whole suite (`pytest`, `pytest -m slow`) runs on
    every core; a run that names files or tests (`pytest tests/unit/test_x.py`) stays in one
    process, where starting workers would cost more than they save."""
    if config.args_source is pytest.Config.ArgsSource.ARGS:
        return 0
    return None  # xdist's own choice: the number of cores


def pytest_configure(config: pytest.Config) -> None:
    """The xdist workers, which start after this, refresh a screen up to `tests.player.FPS`
    times a second instead of Textual's 60 (`TEXTUAL_FPS` is read when Textual is imported,
    here already done by the snapshot plugin): a Pilot test's wait for a refresh costs a
    millisecond, not up to 16. Set in the environment, so a value given by hand wins."""
    if not hasattr(config, "workerinput"):
        from tests.player import FPS

        os.environ.setdefault("TEXTUAL_FPS", str(FPS))


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile the package's bytecode once, before the xdist workers start.

    Where `PYTHONDONTWRITEBYTECODE` is set (as on these machines), no process writes
    `__pycache__`, so in a clean clone every worker and every `queens-tui` subprocess a test
    starts compiled the whole package again (0.19 s of our modules per `import
    queens_tui.app.app`, against 0.05 s from bytecode). `compileall` writes it whatever the
    variable says (and skips what is up to date); processes still read bytecode under it."""
    if sys.dont_write_bytecode and not hasattr(session.config, "workerinput"):
        import compileall

        compileall.compile_dir(REPO / "queens_tui", quiet=2)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Garbage collection for a test run, not for a game: what is alive after collection
    (Textual, OR-Tools, the test modules) is frozen out of the collector's sight, and the
    young generation is collected every 20,000 allocations instead of 700.

    Textual makes and drops cyclic objects by the million; with the defaults each xdist worker
    spent 14-16 s of CPU in the collector (~50 full collections walking the whole heap), with
    these 5-7 s (3 full ones), measured with `gc.callbacks`. Nothing the tests check depends on
    when garbage goes (a Store's lock finalizer may run anywhere: see store/lock.py)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


@pytest.fixture(autouse=True)
def standard_palette() -> Iterator[None]:
    """Every test starts with the standard region palette (`app.palette.use` is the one
    process-wide choice: a test that switches it must not leak it into the next)."""
    yield
    from queens_tui.app import palette

    palette.use("standard")


@pytest.fixture(scope="session", autouse=True)
def full_colour() -> Iterator[None]:
    """Boards choose their colours by the terminal's colour depth (`palette.terminal_colors`:
    256 and 16 colours get chosen entries), which Textual reads from TERM and COLORTERM: pin
    full colour, so a snapshot is the same whoever runs it; the tests of 256 and 16 colours
    set the depth themselves."""
    import textual.constants

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(textual.constants, "COLOR_SYSTEM", "truecolor")
        yield


@pytest.fixture(autouse=True)
def _private_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Every test gets its own empty user data dir: saved games, stats and settings of the
    real home (or of another test) never leak in, and nothing is written there."""
    home = tmp_path_factory.mktemp("data-home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.setenv("QUEENS_TUI_DATA_DIR", str(home / "queens-tui"))
    monkeypatch.setenv("QUEENS_TUI_CONFIG_DIR", str(home / "config"))  # no keys.conf of yours
    return home


def level_from(text: str) -> Level:
    """A level from rows of single-character labels."""
    return Level.from_rows(text.split())


@pytest.fixture
def level8() -> Level:
    return level_from(EXAMPLE_8)


@pytest.fixture
def level9() -> Level:
    return level_from(EXAMPLE_9)


@pytest.fixture(scope="session")
def corpus() -> list[dict]:
    """The 1,124 community levels, or a skip where shared/ is not beside the repo."""
    path = CORPUS / "community-levels.json"
    if not path.exists():
        pytest.skip("community corpus not present beside the repository")
    return json.loads(path.read_text())["levels"]


TANGO = REPO.parent / "shared" / "tango" / "linkedin-tango-1-200.json"


@pytest.fixture(scope="session")
def tango_corpus() -> list[dict]:
    """LinkedIn Tango #1-#200 with solutions, or a skip where shared/ is not beside the repo."""
    if not TANGO.exists():
        pytest.skip("LinkedIn Tango levels not present beside the repository")
    return json.loads(TANGO.read_text())["levels"]

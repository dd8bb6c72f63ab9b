"""Make `pytest tests/benchmarks/... --benchmark-enable` run the benchmarks.

pyproject's addopts carry `--benchmark-skip` so the default run stays fast,
and pytest-benchmark lets only `--benchmark-only` override that flag. This
hook lets `--benchmark-enable` (the documented command) override it too.
"""

from __future__ import annotations

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    session = getattr(config, "_benchmarksession", None)
    if session is not None and config.getoption("benchmark_enable", default=False):
        session.skip = False

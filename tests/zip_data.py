"""The LinkedIn Zip days of ../shared/zip (test data, never copied into the repo)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO

ZIP_DATA = REPO.parent / "shared" / "zip" / "linkedin-zip-2026-07.json"


def linkedin_days() -> list[dict[str, Any]]:
    """Every day's JSON object (with its `solution`), or a clean skip when the data is absent."""
    if not ZIP_DATA.is_file():
        pytest.skip(f"no LinkedIn Zip data at {ZIP_DATA}")
    days: list[dict[str, Any]] = json.loads(Path(ZIP_DATA).read_text(encoding="utf-8"))["levels"]
    return days

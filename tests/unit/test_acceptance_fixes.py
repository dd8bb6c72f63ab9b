"""Defects found by the acceptance pass (a new user's malformed files and keys), pinned."""

from __future__ import annotations

import pytest

from queens_tui.core.level import LevelError
from queens_tui.formats import parse_json


def test_json_integer_too_long_for_python_is_a_located_level_error() -> None:
    """Python refuses to convert integers over 4,300 digits (ValueError, not JSONDecodeError).

    Before the fix, `queens-tui check` printed a traceback for such a file.
    """
    text = '{"regions": ["AB", "BA"],\n "seed": ' + "9" * 5000 + "}"
    with pytest.raises(LevelError) as info:
        parse_json(text)
    assert (info.value.line, info.value.col) == (2, 10)
    assert "number" in info.value.message

"""The test harness's fast idle wait (tests/idle.py) is used only where it was checked: on
another Textual release the tests keep Textual's own wait and say so; a private name gone is
an error at start, not a hang."""

from __future__ import annotations

import pytest

from tests import idle


def _waits() -> tuple[object, ...]:
    import textual._wait
    import textual.app
    import textual.pilot

    return tuple(m.wait_for_idle for m in (textual._wait, textual.app, textual.pilot))


def test_installed_on_the_checked_release_with_every_private_name_there() -> None:
    assert idle.textual_release() == idle.CHECKED_WITH  # pyproject pins textual to it
    assert idle.missing_private_names() == []
    assert _waits() == (idle.wait_for_idle,) * 3  # the session fixture installed it


def test_another_release_keeps_textual_s_own_wait_and_warns(monkeypatch) -> None:
    import textual._wait
    import textual.app
    import textual.pilot

    async def textual_own(min_sleep: float = 0.02, max_sleep: float = 1) -> None: ...

    for module in (textual._wait, textual.app, textual.pilot):
        monkeypatch.setattr(module, "wait_for_idle", textual_own)  # stands for Textual's
    monkeypatch.setattr(idle, "textual_release", lambda: (99, 0))
    with pytest.MonkeyPatch.context() as patch:
        with pytest.warns(UserWarning, match="Textual's own wait_for_idle"):
            assert idle.install(patch) is False
        assert _waits() == (textual_own,) * 3  # nothing replaced


def test_a_private_name_gone_is_an_error_at_start(monkeypatch) -> None:
    monkeypatch.setitem(idle.PRIVATE, "screen", ("_layout_required", "_gone_in_a_new_release"))
    with pytest.MonkeyPatch.context() as patch, pytest.raises(RuntimeError, match="_gone"):
        idle.install(patch)

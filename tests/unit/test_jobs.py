"""The app's one background runner (`midend.jobs.Jobs`): a newer job replaces its group's older
one (whose result is dropped), a job's token expires at its time limit, errors go to
`failed`, never to the terminal."""

from __future__ import annotations

import threading
import time

from queens_tui.midend.jobs import Jobs


def test_a_newer_job_cancels_the_older_one_of_its_group_and_drops_its_result() -> None:
    jobs = Jobs()
    got: list[str] = []
    release = threading.Event()

    def slow(token) -> str:
        release.wait(5)
        return "old" if not token.is_set() else "old, cancelled"

    first = jobs.start("check", slow, got.append, time_limit=5)
    jobs.start("check", lambda token: "new", got.append, time_limit=5)
    assert first.cancelled and first.is_set()
    release.set()
    assert jobs.wait(5) and not jobs.busy
    assert got == ["new"]  # the older job finished, but its result was stale
    assert jobs.started == 2


def test_other_groups_run_on_and_cancel_without_a_group_stops_all() -> None:
    jobs = Jobs()
    release = threading.Event()
    a = jobs.start("hint", lambda token: release.wait(5), time_limit=5)
    b = jobs.start("solve", lambda token: release.wait(5), time_limit=5)
    assert not a.is_set() and not b.is_set()
    jobs.cancel()
    assert a.cancelled and b.cancelled
    release.set()
    assert jobs.wait(5)


def test_the_token_expires_at_the_time_limit_and_the_work_says_so() -> None:
    jobs = Jobs()
    got: list[tuple[str, float]] = []
    t0 = time.monotonic()

    def polls(token) -> str:
        while not token.is_set():
            time.sleep(0.005)
        return "timed out"

    token = jobs.start(
        "check", polls, lambda r: got.append((r, time.monotonic() - t0)), time_limit=0.1
    )
    assert jobs.wait(5)
    assert got and got[0][0] == "timed out" and got[0][1] >= 0.1
    assert token.is_set() and not token.cancelled  # timed out, not cancelled: delivered


def test_a_failing_job_reaches_failed_and_nothing_else() -> None:
    jobs = Jobs()
    errors: list[Exception] = []
    done: list[object] = []

    def broken(token) -> None:
        raise RuntimeError("boom")

    jobs.start("warm-up", broken, done.append, time_limit=5, failed=errors.append)
    assert jobs.wait(5)
    assert [str(e) for e in errors] == ["boom"] and done == []

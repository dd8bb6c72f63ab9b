"""Write `screenshots/*.svg` from the real app, one picture per scene of `tests/scenes.py`.

Run from the repository root:

    python scripts/screenshots.py            # writes screenshots/<name>.svg
    python scripts/screenshots.py OUT_DIR    # writes OUT_DIR/<name>.svg

The snapshot tests (`tests/snapshots/`) drive the same scenes, so what the README shows is
what the tests pin down.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.scenes import SHOTS, Shot  # noqa: E402


async def capture(name: str, shot: Shot) -> str:
    """Run one scene headless and return the SVG."""
    app = shot.app()
    async with app.run_test(size=shot.size) as pilot:
        await shot.scene(pilot)
        await pilot.pause()
        return app.export_screenshot(title=f"queens-tui: {name}")


def main(argv: list[str] | None = None) -> int:
    """Write every scene to `screenshots/<name>.svg` (or to the folder given), in full colour
    whatever this terminal's depth (boards pick 256- or 16-colour entries from TERM and
    COLORTERM; the pictures, like the snapshot tests, show the colours themselves)."""
    import textual.constants

    textual.constants.COLOR_SYSTEM = "truecolor"
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="screenshots", help="folder to write to")
    out = Path(parser.parse_args(argv).out)
    out.mkdir(parents=True, exist_ok=True)
    for name, shot in SHOTS.items():
        path = out / f"{name}.svg"
        path.write_text(asyncio.run(capture(name, shot)), encoding="utf-8")
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

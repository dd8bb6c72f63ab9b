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

from queens_tui.app.app import QueensApp  # noqa: E402
from tests.scenes import SCENES, SIZE, TANGO_SCENES, Scene, shot_app, tango_app  # noqa: E402


async def capture(name: str, scene: Scene, app: QueensApp | None = None) -> str:
    """Run one scene headless and return the SVG."""
    app = app or shot_app()
    async with app.run_test(size=SIZE) as pilot:
        await scene(pilot)
        await pilot.pause()
        return app.export_screenshot(title=f"queens-tui: {name}")


def main(argv: list[str] | None = None) -> int:
    """Write every scene to `screenshots/<name>.svg` (or to the folder given)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="screenshots", help="folder to write to")
    out = Path(parser.parse_args(argv).out)
    out.mkdir(parents=True, exist_ok=True)
    for name, scene in SCENES.items():
        svg = asyncio.run(capture(name, scene))
        path = out / f"{name}.svg"
        path.write_text(svg, encoding="utf-8")
        print(path)
    for name, (scene, ascii) in TANGO_SCENES.items():
        svg = asyncio.run(capture(name, scene, tango_app(ascii)))
        path = out / f"{name}.svg"
        path.write_text(svg, encoding="utf-8")
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

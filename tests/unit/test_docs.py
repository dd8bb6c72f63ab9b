"""The README stays a front door and the docs stay whole: short README, no dead links, and each
kind's page opens with the rules its help screen shows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from queens_tui.app.kinds import UIS, get_ui

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
DOCS = REPO / "docs"
PAGES = [README, *sorted(DOCS.rglob("*.md"))]

_FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _prose(text: str) -> str:
    """`text` without code blocks and code spans, where brackets are not links."""
    return _CODE.sub("", _FENCE.sub("", text))


def _anchors(path: Path) -> set[str]:
    """The heading anchors the forge makes for `path`: lower case, punctuation dropped, spaces
    as hyphens, a repeated heading numbered `-1`, `-2`..."""
    seen: dict[str, int] = {}
    out: set[str] = set()
    for line in _FENCE.sub("", path.read_text(encoding="utf-8")).splitlines():
        if not line.startswith("#"):
            continue
        title = line.lstrip("#").strip().lower()
        slug = re.sub(r"[^\w\- ]", "", title).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def test_the_readme_is_a_front_door() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= 250, f"README.md has {lines} lines; move the details to docs/"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(REPO)))
def test_every_relative_link_points_to_a_file_and_heading(page: Path) -> None:
    links = _LINK.findall(_prose(page.read_text(encoding="utf-8")))
    dead = []
    for target in links:
        if re.match(r"[a-z]+:", target):  # https:, mailto:
            continue
        file, _, anchor = target.partition("#")
        path = (page.parent / file).resolve() if file else page
        missing = not path.exists()
        if missing or (anchor and path.suffix == ".md" and anchor not in _anchors(path)):
            dead.append(target)
    assert not dead, f"{page.name}: dead links {dead}"


def test_every_kind_has_a_page_with_its_help_screens_rules() -> None:
    """The help screen's opening (its rules, up to "## Keys") is on the kind's page, word for
    word, so the two can't drift apart."""
    for kind in UIS:
        page = DOCS / "kinds" / f"{kind}.md"
        assert page.exists(), f"no docs/kinds/{kind}.md"
        rules = get_ui(kind).help.split("## Keys")[0].split("\n", 1)[1]
        words = " ".join(rules.split())
        assert len(words) > 80 and words in " ".join(page.read_text(encoding="utf-8").split()), (
            f"docs/kinds/{kind}.md lacks the help screen's rules: {words[:60]}..."
        )

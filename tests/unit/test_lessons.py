"""Lessons (issue 42): a lesson for every rule `explain` names, its board found by the engine,
its rule the same word in `h` and `explain`, cached, exported, its progress kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from queens_tui.catalog import lessons as catalog
from queens_tui.cli import main
from queens_tui.formats import load_puzzle
from queens_tui.kinds import get_kind
from queens_tui.midend.lesson import gives, open_lesson
from queens_tui.store.lessons import FILE, LessonProgress
from tests.lessons_helpers import first_pack, quick_lessons, write_cache

KINDS = catalog.lesson_kinds()
PACK_KINDS = tuple(k for k in KINDS if not catalog.on_a_board(k))
"""The kinds with bundled packs and `explain` (classic N-queens has neither)."""


def explained_rules(kind: str, levels: list[tuple[str, Path]]) -> set[str]:
    """Every rule id `explain` names over `levels` (the exact search's step is no rule)."""
    rules: set[str] = set()
    for _, path in levels:
        rules |= {str(s["rule"]) for s in get_kind(kind).explain(load_puzzle(path)).steps}
    return rules - {"solver"}


def test_every_kind_has_lessons() -> None:
    assert set(KINDS) == {"queens", "tango", "zip", "sudoku", "patches", "classic"}
    for kind in KINDS:
        assert set(get_kind(kind).lesson_words()) == set(catalog.rule_order(kind)), kind


@pytest.mark.parametrize("kind", PACK_KINDS)
@pytest.mark.slow  # 11 s at load 12 on 2 cores: run by `pytest -m slow`
def test_every_rule_explain_names_on_a_pack_has_a_lesson(kind: str) -> None:
    """The quick version of the coverage check: the kind's first pack, its lessons found on
    that pack alone."""
    pack = first_pack(kind)
    taught = {x.rule for x in quick_lessons(kind)}
    missing = explained_rules(kind, pack) - taught
    assert not missing, f"{kind}: no lesson for {sorted(missing)}"


@pytest.mark.slow
@pytest.mark.parametrize("kind", PACK_KINDS)
def test_every_rule_explain_names_on_every_bundled_pack_has_a_lesson(kind: str) -> None:
    from queens_tui.formats.bundled import bundled_levels

    levels = bundled_levels(kind)
    taught = {x.rule for x in catalog.find_lessons(kind, levels)}
    missing = explained_rules(kind, levels) - taught
    assert not missing, f"{kind}: no lesson for {sorted(missing)}"


@pytest.mark.parametrize("kind", KINDS)
def test_lessons_go_from_the_simplest_rule_to_the_hardest(kind: str) -> None:
    found = quick_lessons(kind)
    tiers = [x.tier for x in found]
    assert tiers == sorted(tiers)
    order = catalog.rule_order(kind)
    assert [x.rule for x in found] == [r for r in order if r in {x.rule for x in found}]


@pytest.mark.parametrize("kind", KINDS)
def test_on_a_lessons_board_h_names_its_rule_and_explain_starts_with_it(kind: str) -> None:
    """One vocabulary: the hint on the lesson's position names the lesson's rule, and on an
    exportable board `explain`'s first step is that rule too."""
    for lesson in quick_lessons(kind):
        level, state = catalog.board(lesson)
        hint = get_kind(kind).play.hint(state)
        assert hint is not None and hint.rule == lesson.rule, lesson.id
        if lesson.at_a_start:
            assert catalog.first_rule(kind, level) == lesson.rule, lesson.id


@pytest.mark.parametrize("kind", ["zip", "patches"])
def test_zip_and_patches_hints_name_explains_rules(kind: str) -> None:
    """Zip's hint said only `next-stretch` and Patches' only `single`: now each names the rule
    as `explain` does, along a whole logical solution."""
    _, path = first_pack(kind)[0]
    level = load_puzzle(path)
    rules = get_kind(kind).play
    names = set(get_kind(kind).rule_tiers())
    state = rules.new_state(level)
    seen = set()
    while not rules.is_solved(state):
        hint = rules.hint(state)
        assert hint is not None and hint.move is not None
        assert hint.rule in names, hint.rule
        seen.add(hint.rule)
        state = rules.apply(state, hint.move)
    assert seen - {"single", "corridor", "end-exit"} or len(seen) > 1


def test_every_lesson_exports_and_reopens_on_its_board(tmp_path: Path, monkeypatch) -> None:
    """`learn --export` writes every lesson as `<kind>-<rule>.txt` (a position inside a level
    with its `position:` section); each file opens on the lesson's position (what `play` sets
    up: the kind's `new_state`), and its first explained step is the lesson's rule (lessons
    from each kind's first pack)."""
    data = tmp_path / "data"
    monkeypatch.setenv("QUEENS_TUI_DATA_DIR", str(data))
    found = [x for kind in KINDS for x in quick_lessons(kind)]
    assert {x.kind for x in found if x.position is not None} >= {"queens", "zip", "classic"}
    assert all(x.exportable for x in found)
    write_cache(data, found)
    out = tmp_path / "out"
    assert main(["learn", "--export", str(out)]) == 0
    written = sorted(p.name for p in out.iterdir())
    assert written == sorted(catalog.export_name(x) for x in found)
    for lesson in found:
        path = out / catalog.export_name(lesson)
        level = load_puzzle(path)
        rules = get_kind(lesson.kind).play
        _, state = catalog.board(lesson)
        assert rules.state_to_json(rules.new_state(level)) == rules.state_to_json(state), path
        assert (level.position is not None) == (lesson.position is not None), path
        steps = get_kind(lesson.kind).explain_play(level).steps
        assert steps[0]["rule"] == lesson.rule, path.name
        assert catalog.first_rule(lesson.kind, level) == lesson.rule, path.name


def test_export_writes_over_its_own_files_and_refuses_anyone_elses(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("QUEENS_TUI_DATA_DIR", str(data))
    found = [x for x in quick_lessons("tango") if x.exportable][:2]
    write_cache(data, found)
    out = tmp_path / "out"
    assert main(["learn", "--export", str(out)]) == 0
    assert main(["learn", "--export", str(out)]) == 0  # its own files: written again
    theirs = out / f"{found[1].id}.txt"
    theirs.write_text("my notes\n")
    capsys.readouterr()
    assert main(["learn", "--export", str(out)]) == 2
    err = capsys.readouterr().err
    assert str(theirs) in err and "did not write" in err
    assert theirs.read_text() == "my notes\n"
    theirs.unlink()
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("# name: Lesson: not a lesson, a link's target\n")
    theirs.symlink_to(elsewhere)  # a link, even to a file that looks like ours: refused
    assert main(["learn", "--export", str(out)]) == 2
    assert theirs.is_symlink() and elsewhere.read_text().startswith("# name: Lesson: not")


def test_list_prints_kind_rule_title_and_source(tmp_path: Path, monkeypatch, capsys) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("QUEENS_TUI_DATA_DIR", str(data))
    found = list(quick_lessons("sudoku"))
    write_cache(data, found)
    assert main(["learn", "--list", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(x["kind"], x["rule"], x["title"], x["source"]) for x in lines] == [
        (x.kind, x.rule, x.title, x.source) for x in found
    ]
    assert main(["learn", "--list"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0].split("\t")[:3] == [found[0].kind, found[0].rule, found[0].title]
    assert main(["learn", "--json"]) == 2


def counted_builds(monkeypatch) -> tuple[list[catalog.Lesson], list[int]]:
    """(the lessons every build gives, one item a build): `catalog.build` replaced by one
    that counts its calls and returns Patches' quick lessons."""
    built: list[int] = []
    made = list(quick_lessons("patches"))

    def build() -> list[catalog.Lesson]:
        built.append(1)
        return made

    monkeypatch.setattr(catalog, "build", build)
    return made, built


def test_the_cache_is_read_until_the_packs_change(tmp_path: Path, monkeypatch) -> None:
    made, built = counted_builds(monkeypatch)
    assert catalog.lessons(tmp_path) == made and len(built) == 1
    assert catalog.lessons(tmp_path) == made and len(built) == 1  # the cache
    assert [p.name for p in tmp_path.iterdir()] == [catalog.CACHE_FILE]  # no temp file left
    monkeypatch.setattr(catalog, "packs_stamp", lambda: "other packs")
    assert catalog.lessons(tmp_path) == made and len(built) == 2  # rebuilt
    (tmp_path / catalog.CACHE_FILE).write_text("{not json")
    assert catalog.lessons(tmp_path) == made and len(built) == 3
    body = json.loads((tmp_path / catalog.CACHE_FILE).read_text())
    body["lessons"][0]["kind"] = "chess"  # a cache that parses but is not ours
    (tmp_path / catalog.CACHE_FILE).write_text(json.dumps(body))
    assert catalog.lessons(tmp_path) == made and len(built) == 4


def test_the_cache_is_rebuilt_when_a_rule_changes(tmp_path: Path, monkeypatch) -> None:
    """The cache is keyed on the deduction's source too: every lesson kind's deduction (and
    its hints and words) is hashed, and a change of its content rebuilds the lessons."""
    files = {
        p.relative_to(Path(catalog.__file__).parents[1]).as_posix() for p in catalog.code_files()
    }
    for module in (
        "kinds/queens/deduce/probes.py",
        "kinds/queens/play.py",
        "kinds/tango/deduce.py",
        "kinds/zip/deduce.py",
        "kinds/sudoku/deduce.py",
        "kinds/patches/deduce.py",
        "kinds/classic/play.py",
        "solver/classic.py",
        "catalog/lessons.py",
    ):
        assert module in files, module
    rule = tmp_path / "deduce.py"
    rule.write_text("RULE = 'last cell'\n")
    monkeypatch.setattr(catalog, "code_files", lambda: [rule])
    made, built = counted_builds(monkeypatch)
    data = tmp_path / "data"
    assert catalog.lessons(data) == made and len(built) == 1
    assert catalog.lessons(data) == made and len(built) == 1  # the same code: the cache
    rule.write_text("RULE = 'last cell in a row'\n")
    assert catalog.lessons(data) == made and len(built) == 2  # a rule changed: rebuilt


def test_progress_is_kept_and_a_corrupt_file_is_set_aside(tmp_path: Path) -> None:
    progress = LessonProgress(tmp_path)
    assert not progress.is_done("queens-common_attack") and progress.notice is None
    assert progress.mark_done("queens-common_attack")
    assert not progress.mark_done("queens-common_attack")
    assert LessonProgress(tmp_path).is_done("queens-common_attack")  # after a relaunch
    (tmp_path / FILE).write_text('{"format": "queens-tui-lessons-done", "version": 1, "done": 3}')
    again = LessonProgress(tmp_path)
    assert not again.done and again.notice is not None and "starts over" in again.notice
    aside = [p.name for p in tmp_path.iterdir() if p.name.startswith(f"{FILE}.corrupt-")]
    assert len(aside) == 1


@pytest.mark.parametrize("kind", KINDS)
def test_the_rules_move_is_right_and_another_is_wrong(kind: str) -> None:
    rules = get_kind(kind).play
    for lesson in quick_lessons(kind):
        _, play = open_lesson(lesson)
        assert play.hint is not None and play.hint.move is not None
        start = play.start
        assert play.judge(rules, start, start) is None
        assert play.judge(rules, start, rules.apply(start, play.hint.move))


def test_one_cell_of_a_rule_that_crosses_several_is_right() -> None:
    """A Queens rule that crosses out several cells: crossing any one of them is right,
    crossing another cell is not."""
    from queens_tui.kinds.queens.board import Mark, Move

    rules = get_kind("queens").play
    for lesson in quick_lessons("queens"):
        _, play = open_lesson(lesson)
        assert play.hint is not None
        crosses = [c for c, role in play.hint.marks.items() if role == "cross"]
        if len(crosses) < 2:
            continue
        start = play.start
        one = rules.apply(start, Move(((crosses[1], Mark.CROSS),)))
        assert gives(rules, start, one, play.hint.move)
        free = [
            (r, c)
            for r in range(start.level.size)
            for c in range(start.level.size)
            if (r, c) not in play.hint.marks
            and rules.apply(start, Move((((r, c), Mark.CROSS),))) != start
        ]
        other = rules.apply(start, Move(((free[0], Mark.CROSS),)))
        assert not gives(rules, start, other, play.hint.move)
        return
    pytest.fail("no Queens lesson crosses out two cells on the first pack")


@pytest.mark.parametrize("kind", KINDS)
def test_each_kinds_page_lists_its_lessons(kind: str) -> None:
    page = (Path(__file__).parents[2] / "docs" / "kinds" / f"{kind}.md").read_text()
    assert "## Lessons" in page
    for lesson in quick_lessons(kind):
        assert f"{lesson.title} (`{lesson.rule}`)" in page, lesson.id


def test_learn_refuses_bad_input_in_one_line(tmp_path: Path, monkeypatch, capsys) -> None:
    """Not a terminal: the game does not start; --export onto a file: refused."""
    monkeypatch.setenv("QUEENS_TUI_DATA_DIR", str(tmp_path / "data"))
    write_cache(tmp_path / "data", quick_lessons("tango"))
    monkeypatch.setattr("queens_tui.cli.play.on_a_terminal", lambda: False)
    assert main(["learn"]) == 2
    assert "not a terminal" in capsys.readouterr().err
    a_file = tmp_path / "f.txt"
    a_file.write_text("mine\n")
    assert main(["learn", "--export", str(a_file)]) == 2
    assert capsys.readouterr().err.strip() == f"{a_file}: not a folder"
    assert a_file.read_text() == "mine\n"


def test_classic_teaches_its_last_free_cell_on_a_position_along_a_solution() -> None:
    (lesson,) = quick_lessons("classic")
    assert lesson.rule == "last cell" and lesson.source == "classic:8" and lesson.step > 0
    assert lesson.exportable  # as its board of 8 and the position on it (`formats.classic`)
    assert catalog.export_name(lesson) == "classic-last_cell.txt"
    assert isinstance(lesson.position, dict) and "helped" not in lesson.position  # fresh
    _, play = open_lesson(lesson)
    assert play.hint is not None and play.hint.rule == "last cell"
    assert play.hint.text.startswith(f"{lesson.title}:")  # the hint names it as the lesson does

"""Issue 36: one real picture of each kind, read with the kind left to the picture.

The default run reads the first; the other four are `slow` (the whole folders are
`tests/benchmarks/picture_rates.py` and the slow tests): a plain Queens board once refused
as a Patches board, a Tango board, a solved Zip with no grid line, a solved Mini Sudoku
with grey givens, a Patches board with free clues. Each is judged against its sidecar's
truth, as the rates are. Skipped when ../shared/screens is not here.
"""

from __future__ import annotations

import pytest

from tests.benchmarks import picture_rates

CHOSEN = {
    "queens": "ryan-zhao313-queens-solver__test_256.PNG",
    "tango": "Oscar-sandbox-linkedin-tango-solver__examples_inputs_Tango_72.png",
    "zip": "linkedinoyuncozumleri-linkedingamesolutions__images_zip_20250808.jpeg",
    "sudoku": "linkedinoyuncozumleri-linkedingamesolutions__images_minisudoku_20251005.jpeg",
    "patches": "santipvz-linkedin-puzzle-solvers__games_patches_solver_examples_sample2.png",
}


@pytest.mark.parametrize(
    "kind",
    # the default run keeps the Queens regression; the others take 2-5 s each at load 15
    [k if k == "queens" else pytest.param(k, marks=pytest.mark.slow) for k in CHOSEN],
)
def test_a_real_picture_of_each_kind_reads_right_with_no_kind_given(kind: str) -> None:
    found = {p.name: p for p in picture_rates.pictures(kind)}
    if CHOSEN[kind] not in found:
        pytest.skip(f"../shared/screens/{picture_rates.FOLDERS[kind]}/{CHOSEN[kind]} is not here")
    why, _seconds = picture_rates.judge(kind, found[CHOSEN[kind]])
    assert why is None

"""The words of Queens' lessons (what they are: `core.kind.KindBase.lesson_words`)."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    "last_cell_row": (
        "Last cell in a row",
        "Every row holds exactly one queen. When all but one cell of a row is crossed out, "
        "the queen goes in the cell that is left.",
    ),
    "last_cell_column": (
        "Last cell in a column",
        "Every column holds exactly one queen. When all but one cell of a column is crossed "
        "out, the queen goes in the cell that is left.",
    ),
    "last_cell_region": (
        "Last cell in a region",
        "Every coloured region holds exactly one queen. A region with one cell left (or only "
        "one cell at all) takes its queen there.",
    ),
    "confinement_region_row": (
        "A region inside one row",
        "When every cell a region has left lies in one row, that region's queen is in that "
        "row. So no other region can use the row: cross out the row's other cells.",
    ),
    "confinement_region_column": (
        "A region inside one column",
        "When every cell a region has left lies in one column, that region's queen is in "
        "that column. So no other region can use the column: cross out its other cells.",
    ),
    "confinement_row_region": (
        "A row inside one region",
        "When every cell a row has left lies in one region, the row's queen is that region's "
        "queen. Cross out the region's cells outside the row.",
    ),
    "confinement_column_region": (
        "A column inside one region",
        "When every cell a column has left lies in one region, the column's queen is that "
        "region's queen. Cross out the region's cells outside the column.",
    ),
    "pigeonhole_regions_rows": (
        "Regions that share rows",
        "When k regions fit inside the same k rows, their k queens fill those rows. No other "
        "region can put a queen there: cross out the rest of those rows.",
    ),
    "pigeonhole_regions_columns": (
        "Regions that share columns",
        "When k regions fit inside the same k columns, their k queens fill those columns. "
        "Cross out the other regions' cells in those columns.",
    ),
    "pigeonhole_rows_regions": (
        "Rows that share regions",
        "When the cells left in k rows lie in just k regions, those rows take those regions' "
        "queens. Cross out the regions' cells outside the rows.",
    ),
    "pigeonhole_columns_regions": (
        "Columns that share regions",
        "When the cells left in k columns lie in just k regions, those columns take those "
        "regions' queens. Cross out the regions' cells outside the columns.",
    ),
    "common_attack": (
        "A cell every queen would attack",
        "Queens never touch, not even at a corner, and never share a row or column. A cell "
        "attacked by every cell a region has left can never hold a queen: cross it out.",
    ),
    "probe_depth1": (
        "Try a queen and see it fail",
        "Imagine a queen on a cell. If that would leave some row, column or region with no "
        "cell at all, the queen can't go there: cross the cell out.",
    ),
    "probe_depth2": (
        "Look two moves ahead",
        "Imagine a queen on a cell, then follow the simple rules one step further. If that "
        "leaves some row, column or region empty, the cell is crossed out.",
    ),
    "probe_depth3": (
        "Look three moves ahead",
        "The deepest trial: a queen on a cell, then the rules followed further. When every "
        "way on breaks a row, column or region, the cell is crossed out.",
    ),
}

// How an admin table scrolls sideways (issue 22 item 6). With `scroll.x: "max-content"` a wide
// table scrolled only by its own scrollbar under the last row, below the fold on a 1366x768
// laptop, so the columns under the fixed actions column could not be reached. Now every column
// has a width and the table scrolls from their sum (only where the window is narrower), and its
// rows scroll inside a body no taller than the window leaves, so the sideways scrollbar is always
// in view. (antd's `sticky` scrollbar was tried: it hides the table's own scrollbar and shows its
// own only while the table's bottom is below the window, so a short table had none at all.)
import type { TableProps } from "antd";

/** Widths of the actions column: its padding, a generic button (edit, delete), an own action. */
export const ACTION_WIDTH = { padding: 32, button: 72, own: 104 } as const;

/** The page above and below the rows: title, search form, header row, pagination. */
const AROUND_ROWS = 340;

type Column = { width?: number | string };

export function scrollOf(columns: readonly Column[]): Pick<TableProps, "scroll" | "tableLayout"> {
  const x = columns.reduce((sum, c) => sum + (typeof c.width === "number" ? c.width : 0), 0);
  return { scroll: { x, y: `max(240px, calc(100vh - ${AROUND_ROWS}px))` }, tableLayout: "fixed" };
}

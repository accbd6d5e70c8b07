// The task centre's columns (spec 3 task fields) as data (issue 21: thirteen columns in 1,064 px put
// the two status columns behind a horizontal scroll). The title and the two statuses are the key
// columns: always shown, the title fixed at the left and the statuses at the right, so they stay
// in view whatever scrolls. The other columns are the person's choice (the column chooser); the
// four dates that matter least start hidden, so the default fits a 1366 px laptop with the sider
// open. The choice is kept per person in this browser.
export type ColumnKey =
  | "title"
  | "type"
  | "requestDate"
  | "requestor"
  | "approvedBy"
  | "pendingOn"
  | "reminderDate"
  | "startDate"
  | "endDate"
  | "completionDate"
  | "processStatus"
  | "approvalStatus";

export interface ColumnSpec {
  key: ColumnKey;
  width: number;
  /** Always shown; not offered by the chooser. */
  always?: true;
  /** Where a key column is fixed on a wide screen. */
  fixed?: "left" | "right";
  /** Shown until the person chooses otherwise. */
  shownByDefault: boolean;
}

/** In reading order. Widths in px; the selection checkbox adds 32 on the pending list. */
export const COLUMNS: readonly ColumnSpec[] = [
  { key: "title", width: 240, always: true, fixed: "left", shownByDefault: true },
  { key: "type", width: 110, shownByDefault: true },
  { key: "requestDate", width: 140, shownByDefault: true },
  { key: "requestor", width: 96, shownByDefault: true },
  { key: "approvedBy", width: 96, shownByDefault: true },
  { key: "pendingOn", width: 96, shownByDefault: true },
  { key: "reminderDate", width: 110, shownByDefault: false },
  { key: "startDate", width: 110, shownByDefault: false },
  { key: "endDate", width: 110, shownByDefault: false },
  { key: "completionDate", width: 110, shownByDefault: false },
  { key: "processStatus", width: 112, always: true, fixed: "right", shownByDefault: true },
  { key: "approvalStatus", width: 112, always: true, fixed: "right", shownByDefault: true },
];

/** The columns the chooser offers (every column but the key ones). */
export const OPTIONAL: readonly ColumnKey[] = COLUMNS.filter((c) => !c.always).map((c) => c.key);
export const DEFAULT_OPTIONAL: readonly ColumnKey[] = COLUMNS.filter((c) => !c.always && c.shownByDefault).map((c) => c.key);

/** The columns shown for a choice of optional ones, in reading order. */
export function shownColumns(chosen: readonly ColumnKey[]): ColumnSpec[] {
  const wanted = new Set(chosen);
  return COLUMNS.filter((c) => c.always || wanted.has(c.key));
}

/** The table's scroll width: the shown columns and the selection checkbox. */
export function tableWidth(columns: readonly ColumnSpec[], selectable: boolean): number {
  return columns.reduce((sum, c) => sum + c.width, selectable ? 32 : 0);
}

const storageKey = (userId: number) => `taskCentreColumns:${userId}`;

/** The person's choice kept in this browser, or the default (a hand-edited value is ignored). */
export function readChosen(userId: number | null, storage: Pick<Storage, "getItem"> = localStorage): ColumnKey[] {
  if (userId === null) return [...DEFAULT_OPTIONAL];
  try {
    const raw: unknown = JSON.parse(storage.getItem(storageKey(userId)) ?? "null");
    if (!Array.isArray(raw)) return [...DEFAULT_OPTIONAL];
    return OPTIONAL.filter((key) => raw.includes(key));
  } catch {
    return [...DEFAULT_OPTIONAL];
  }
}

export function writeChosen(userId: number | null, chosen: readonly ColumnKey[], storage: Pick<Storage, "setItem"> = localStorage): void {
  if (userId === null) return;
  try {
    storage.setItem(storageKey(userId), JSON.stringify(OPTIONAL.filter((key) => chosen.includes(key))));
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
}

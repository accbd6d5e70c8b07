// The App centre's list logic: favourites first, chips and search, moving rows, order numbers.
import { describe, expect, it } from "vitest";

import {
  ALL,
  distinctApps,
  groupKey,
  isAddress,
  isHttpUrl,
  matchesQuery,
  moveItem,
  reorderSlots,
  sortApps,
  sortChanges,
  tagName,
  UNTAGGED,
  visibleGroups,
  withFavorite,
  type LabelAppGroup,
  type PersonalApp,
} from "./appCentre";

const app = (id: number, appName: string, appSort: number, favoriteStatus: 0 | 1 = 0, appUrl = `https://app${id}.example.com`): PersonalApp => ({
  id,
  userId: 7,
  appName,
  appUrl,
  appSort,
  favoriteStatus,
  diyStatus: 0,
});

const groups: LabelAppGroup[] = [
  { labelId: null, labelName: null, labelEnName: null, apps: [app(5, "Mail", 5)] },
  { labelId: 2, labelName: "财务", labelEnName: "Finance", apps: [app(1, "Expenses", 3), app(2, "Travel", 1, 1)] },
  { labelId: 3, labelName: "人事", labelEnName: "HR", apps: [app(3, "Leave", 2), app(1, "Expenses", 3)] },
];

describe("app centre logic", () => {
  it("names tags by language and falls back to the other name", () => {
    expect(tagName({ labelName: "财务", labelEnName: "Finance" }, "en")).toBe("Finance");
    expect(tagName({ labelName: "财务", labelEnName: "Finance" }, "cn")).toBe("财务");
    expect(tagName({ labelName: "财务", labelEnName: " " }, "en")).toBe("财务");
    expect(groupKey({ labelId: null })).toBe(UNTAGGED);
    expect(groupKey({ labelId: 12 })).toBe("12");
  });

  it("lists favourites first, then by appSort, then by id", () => {
    const sorted = sortApps([app(1, "a", 3), app(2, "b", 1), app(3, "c", 9, 1), app(4, "d", 1)]);
    expect(sorted.map((a) => a.id)).toEqual([3, 2, 4, 1]);
  });

  it("shows every group under all with the untagged group last, and one group for a chip", () => {
    const all = visibleGroups(groups, ALL, "");
    expect(all.map(groupKey)).toEqual(["2", "3", UNTAGGED]);
    expect(all[0].apps.map((a) => a.appName)).toEqual(["Travel", "Expenses"]);
    expect(visibleGroups(groups, "3", "").map(groupKey)).toEqual(["3"]);
    expect(visibleGroups(groups, UNTAGGED, "").map((g) => g.apps.map((a) => a.id))).toEqual([[5]]);
  });

  it("filters by search text (name or address, any case) and drops emptied groups", () => {
    expect(matchesQuery(app(1, "Expenses", 0), "  EXP ")).toBe(true);
    expect(matchesQuery(app(1, "Expenses", 0, 0, "https://claims.example.com"), "claims")).toBe(true);
    expect(matchesQuery(app(1, "Expenses", 0), "leave")).toBe(false);
    const found = visibleGroups(groups, ALL, "expen");
    expect(found.map(groupKey)).toEqual(["2", "3"]);
    expect(found.flatMap((g) => g.apps.map((a) => a.id))).toEqual([1, 1]);
    expect(visibleGroups(groups, ALL, "nothing like it")).toEqual([]);
  });

  it("counts an app with several tags once and stars it in every group", () => {
    expect(distinctApps(groups).map((a) => a.id)).toEqual([2, 3, 1, 5]);
    const starred = withFavorite(groups, 1, 1);
    expect(starred[1].apps.find((a) => a.id === 1)?.favoriteStatus).toBe(1);
    expect(starred[2].apps.find((a) => a.id === 1)?.favoriteStatus).toBe(1);
    expect(groups[1].apps[0].favoriteStatus).toBe(0); // the input is untouched
  });

  it("moves a row, clamping at both ends", () => {
    expect(moveItem(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moveItem(["a", "b", "c"], 2, 5)).toEqual(["a", "b", "c"]);
    expect(moveItem(["a", "b", "c"], 7, 0)).toEqual(["a", "b", "c"]);
  });

  it("keeps the rows' own slots when reordering and spreads equal ones", () => {
    expect(reorderSlots([9, 4, 20])).toEqual([4, 9, 20]);
    expect(reorderSlots([0, 0, 0])).toEqual([0, 1, 2]);
    expect(reorderSlots([3, null, 3])).toEqual([0, 3, 4]);
    expect(reorderSlots([100_000, 100_000])).toEqual([99_999, 100_000]);
  });

  it("saves only the rows whose order number changed", () => {
    const rows = [
      { id: 10, sort: 4 },
      { id: 11, sort: 9 },
      { id: 12, sort: 20 },
    ];
    const reordered = moveItem(rows, 2, 1); // 10, 12, 11
    expect(sortChanges(reordered, (r) => r.sort)).toEqual([
      { id: 12, sort: 9 },
      { id: 11, sort: 20 },
    ]);
    expect(sortChanges(rows, (r) => r.sort)).toEqual([]);
  });

  it("accepts http(s) addresses for apps and also portal paths for icons and reports", () => {
    expect(isHttpUrl("https://expenses.example.com")).toBe(true);
    expect(isHttpUrl(" http://a.example.com/x?y=1 ")).toBe(true);
    expect(isHttpUrl("javascript:alert(1)")).toBe(false);
    expect(isHttpUrl("ftp://files.example.com")).toBe(false);
    expect(isHttpUrl("/app-icons/mail.svg")).toBe(false);
    expect(isHttpUrl("")).toBe(false);
    expect(isAddress("/demo-reports/sales.html")).toBe(true);
    expect(isAddress("//evil.example.com/x")).toBe(false);
    expect(isAddress("data:text/html,hi")).toBe(false);
    expect(isAddress(`https://a.example.com/${"x".repeat(2000)}`)).toBe(false);
  });
});

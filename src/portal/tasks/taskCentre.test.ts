import { describe, expect, it } from "vitest";

import { i18n } from "../../i18n";
import {
  APPROVAL_STATUSES,
  BATCH_LIMIT,
  PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  approvalGroup,
  approvalOptionGroups,
  batchCheck,
  canBatch,
  defaultFilters,
  limitSelection,
  listParams,
  processStatusKey,
  taskQuery,
  titleTooLong,
} from "./taskCentre";

const label = (lng: "cn" | "en", key: string) => i18n.getFixedT(lng, "taskCentre")(key);

describe("process status labels (spec 4)", () => {
  it("names every code 0-7 in both languages", () => {
    const cn = [0, 1, 2, 3, 4, 5, 6, 7].map((c) => label("cn", processStatusKey(c)!));
    expect(cn).toEqual(["已退回", "待分配", "待处理", "处理中", "已完成", "超时完结", "暂存", "异常完结"]);
    const en = [0, 1, 2, 3, 4, 5, 6, 7].map((c) => label("en", processStatusKey(c)!));
    expect(en).toEqual(["Returned", "To assign", "To handle", "In progress", "Done", "Closed after time-out", "Saved draft", "Closed on error"]);
  });

  it("has no label for none or an unknown code (the cell shows --)", () => {
    for (const code of [null, undefined, -1, 8, 2.5]) expect(processStatusKey(code)).toBeNull();
  });
});

describe("approval status helper (spec 4)", () => {
  it("groups 1 draft, 2 and 4 in approval, 32 passed, 8 and 16 rejected", () => {
    expect(APPROVAL_STATUSES.map((c) => [c, approvalGroup(c)])).toEqual([
      [1, "draft"],
      [2, "inApproval"],
      [4, "inApproval"],
      [8, "rejected"],
      [16, "rejected"],
      [32, "passed"],
    ]);
    expect(approvalGroup(null)).toBeNull();
    expect(approvalGroup(3)).toBeNull();
    expect(label("cn", `approval.${approvalGroup(4)}`)).toBe("审批中");
    expect(label("cn", `approval.${approvalGroup(16)}`)).toBe("已驳回");
    expect(label("en", `approval.${approvalGroup(32)}`)).toBe("Passed");
  });

  it("offers each code of a group in the filter", () => {
    expect(approvalOptionGroups()).toEqual([
      { group: "draft", codes: [1] },
      { group: "inApproval", codes: [2, 4] },
      { group: "passed", codes: [32] },
      { group: "rejected", codes: [8, 16] },
    ]);
  });
});

describe("lists", () => {
  it("asks pending, processed and initiated as the contract reads them", () => {
    expect(listParams("pending")).toEqual({ receiveOrSponsor: 0, handledStatus: 0 });
    expect(listParams("processed")).toEqual({ receiveOrSponsor: 0, handledStatus: 1 });
    expect(listParams("initiated")).toEqual({ receiveOrSponsor: 1, handledStatus: 1 });
    expect(listParams("initiated", "drafts")).toEqual({ receiveOrSponsor: 1, handledStatus: 0 });
  });

  it("offers batch processing on the pending list only", () => {
    expect([canBatch("pending"), canBatch("processed"), canBatch("initiated")]).toEqual([true, false, false]);
  });

  it("builds the getTaskPage body with only the filters set", () => {
    const filters = { title: "  合同 ", processStatus: 0 as const, approvalStatus: null, range: ["2026-05-22", "2026-11-22"] as [string, string] };
    expect(taskQuery("processed", "submitted", filters, 3, 20)).toEqual({
      page: 3,
      pageSize: 20,
      taskStatus: null,
      completeStatus: null,
      receiveOrSponsor: 0,
      handledStatus: 1,
      title: "合同",
      processStatus: 0,
      startDate: "2026-05-22",
      endDate: "2026-11-22",
    });
    const bare = taskQuery("pending", "submitted", { title: "  ", processStatus: null, approvalStatus: 32, range: null }, 1, 10);
    expect(bare).toEqual({ page: 1, pageSize: 10, taskStatus: null, completeStatus: null, receiveOrSponsor: 0, handledStatus: 0, approvalStatus: 32 });
  });

  it("pages by 10 with the options 10, 20, 50, 100 (spec 9)", () => {
    expect(PAGE_SIZE).toBe(10);
    expect([...PAGE_SIZE_OPTIONS]).toEqual([10, 20, 50, 100]);
  });

  it("refuses a title filter over 100 characters", () => {
    expect(titleTooLong("a".repeat(100))).toBe(false);
    expect(titleTooLong("a".repeat(101))).toBe(true);
  });
});

describe("batch selection limit (spec 5)", () => {
  const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

  it("takes additions up to 10", () => {
    expect(BATCH_LIMIT).toBe(10);
    expect(limitSelection([1, 2], [1, 2, 3])).toEqual({ keys: [1, 2, 3], refused: 0 });
    expect(limitSelection([], ten)).toEqual({ keys: ten, refused: 0 });
  });

  it("refuses an 11th record and keeps the ten", () => {
    expect(limitSelection(ten, [...ten, 11])).toEqual({ keys: ten, refused: 1 });
  });

  it("fills a page selection up to the limit and counts what was left out", () => {
    expect(limitSelection([1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5, 6, 7, 8, 20, 21, 22, 23])).toEqual({ keys: [1, 2, 3, 4, 5, 6, 7, 8, 20, 21], refused: 2 });
  });

  it("always lets records go", () => {
    expect(limitSelection(ten, [2, 4])).toEqual({ keys: [2, 4], refused: 0 });
    expect(limitSelection(ten, [])).toEqual({ keys: [], refused: 0 });
  });

  it("tells the batch button what to do", () => {
    expect(batchCheck(0)).toBe("none");
    expect(batchCheck(1)).toBe("ok");
    expect(batchCheck(10)).toBe("ok");
    expect(batchCheck(11)).toBe("tooMany");
  });
});

describe("default date range", () => {
  it("uses the server's six-month range", () => {
    expect(defaultFilters({ startDate: "2026-05-22", endDate: "2026-11-22" })).toEqual({
      title: "",
      processStatus: null,
      approvalStatus: null,
      range: ["2026-05-22", "2026-11-22"],
    });
  });

  it("falls back to no date bound, never an invented range", () => {
    expect(defaultFilters(null).range).toBeNull();
    expect(defaultFilters(undefined).range).toBeNull();
    expect(defaultFilters({ startDate: "2026-02-30", endDate: "2026-08-30" }).range).toBeNull();
    expect(defaultFilters({ startDate: "2026-11-22", endDate: "2026-05-22" }).range).toBeNull();
    expect(defaultFilters({ startDate: "22/05/2026", endDate: "2026-11-22" }).range).toBeNull();
  });
});

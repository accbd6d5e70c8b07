// The page request's filters from a definition's search form (issue 22): a date range as its two
// request fields, an equality where the definition asks for one, options from a query as equality.
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";

import audit from "../resources/sysAudit";
import users from "../resources/sysUser";
import { filtersOf } from "./ResourceList";

describe("filtersOf", () => {
  it("sends the audit log's day range as createTimeFrom/createTimeTo and the record as an equality", () => {
    const filters = filtersOf(audit, { createTime: [dayjs("2026-11-02T10:00:00"), null], entityId: " 12 ", userName: " ad " });
    expect(filters).toEqual(
      expect.arrayContaining([
        { field: "createTimeFrom", operator: "eq", value: "2026-11-02" },
        { field: "createTimeTo", operator: "eq", value: undefined },
        { field: "entityId", operator: "eq", value: "12" },
        { field: "userName", operator: "contains", value: "ad" },
      ]),
    );
    expect(filters.some((f) => "field" in f && f.field === "createTime")).toBe(false);
  });

  it("sends a role picked from the server's list as an equality on its code", () => {
    expect(filtersOf(users, { roleCode: "editor" })).toContainEqual({ field: "roleCode", operator: "eq", value: "editor" });
  });
});

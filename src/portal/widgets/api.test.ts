// The cards' calls through the real client (injected fetch): the contract's paths and bodies, the
// spec 9 caps, and spec 8's quiet failures (SILENT: no toast; the app call logs resultMessage).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { envelope, json, testClient } from "../../api/test-support";
import { fetchCalendarDay, fetchReports, fetchTaskPage, fetchTaskPending, fetchWidgetApps } from "./api";

const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));
const failed = () => json(500, envelope(500, "服务器错误", "Server error"));
const report = (id: number) => ({ id, dataName: `R${id}`, dataUrl: `/demo-reports/${id}.html`, userId: 7, pcOrH5Status: 2 });
const app = (id: number) => ({ id, appName: `App ${id}`, appIconUrl: null, appUrl: `https://apps.example/${id}` });

beforeEach(() => sessionStorage.setItem("userId", "7"));
afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe("my data", () => {
  it("asks for the user's PC reports and keeps at most 10", async () => {
    const t = testClient(() => ok(Array.from({ length: 12 }, (_, i) => report(i + 1))));
    const rows = await fetchReports(t.client);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const url = new URL(t.requests[0].url);
    expect(t.requests[0].method).toBe("GET");
    expect(url.pathname).toBe("/portal-api/personalChart/listByUserId");
    expect(Object.fromEntries(url.searchParams)).toEqual({ userId: "7", pcOrH5Status: "2" });
  });

  it("fails without a toast", async () => {
    const t = testClient(failed);
    await expect(fetchReports(t.client)).rejects.toThrow();
    expect(t.notified).toEqual([]);
  });
});

describe("my apps", () => {
  it("asks for the widget's PC apps and keeps the first 15", async () => {
    const t = testClient(() => ok(Array.from({ length: 20 }, (_, i) => app(i + 1))));
    const apps = await fetchWidgetApps(t.client);
    expect(apps).toHaveLength(15);
    expect(apps[14].id).toBe(15);
    const url = new URL(t.requests[0].url);
    expect(url.pathname).toBe("/portal-api/personalApp/listWidgetApp");
    expect(url.searchParams.get("pcOrH5Status")).toBe("2");
  });

  it("logs resultMessage of a non-zero code and fails (the card says so), without a toast", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const t = testClient(failed);
    await expect(fetchWidgetApps(t.client)).rejects.toThrow("服务器错误");
    expect(log).toHaveBeenCalledWith("服务器错误");
    expect(t.notified).toEqual([]);
  });

  it("rejects on a network error, without a toast", async () => {
    const t = testClient(() => Promise.reject(new TypeError("fetch failed")));
    await expect(fetchWidgetApps(t.client)).rejects.toThrow();
    expect(t.notified).toEqual([]);
  });
});

describe("my schedule", () => {
  it("posts the whole chosen day and answers that day's entries", async () => {
    const entry = { id: 1, calendarName: "Stand-up", calendarStartTime: "2025-11-26 09:00:00", calendarEndTime: "2025-11-26 09:15:00" };
    const t = testClient(() => ok({ "2025-11-26": [entry], "2025-11-27": [{ ...entry, id: 2 }] }));
    expect(await fetchCalendarDay("2025-11-26", t.client)).toEqual([entry]);
    expect(new URL(t.requests[0].url).pathname).toBe("/portal-api/personalCalendar/listCalendar");
    expect(t.requests[0].method).toBe("POST");
    expect(await t.requests[0].json()).toEqual({ startTime: "2025-11-26 00:00:00", endTime: "2025-11-26 23:59:59", userId: 7 });
  });

  it("answers no entries for a day absent from the answer", async () => {
    const t = testClient(() => ok({}));
    expect(await fetchCalendarDay("2025-11-26", t.client)).toEqual([]);
  });
});

describe("my tasks", () => {
  it("posts the page with page size 10", async () => {
    const t = testClient(() => ok({ records: [], total: 0, page: 2, pageSize: 10 }));
    await fetchTaskPage(2, t.client);
    expect(new URL(t.requests[0].url).pathname).toBe("/portal-api/personalTask/getWidgetTaskPage");
    expect(await t.requests[0].json()).toEqual({ page: 2, pageSize: 10, userId: 7 });
  });

  it("reads the pending count, and fails without a toast", async () => {
    expect(await fetchTaskPending(testClient(() => ok(123)).client)).toBe(123);
    const t = testClient(failed);
    await expect(fetchTaskPending(t.client)).rejects.toThrow();
    expect(t.notified).toEqual([]);
  });
});

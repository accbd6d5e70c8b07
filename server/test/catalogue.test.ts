import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper.ts";

// The catalogues every signed-in user sees: on-shelf apps with their enabled tags, on-shelf data sources.
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await t.login("zhangwei", "Staff@12345");
});
afterAll(() => t.close());

describe("GET /bscApp/listAll", () => {
  it("lists on-shelf apps by name with their enabled tags, never an off-shelf one", async () => {
    const res = await t.call("GET", "/bscApp/listAll", { sid: staff });
    expect(res.statusCode).toBe(200);
    const apps = res.json().data as { id: number; name: string; keyword: string; status: number; userDevice: string; labelIds: number[] }[];
    const onShelf = (await t.sql.query("SELECT count(*)::int AS n FROM bsc_app WHERE status = 1")).rows[0].n;
    expect(apps).toHaveLength(onShelf);
    expect(apps.every((a) => a.status === 1)).toBe(true);
    expect(apps.map((a) => a.keyword)).not.toContain("legacy-oa");
    // By name in the database's collation, then id.
    const byName = (await t.sql.query("SELECT id FROM bsc_app WHERE status = 1 ORDER BY app_name, id")).rows.map((r) => r.id);
    expect(apps.map((a) => a.id)).toEqual(byName);
    const expenses = apps.find((a) => a.keyword === "expenses")!;
    expect(expenses.userDevice).toBe("all");
    expect(apps.find((a) => a.keyword === "quality")!.userDevice).toBe("pc");
    const tagNames = async (ids: number[]) =>
      (await t.sql.query("SELECT label_en_name FROM bsc_label WHERE id = ANY($1) ORDER BY sort", [ids])).rows.map((r) => r.label_en_name);
    expect(await tagNames(expenses.labelIds)).toEqual(["Office", "Finance"]);
    // A disabled tag is left out.
    await t.sql.query("UPDATE bsc_label SET status = 0 WHERE label_en_name = 'Finance'");
    try {
      const again = (await t.call("GET", "/bscApp/listAll", { sid: staff })).json().data as typeof apps;
      expect(await tagNames(again.find((a) => a.keyword === "expenses")!.labelIds)).toEqual(["Office"]);
    } finally {
      await t.sql.query("UPDATE bsc_label SET status = 1 WHERE label_en_name = 'Finance'");
    }
  });

  it("needs a session", async () => {
    expect((await t.call("GET", "/bscApp/listAll", {})).statusCode).toBe(401);
  });
});

describe("GET /bscChart/listAll", () => {
  it("lists on-shelf data sources by name; taking one off shelf removes it", async () => {
    const list = async () => (await t.call("GET", "/bscChart/listAll", { sid: staff })).json().data as { id: number; name: string; url: string; status: number }[];
    const before = await list();
    const onShelf = (await t.sql.query("SELECT count(*)::int AS n FROM bsc_chart WHERE status = 1")).rows[0].n;
    expect(before.length).toBe(onShelf);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((c) => c.status === 1 && c.url.length > 0)).toBe(true);
    const byName = (await t.sql.query("SELECT id FROM bsc_chart WHERE status = 1 ORDER BY data_name, id")).rows.map((r) => r.id);
    expect(before.map((c) => c.id)).toEqual(byName);
    await t.sql.query("UPDATE bsc_chart SET status = 0 WHERE id = $1", [before[0].id]);
    try {
      expect((await list()).map((c) => c.id)).not.toContain(before[0].id);
    } finally {
      await t.sql.query("UPDATE bsc_chart SET status = 1 WHERE id = $1", [before[0].id]);
    }
    expect((await t.call("GET", "/bscChart/listAll", {})).statusCode).toBe(401);
  });
});

describe("GET /bscLabel", () => {
  it("lists the enabled tags by sort for pickers; a disabled one is left out", async () => {
    const list = async () => (await t.call("GET", "/bscLabel", { sid: staff })).json().data as { id: number; labelEnName: string; sort: number; status: number }[];
    const tags = await list();
    expect(tags.map((l) => l.labelEnName)).toEqual(["Office", "HR", "Finance", "Quality", "Regulatory", "Sales", "IT", "Training", "Safety", "Compliance"]);
    expect(tags.every((l) => l.status === 1)).toBe(true);
    await t.sql.query("UPDATE bsc_label SET status = 0 WHERE label_en_name = 'HR'");
    try {
      expect((await list()).map((l) => l.labelEnName)).not.toContain("HR");
    } finally {
      await t.sql.query("UPDATE bsc_label SET status = 1 WHERE label_en_name = 'HR'");
    }
    expect((await t.call("GET", "/bscLabel", {})).statusCode).toBe(401);
  });
});

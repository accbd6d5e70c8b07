import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countsFor, seedLarge, SEED_LARGE_KEY } from "../../scripts/seedLarge.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

// The large-data seed (scripts/seedLarge.ts) at a small scale: the rows it adds are real rows the
// API serves (the admin user page, the task page, the global search, the help centre), a second
// run finds its marker and adds nothing, and the same seed gives the same rows.

const SCALE = 0.01;
let t: TestApp;
let admin: string;
let first: Awaited<ReturnType<typeof seedLarge>>;

async function seed(app: TestApp, seedNumber = 7) {
  const client = await app.sql.connect();
  try {
    return await seedLarge(client, { scale: SCALE, seed: seedNumber });
  } finally {
    client.release();
  }
}

/** A digest of what the seed wrote, independent of serial ids. */
async function digest(app: TestApp) {
  const q = async (text: string) => (await app.sql.query(text)).rows[0].d as string;
  return {
    employees: await q("SELECT md5(string_agg(employee_no || chinese_name || english_name || coalesce(supervisor, ''), ',' ORDER BY employee_no)) AS d FROM md_employee WHERE employee_no >= 'E200000'"),
    tasks: await q(
      `SELECT md5(string_agg(u.user_name || t.title || t.receive_or_sponsor || t.handled_status || coalesce(t.process_status, -1), ',' ORDER BY t.title)) AS d
       FROM personal_task t JOIN sys_user u ON u.id = t.user_id WHERE u.user_name LIKE 'perf%'`,
    ),
    policies: await q("SELECT md5(string_agg(keyword || title || status || visibility, ',' ORDER BY keyword)) AS d FROM bsc_policy WHERE keyword LIKE 'PERF-%'"),
  };
}

/** The index definitions of the tables whose secondary indexes the seed drops and builds again. */
const indexDefs = async (app: TestApp) =>
  (await app.sql.query(
    "SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('md_employee', 'md_upn', 'md_nmpa_certificate', 'personal_task', 'bsc_policy') ORDER BY indexname",
  )).rows;
let indexesBefore: unknown[];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  indexesBefore = await indexDefs(t);
  first = await seed(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("seed:large", () => {
  it("adds the counts of its scale and records a marker", async () => {
    const n = countsFor(SCALE);
    expect(first.added).toBe(true);
    expect(first.counts).toMatchObject(n);
    const count = async (text: string) => Number((await t.sql.query(text)).rows[0].c);
    expect(await count("SELECT count(*) AS c FROM md_employee WHERE employee_no >= 'E200000'")).toBe(n.employees);
    expect(await count("SELECT count(*) AS c FROM md_upn WHERE upn LIKE 'H76%' OR upn LIKE '08714700%'")).toBe(n.upns);
    expect(await count("SELECT count(*) AS c FROM md_nmpa_certificate WHERE right(certificate_code, 4)::int > 5000")).toBe(n.certificates);
    expect(await count("SELECT count(*) AS c FROM sys_user WHERE user_name LIKE 'perf%'")).toBe(n.users);
    expect(await count("SELECT count(*) AS c FROM personal_task t JOIN sys_user u ON u.id = t.user_id WHERE u.user_name LIKE 'perf%'")).toBe(n.tasks);
    expect(await count("SELECT count(*) AS c FROM bsc_policy WHERE keyword LIKE 'PERF-%'")).toBe(n.policies);
    const marker = await t.sql.query("SELECT value FROM sys_meta WHERE key = $1", [SEED_LARGE_KEY]);
    expect(JSON.parse(marker.rows[0].value)).toMatchObject({ scale: SCALE, seed: 7, counts: first.counts });
  });

  it("spreads the tasks over every list and status the task page filters on", async () => {
    const { rows } = await t.sql.query(
      `SELECT count(DISTINCT (receive_or_sponsor, handled_status)) AS views, count(DISTINCT process_status) AS process,
              count(DISTINCT approval_status) AS approval, count(DISTINCT task_status) AS task, count(DISTINCT complete_status) AS complete,
              count(DISTINCT user_id) AS users, max(request_date) <= now() AS past
       FROM personal_task t JOIN sys_user u ON u.id = t.user_id WHERE u.user_name LIKE 'perf%'`,
    );
    expect(rows[0]).toMatchObject({ views: "4", process: "8", approval: "6", task: "2", complete: "2", past: true });
    expect(Number(rows[0].users)).toBeGreaterThan(countsFor(SCALE).users / 4);
  });

  it("leaves every index of the tables as it found it (dropped for the inserts, built again)", async () => {
    expect(indexesBefore.length).toBeGreaterThan(10);
    expect(await indexDefs(t)).toEqual(indexesBefore);
  });

  it("a second run finds the marker and adds nothing", async () => {
    const again = await seed(t);
    expect(again.added).toBe(false);
    expect(again.counts).toEqual(first.counts);
    expect(Number((await t.sql.query("SELECT count(*) AS c FROM sys_user WHERE user_name LIKE 'perf%'")).rows[0].c)).toBe(countsFor(SCALE).users);
  });

  it("its users are on the admin user page and cannot log in", async () => {
    const res = await t.call("POST", "/sysUserRole/page", { sid: admin, body: { page: 1, pageSize: 10, userName: "perf00001", roleCode: "staff" } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(10); // perf000010 .. perf000019, all staff
    expect(data.records[0].roleCodes).toContain("staff");
    const login = await t.call("POST", "/sysUserEx/baseLogin", { body: { userName: "perf000001", password: t.app.transportKey.encrypt("!") } });
    expect(login.json().code).not.toBe(0);
  });

  it("its rows are what the task page, the search and the help centre serve", async () => {
    const busiest = (await t.sql.query(
      `SELECT t.user_id AS id, count(*) AS c FROM personal_task t JOIN sys_user u ON u.id = t.user_id
       WHERE u.user_name LIKE 'perf%' AND receive_or_sponsor = 0 AND handled_status = 1 GROUP BY t.user_id ORDER BY c DESC, t.user_id LIMIT 1`,
    )).rows[0];
    const tasks = await t.call("POST", "/personalTask/getTaskPage", { sid: admin, body: { userId: busiest.id, receiveOrSponsor: 0, handledStatus: 1, page: 1, pageSize: 10 } });
    expect(tasks.json().data.total).toBe(Number(busiest.c));

    const emp = (await t.sql.query("SELECT english_name FROM md_employee WHERE employee_no = 'E200001'")).rows[0];
    const found = await t.call("POST", "/search/searchEmployee", { sid: admin, body: { keyword: emp.english_name, page: 1, pageSize: 10 } });
    expect(found.json().data.total).toBeGreaterThan(0);
    expect(found.json().data.records[0].englishName).toBe(emp.english_name);

    const upn = await t.call("POST", "/search/searchUPNList", { sid: admin, body: { keyword: "H76000000002", page: 1, pageSize: 10 } });
    expect(upn.json().data.records[0].upn).toBe("H76000000002");

    const label = (await t.sql.query("SELECT l.id, count(*) AS c FROM bsc_label l JOIN bsc_policy_label pl ON pl.label_id = l.id JOIN bsc_policy p ON p.id = pl.policy_id WHERE l.label_name LIKE '性能标签%' AND l.status = 1 AND p.status = 4 AND p.visibility = 1 GROUP BY l.id ORDER BY l.id LIMIT 1")).rows[0];
    const byLabel = await t.call("POST", "/helpCenter/pageBscPolicyByLabelId", { sid: admin, body: { labelId: label.id, page: 1, pageSize: 10 } });
    expect(byLabel.json().data.total).toBe(Number(label.c));
  });
});

// Issue 9 made the searches cheaper (LIKE for Chinese keywords, a character index for short ones, the
// total as a window count): the rows found must be exactly those of the plain ILIKE conditions.
describe("search at the large seed finds what ILIKE finds", () => {
  const ilikeCount = async (table: string, cols: string[], keyword: string) => {
    const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = cols.map((c) => `${c} ILIKE $1`).join(" OR ");
    return Number((await t.sql.query(`SELECT count(*) AS c FROM ${table} WHERE ${where}`, [pattern])).rows[0].c);
  };
  const total = async (url: string, keyword: string, page = 1) => {
    const res = await t.call("POST", url, { sid: admin, body: { keyword, page, pageSize: 10 } });
    expect(res.statusCode).toBe(200);
    return res.json().data as { total: number; totalCapped: boolean; records: any[] };
  };
  /** What a search answers for that many matches: exact up to 1000, then 1000 and totalCapped (SEARCH_TOTAL_CAP). */
  const capped = (n: number) => ({ total: Math.min(n, 1000), totalCapped: n > 1000 });
  const counted = (d: { total: number; totalCapped: boolean }) => ({ total: d.total, totalCapped: d.totalCapped });
  // one and two Chinese characters, short Latin text, mixed text, digits, LIKE's own characters
  const KEYWORDS = ["王", "张伟", "欧阳", "li", "Wa", "a", "Wei", "zhang.w", "E2001", "1", "%", "_a", "王 Wang", "导管", "Catheter", "H76", "国械注"];

  it("searchEmployee (without the digit or swapped-name rules: keywords without digits and spaces)", async () => {
    for (const k of KEYWORDS.filter((k) => !/[\d ]/.test(k)))
      expect([k, counted(await total("/search/searchEmployee", k))]).toEqual([k, capped(await ilikeCount("md_employee", ["chinese_name", "english_name", "email"], k))]);
  });

  it("searchUPNList and searchNMPAList: the totals, and page 1 and 30 in order, exact rows first", async () => {
    const pattern = (k: string) => `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const upnOracle = async (k: string, offset: number) =>
      (await t.sql.query(
        "SELECT upn FROM md_upn WHERE upn ILIKE $1 OR name ILIKE $1 ORDER BY (lower(upn) = lower($2) OR lower(name) = lower($2)) DESC, upn LIMIT 10 OFFSET $3",
        [pattern(k), k, offset],
      )).rows.map((r) => r.upn);
    const nmpaOracle = async (k: string, offset: number) =>
      (await t.sql.query(
        `SELECT certificate_code FROM md_nmpa_certificate WHERE certificate_code ILIKE $1 OR product_name_cn ILIKE $1 OR product_name_en ILIKE $1
         ORDER BY (lower(certificate_code) = lower($2) OR lower(product_name_cn) = lower($2) OR lower(product_name_en) IS NOT DISTINCT FROM lower($2)) DESC,
                  approved_date DESC NULLS LAST, id DESC LIMIT 10 OFFSET $3`,
        [pattern(k), k, offset],
      )).rows.map((r) => r.certificate_code);
    // the large seed's own codes too: a prefix matches a bunch of neighbours somewhere in the order
    for (const k of [...KEYWORDS, "0871470008", "H7600012", "Angiographic Catheter"]) {
      for (const page of [1, 30]) {
        const upn = await total("/search/searchUPNList", k, page);
        expect([k, page, counted(upn), upn.records.map((r) => r.upn)]).toEqual([k, page, capped(await ilikeCount("md_upn", ["upn", "name"], k)), await upnOracle(k, (page - 1) * 10)]);
        const nmpa = await total("/search/searchNMPAList", k, page);
        expect([k, page, counted(nmpa), nmpa.records.map((r) => r.certificateCode)]).toEqual([
          k,
          page,
          capped(await ilikeCount("md_nmpa_certificate", ["certificate_code", "product_name_cn", "product_name_en"], k)),
          await nmpaOracle(k, (page - 1) * 10),
        ]);
      }
    }
  });

  it("the help centre's keyword list", async () => {
    for (const k of ["差旅", "版", "PERF-0001", "Tr", "制度"]) {
      const res = await t.call("POST", "/helpCenter/pageHelpCenterList", { sid: admin, body: { keyword: k, page: 1, pageSize: 10 } });
      const pattern = `%${k}%`;
      const want = Number((await t.sql.query(
        "SELECT count(*) AS c FROM bsc_policy WHERE status = 4 AND visibility = 1 AND (title ILIKE $1 OR keyword ILIKE $1 OR content_text ILIKE $1)", [pattern],
      )).rows[0].c);
      expect([k, res.json().data.total]).toEqual([k, want]);
    }
  });

  it("a page past the end still carries the total; page 1 of nothing is 0", async () => {
    const first = await total("/search/searchUPNList", "H74939");
    expect(first).toMatchObject({ totalCapped: false, total: expect.any(Number) });
    expect(first.total).toBeGreaterThan(10);
    const past = await total("/search/searchUPNList", "H74939", Math.ceil(first.total / 10) + 1);
    expect(past).toMatchObject({ total: first.total, totalCapped: false, records: [] });
    expect(await total("/search/searchEmployee", "a")).toMatchObject({ total: 1000, totalCapped: true });
    const none = await total("/search/searchEmployee", "不存在的名字");
    expect(none).toMatchObject({ total: 0, records: [] });
  });
});

describe("seed:large determinism", () => {
  it("the same seed gives the same rows in another database; another seed other rows", async () => {
    const other = await buildTestApp();
    try {
      await seed(other);
      expect(await digest(other)).toEqual(await digest(t));
    } finally {
      await other.close();
    }
    const third = await buildTestApp();
    try {
      await seed(third, 8);
      expect((await digest(third)).employees).not.toBe((await digest(t)).employees);
    } finally {
      await third.close();
    }
  }, 180_000);
});

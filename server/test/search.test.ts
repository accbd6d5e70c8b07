import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_DEPTS, type CentresSeedContext } from "../src/db/demo/centres.ts";
import { DEMO_EMPLOYEE_COUNT, DEMO_NMPA_COUNT, DEMO_UPN_COUNT, demoEmployees, seedDemoSourceData } from "../src/db/demo/sourceData.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

let t: TestApp;
let staff: string; // zhangwei
let lina: string;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  staff = await t.login("zhangwei", "Staff@12345");
  lina = await t.login("lina", "Staff@12345");
  for (const [name, sid] of [["zhangwei", staff], ["lina", lina]] as const)
    id[name] = (await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data.id;
});
afterAll(() => t.close());

const OPS = [
  "searchPolicyList", "searchAppList", "searchAppliedTaskList", "searchPendingApprovalTaskList",
  "searchvApprovedTaskList", "searchEmployee", "searchUPNList", "searchNMPAList",
] as const;
type Op = (typeof OPS)[number];
type Page = { records: any[]; total: number; page: number; pageSize: number; totalCapped: boolean };

const search = async (op: Op, body: Record<string, unknown>, sid = staff): Promise<Page> => {
  const res = await t.call("POST", `/search/${op}`, { sid, body });
  expect([res.statusCode, res.body.slice(0, 300)]).toEqual([200, expect.any(String)]);
  expect(res.json()).toMatchObject({ code: 0, resultEnMessage: "Success" });
  return res.json().data;
};
/** Every page of a search (100 a page). */
const all = async (op: Op, keyword: string, sid = staff) => {
  const first = await search(op, { keyword, pageSize: 100 }, sid);
  const records = [...first.records];
  for (let p = 2; (p - 1) * 100 < first.total; p++) records.push(...(await search(op, { keyword, page: p, pageSize: 100 }, sid)).records);
  expect(records).toHaveLength(first.total);
  return records;
};
const count = async (query: string, params: unknown[] = []) => Number((await t.sql.query(query, params)).rows[0].count);
const expect400 = (res: { statusCode: number; json(): any }) => {
  expect([res.statusCode, res.json().code]).toEqual([400, 400]);
  return res.json();
};
/** True when no exact match follows a non-exact one. */
const exactFirst = (rows: any[], isExact: (r: any) => boolean) => {
  const flags = rows.map(isExact);
  return flags.every((f, i) => i === 0 || !f || flags[i - 1]);
};

// -------------------------------------------------------------------------------- source data

describe("source data seed", () => {
  it("holds the demo counts: 3000 employees, 2000 UPNs, 1000 certificates, with 张伟 and 李娜 first", async () => {
    expect(await count("SELECT count(*) FROM md_employee")).toBe(DEMO_EMPLOYEE_COUNT);
    expect(await count("SELECT count(*) FROM md_upn")).toBe(DEMO_UPN_COUNT);
    expect(await count("SELECT count(*) FROM md_nmpa_certificate")).toBe(DEMO_NMPA_COUNT);
    const { rows } = await t.sql.query("SELECT employee_no, chinese_name, english_name, email, department FROM md_employee WHERE employee_no IN ('E100001','E100002') ORDER BY employee_no");
    expect(rows).toEqual([
      { employee_no: "E100001", chinese_name: "张伟", english_name: "Zhang Wei", email: "zhang.wei@example.com", department: "心血管事业部 Cardiology" },
      { employee_no: "E100002", chinese_name: "李娜", english_name: "Li Na", email: "li.na@example.com", department: "质量部 Quality" },
    ]);
    // every employee is in a demo department, every one but the general manager has a supervisor
    expect(await count("SELECT count(*) FROM md_employee WHERE department <> ALL($1)", [DEMO_DEPTS.map((d) => d.deptName)])).toBe(0);
    expect(await count("SELECT count(*) FROM md_employee WHERE supervisor IS NULL")).toBe(1);
    expect(await count("SELECT count(DISTINCT email) FROM md_employee")).toBe(DEMO_EMPLOYEE_COUNT);
    // statuses and reasons of UPNs; certificate code formats
    const upn = (await t.sql.query("SELECT status, count(*)::int AS n, count(restrict_reason)::int AS reasons FROM md_upn GROUP BY status ORDER BY status")).rows;
    expect(upn.map((r) => r.status)).toEqual(["Active", "Discontinued", "Restricted"]);
    for (const r of upn) expect(r.reasons).toBe(r.status === "Active" ? 0 : r.n);
    expect(await count("SELECT count(*) FROM md_upn WHERE upn !~ '^(H749[0-9]{8}|08714729[0-9]{6})$'")).toBe(0);
    expect(await count("SELECT count(*) FROM md_nmpa_certificate WHERE certificate_code !~ '^(国|沪|京|粤|苏|浙|鲁|川|鄂)械注(准|进|许)20[0-9]{2}[23][0-9]{2}[0-9]{4}$'")).toBe(0);
    expect(await count("SELECT count(*) FROM md_nmpa_certificate WHERE certificate_code LIKE '国械注进%'")).toBeGreaterThan(200);
    expect(await count("SELECT count(*) FROM md_nmpa_certificate WHERE valid_to <> valid_from + interval '5 years' - interval '1 day'")).toBe(0);
  });

  it("is deterministic and quick: seeding again gives the same rows", async () => {
    const digest = async () =>
      (await t.sql.query(`SELECT
        (SELECT md5(string_agg(concat_ws('|', employee_no, chinese_name, english_name, title, email, department, supervisor, city), ',' ORDER BY employee_no)) FROM md_employee) AS e,
        (SELECT md5(string_agg(concat_ws('|', upn, name, status, restrict_reason), ',' ORDER BY upn)) FROM md_upn) AS u,
        (SELECT md5(string_agg(concat_ws('|', certificate_code, product_name_cn, product_name_en, valid_from, valid_to, category, approved_date, manufacturer, registrant, address), ',' ORDER BY certificate_code)) FROM md_nmpa_certificate) AS n`)).rows[0];
    const before = await digest();
    const seededAt = new Date((await t.sql.query("SELECT value FROM sys_meta WHERE key = 'demoCentres'")).rows[0].value);
    await t.sql.query("TRUNCATE md_employee, md_upn, md_nmpa_certificate RESTART IDENTITY");
    const started = performance.now();
    await seedDemoSourceData(t.app.db, { now: seededAt } as CentresSeedContext);
    const ms = performance.now() - started;
    console.log(`seedDemoSourceData: ${Math.round(ms)} ms`);
    expect(await digest()).toEqual(before);
    expect(ms).toBeLessThan(15_000);
    expect(demoEmployees(10).map((e) => e.employeeNo)).toEqual(Array.from({ length: 10 }, (_, i) => `E${100001 + i}`));
  });
});

// ---------------------------------------------------------------------------- request checks

describe("requests", () => {
  it("refuses an empty or blank keyword on every kind (400, bilingual)", async () => {
    for (const op of OPS) {
      expect400(await t.call("POST", `/search/${op}`, { sid: staff, body: { keyword: "" } }));
      const blank = expect400(await t.call("POST", `/search/${op}`, { sid: staff, body: { keyword: "  \t " } }));
      expect(blank).toMatchObject({ resultMessage: "请输入搜索关键词", resultEnMessage: "Please enter a search keyword" });
      expect(blank.errors[0]).toMatchObject({ field: "keyword", rule: "required" });
      expect400(await t.call("POST", `/search/${op}`, { sid: staff, body: {} }));
    }
  });

  it("refuses pageSize over 100, page 0 and a keyword over 100 characters; asks for a session", async () => {
    for (const op of OPS) {
      expect400(await t.call("POST", `/search/${op}`, { sid: staff, body: { keyword: "zhang", pageSize: 101 } }));
      expect400(await t.call("POST", `/search/${op}`, { sid: staff, body: { keyword: "zhang", page: 0 } }));
      expect400(await t.call("POST", `/search/${op}`, { sid: staff, body: { keyword: "x".repeat(101) } }));
      const anon = await t.call("POST", `/search/${op}`, { body: { keyword: "zhang" } });
      expect([anon.statusCode, anon.json().code]).toEqual([401, 4004]);
    }
    expect400(await t.call("POST", "/search/searchEmployee", { sid: staff, body: { keyword: "a\u0000b" } }));
  });

  it("takes the user's %, _ and \\ literally", async () => {
    // the demo task subjects hold "15%" and "LOT_2026-031"; the source data and apps hold none of them
    for (const keyword of ["%", "_", "\\", "%%", "_%_"]) {
      for (const op of OPS) {
        const rows = await all(op, keyword);
        if (op.endsWith("TaskList")) expect(rows.every((r) => `${r.taskName}${r.title}`.includes(keyword))).toBe(true);
        else if (op === "searchPolicyList")
          expect(rows.length).toBe(await count("SELECT count(*) FROM bsc_policy WHERE status = 4 AND visibility = 1 AND strpos(lower(title || ' ' || keyword || ' ' || content_text), $1) > 0", [keyword]));
        else expect(rows).toEqual([]);
      }
    }
    for (const keyword of ["%", "_"]) {
      const got = await search("searchPendingApprovalTaskList", { keyword });
      expect(got.total).toBeGreaterThan(0);
      expect(got.total).toBe(await count("SELECT count(*) FROM personal_task WHERE user_id = $1 AND receive_or_sponsor = 0 AND handled_status = 0 AND strpos(task_name || title, $2) > 0", [id.zhangwei, keyword]));
    }
    await t.sql.query("INSERT INTO md_upn (upn, name, status) VALUES ('ZZPROBE500', '测试 500 件 Probe 500 units', 'Active'), ('ZZPROBE50P', '测试 50% 折扣 Probe 50% off', 'Active')");
    try {
      expect((await search("searchUPNList", { keyword: "50%" })).records.map((r) => r.upn)).toEqual(["ZZPROBE50P"]);
      expect((await search("searchUPNList", { keyword: "%" })).records.map((r) => r.upn)).toEqual(["ZZPROBE50P"]);
      expect((await search("searchUPNList", { keyword: "ZZPROBE5_0" })).total).toBe(0);
      expect((await search("searchUPNList", { keyword: "zzprobe5" })).total).toBe(2);
    } finally {
      await t.sql.query("DELETE FROM md_upn WHERE upn LIKE 'ZZPROBE%'");
    }
  });
});

// -------------------------------------------------------------------------------- employees

describe("searchEmployee", () => {
  const EMP_KEYS = ["chineseName", "city", "department", "email", "employeeNo", "englishName", "id", "supervisor", "title"];
  const oracle = (kw: string) =>
    count("SELECT count(*) FROM md_employee WHERE chinese_name ILIKE $1 OR english_name ILIKE $1 OR email ILIKE $1", [`%${kw}%`]);

  it("finds 张伟 by Chinese name, the exact 张伟 rows before 张伟x", async () => {
    const rows = await all("searchEmployee", "张伟");
    expect(rows.length).toBe(await oracle("张伟"));
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => r.chineseName.includes("张伟"))).toBe(true);
    expect(rows[0].chineseName).toBe("张伟");
    expect(rows.some((r) => r.chineseName !== "张伟")).toBe(true); // 张伟明 and the like
    expect(exactFirst(rows, (r) => r.chineseName === "张伟")).toBe(true);
    const me = rows.find((r) => r.employeeNo === "E100001");
    expect(me).toMatchObject({
      chineseName: "张伟", englishName: "Zhang Wei", email: "zhang.wei@example.com", title: "产品专员 Product Specialist",
      department: "心血管事业部 Cardiology", city: "上海 Shanghai", supervisor: expect.stringMatching(/^\p{Script=Han}+ [A-Z][a-z]+ [A-Z][a-z]+$/u),
    });
    expect(Object.keys(me).sort()).toEqual(EMP_KEYS);
  });

  it("finds zhang in English names and e-mails, ordered by English name", async () => {
    const page = await search("searchEmployee", { keyword: "zhang" });
    expect(page.total).toBe(await oracle("zhang"));
    expect(page.total).toBeGreaterThan(100);
    const rows = await all("searchEmployee", "zhang");
    expect(rows.some((r) => r.englishName === "Zhang Wei" && r.employeeNo === "E100001")).toBe(true);
    expect(rows.every((r) => /zhang/i.test(`${r.englishName} ${r.email}`))).toBe(true);
    const names = rows.map((r) => r.englishName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await search("searchEmployee", { keyword: "ZHANG" })).total).toBe(page.total);
  });

  it("puts the exact English name first and takes the name in either order", async () => {
    for (const keyword of ["Zhang Wei", "zhang wei", "Wei Zhang"]) {
      const rows = await all("searchEmployee", keyword);
      expect(rows[0].englishName).toBe("Zhang Wei");
      expect(rows.some((r) => r.employeeNo === "E100001")).toBe(true);
      expect(exactFirst(rows, (r) => r.englishName === "Zhang Wei")).toBe(true);
      expect(rows.some((r) => r.englishName !== "Zhang Wei")).toBe(true); // Zhang Weihua ...
    }
    const li = await search("searchEmployee", { keyword: "Li Na" });
    expect(li.records[0].englishName).toBe("Li Na");
  });

  it("finds an employee number exactly (and in part), and an e-mail", async () => {
    expect((await search("searchEmployee", { keyword: "E100002" })).records.map((r) => r.chineseName)).toEqual(["李娜"]);
    expect((await search("searchEmployee", { keyword: "e100002" })).records[0].employeeNo).toBe("E100002");
    const part = await search("searchEmployee", { keyword: "10000", pageSize: 20 });
    expect(part.total).toBe(9); // E100001 .. E100009
    expect((await search("searchEmployee", { keyword: "li.na@example.com" })).records[0]).toMatchObject({ employeeNo: "E100002" });
  });

  it("pages: page 2 follows page 1 without overlap, pageSize 100 is allowed", async () => {
    const p1 = await search("searchEmployee", { keyword: "wang", pageSize: 100 });
    const p2 = await search("searchEmployee", { keyword: "wang", page: 2, pageSize: 100 });
    expect(p1).toMatchObject({ page: 1, pageSize: 100, total: p2.total });
    expect(p2).toMatchObject({ page: 2, pageSize: 100 });
    expect(p1.records).toHaveLength(100);
    expect(p2.records.length).toBe(Math.min(100, p1.total - 100));
    const ids = new Set([...p1.records, ...p2.records].map((r) => r.id));
    expect(ids.size).toBe(p1.records.length + p2.records.length);
    const d = await search("searchEmployee", { keyword: "wang" });
    expect(d).toMatchObject({ page: 1, pageSize: 10 });
    expect(d.records.map((r) => r.id)).toEqual(p1.records.slice(0, 10).map((r) => r.id));
    expect((await search("searchEmployee", { keyword: "wang", page: 1000 })).records).toEqual([]);
  });
});

// ------------------------------------------------------------------------------ UPN and NMPA

describe("searchUPNList", () => {
  it("finds product names in Chinese and English", async () => {
    const cn = await search("searchUPNList", { keyword: "支架" });
    expect(cn.total).toBe(await count("SELECT count(*) FROM md_upn WHERE name ILIKE '%支架%' OR upn ILIKE '%支架%'"));
    expect(cn.total).toBeGreaterThan(50);
    const en = await search("searchUPNList", { keyword: "stent" });
    expect(en.total).toBe(await count("SELECT count(*) FROM md_upn WHERE name ILIKE '%stent%'"));
    expect(en.records.every((r) => /stent/i.test(r.name))).toBe(true);
    expect(Object.keys(en.records[0]).sort()).toEqual(["name", "restrictReason", "status", "upn"]);
    const restricted = (await all("searchUPNList", "stent")).find((r) => r.status === "Restricted");
    expect(restricted.restrictReason).toMatch(/\p{Script=Han}.* [A-Za-z]/u);
  });

  it("puts the exact UPN first, before longer codes that contain it", async () => {
    const { rows } = await t.sql.query("SELECT upn FROM md_upn WHERE upn LIKE 'H749%' ORDER BY upn LIMIT 1 OFFSET 40");
    const code: string = rows[0].upn;
    // "A…" sorts before "H…": by upn alone the longer code would come first
    await t.sql.query("INSERT INTO md_upn (upn, name, status) VALUES ($1, $2, 'Active')", [`A${code}`, `套件含 ${code} Kit with ${code}`]);
    try {
      for (const keyword of [code, code.toLowerCase()]) {
        const page = await search("searchUPNList", { keyword });
        expect(page.records.map((r) => r.upn)).toEqual([code, `A${code}`]);
      }
      const gtin: string = (await t.sql.query("SELECT upn FROM md_upn WHERE upn LIKE '0871%' ORDER BY upn DESC LIMIT 1")).rows[0].upn;
      expect((await search("searchUPNList", { keyword: gtin })).records[0].upn).toBe(gtin);
    } finally {
      await t.sql.query("DELETE FROM md_upn WHERE upn = $1", [`A${code}`]);
    }
  });
});

describe("totals past 1000 (SEARCH_TOTAL_CAP)", () => {
  /** What a search over md_upn should answer: exact upn or name first, then by upn. */
  const upnOracle = async (keyword: string, offset: number, limit: number) =>
    (
      await t.sql.query(
        `SELECT upn FROM md_upn WHERE upn ILIKE $1 OR name ILIKE $1
         ORDER BY (lower(upn) = lower($2) OR lower(name) = lower($2)) DESC, upn LIMIT $3 OFFSET $4`,
        [`%${keyword}%`, keyword, limit, offset],
      )
    ).rows.map((r) => r.upn);

  /** Pages of a keyword matching more than 1000 UPNs, against the oracle. */
  const checkCappedPages = async (keyword: string, pages: [number, number][]) => {
    for (const [page, pageSize] of pages) {
      const got = await search("searchUPNList", { keyword, page, pageSize });
      expect([keyword, page, pageSize, got.records.map((r) => r.upn)]).toEqual([keyword, page, pageSize, await upnOracle(keyword, (page - 1) * pageSize, pageSize)]);
      expect(got).toMatchObject({ total: 1000, totalCapped: true });
    }
  };
  const PAGES: [number, number][] = [[1, 10], [2, 10], [37, 10], [100, 10], [1, 1], [2, 1], [3, 1]];

  it("a keyword matching more than 1000 UPNs answers 1000 with totalCapped, pages in order, exact rows first", async () => {
    expect(await count("SELECT count(*) FROM md_upn WHERE upn ILIKE '%H749%' OR name ILIKE '%H749%'")).toBeGreaterThan(1000);
    // an exact match by upn, and one by name that sorts last by upn
    await t.sql.query("INSERT INTO md_upn (upn, name, status) VALUES ('H749', 'Probe', 'Active'), ('ZZ-NAME', 'h749', 'Active')");
    try {
      const first = await search("searchUPNList", { keyword: "H749" });
      expect(first).toMatchObject({ total: 1000, totalCapped: true, page: 1, pageSize: 10 });
      expect(first.records.slice(0, 2).map((r) => r.upn)).toEqual(["H749", "ZZ-NAME"]);
      // the matches within the first rows in upn order (SEARCH_WALK_ROWS): found along the order
      await checkCappedPages("h749", PAGES);
      // two letters (no trigram): the character index narrows, the answer is the same
      await checkCappedPages("mm", [[5, 10], [1, 100]]);
      // 2000 other rows before them in upn order: the matches lie past that window, and the
      // sorting read answers; the pages are the same
      await t.sql.query("INSERT INTO md_upn (upn, name, status) SELECT '00000' || lpad(i::text, 5, '0'), 'Filler', 'Active' FROM generate_series(1, 2000) i");
      await checkCappedPages("h749", PAGES);
      await checkCappedPages("mm", [[5, 10]]);
    } finally {
      await t.sql.query("DELETE FROM md_upn WHERE upn IN ('H749', 'ZZ-NAME') OR upn LIKE '00000%'");
    }
  });

  it("up to 1000 matches the total is exact and totalCapped false, on every kind", async () => {
    const stent = await search("searchUPNList", { keyword: "stent" });
    expect(stent).toMatchObject({ totalCapped: false, total: await count("SELECT count(*) FROM md_upn WHERE name ILIKE '%stent%'") });
    for (const op of OPS) expect((await search(op, { keyword: "zzz-no-such-thing" }))).toEqual({ records: [], total: 0, page: 1, pageSize: 10, totalCapped: false });
  });

  it("certificates past 1000 and the employee search (window totals) are capped the same way", async () => {
    await t.sql.query(
      `INSERT INTO md_nmpa_certificate (certificate_code, product_name_cn, product_name_en, approved_date)
       SELECT 'ZZ-CAP-' || lpad(i::text, 4, '0'), '测试封顶', 'Cap probe', DATE '2020-01-01' + (i % 300) FROM generate_series(1, 1001) i`,
    );
    try {
      const first = await search("searchNMPAList", { keyword: "zz-cap" });
      expect(first).toMatchObject({ total: 1000, totalCapped: true });
      const oracle = async (offset: number) =>
        (
          await t.sql.query(
            "SELECT certificate_code FROM md_nmpa_certificate WHERE certificate_code ILIKE '%zz-cap%' ORDER BY approved_date DESC NULLS LAST, id DESC LIMIT 10 OFFSET $1",
            [offset],
          )
        ).rows.map((r) => r.certificate_code);
      expect(first.records.map((r) => r.certificateCode)).toEqual(await oracle(0));
      expect((await search("searchNMPAList", { keyword: "zz-cap", page: 60 })).records.map((r) => r.certificateCode)).toEqual(await oracle(590));
      // the exact code first, though it is the oldest
      const exact = await search("searchNMPAList", { keyword: "ZZ-CAP-0300" });
      expect(exact.records[0].certificateCode).toBe("ZZ-CAP-0300");
      expect((await search("searchNMPAList", { keyword: "ZZ-CAP-0" })).records[0].certificateCode).not.toBe("ZZ-CAP-0300");
    } finally {
      await t.sql.query("DELETE FROM md_nmpa_certificate WHERE certificate_code LIKE 'ZZ-CAP-%'");
    }
    expect(await count("SELECT count(*) FROM md_employee WHERE email ILIKE '%@%'")).toBeGreaterThan(1000);
    expect(await search("searchEmployee", { keyword: "@", page: 3 })).toMatchObject({ total: 1000, totalCapped: true, page: 3 });
  });
});

describe("searchNMPAList", () => {
  it("finds certificates by Chinese and English product name, latest approval first", async () => {
    const cn = await all("searchNMPAList", "支架");
    expect(cn.length).toBe(await count("SELECT count(*) FROM md_nmpa_certificate WHERE product_name_cn ILIKE '%支架%' OR product_name_en ILIKE '%支架%' OR certificate_code ILIKE '%支架%'"));
    expect(cn.length).toBeGreaterThan(20);
    const dates = cn.map((r) => r.approvedDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const en = await search("searchNMPAList", { keyword: "pacemaker" });
    expect(en.total).toBeGreaterThan(5);
    expect(en.records.every((r) => r.productNameEn.toLowerCase().includes("pacemaker"))).toBe(true);
    expect(en.records[0]).toMatchObject({
      certificateCode: expect.stringMatching(/械注/), productNameCn: "植入式心脏起搏器", category: "第三类 Class III",
      validFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), validTo: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      manufacturer: expect.any(String), registrant: expect.any(String), address: expect.any(String),
    });
    const imported = await all("searchNMPAList", "国械注进");
    expect(imported.length).toBe(await count("SELECT count(*) FROM md_nmpa_certificate WHERE certificate_code LIKE '国械注进%'"));
  });

  it("puts the exact certificate code first, before a newer one that contains it", async () => {
    const { rows } = await t.sql.query("SELECT certificate_code FROM md_nmpa_certificate WHERE certificate_code LIKE '国械注准%' ORDER BY approved_date LIMIT 1");
    const code: string = rows[0].certificate_code;
    await t.sql.query(
      "INSERT INTO md_nmpa_certificate (certificate_code, product_name_cn, product_name_en, approved_date) VALUES ($1, '测试探针', 'Probe', CURRENT_DATE)",
      [`${code}X`],
    );
    try {
      const page = await search("searchNMPAList", { keyword: code });
      expect(page.records.map((r) => r.certificateCode)).toEqual([code, `${code}X`]);
    } finally {
      await t.sql.query("DELETE FROM md_nmpa_certificate WHERE certificate_code = $1", [`${code}X`]);
    }
  });
});

// ------------------------------------------------------------------------------------ tasks

describe("task searches", () => {
  const VIEWS = {
    searchAppliedTaskList: "receive_or_sponsor = 1",
    searchPendingApprovalTaskList: "receive_or_sponsor = 0 AND handled_status = 0",
    searchvApprovedTaskList: "receive_or_sponsor = 0 AND handled_status = 1",
  } as const;
  const oracleIds = async (userId: number, view: string, kw: string) =>
    (await t.sql.query(`SELECT id FROM personal_task WHERE user_id = $1 AND ${view} AND (task_name ILIKE $2 OR title ILIKE $2) ORDER BY id`, [userId, `%${kw}%`])).rows.map((r) => r.id);

  it("finds the caller's own tasks of each view by Chinese and English words", async () => {
    for (const [op, view] of Object.entries(VIEWS) as [keyof typeof VIEWS, string][]) {
      const { rows } = await t.sql.query(`SELECT task_name FROM personal_task WHERE user_id = $1 AND ${view} ORDER BY id LIMIT 1`, [id.zhangwei]);
      const [cnWord, enWord] = (rows[0].task_name as string).split(" ");
      for (const kw of [cnWord, enWord.toLowerCase()]) {
        const got = await all(op, kw);
        const want = await oracleIds(id.zhangwei, view, kw);
        expect(want.length).toBeGreaterThan(0);
        expect(got.map((r) => r.id).sort((a, b) => a - b)).toEqual(want);
      }
    }
  });

  it("answers task-row fields, newest first", async () => {
    const pending = await all("searchPendingApprovalTaskList", "Expense claim");
    expect(pending.length).toBeGreaterThan(0);
    expect(Object.keys(pending[0]).sort()).toEqual([
      "formStatus", "id", "taskApprovedPerson", "taskCompleteTime", "taskCurrentApproved", "taskName", "taskSponsor", "taskStartTime", "taskStatus", "taskUrl", "title",
    ]);
    expect(pending.every((r) => r.taskName === "费用报销 Expense claim" && r.taskCurrentApproved === "张伟")).toBe(true);
    const starts = pending.map((r) => r.taskStartTime).filter((x) => x !== null);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(pending.findIndex((r) => r.taskStartTime === null)).not.toBe(0);
    const approved = await all("searchvApprovedTaskList", "a");
    const done = approved.map((r) => r.taskCompleteTime).filter((x) => x !== null);
    expect(done).toEqual([...done].sort().reverse());
  });

  it("never shows another user's tasks, and the exact title comes first", async () => {
    await t.sql.query(
      `INSERT INTO personal_task (user_id, receive_or_sponsor, handled_status, task_name, title, task_start_time) VALUES
       ($1, 1, 1, '探针申请 Probe request', '独有探针 Unique probe', now()),
       ($2, 1, 1, '探针申请 Probe request', '独有探针 Unique probe extra', now() - interval '1 day'),
       ($2, 1, 1, '探针申请 Probe request', '独有探针 Unique probe', now() - interval '2 day')`,
      [id.lina, id.zhangwei],
    );
    try {
      const mine = await search("searchAppliedTaskList", { keyword: "unique probe" });
      expect(mine.total).toBe(2);
      expect(mine.records.map((r) => r.title)).toEqual(["独有探针 Unique probe extra", "独有探针 Unique probe"]);
      const exact = await search("searchAppliedTaskList", { keyword: "独有探针 Unique probe" });
      expect(exact.records.map((r) => r.title)).toEqual(["独有探针 Unique probe", "独有探针 Unique probe extra"]);
      const hers = await search("searchAppliedTaskList", { keyword: "unique probe" }, lina);
      expect(hers.records.map((r) => r.title)).toEqual(["独有探针 Unique probe"]);
      expect(hers.records[0].id).not.toBe(exact.records[0].id);
      // the other views of zhangwei do not include started tasks
      expect((await search("searchvApprovedTaskList", { keyword: "unique probe" })).total).toBe(0);
      expect((await search("searchPendingApprovalTaskList", { keyword: "unique probe" })).total).toBe(0);
    } finally {
      await t.sql.query("DELETE FROM personal_task WHERE task_name = '探针申请 Probe request'");
    }
  });
});

// --------------------------------------------------------------------------- policies, apps

describe("searchPolicyList", () => {
  it("finds only approved and visible policies, by title, keyword and content, exact first", async () => {
    const folder = (await t.sql.query("INSERT INTO bsc_folder (folder_name) VALUES ('探针目录 Probe folder') RETURNING id")).rows[0].id;
    const add = (title: string, keyword: string, status: number, visibility: number, content: string, age: number) =>
      t.sql.query(
        "INSERT INTO bsc_policy (title, keyword, status, visibility, content, content_text, folder_id, create_time) VALUES ($1,$2,$3,$4,$5,$5,$6, now() - $7 * interval '1 day') RETURNING id",
        [title, keyword, status, visibility, content, folder, age],
      );
    await add("差旅报销制度 QZX Travel expense policy", "qzx-travel", 4, 1, "出差须提前申请 Trips need approval", 1);
    await add("QZX", "qzx-exact", 4, 1, "精确标题 Exact title", 5);
    await add("QZX 草稿 Draft", "qzx-draft", 0, 1, "草稿 draft", 0);
    await add("QZX 审批中 In approval", "qzx-review", 2, 1, "审批中", 0);
    await add("QZX 隐藏 Hidden", "qzx-hidden", 4, 0, "隐藏 hidden", 0);
    await add("报销附件说明 Attachments guide", "attach-guide", 4, 1, "发票须附上 QZX 编号 Invoices need the QZX number", 3);
    try {
      const page = await search("searchPolicyList", { keyword: "qzx" });
      expect(page.records.map((r) => r.title)).toEqual(["QZX", "差旅报销制度 QZX Travel expense policy", "报销附件说明 Attachments guide"]);
      expect(page.records[0]).toEqual({ id: expect.any(Number), title: "QZX", keyword: "qzx-exact", folderId: folder, folderName: "探针目录 Probe folder", createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
      expect((await search("searchPolicyList", { keyword: "出差须提前" })).records.map((r) => r.keyword)).toEqual(["qzx-travel"]);
      expect((await search("searchPolicyList", { keyword: "attach-guide" })).records.map((r) => r.keyword)).toEqual(["attach-guide"]);
      expect((await search("searchPolicyList", { keyword: "hidden" })).total).toBe(
        await count("SELECT count(*) FROM bsc_policy WHERE status = 4 AND visibility = 1 AND (title ILIKE '%hidden%' OR keyword ILIKE '%hidden%' OR content_text ILIKE '%hidden%')"),
      );
      expect((await search("searchPolicyList", { keyword: "qzx-draft" })).total).toBe(0);
    } finally {
      await t.sql.query("DELETE FROM bsc_policy WHERE folder_id = $1", [folder]);
      await t.sql.query("DELETE FROM bsc_folder WHERE id = $1", [folder]);
    }
  });
});

describe("searchAppList", () => {
  it("finds on-shelf catalogue apps in Chinese and English, exact keyword first", async () => {
    const cn = await search("searchAppList", { keyword: "报销" });
    expect(cn.records.map((r) => r.appName)).toContain("费用报销 Expenses");
    expect(cn.total).toBe(await count("SELECT count(*) FROM bsc_app WHERE status = 1 AND (app_name ILIKE '%报销%' OR keyword ILIKE '%报销%')"));
    expect(Object.keys(cn.records[0]).sort()).toEqual(["appIconUrl", "appName", "appUrl", "id"]);
    const en = await search("searchAppList", { keyword: "EXPENSES" });
    expect(en.records[0]).toMatchObject({ appName: "费用报销 Expenses", appUrl: "https://expenses.example.com" });
    // "hr" is the keyword of HR Self-service; other apps contain hr (hr.example.com is a URL, not searched)
    const hr = await search("searchAppList", { keyword: "hr" });
    expect(hr.records[0].appName).toBe("人事自助 HR Self-service");
    // the retired Legacy OA is off shelf
    expect(await count("SELECT count(*) FROM bsc_app WHERE status = 0 AND app_name ILIKE '%legacy%'")).toBe(1);
    expect((await search("searchAppList", { keyword: "legacy" })).total).toBe(0);
  });
});

// ---------------------------------------------------------------------------------- history

describe("search history", () => {
  const entries = (userId: number, keyword: string) =>
    count("SELECT count(*) FROM search_history WHERE user_id = $1 AND keyword = $2", [userId, keyword]);

  it("records a results page of eight parallel calls once, trimmed, for the caller only", async () => {
    const keyword = "并行探针 parallel probe";
    const answers = await Promise.all(OPS.map((op) => t.call("POST", `/search/${op}`, { sid: staff, body: { keyword: `  ${keyword} ` } })));
    expect(answers.map((r) => r.statusCode)).toEqual(OPS.map(() => 200));
    expect(await entries(id.zhangwei, keyword)).toBe(1);
    expect(await count("SELECT count(*) FROM search_history WHERE user_id = $1 AND keyword LIKE '%parallel probe%'", [id.zhangwei])).toBe(1);
    expect(await entries(id.lina, keyword)).toBe(0);
    // the same search again moves it to the top, still once
    await search("searchEmployee", { keyword: "other probe" });
    await Promise.all(OPS.map((op) => search(op, { keyword })));
    expect(await entries(id.zhangwei, keyword)).toBe(1);
    const top = (await t.sql.query("SELECT keyword FROM search_history WHERE user_id = $1 ORDER BY create_time DESC, id DESC LIMIT 1", [id.zhangwei])).rows[0];
    expect(top.keyword).toBe(keyword);
  });

  it("does not record later pages or refused keywords", async () => {
    await search("searchEmployee", { keyword: "pagetwo probe", page: 2 });
    expect(await entries(id.zhangwei, "pagetwo probe")).toBe(0);
    expect400(await t.call("POST", "/search/searchEmployee", { sid: staff, body: { keyword: "pageless probe", pageSize: 500 } }));
    expect(await entries(id.zhangwei, "pageless probe")).toBe(0);
  });
});

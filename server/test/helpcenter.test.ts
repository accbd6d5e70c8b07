import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper.ts";

// The help centre's policy side (spec 7.7): the folder tree, paged search, tags, detail and the
// search history, on the demo seed (server/src/db/demo/help.ts: 33 published policies, 6 hidden).

let t: TestApp;
let staff: string; // zhangwei, department cardiology
let lina: string; // department quality
let admin: string; // department IT

beforeAll(async () => {
  t = await buildTestApp();
  staff = await t.login("zhangwei", "Staff@12345");
  lina = await t.login("lina", "Staff@12345");
  admin = await t.login("admin", "Admin@12345");
});
afterAll(() => t.close());

const PUBLISHED = 33;
const expect400 = (res: { statusCode: number; json(): any }) => expect([res.statusCode, res.json().code]).toEqual([400, 400]);
const expect404 = (res: { statusCode: number; json(): any }) => expect([res.statusCode, res.json().code]).toEqual([404, 404]);
const page = async (sid: string, body: Record<string, unknown>) => {
  const res = await t.call("POST", "/helpCenter/pageHelpCenterList", { sid, body });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const policyId = async (keyword: string) => (await t.sql.query("SELECT id FROM bsc_policy WHERE keyword = $1", [keyword])).rows[0].id as number;
const folderId = async (name: string) => (await t.sql.query("SELECT id FROM bsc_folder WHERE folder_name = $1", [name])).rows[0].id as number;
const labelId = async (name: string) => (await t.sql.query("SELECT id FROM bsc_label WHERE label_en_name = $1", [name])).rows[0].id as number;

describe("help centre home (GET /helpCenter/getHelpCenterList)", () => {
  it("answers the folder tree with the published policies only, empty folders left out", async () => {
    const res = await t.call("GET", "/helpCenter/getHelpCenterList", { sid: staff });
    expect(res.statusCode).toBe(200);
    const roots = res.json().data as any[];
    expect(roots.map((f) => f.folderName)).toEqual([
      "质量体系 Quality System", "人事制度 HR Policies", "IT 指南 IT Guides", "法规 Regulatory", "财务制度 Finance", "合规与道德 Compliance & Ethics",
    ]); // the archive holds only hidden policies
    const quality = roots[0];
    expect(quality.policies).toEqual([]);
    expect(quality.children.map((c: any) => [c.folderName, c.policies.length])).toEqual([["质量手册 Quality Manual", 4], ["纠正与预防措施 CAPA", 4]]);
    const all = (nodes: any[]): any[] => nodes.flatMap((n) => [...n.policies, ...all(n.children)]);
    const policies = all(roots);
    expect(policies).toHaveLength(PUBLISHED);
    const keywords = policies.map((p) => p.keyword);
    for (const hidden of ["draft-bonus-2027", "software-request", "reorg-plan", "travel-revision", "salary-bands", "legacy-quality-manual"])
      expect(keywords).not.toContain(hidden);
    const manual = policies.find((p) => p.keyword === "qms-manual");
    expect(manual).toMatchObject({
      title: "质量手册总则 Quality Manual - General Principles",
      folderName: "质量手册 Quality Manual",
      versionNumber: "3.2.0",
      deptName: "质量部 Quality",
      labels: [{ labelName: "质量", labelEnName: "Quality" }],
    });
    expect(manual).not.toHaveProperty("content");
    expect(manual.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("needs a session", async () => {
    const res = await t.call("GET", "/helpCenter/getHelpCenterList");
    expect([res.statusCode, res.json().code]).toEqual([401, 4004]);
  });
});

describe("policy search (POST /helpCenter/pageHelpCenterList)", () => {
  it("pages the published policies, newest first", async () => {
    const first = await page(staff, {});
    expect([first.total, first.page, first.pageSize, first.records.length]).toEqual([PUBLISHED, 1, 10, 10]);
    const last = await page(staff, { page: 7, pageSize: 5 });
    expect([last.total, last.records.length]).toEqual([PUBLISHED, 3]);
    const times = first.records.map((r: any) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    const beyond = await page(staff, { page: 100, pageSize: 100 });
    expect([beyond.total, beyond.records]).toEqual([PUBLISHED, []]);
  });

  it("matches title, keyword and content text, never a hidden policy", async () => {
    expect((await page(staff, { keyword: "VPN" })).records.map((r: any) => r.keyword).sort()).toEqual(["password-policy", "remote-work", "vpn-guide"]); // the password table names VPN too
    expect((await page(staff, { keyword: "udi" })).records.map((r: any) => r.keyword).sort()).toEqual(["capa-procedure", "internal-audit", "supplier-quality", "udi"]); // "audit" too, case-insensitive
    expect((await page(staff, { keyword: "UDI 实施" })).records.map((r: any) => r.keyword)).toEqual(["udi"]);
    // "合规热线" appears only in the content of the anti-bribery policy
    expect((await page(staff, { keyword: "合规热线" })).records.map((r: any) => r.keyword)).toEqual(["anti-bribery"]);
    // only in hidden ones
    expect((await page(staff, { keyword: "奖金池" })).total).toBe(0);
    expect((await page(staff, { keyword: "Salary Bands" })).total).toBe(0);
    // % is literal, not a wildcard
    expect((await page(staff, { keyword: "%" })).total).toBe(0);
  });

  it("narrows to a folder and its sub-folders; an unknown folder is 404", async () => {
    const quality = await page(staff, { folderId: await folderId("质量体系 Quality System"), pageSize: 100 });
    expect(quality.total).toBe(8);
    const capa = await page(staff, { folderId: await folderId("纠正与预防措施 CAPA") });
    expect(capa.records.map((r: any) => r.keyword).sort()).toEqual(["adverse-event", "capa-procedure", "complaint-handling", "nonconforming"]);
    expect((await page(staff, { folderId: await folderId("历史归档 Archive") })).total).toBe(0);
    const both = await page(staff, { folderId: await folderId("IT 指南 IT Guides"), keyword: "钓鱼" });
    expect(both.records.map((r: any) => r.keyword)).toEqual(["phishing"]);
    expect404(await t.call("POST", "/helpCenter/pageHelpCenterList", { sid: staff, body: { folderId: 999999 } }));
  });

  it("refuses bad paging and unknown fields", async () => {
    for (const body of [{ pageSize: 101 }, { pageSize: 0 }, { page: 0 }, { keyword: "x".repeat(101) }, { folderId: 0 }, { other: 1 }, { page: "two" }])
      expect400(await t.call("POST", "/helpCenter/pageHelpCenterList", { sid: staff, body }));
  });
});

describe("search history (GET /helpCenter/getSearchHistoryList)", () => {
  it("lists the caller's own last 10 distinct searches, newest first", async () => {
    const history = async (sid: string) => (await t.call("GET", "/helpCenter/getSearchHistoryList", { sid })).json().data as any[];
    const before = await history(lina);
    expect(before).toEqual([]);
    for (const k of ["质量", "  CAPA  ", "", "UDI", "质量"]) await page(lina, { keyword: k });
    let rows = await history(lina);
    expect(rows.map((r) => r.keyword)).toEqual(["质量", "UDI", "CAPA"]);
    expect(rows[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await history(admin)).map((r) => r.keyword)).not.toContain("UDI");
    for (let i = 1; i <= 12; i++) await page(lina, { keyword: `k${i}` });
    rows = await history(lina);
    expect(rows.map((r) => r.keyword)).toEqual(["k12", "k11", "k10", "k9", "k8", "k7", "k6", "k5", "k4", "k3"]);
  });
});

describe("recommended tags (GET /helpCenter/getLabelList)", () => {
  const names = async (sid: string) => ((await t.call("GET", "/helpCenter/getLabelList", { sid })).json().data as any[]).map((l) => l.labelEnName);

  it("answers the caller's department's tags in tag order", async () => {
    expect(await names(staff)).toEqual(["Regulatory", "Sales", "Training"]); // cardiology
    expect(await names(lina)).toEqual(["Quality", "Regulatory", "Safety"]); // quality
    expect(await names(admin)).toEqual(["Office", "IT", "Safety"]); // IT
  });

  it("falls back to the nearest ancestor department's tags, then to every enabled tag", async () => {
    const { rows } = await t.sql.query("SELECT dept_id FROM sys_user WHERE user_name = 'lina'");
    const quality = rows[0].dept_id;
    const sub = (await t.sql.query("INSERT INTO sys_dept (dept_name, parent_id) VALUES ('质量实验室 QC Lab', $1) RETURNING id", [quality])).rows[0].id;
    try {
      await t.sql.query("UPDATE sys_user SET dept_id = $1 WHERE user_name = 'lina'", [sub]);
      expect(await names(lina)).toEqual(["Quality", "Regulatory", "Safety"]);
      await t.sql.query("UPDATE sys_user SET dept_id = (SELECT id FROM sys_dept WHERE dept_name = '研发部 R&D') WHERE user_name = 'lina'");
      const all = await names(lina);
      expect(all).toHaveLength(10);
      expect(all.slice(0, 3)).toEqual(["Office", "HR", "Finance"]);
      await t.sql.query("UPDATE bsc_label SET status = 0 WHERE label_en_name = 'HR'");
      expect(await names(lina)).not.toContain("HR");
      await t.sql.query("UPDATE sys_user SET dept_id = NULL WHERE user_name = 'lina'");
      expect(await names(lina)).toHaveLength(9);
      // a disabled tag is not recommended either
      await t.sql.query("UPDATE bsc_label SET status = 0 WHERE label_en_name = 'Sales'");
      expect(await names(staff)).toEqual(["Regulatory", "Training"]);
    } finally {
      await t.sql.query("UPDATE bsc_label SET status = 1 WHERE label_en_name IN ('HR', 'Sales')");
      await t.sql.query("UPDATE sys_user SET dept_id = $1 WHERE user_name = 'lina'", [quality]);
      await t.sql.query("DELETE FROM sys_dept WHERE id = $1", [sub]);
    }
  });
});

describe("policies by tag (POST /helpCenter/pageBscPolicyByLabelId)", () => {
  it("pages the published policies carrying the tag", async () => {
    const it_ = await labelId("IT");
    const res = await t.call("POST", "/helpCenter/pageBscPolicyByLabelId", { sid: staff, body: { labelId: it_, pageSize: 5 } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect([data.total, data.records.length]).toEqual([8, 5]); // software-request (submitted) is not counted
    for (const r of data.records) expect(r.labels.map((l: any) => l.labelEnName)).toContain("IT");
    const rest = (await t.call("POST", "/helpCenter/pageBscPolicyByLabelId", { sid: staff, body: { labelId: it_, page: 2, pageSize: 5 } })).json().data;
    expect([...data.records, ...rest.records].map((r: any) => r.keyword).sort()).toEqual(
      ["data-classification", "email-guide", "laptop-policy", "password-policy", "personal-info", "phishing", "remote-work", "vpn-guide"],
    );
  });

  it("answers 404 for an unknown or disabled tag and 400 for bad input", async () => {
    expect404(await t.call("POST", "/helpCenter/pageBscPolicyByLabelId", { sid: staff, body: { labelId: 999999 } }));
    const safety = await labelId("Safety");
    await t.sql.query("UPDATE bsc_label SET status = 0 WHERE id = $1", [safety]);
    try {
      expect404(await t.call("POST", "/helpCenter/pageBscPolicyByLabelId", { sid: staff, body: { labelId: safety } }));
    } finally {
      await t.sql.query("UPDATE bsc_label SET status = 1 WHERE id = $1", [safety]);
    }
    expect400(await t.call("POST", "/helpCenter/pageBscPolicyByLabelId", { sid: staff, body: {} }));
    expect400(await t.call("POST", "/helpCenter/pageBscPolicyByLabelId", { sid: staff, body: { labelId: 1, pageSize: 500 } }));
  });
});

describe("policy detail (GET /helpCenter/getBscPolicyById)", () => {
  it("answers a published policy with its rich text, tags and names", async () => {
    const id = await policyId("travel-expense");
    const res = await t.call("GET", "/helpCenter/getBscPolicyById", { sid: staff, query: { id } });
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({
      id, keyword: "travel-expense", status: 4, visibility: 1, versionNumber: "4.0.0",
      title: "差旅费用报销制度 Travel Expense Policy", folderName: "财务制度 Finance", deptName: "财务部 Finance", creatorName: "系统管理员",
      attachments: [], attachmentIds: [],
    });
    expect(p.labels.map((l: any) => l.labelEnName)).toEqual(["Office", "Finance"]);
    expect(p.labelIds).toEqual(p.labels.map((l: any) => l.id));
    expect(p.content).toContain("<h2>差旅费用报销制度</h2>");
    expect(p.content).toContain("<h2>Travel Expense Policy</h2>");
    expect(p.content).toContain("<td>二线 Tier 2</td><td>450 元 yuan</td>");
  });

  it("answers 404 for a draft, submitted, rejected, hidden or missing policy and 400 for a bad id", async () => {
    for (const k of ["draft-bonus-2027", "software-request", "reorg-plan", "travel-revision", "salary-bands"])
      expect404(await t.call("GET", "/helpCenter/getBscPolicyById", { sid: staff, query: { id: await policyId(k) } }));
    expect404(await t.call("GET", "/helpCenter/getBscPolicyById", { sid: admin, query: { id: await policyId("salary-bands") } }));
    expect404(await t.call("GET", "/helpCenter/getBscPolicyById", { sid: staff, query: { id: 999999 } }));
    expect400(await t.call("GET", "/helpCenter/getBscPolicyById", { sid: staff, query: { id: "abc" } }));
    expect400(await t.call("GET", "/helpCenter/getBscPolicyById", { sid: staff }));
  });

  it("sanitizes stored content on the way out: no script, event handler or javascript: address", async () => {
    const folder = await folderId("IT 指南 IT Guides");
    const dirty =
      '<h2 onclick="steal()">Safe heading</h2><script>alert(document.cookie)</script><p>text<img src="x" onerror="alert(1)"></p>' +
      '<a href="javascript:alert(1)">click</a><iframe src="https://evil.example"></iframe><table><tr><td>cell</td></tr></table>';
    const { rows } = await t.sql.query(
      "INSERT INTO bsc_policy (title, keyword, status, visibility, content, content_text, folder_id) VALUES ('XSS probe', 'xss-probe', 4, 1, $1, 'XSS probe', $2) RETURNING id",
      [dirty, folder],
    );
    try {
      const res = await t.call("GET", "/helpCenter/getBscPolicyById", { sid: staff, query: { id: rows[0].id } });
      expect(res.statusCode).toBe(200);
      const content: string = res.json().data.content;
      expect(content).toBe('<h2>Safe heading</h2><p>text<img src="x"></p><a>click</a><table><tr><td>cell</td></tr></table>');
      expect(content).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/i);
    } finally {
      await t.sql.query("DELETE FROM bsc_policy WHERE id = $1", [rows[0].id]);
    }
  });
});

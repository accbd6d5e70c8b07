// Issue 24, as an administrator and an inspector meet it: the audit trail screen says the trail is
// intact up to its last entry, filters to one record, exports that record's entries as a workbook,
// opens the print view without the shell's chrome; the export lists a signature with its meaning; an entry then altered in SQL (behind the
// trigger that refuses it) makes the banner name the broken entry. axe runs on the screen. The
// spec runs its own server (E2E_DATA_DIR) to reach its database, and breaks only that trail.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import ExcelJS from "exceljs";
import { expect, test } from "@playwright/test";
import pg from "pg";

import { ADMIN, apiLogin } from "./support/portal";
import { freePort, startPortalServer, type PortalServer } from "./support/portalServer";

const API = "/portal-api";
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
let portal: PortalServer | undefined;
let db: pg.Pool | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(300_000); // a second server creates and seeds its database
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-e2e-trail-"));
  portal = await startPortalServer(await freePort(), { E2E_DATA_DIR: dataDir, DEMO_SEED_TIME: process.env.E2E_SEED_TIME ?? new Date().toISOString() });
  const password = readFileSync(path.join(dataDir, "db-password"), "utf8").trim();
  const port = readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[3].trim();
  db = new pg.Pool({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/portal`, max: 2 });
});

test.afterAll(async () => {
  await db?.end();
  await portal?.stop();
});

test("the administrator verifies, filters, exports and prints the audit trail, and sees an entry altered in SQL", async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: portal!.url, viewport: { width: 1366, height: 768 }, acceptDownloads: true });
  const page = await context.newPage();
  const sid = await apiLogin(context.request, ADMIN.userName, ADMIN.password);
  // A regulated record of our own: a role created through the API is entered in the trail.
  const roleCode = `trail${Date.now().toString(36)}`;
  const created = await context.request.post(`${API}/sysRole`, { headers: { sid }, data: { roleName: `追踪${roleCode}`, roleCode } });
  const roleId = ((await created.json()) as { data: number }).data;
  const { rows } = await db!.query("SELECT max(seq)::int AS last, (SELECT seq::int FROM portal_audit_trail WHERE record_type = 'role' AND record_id = $1) AS own FROM portal_audit_trail", [String(roleId)]);
  const { last, own } = rows[0] as { last: number; own: number };
  expect(own).toBeGreaterThan(1);

  await page.goto(`/relogin?system=stageAdmin&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\//, { timeout: 60_000 });
  const menu = page.getByRole("complementary");
  await menu.getByText("系统管理", { exact: true }).click();
  await menu.getByRole("link", { name: "审计追踪" }).click();
  await expect(page).toHaveURL(/\/main\/sys\/auditTrail/);
  const banner = page.getByTestId("audit-trail-banner");
  await expect(banner).toContainText(`审计追踪完整，直至第 ${last} 条`, { timeout: 30_000 });

  // axe on the screen, settled.
  await expect(page.locator(".ant-spin-spinning")).toHaveCount(0, { timeout: 30_000 });
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  // Filtered to the role, from the keyboard: the record type, its id, Enter.
  const search = page.getByRole("search");
  await search.getByLabel("记录类型").focus();
  await page.keyboard.type("角色");
  await expect(page.locator(".ant-select-item-option-active")).toHaveText("角色");
  await page.keyboard.press("Enter");
  await search.getByLabel("记录ID").fill(String(roleId));
  await search.getByLabel("记录ID").press("Enter");
  const rowsShown = page.locator(".ant-table-tbody tr.ant-table-row");
  await expect(rowsShown).toHaveCount(1);
  await expect(rowsShown.first()).toContainText(`角色 ${roleId}`);
  await expect(rowsShown.first()).toContainText("新建");
  await expect(page).toHaveURL(new RegExp(`recordType=role&recordId=${roleId}`));

  // The inspector export of the same filters: a workbook with that entry.
  const downloading = page.waitForEvent("download");
  await page.getByTestId("audit-trail-export").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-trail-.*\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const sheet = wb.getWorksheet("Audit trail")!;
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(2).getCell(1).value).toBe(own);
  expect(String(sheet.getRow(2).getCell(11).value)).toContain(roleCode);

  // The print view: the same filters at the top, the entry with its record after, no side menu.
  await page.getByTestId("audit-trail-print").click();
  await expect(page).toHaveURL(/\/sys\/auditTrail\/print\?recordType=role/);
  const view = page.getByTestId("audit-trail-print-view");
  await expect(view.getByTestId("audit-trail-print-entry")).toHaveCount(1);
  await expect(view.getByRole("row", { name: new RegExp(`记录 角色 ${roleId}`) })).toBeVisible();
  await expect(view.getByTestId("audit-trail-print-entry")).toContainText(roleCode);
  await expect(page.getByRole("complementary")).toHaveCount(0);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("audit-trail-print-now")).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  await page.getByRole("button", { name: "返回审计追踪" }).click();
  await expect(page).toHaveURL(/\/sys\/auditTrail\?recordType=role/);

  // A signature (inserted as the signing does; its insert trigger enters it) is listed by the
  // inspector export with its meaning, printed name and content hash in their own columns.
  await db!.query(
    `INSERT INTO portal_signature (user_id, printed_name, user_name, meaning, record_type, record_id, content_hash, method)
     SELECT id, real_name, user_name, 'readUnderstood', 'policyVersion', '1', repeat('ab', 32), 'password' FROM sys_user WHERE user_name = 'zhangwei'`,
  );
  await page.goto("/main/sys/auditTrail?recordType=signature");
  await expect(page.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(1);
  await expect(page.locator(".ant-table-tbody tr.ant-table-row").first()).toContainText("电子签名");
  const signing = page.waitForEvent("download");
  await page.getByTestId("audit-trail-export").click();
  const signatures = new ExcelJS.Workbook();
  await signatures.xlsx.readFile(await (await signing).path());
  const sigSheet = signatures.getWorksheet("Audit trail")!;
  const header = (sigSheet.getRow(1).values as string[]).slice(1);
  const cells = (sigSheet.getRow(2).values as unknown[]).slice(1);
  const cell = (name: RegExp) => String(cells[header.findIndex((h) => name.test(h))]);
  expect(sigSheet.rowCount).toBe(2);
  expect(cell(/^Signature meaning/)).toBe("Read and understood / 已阅读并理解");
  expect(cell(/^Printed name/)).toBe("张伟");
  expect(cell(/^Signed content hash/)).toBe("ab".repeat(32));
  await page.goto(`/main/sys/auditTrail?recordType=role&recordId=${roleId}`);

  // An administrator of the database edits the role's entry behind the trigger's back.
  await db!.query("ALTER TABLE portal_audit_trail DISABLE TRIGGER portal_audit_trail_fixed");
  try {
    await db!.query("UPDATE portal_audit_trail SET actor_name = 'someone else' WHERE seq = $1", [own]);
  } finally {
    await db!.query("ALTER TABLE portal_audit_trail ENABLE TRIGGER portal_audit_trail_fixed");
  }
  await page.getByTestId("audit-trail-recheck").click();
  await expect(banner).toContainText(`第 ${own} 条已损坏：被修改；完整直至第 ${own - 1} 条`, { timeout: 30_000 });
  await context.close();
});

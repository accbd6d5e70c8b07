// The audit log (issue 7, beyond the spec) and the generic admin list it shares with every
// resource: an administrator's write through the UI shows up with who, what and the change;
// the filters narrow it; the export downloads the filtered rows as an Excel workbook.
import ExcelJS from "exceljs";
import { expect, test } from "@playwright/test";

import { ADMIN, apiLogin, endTestSessions } from "./support/portal";

const API = "/portal-api";

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

test("a role's status change is in the audit log with its before and after, filtered and exported", async ({ page, request }) => {
  const sid = await apiLogin(request, ADMIN.userName, ADMIN.password);
  // A role of our own to change (through the API), then disabled through the UI.
  const roleCode = `aud${Date.now().toString(36)}`;
  const created = await request.post(`${API}/sysRole`, { headers: { sid }, data: { roleName: `审计${roleCode}`, roleCode } });
  const roleId = ((await created.json()) as { data: number }).data;

  await page.goto(`/relogin?system=stageAdmin&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\//);
  await page.goto(`/main/sys/role`);
  const roleSearch = page.locator("form").filter({ has: page.getByLabel("角色名称") });
  await roleSearch.getByLabel("角色名称").fill(roleCode);
  await roleSearch.getByRole("button", { name: /查\s?询/ }).click();
  const row = page.getByRole("row").filter({ hasText: roleCode });
  await expect(row).toHaveCount(1);
  await row.getByRole("switch").click();
  await page.getByRole("dialog").getByRole("button", { name: /确\s?定/ }).click();
  await expect(row.getByRole("switch")).not.toBeChecked();

  // The log, under System: newest first, filtered to this role.
  await page.getByRole("complementary").getByRole("link", { name: "审计日志" }).click();
  await expect(page).toHaveURL(/\/main\/sys\/audit/);
  const search = page.getByRole("search");
  await search.getByLabel("对象").click();
  await page.locator(".ant-select-item-option").getByText("角色", { exact: true }).click();
  await search.getByLabel("记录").fill(String(roleId));
  await search.getByRole("button", { name: /查\s?询/ }).click();
  const rows = page.locator(".ant-table-tbody tr.ant-table-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("changeRoleStatus");
  await expect(rows.first()).toContainText("admin");
  await expect(rows.last()).toContainText("createSysRole");

  // The status change's details: status went from 1 to 0.
  await rows.first().getByRole("button", { name: /详\s?情/ }).click();
  const drawer = page.getByRole("dialog", { name: "审计记录" });
  const statusRow = drawer.getByRole("row").filter({ has: page.getByRole("cell", { name: "status", exact: true }) });
  await expect(statusRow.getByRole("cell")).toHaveText(["status", "1", "0"]);
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  // Export: the two filtered rows, as the list shows them.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "导出 Excel" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^审计日志-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await file.path());
  const ws = wb.worksheets[0];
  expect(ws.rowCount).toBe(3);
  expect(ws.getRow(1).values).toEqual([undefined, "时间", "操作人", "对象", "记录", "方法", "操作", "变更前", "变更后"]);
  expect(ws.getRow(2).getCell(6).value).toBe("changeRoleStatus");
  expect(ws.getRow(3).getCell(4).value).toBe(String(roleId));
});

// Policies and folders in the admin shell (issue 7, spec 2.3 /knowledgeIndex, spec 7.6): an
// administrator creates a folder and a policy in it, edits it, finds it with the filters, moves it
// along its approval status, deletes it and the folder; then imports a workbook with one bad row
// (built here with exceljs) and sees nothing imported and the row reported - each step checked
// through the API.
import ExcelJS from "exceljs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { ADMIN, apiLogin, endTestSessions } from "./support/portal";

const API = "/portal-api";
const OK = /^确\s?定$/;

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

async function openPolicies(page: Page, request: APIRequestContext) {
  await page.setViewportSize({ width: 1366, height: 768 });
  const sid = await apiLogin(request, ADMIN.userName, ADMIN.password);
  await page.goto(`/relogin?system=stageAdmin&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\//);
  await page.goto("/main/knowledgeIndex");
  // The folder tree and the first page of policies can take a while on a busy machine.
  await expect(page.getByRole("button", { name: "全部文件夹" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("complementary").getByRole("link", { name: "制度与知识" })).toBeVisible();
  return sid;
}

async function policiesByKeyword(request: APIRequestContext, sid: string, keyword: string) {
  const res = await request.post(`${API}/bscPolicy/page`, { headers: { sid }, data: { keyword, pageSize: 100 } });
  return ((await res.json()) as { data: { records: { id: number; title: string; status: number }[] } }).data.records;
}

async function addFolder(page: Page, name: string) {
  await page.getByRole("button", { name: "新建文件夹" }).click();
  const dialog = page.getByRole("dialog", { name: "新建文件夹" });
  await dialog.getByLabel("文件夹名称").fill(name);
  await dialog.getByRole("button", { name: /保\s?存/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(".ant-tree").getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText(`“${name}”中的政策`)).toBeVisible();
}

async function pick(page: Page, scope: ReturnType<Page["getByRole"]>, label: string, option?: string) {
  await scope.getByLabel(label).click();
  const options = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
  await (option ? options.filter({ hasText: option }).first() : options.first()).click();
}

const rowOf = (page: Page, title: string) => page.getByRole("row").filter({ has: page.getByRole("cell", { name: title, exact: true }) });

test("an administrator manages a folder and a policy: create, edit, filter, status, delete", async ({ page, request }) => {
  const sid = await openPolicies(page, request);
  const tag = Date.now().toString(36);
  const folderName = `E2E 文件夹 ${tag}`;
  await addFolder(page, folderName);

  // Create: the required fields first, then a submitted policy.
  await page.getByRole("button", { name: "新建政策" }).click();
  const dialog = page.getByRole("dialog", { name: "新建政策" });
  await dialog.getByRole("button", { name: /提\s?交/ }).click();
  await expect(page.getByText("请填写所有必填信息")).toBeVisible();
  const title = `E2E 差旅制度 ${tag}`;
  const keyword = `e2e-travel-${tag}`;
  await dialog.getByLabel("标题").fill(title);
  await dialog.getByLabel("关键字").fill(keyword);
  await dialog.getByLabel("版本号").fill("23");
  await dialog.getByLabel("版本号").blur();
  await expect(dialog.getByLabel("版本号")).toHaveValue("1.2.3");
  await pick(page, dialog, "创建部门");
  await pick(page, dialog, "创建人");
  const editor = dialog.getByTestId("policy-content-editor");
  await editor.click();
  await page.keyboard.type("出差前请先申请。");
  await dialog.getByRole("button", { name: "加粗" }).click();
  await page.keyboard.type("重要");
  await dialog.getByRole("button", { name: /提\s?交/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rowOf(page, title).getByTestId("policy-status")).toHaveText("已提交");
  const [created] = await policiesByKeyword(request, sid, keyword);
  expect(created).toMatchObject({ title, status: 1 });
  const full = ((await (await request.get(`${API}/bscPolicy/getById`, { headers: { sid }, params: { id: created.id } })).json()) as { data: { content: string; versionNumber: string } }).data;
  expect(full.versionNumber).toBe("1.2.3");
  expect(full.content).toContain("出差前请先申请");

  // Edit: a new title saved as a draft.
  const edited = `${title} 修订`;
  await rowOf(page, title).getByRole("button", { name: `编辑 ${title}` }).click();
  const editDialog = page.getByRole("dialog", { name: "编辑政策" });
  await expect(editDialog.getByLabel("标题")).toHaveValue(title);
  await editDialog.getByLabel("标题").fill(edited);
  await editDialog.getByRole("button", { name: "保存草稿" }).click();
  await expect(editDialog).toHaveCount(0);
  await expect(rowOf(page, edited).getByTestId("policy-status")).toHaveText("草稿");
  expect((await policiesByKeyword(request, sid, keyword))[0]).toMatchObject({ title: edited, status: 0 });

  // Filter: a title that matches nothing, then the policy's own.
  const search = page.getByRole("search");
  await search.getByLabel("标题").fill("no such policy zzz");
  await search.getByRole("button", { name: /查\s?询/ }).click();
  await expect(page.getByText("暂无政策")).toBeVisible();
  await search.getByLabel("标题").fill("修订");
  await search.getByRole("button", { name: /查\s?询/ }).click();
  await expect(page.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(1);

  // Status: draft -> submitted.
  await rowOf(page, edited).getByRole("button", { name: `修改 ${edited} 的状态` }).click();
  const submit = page.getByRole("menuitem", { name: "已提交" });
  await submit.click();
  await expect(submit).toBeHidden(); // the choice closed the menu: the change was asked for
  await expect(rowOf(page, edited).getByTestId("policy-status")).toHaveText("已提交");
  expect((await policiesByKeyword(request, sid, keyword))[0].status).toBe(1);

  // Delete after the confirmation, then the now empty folder.
  await rowOf(page, edited).getByRole("button", { name: `删除 ${edited}` }).click();
  await page.getByRole("tooltip").filter({ hasText: "确定删除政策" }).getByRole("button", { name: OK }).click();
  await expect(rowOf(page, edited)).toHaveCount(0);
  expect(await policiesByKeyword(request, sid, keyword)).toEqual([]);
  await page.getByRole("button", { name: "删除文件夹" }).click();
  await page.getByRole("tooltip").filter({ hasText: "确定删除文件夹" }).getByRole("button", { name: OK }).click();
  await expect(page.locator(".ant-tree").getByText(folderName, { exact: true })).toHaveCount(0);
});

test("importing a workbook with one bad row imports nothing and reports the row", async ({ page, request }) => {
  const sid = await openPolicies(page, request);
  const tag = Date.now().toString(36);
  await addFolder(page, `E2E 导入 ${tag}`);
  const depts = ((await (await request.post(`${API}/sysDeptInfo/list`, { headers: { sid }, data: {} })).json()) as { data: { deptName: string }[] }).data;

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("policies");
  sheet.addRow(["标题 (title) *", "关键字 (keyword) *", "标签 (labels)", "是否可见 (visibility)", "是否需要复核 (reviewFlag)", "版本号 (versionNumber)", "内容 (content) *", "创建部门 (deptName) *", "创建人账号 (creator) *"]);
  sheet.addRow([`导入一 ${tag}`, `e2e-imp-1-${tag}`, "", 1, 0, "1.0.0", "第一条", depts[0].deptName, "admin"]);
  sheet.addRow([`导入二 ${tag}`, `e2e-imp-2-${tag}`, "", 1, 0, "1.0.0", "第二条", depts[0].deptName, "nobody-here"]);
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

  await page.getByRole("button", { name: "导入" }).click();
  const dialog = page.getByRole("dialog", { name: /导入政策到/ });
  await dialog.locator("input[type=file]").setInputFiles({
    name: "policies.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer,
  });
  await dialog.getByTestId("policy-import-start").click();
  const report = dialog.getByTestId("policy-import-report");
  await expect(report.getByText("未导入任何数据：请修改以下各行后重试")).toBeVisible();
  const bad = report.getByRole("row").filter({ hasText: "nobody-here" });
  await expect(bad.getByRole("cell").nth(0)).toHaveText("3");
  await expect(bad.getByRole("cell").nth(1)).toHaveText("创建人");
  await expect(report.getByRole("row").filter({ hasText: "第 2" })).toHaveCount(0);
  expect(await policiesByKeyword(request, sid, `e2e-imp-1-${tag}`)).toEqual([]);
  expect(await policiesByKeyword(request, sid, `e2e-imp-2-${tag}`)).toEqual([]);

  // The corrected workbook imports both rows as drafts.
  sheet.getRow(3).getCell(9).value = "admin";
  const fixed = Buffer.from(await workbook.xlsx.writeBuffer());
  await dialog.locator("input[type=file]").setInputFiles({ name: "policies.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: fixed });
  await dialog.getByTestId("policy-import-start").click();
  await expect(dialog.getByTestId("policy-import-success")).toContainText("已导入 2 条政策");
  await expect(dialog.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  expect((await policiesByKeyword(request, sid, `e2e-imp-2-${tag}`))[0]).toMatchObject({ status: 0 });
  await dialog.getByRole("button", { name: /关\s?闭/ }).click();
  await expect(page.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(2);
});

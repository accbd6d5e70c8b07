// Tags in the admin shell (issue 7, spec 2.3 /tagManamentList, 5): an administrator creates a tag
// (the English-name rule and the unique name refused first), finds it, edits it, disables it,
// deletes it while an application carries it (the confirmation says so, the link goes with it);
// edits an application's tags up to the limit of 8 and removes them; chooses a department's
// recommended tags - against the real server, each result checked through the API.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { ADMIN, apiLogin, endTestSessions } from "./support/portal";

const API = "/portal-api";
const SAVE = /保\s?存/;
const CONFIRM = /^确\s?定$/;
const SEARCH = /查\s?询/;

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

async function openAdmin(page: Page, request: APIRequestContext, route: string, menu: string) {
  const sid = await apiLogin(request, ADMIN.userName, ADMIN.password);
  await page.goto(`/relogin?system=stageAdmin&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\//);
  await page.goto(`/main/tagManamentList/${route}`);
  // The first visit loads the admin chunk: on a loaded machine this can take a while.
  await expect(page.getByRole("heading", { name: menu, exact: true })).toBeVisible({ timeout: 45_000 });
  return sid;
}

const rowOf = (page: Page, text: string) => page.locator("tr.ant-table-row").filter({ has: page.getByRole("cell", { name: text, exact: true }) });
/** Types into the dialog's tag picker (opening it) to bring one option into view. */
async function pick(page: Page, dialog: ReturnType<Page["getByRole"]>, text: string) {
  await dialog.getByRole("combobox").click();
  await page.keyboard.type(text);
}
const api = async (request: APIRequestContext, sid: string, method: "get" | "post" | "put", path: string, data?: unknown) => {
  const res = await request[method](`${API}${path}`, { headers: { sid }, data });
  return (await res.json()) as { code: number; data: any };
};

test("an administrator creates, finds, edits, disables and deletes a tag", async ({ page, request }) => {
  const sid = await openAdmin(page, request, "recommendTagsList", "推荐标签");
  await expect(rowOf(page, "人事")).toBeVisible();

  // Create: the English-name rule and the unique name are refused first.
  const name = `端到端${Date.now().toString(36)}`;
  await page.getByRole("link", { name: /新\s?建/ }).click();
  await expect(page.getByRole("heading", { name: "新增推荐标签" })).toBeVisible();
  await page.getByLabel("标签名称").fill("人事");
  await page.getByLabel("英文名称").fill("中文名");
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page.getByText("英文名称只能是字母，或字母与数字、符号的组合")).toBeVisible();
  await page.getByLabel("英文名称").fill("E2E Tag-1");
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page.getByText("标签名称已存在，请重新输入").first()).toBeVisible();
  await page.getByLabel("标签名称").fill(name);
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page.getByText("操作成功").first()).toBeVisible();
  await expect(page).toHaveURL(/\/main\/tagManamentList\/recommendTagsList(\?.*)?$/);

  // Find it by part of its English name.
  await page.getByRole("search").getByLabel("标签名称").fill("e2e tag");
  await page.getByRole("search").getByRole("button", { name: SEARCH }).click();
  await expect(page.locator("tr.ant-table-row")).toHaveCount(1);
  const row = rowOf(page, name);
  await expect(row.getByRole("cell", { name: "E2E Tag-1", exact: true })).toBeVisible();
  await expect(row.getByText("未使用")).toBeVisible();
  const id = (await api(request, sid, "post", "/bscLabel/page", { labelName: name })).data.records[0].id as number;

  // Edit the names and the sort.
  await row.getByRole("link", { name: /编\s?辑/ }).click();
  await expect(page).toHaveURL(/\/recommendTagsList\/edit\/\d+$/);
  await expect(page.getByRole("heading", { name: "编辑推荐标签" })).toBeVisible();
  await expect(page.getByLabel("标签名称")).toHaveValue(name);
  await page.getByLabel("标签名称").fill(`${name}改`);
  await page.getByLabel("英文名称").fill("E2E Tag-2");
  await page.getByLabel("排序").fill("99");
  await page.getByRole("button", { name: SAVE }).click();
  // The create's "操作成功" may still be on screen: wait for the edit itself to be stored.
  await expect(page).toHaveURL(/\/main\/tagManamentList\/recommendTagsList(\?.*)?$/);
  await expect.poll(async () => (await api(request, sid, "get", `/bscLabel/getById?id=${id}`)).data).toMatchObject({ labelName: `${name}改`, labelEnName: "E2E Tag-2", sort: 99 });

  // Disable it (confirmed) and filter by status.
  await page.getByRole("search").getByLabel("标签名称").fill(`${name}改`);
  await page.getByRole("search").getByRole("button", { name: SEARCH }).click();
  const edited = rowOf(page, `${name}改`);
  await edited.getByRole("switch", { name: `${name}改的状态` }).click();
  await page.getByRole("dialog").getByRole("button", { name: CONFIRM }).click();
  await expect(edited.getByRole("switch")).not.toBeChecked();
  expect((await api(request, sid, "get", `/bscLabel/getById?id=${id}`)).data.status).toBe(0);
  await page.getByRole("search").getByLabel("标签名称").fill("");
  await page.getByRole("search").getByLabel("状态").click();
  await page.locator(".ant-select-item-option").getByText("停用", { exact: true }).click();
  await page.getByRole("search").getByRole("button", { name: SEARCH }).click();
  await expect(page.locator("tr.ant-table-row")).toHaveCount(1);
  await expect(rowOf(page, `${name}改`)).toBeVisible();
  await edited.getByRole("switch").click();
  await page.getByRole("dialog").getByRole("button", { name: CONFIRM }).click();
  await expect.poll(async () => (await api(request, sid, "get", `/bscLabel/getById?id=${id}`)).data.status).toBe(1);

  // Delete it while an application carries it: the row and the confirmation say so; the link goes.
  const app = (await api(request, sid, "post", "/bscLabel/pageAppLabel", { pageSize: 1 })).data.records[0];
  await api(request, sid, "post", "/bscLabel/saveAppLabel", { appId: app.appId, version: app.version, labelIds: [...app.labels.map((l: { id: number }) => l.id), id] });
  await page.getByRole("search").getByRole("button", { name: /重\s?置/ }).click();
  await page.getByRole("search").getByLabel("标签名称").fill(`${name}改`);
  await page.getByRole("search").getByRole("button", { name: SEARCH }).click();
  await expect(rowOf(page, `${name}改`).getByText("应用 1 · 部门 0 · 政策 0")).toBeVisible();
  await rowOf(page, `${name}改`).getByRole("button", { name: /删\s?除/ }).click();
  await expect(page.getByText(`确定删除标签“${name}改”吗？`, { exact: false })).toBeVisible();
  await page.getByRole("button", { name: CONFIRM }).click();
  await expect(page.getByText("操作成功").first()).toBeVisible();
  await expect(page.locator("tr.ant-table-row")).toHaveCount(0);
  expect((await api(request, sid, "get", `/bscLabel/getById?id=${id}`)).code).toBe(404);
  const after = (await api(request, sid, "post", "/bscLabel/pageAppLabel", { pageSize: 1 })).data.records[0];
  expect(after.labels.map((l: { id: number }) => l.id)).toEqual(app.labels.map((l: { id: number }) => l.id));
});

test("an application's tags: edit up to 8, remove one, clear all", async ({ page, request }) => {
  const sid = await openAdmin(page, request, "applicationTagsList", "应用标签");
  const tags = (await api(request, sid, "get", "/bscLabel")).data as { id: number; labelName: string }[];
  const app = (await api(request, sid, "post", "/bscLabel/pageAppLabel", { pageSize: 1, sortField: "appId", sortOrder: "asc" })).data.records[0];
  await api(request, sid, "post", "/bscLabel/saveAppLabel", { appId: app.appId, version: app.version, labelIds: tags.slice(0, 7).map((t) => t.id) });

  await page.getByRole("search").getByLabel("应用名称").fill(app.appName);
  await page.getByRole("search").getByRole("button", { name: SEARCH }).click();
  const row = rowOf(page, app.appName);
  await expect(row.locator(".ant-tag")).toHaveCount(7);

  // The picker takes an 8th tag, then refuses a 9th.
  await row.getByRole("button", { name: `编辑标签：${app.appName}` }).click();
  const dialog = page.getByRole("dialog", { name: `编辑应用“${app.appName}”的标签` });
  await expect(dialog.getByText("已选 7 / 8 个")).toBeVisible();
  await pick(page, dialog, tags[7].labelName);
  await page.locator(".ant-select-item-option").filter({ hasText: tags[7].labelName }).click();
  await expect(dialog.getByText("已选 8 / 8 个")).toBeVisible();
  await pick(page, dialog, tags[8].labelName);
  await expect(page.locator(".ant-select-item-option").filter({ hasText: tags[8].labelName })).toHaveClass(/ant-select-item-option-disabled/);
  await page.keyboard.press("Escape");
  await dialog.getByRole("button", { name: SAVE }).click();
  await expect(page.getByText("操作成功").first()).toBeVisible();
  await expect(row.locator(".ant-tag")).toHaveCount(8);
  const saved = async () => ((await api(request, sid, "post", "/bscLabel/pageAppLabel", { appName: app.appName })).data.records[0].labels as { id: number }[]).map((l) => l.id);
  expect((await saved()).sort()).toEqual(tags.slice(0, 8).map((t) => t.id).sort());

  // Remove one tag (confirmed), then all of them.
  await row.getByLabel(`移除标签“${tags[0].labelName}”`).click();
  await page.getByRole("dialog").getByRole("button", { name: CONFIRM }).click();
  await expect(row.locator(".ant-tag")).toHaveCount(7);
  expect(await saved()).not.toContain(tags[0].id);
  await row.getByRole("button", { name: `清空标签：${app.appName}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: CONFIRM }).click();
  await expect(row.getByText("暂无标签")).toBeVisible();
  expect(await saved()).toEqual([]);
});

test("a department's recommended tags are chosen from the list", async ({ page, request }) => {
  const sid = await openAdmin(page, request, "BUApplicationTagsList", "BU推荐标签");
  await page.getByRole("search").getByLabel("部门名称").fill("财务部");
  await page.getByRole("search").getByRole("button", { name: SEARCH }).click();
  await expect(page.locator("tr.ant-table-row")).toHaveCount(1);
  const row = rowOf(page, "财务部 Finance");
  await expect(row.getByRole("cell", { name: "总部 Head Office", exact: true })).toBeVisible();
  await expect(row.locator(".ant-tag")).toHaveText(["财务", "合规"]);
  await row.getByRole("button", { name: "编辑标签：财务部 Finance" }).click();
  const dialog = page.getByRole("dialog", { name: "编辑部门“财务部 Finance”的推荐标签" });
  for (const tag of ["安全", "培训"]) {
    await pick(page, dialog, tag);
    await page.locator(".ant-select-item-option").filter({ hasText: tag }).click();
  }
  await page.keyboard.press("Escape");
  await dialog.getByRole("button", { name: SAVE }).click();
  await expect(page.getByText("操作成功").first()).toBeVisible();
  // Tags show in their sort order: the two chosen join the two the department had.
  await expect(row.locator(".ant-tag")).toHaveText(["财务", "培训", "安全", "合规"]);
  const dept = (await api(request, sid, "post", "/bscDeptLabel/pageDeptLabel", { deptName: "财务部" })).data.records[0];
  expect(dept.labels.map((l: { labelName: string }) => l.labelName)).toEqual(expect.arrayContaining(["财务", "合规", "安全", "培训"]));

  // The filter by tag finds it.
  await page.getByRole("search").getByLabel("部门名称").fill("");
  await page.getByRole("search").getByLabel("标签", { exact: true }).click();
  await page.locator(".ant-select-item-option").filter({ hasText: "安全" }).click();
  await page.getByRole("search").getByRole("button", { name: SEARCH }).click();
  await expect(rowOf(page, "财务部 Finance")).toBeVisible();
  await expect(rowOf(page, "人力资源部 Human Resources")).toHaveCount(0);
});

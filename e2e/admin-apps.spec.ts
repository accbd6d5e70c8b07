// Applications, portal applications and data sources in the admin shell (issue 7, spec 2.3
// /applicationManagement and /outAppList, 4, 5): an administrator creates, is told a keyword is
// taken, edits, filters and puts rows on and off shelf, and deletes a data source after a
// confirmation - against the real server, each step checked through the API as a user would see it.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { ADMIN, apiLogin, endTestSessions, STAFF } from "./support/portal";

const API = "/portal-api";
const SAVE = /保\s?存/;
const CONFIRM = /^确\s?定$/;
const SEARCH = /查\s?询/;

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

async function openAdmin(page: Page, request: APIRequestContext, route: string, heading: string) {
  const sid = await apiLogin(request, ADMIN.userName, ADMIN.password);
  await page.goto(`/relogin?system=stageAdmin&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\//);
  await page.goto(`/main${route}`);
  // The first visit loads the admin chunk; the shared test machine can be slow.
  await expect(page.getByRole("heading", { name: heading })).toBeVisible({ timeout: 60_000 });
}

const rowOf = (page: Page, text: string) => page.getByRole("row").filter({ has: page.getByRole("cell", { name: text, exact: true }) });

/** The names a signed-in user's listAll answers (on-shelf rows only). */
async function listed(request: APIRequestContext, path: string, sid: string): Promise<string[]> {
  const answer = await request.get(`${API}${path}`, { headers: { sid } });
  return ((await answer.json()) as { data: { name: string }[] }).data.map((a) => a.name);
}

async function search(page: Page, label: string, text: string) {
  const form = page.getByRole("search");
  await form.getByLabel(label).fill(text);
  await form.getByRole("button", { name: SEARCH }).click();
}

/** Confirms the on/off-shelf switch of a row. */
async function toggleShelf(page: Page, name: string, confirmTitle: string) {
  await page.getByRole("switch", { name: `${name}的上下架状态` }).click();
  const dialog = page.getByRole("dialog").filter({ hasText: confirmTitle });
  await dialog.getByRole("button", { name: CONFIRM }).click();
  await expect(page.getByText("操作成功").first()).toBeVisible();
}

test("applications: create, duplicate keyword, edit, filter and on/off shelf", async ({ page, request }) => {
  await openAdmin(page, request, "/applicationManagement", "应用管理");
  const staffSid = await apiLogin(request, STAFF.userName, STAFF.password);
  const stamp = Date.now().toString(36);
  const name = `E2E应用${stamp}`;
  const keyword = `e2e-${stamp}`;

  await page.getByRole("button", { name: /新\s?增/ }).click();
  let dialog = page.getByRole("dialog", { name: "新增应用" });
  await dialog.getByRole("button", { name: SAVE }).click();
  await expect(dialog.getByText("必填项不能为空").first()).toBeVisible();
  await dialog.getByLabel("名称").fill(name);
  await dialog.getByLabel("关键字").fill(keyword);
  await dialog.getByLabel("地址", { exact: true }).fill("not a url");
  await dialog.getByRole("button", { name: SAVE }).click();
  await expect(dialog.getByText("请输入以 http(s):// 或 / 开头的地址")).toBeVisible();
  await dialog.getByLabel("地址", { exact: true }).fill("https://e2e.example.com/app");
  await dialog.getByLabel("PC 端").check();
  await dialog.getByLabel("描述").fill("端到端测试应用");
  await dialog.getByRole("button", { name: SAVE }).click();
  await expect(page.getByText("操作成功").first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(rowOf(page, name)).toBeVisible();
  expect(await listed(request, "/bscApp/listAll", staffSid)).toContain(name);

  // The same keyword in another case is refused with spec 5's message, on the field too.
  await page.getByRole("button", { name: /新\s?增/ }).click();
  dialog = page.getByRole("dialog", { name: "新增应用" });
  await dialog.getByLabel("名称").fill(`${name}副本`);
  await dialog.getByLabel("关键字").fill(keyword.toUpperCase());
  await dialog.getByLabel("地址", { exact: true }).fill("https://e2e.example.com/copy");
  await dialog.getByRole("button", { name: SAVE }).click();
  await expect(dialog.getByText("关键字已存在，请重新输入")).toBeVisible();
  await dialog.getByRole("button", { name: /取\s?消/ }).click();
  await expect(dialog).toHaveCount(0);

  // Edit from the row: the dialog holds the row's values.
  await rowOf(page, name).getByRole("button", { name: /编\s?辑/ }).click();
  dialog = page.getByRole("dialog", { name: "编辑应用" });
  await expect(dialog.getByLabel("关键字")).toHaveValue(keyword);
  await dialog.getByLabel("名称").fill(`${name}改`);
  await dialog.getByRole("button", { name: SAVE }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rowOf(page, `${name}改`)).toBeVisible();

  // Filter by keyword, and by device.
  await search(page, "名称/关键字", keyword);
  await expect(page.getByRole("row")).toHaveCount(2); // header + the one row
  await expect(rowOf(page, `${name}改`)).toBeVisible();

  // Off shelf: gone from the app centre; on shelf again: back.
  await toggleShelf(page, `${name}改`, "确定下架");
  await expect(rowOf(page, `${name}改`).getByRole("switch")).not.toBeChecked();
  expect(await listed(request, "/bscApp/listAll", staffSid)).not.toContain(`${name}改`);
  await toggleShelf(page, `${name}改`, "确定上架");
  await expect(rowOf(page, `${name}改`).getByRole("switch")).toBeChecked();
  expect(await listed(request, "/bscApp/listAll", staffSid)).toContain(`${name}改`);

  // Delete (spec 5's app delete confirmation, issue 22): a user's pick of it goes too.
  const appId = ((await (await request.post(`${API}/bscApp/searchList`, { headers: { sid: await apiLogin(request, ADMIN.userName, ADMIN.password) }, data: { name: keyword } })).json()) as { data: { records: { id: number }[] } }).data.records[0].id;
  const staffId = ((await (await request.get(`${API}/sysUserEx/getUserInfo`, { headers: { sid: staffSid } })).json()) as { data: { id: number } }).data.id;
  const pick = await request.post(`${API}/personalApp`, { headers: { sid: staffSid }, data: { userId: staffId, appId, appName: "picked", appUrl: "https://e2e.example.com/app" } });
  expect(((await pick.json()) as { code: number }).code).toBe(0);
  const myApps = async () => ((await (await request.get(`${API}/personalApp/listByUserId?userId=${staffId}`, { headers: { sid: staffSid } })).json()) as { data: { appId: number | null }[] }).data.map((a) => a.appId);
  expect(await myApps()).toContain(appId);
  await rowOf(page, `${name}改`).getByRole("button", { name: /删\s?除/ }).click();
  const pop = page.getByRole("tooltip").filter({ hasText: `确定删除应用“${name}改”吗？` });
  await expect(pop).toBeVisible();
  await pop.getByRole("button", { name: /取\s?消/ }).click();
  await expect(rowOf(page, `${name}改`)).toBeVisible();
  await rowOf(page, `${name}改`).getByRole("button", { name: /删\s?除/ }).click();
  await page.getByRole("tooltip").filter({ hasText: `确定删除应用“${name}改”吗？` }).getByRole("button", { name: CONFIRM }).click();
  await expect(rowOf(page, `${name}改`)).toHaveCount(0);
  expect(await listed(request, "/bscApp/listAll", staffSid)).not.toContain(`${name}改`);
  expect(await myApps()).not.toContain(appId);
});

test("portal applications: create, filter and off shelf", async ({ page, request }) => {
  await openAdmin(page, request, "/outAppList", "门户应用");
  const staffSid = await apiLogin(request, STAFF.userName, STAFF.password);
  const stamp = Date.now().toString(36);
  const name = `E2E门户${stamp}`;

  await page.getByRole("button", { name: /新\s?增/ }).click();
  const dialog = page.getByRole("dialog", { name: "新增门户应用" });
  await expect(dialog.getByLabel("标签")).toHaveCount(0); // portal applications have no tags
  await dialog.getByLabel("名称").fill(name);
  await dialog.getByLabel("关键字").fill(`e2e-portal-${stamp}`);
  await dialog.getByLabel("地址", { exact: true }).fill("https://portal.example.com");
  await dialog.getByLabel("图片").fill("/favicon.ico");
  await dialog.getByLabel("移动端").check();
  await dialog.getByRole("button", { name: SAVE }).click();
  await expect(dialog).toHaveCount(0);
  expect(await listed(request, "/bscPortalApp/listAll", staffSid)).toContain(name);

  // The external portal (spec 2.1 /portal) lists it while it is on the shelf (issue 22 item 6).
  const portalLink = page.getByTestId("portal-apps").getByRole("link", { name: `${name}（在新标签页打开）` });
  await page.goto("/portal");
  await expect(portalLink).toBeVisible({ timeout: 30_000 });
  await expect(portalLink).toHaveAttribute("href", "https://portal.example.com/");
  await page.goto("/main/outAppList");
  await expect(page.getByRole("heading", { name: "门户应用" })).toBeVisible({ timeout: 60_000 });

  await search(page, "名称/关键字", name);
  await expect(rowOf(page, name)).toBeVisible();
  await expect(rowOf(page, name).getByRole("cell", { name: "移动端", exact: true })).toBeVisible();
  await toggleShelf(page, name, "确定下架");
  expect(await listed(request, "/bscPortalApp/listAll", staffSid)).not.toContain(name);
  // Off the shelf, off the portal.
  await page.goto("/portal");
  await expect(page.getByTestId("portal-apps").getByRole("heading", { name: "门户应用" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("portal-apps").locator(".ant-spin-spinning")).toHaveCount(0, { timeout: 30_000 });
  await expect(portalLink).toHaveCount(0);
});

test("data sources: create, edit, filter, off shelf and delete after a confirmation", async ({ page, request }) => {
  await openAdmin(page, request, "/applicationManagement/dataSource", "数据源管理");
  const staffSid = await apiLogin(request, STAFF.userName, STAFF.password);
  const stamp = Date.now().toString(36);
  const name = `E2E数据源${stamp}`;

  await page.getByRole("button", { name: /新\s?增/ }).click();
  let dialog = page.getByRole("dialog", { name: "新增数据源" });
  await dialog.getByLabel("名称").fill(name);
  await dialog.getByLabel("地址", { exact: true }).fill("https://bi.example.com/e2e");
  await dialog.getByLabel("兼容范围").fill("Chrome 90+");
  await dialog.getByRole("button", { name: SAVE }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rowOf(page, name).getByRole("cell", { name: "Chrome 90+" })).toBeVisible();

  await rowOf(page, name).getByRole("button", { name: /编\s?辑/ }).click();
  dialog = page.getByRole("dialog", { name: "编辑数据源" });
  await dialog.getByLabel("兼容范围").fill("Edge 100+");
  await dialog.getByRole("button", { name: SAVE }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rowOf(page, name).getByRole("cell", { name: "Edge 100+" })).toBeVisible();

  await search(page, "名称", name);
  await expect(page.getByRole("row")).toHaveCount(2);
  expect(await listed(request, "/bscChart/listAll", staffSid)).toContain(name);
  await toggleShelf(page, name, "确定下架");
  expect(await listed(request, "/bscChart/listAll", staffSid)).not.toContain(name);

  // Delete asks first; cancelling keeps the row.
  await rowOf(page, name).getByRole("button", { name: /删\s?除/ }).click();
  const pop = page.getByRole("tooltip").filter({ hasText: "确定删除数据源" });
  await expect(pop).toBeVisible();
  await pop.getByRole("button", { name: /取\s?消/ }).click();
  await expect(rowOf(page, name)).toBeVisible();
  await rowOf(page, name).getByRole("button", { name: /删\s?除/ }).click();
  await page.getByRole("tooltip").filter({ hasText: "确定删除数据源" }).getByRole("button", { name: CONFIRM }).click();
  await expect(rowOf(page, name)).toHaveCount(0);
  const admin = await apiLogin(request, ADMIN.userName, ADMIN.password);
  const page1 = await request.post(`${API}/bscChart/page`, { headers: { sid: admin }, data: { name } });
  expect(((await page1.json()) as { data: { total: number } }).data.total).toBe(0);
});

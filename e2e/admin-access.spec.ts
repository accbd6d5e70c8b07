// Issue 18, item 6: the avatar menu's system state management (the admin backend) shows only with
// the `system` button permission (spec 2.6), not through spec 6's "empty map shows everything";
// and the admin shell, however it is opened, loads the session's own menus: an administrator's
// whole menu, an editor's policy screens only, and for staff a clear "no permission" page instead
// of a full menu of screens that fail to load.
import { expect, test, type Page } from "@playwright/test";

import { ADMIN, EDITOR, STAFF, endTestSessions, sessionValue, submitLoginForm } from "./support/portal";

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

async function openAvatarMenu(page: Page) {
  await page.getByTestId("sider-avatar").click();
  await expect(page.getByRole("menuitem", { name: "修改头像" })).toBeVisible();
}

/** The admin shell's side menu (refine's ThemedLayout sider). */
const adminMenu = (page: Page) => page.locator(".ant-layout-sider .ant-menu").first();

test("staff: no system state management in the avatar menu, and the admin shell says no permission", async ({ page }) => {
  await submitLoginForm(page, STAFF.userName, STAFF.password);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  expect(JSON.parse((await sessionValue(page, "permissionMap")) ?? "null")).toEqual({});
  await openAvatarMenu(page);
  await expect(page.getByRole("menuitem", { name: "系统状态管理" })).toHaveCount(0);

  // The admin backend's address by hand: the session's own menus hold no admin screen.
  const menuLoads: string[] = [];
  page.on("request", (r) => r.url().includes("/getRoleMenuVOByRoles") && menuLoads.push(r.url()));
  await page.goto("/main?system=stageAdmin");
  const forbidden = page.getByTestId("admin-forbidden");
  await expect(forbidden).toBeVisible({ timeout: 30_000 });
  await expect(forbidden).toContainText("403 无权访问管理后台");
  expect(menuLoads.length).toBeGreaterThan(0);
  await expect(page.getByRole("menuitem", { name: /系统管理|标签管理|应用管理/ })).toHaveCount(0);
  await expect(page.getByText("加载失败")).toHaveCount(0);
  // An admin address goes nowhere either.
  await page.goto("/main/sys/user");
  await expect(page.getByTestId("admin-forbidden")).toBeVisible({ timeout: 30_000 });

  // Back to the portal in the same window, still signed in.
  await page.getByRole("button", { name: "返回门户" }).click();
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  await expect(page.getByTestId("header-real-name")).toHaveText(STAFF.realName);
});

test("administrator: system state management opens the admin shell with the administrator's menus", async ({ page, context }) => {
  await submitLoginForm(page, ADMIN.userName, ADMIN.password);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  await openAvatarMenu(page);
  const entry = page.getByRole("menuitem", { name: "系统状态管理" });
  await expect(entry).toBeVisible();

  const [admin] = await Promise.all([context.waitForEvent("page"), entry.click()]);
  await expect(admin).toHaveURL(/\/main\/home$/, { timeout: 30_000 });
  const menu = adminMenu(admin);
  for (const name of ["系统管理", "标签管理", "应用管理", "门户应用", "制度管理", "吐槽与评论", "源数据管理"]) {
    await expect(menu.getByRole("menuitem", { name }).first()).toBeVisible({ timeout: 30_000 });
  }
  // The menus the window loaded are the session's own (the system button among them).
  expect(JSON.parse((await sessionValue(admin, "permissionMap")) ?? "{}")).toMatchObject({ system: true, "sys:user:add": true });
  // A screen loads, nothing says 加载失败.
  await menu.getByRole("menuitem", { name: "系统管理" }).click();
  await menu.getByRole("menuitem", { name: "用户管理" }).click();
  await expect(admin).toHaveURL(/\/main\/sys\/user$/);
  await expect(admin.locator(".ant-table-tbody tr.ant-table-row").first()).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByText("加载失败")).toHaveCount(0);
  await admin.close();
});

test("editor: the admin shell lists the policy screens only and lands on them", async ({ page }) => {
  await submitLoginForm(page, EDITOR.userName, EDITOR.password);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  await page.getByTestId("role-switcher").click();
  await page.locator(".ant-select-item-option").filter({ hasText: "编辑" }).click();
  await expect.poll(async () => JSON.parse((await sessionValue(page, "userInfo")) ?? "{}").roleCode).toBe("editor");
  // The editor holds no system button: no way into the backend from the avatar menu.
  await openAvatarMenu(page);
  await expect(page.getByRole("menuitem", { name: "系统状态管理" })).toHaveCount(0);

  await page.goto("/main?system=stageAdmin");
  await expect(page).toHaveURL(/\/main\/knowledgeIndex(\?|$)/, { timeout: 30_000 });
  const menu = adminMenu(page);
  await expect(menu.getByRole("menuitem", { name: "制度管理" })).toBeVisible({ timeout: 30_000 });
  await expect(menu.getByRole("menuitem", { name: /系统管理|标签管理|应用管理|门户应用|源数据管理|吐槽与评论/ })).toHaveCount(0);
  // A screen the role does not grant is not routed: its address lands on the editor's screen.
  await page.goto("/main/sys/user");
  await expect(page).toHaveURL(/\/main\/knowledgeIndex(\?|$)/, { timeout: 30_000 });
  await expect(page.getByText("加载失败")).toHaveCount(0);
});

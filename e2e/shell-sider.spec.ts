// The user shell's left sider (issue 4, spec 2.6): greeting, the server's menu in menuCode order,
// collapse to 78 px and back, and a menu click that navigates under /main.
import { expect, test } from "@playwright/test";

import { STAFF, endPageSession, submitLoginForm } from "./support/portal";

// The password login below makes a session of the demo user; it ends with the test.
test.afterEach(async ({ page, request }) => endPageSession(page, request));

test("sider: greeting, menu, collapse and navigation", async ({ page }) => {
  await submitLoginForm(page, STAFF.userName, STAFF.password);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);

  const sider = page.getByTestId("portal-sider");
  await expect(sider.getByTestId("sider-greeting")).toHaveText(/^(上午好|下午好|晚上好)，张伟$/);
  await expect(sider.getByTestId("sider-avatar")).toBeVisible();

  const menu = sider.getByTestId("sider-menu");
  const items = menu.getByRole("menuitem");
  await expect(items.first()).toHaveText("工作空间");
  await expect(items.nth(1)).toHaveText("应用中心");
  await expect(items.nth(2)).toHaveText("帮助中心");
  // The current route's entry is selected.
  await expect(menu.locator(".ant-menu-item-selected")).toHaveText("工作空间");

  const width = () => sider.evaluate((el) => el.getBoundingClientRect().width);
  await sider.getByRole("button", { name: "收起菜单" }).click();
  await expect.poll(width).toBe(78);
  await expect(sider.getByTestId("sider-greeting")).toHaveCount(0);
  await sider.getByRole("button", { name: "展开菜单" }).click();
  await expect.poll(width).toBeGreaterThan(78);
  await expect(sider.getByTestId("sider-greeting")).toBeVisible();

  await menu.getByRole("menuitem", { name: "任务中心" }).click();
  await expect(page).toHaveURL(/\/main\/missionCenterIndex$/);
  await expect(menu.locator(".ant-menu-item-selected")).toHaveText("任务中心");
});

test("sider: the avatar menu's log out opens the quitLogon confirm", async ({ page }) => {
  await submitLoginForm(page, STAFF.userName, STAFF.password);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);

  await page.getByTestId("sider-avatar").click();
  // zhangwei (staff) holds no button permission at all: spec 6's empty map shows everything but
  // the system state management entry, which needs the `system` button itself (issue 18).
  const logout = page.getByRole("menuitem", { name: "退出登录" });
  await expect(logout).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "修改头像" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "系统状态管理" })).toHaveCount(0);
  await logout.click();
  await expect(page).toHaveURL(/\/main\/quitLogon$/);
  await expect(page.getByRole("dialog").filter({ hasText: "确定要退出登录吗" })).toBeVisible();
});

test("the page shown, opened again from the side menu, the header or the tab bar, adds no history (spec 2.4)", async ({ page }) => {
  await submitLoginForm(page, STAFF.userName, STAFF.password);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  const entries = () => page.evaluate(() => window.history.length);
  const before = await entries();

  // Issue 21, defect 13: three clicks on 帮助中心 needed four Backs to leave it.
  const help = page.getByTestId("sider-menu").getByRole("menuitem", { name: "帮助中心" });
  await help.click();
  await help.click();
  await help.click();
  await expect(page).toHaveURL(/\/main\/helpCenter$/);
  await page.getByTestId("header-help").click();
  await page.getByTestId("tab-bar").getByRole("tab", { name: "帮助中心", exact: true }).click();
  expect(await entries()).toBe(before + 1);

  await page.getByTestId("header-tab-missionCenterIndex").click();
  await expect(page).toHaveURL(/\/main\/missionCenterIndex$/);
  await page.getByTestId("header-tab-missionCenterIndex").click();
  await page.getByTestId("sider-menu").getByRole("menuitem", { name: "任务中心" }).click();
  expect(await entries()).toBe(before + 2);

  // One Back each.
  await page.goBack();
  await expect(page).toHaveURL(/\/main\/helpCenter$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
});

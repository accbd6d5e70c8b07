// Issue 22, item 6: the admin shell's own defects. The side menu's 退出登录 asks the spec 2.4
// quitLogon question first, like the personal centre's button; and one action shows one message
// (spec 8): the export's message replaces the one on screen instead of joining it.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { ADMIN, apiLogin, confirmLogout, endTestSessions } from "./support/portal";

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

const sider = (page: Page) => page.getByRole("complementary");

async function openAdmin(page: Page, request: APIRequestContext, path: string) {
  const sid = await apiLogin(request, ADMIN.userName, ADMIN.password);
  await page.goto(`/relogin?system=stageAdmin&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\//, { timeout: 30_000 });
  await page.goto(path);
  return sid;
}

test("the side menu's 退出登录 asks first; Cancel stays, Confirm ends the session", async ({ page, request }) => {
  const sid = await openAdmin(page, request, "/main/sys/role");
  await expect(sider(page).getByRole("link", { name: "角色管理" })).toBeVisible({ timeout: 30_000 });

  const logout = sider(page).getByRole("menuitem", { name: "退出登录" });
  const question = page.getByRole("dialog").filter({ hasText: "确定要退出登录吗" });
  await logout.click();
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: /^取\s?消$/ }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL(/\/main\/sys\/role/);
  const alive = await request.get("/portal-api/sysUserEx/getUserInfo", { headers: { sid } });
  expect(((await alive.json()) as { code: number }).code).toBe(0);

  await logout.click();
  await confirmLogout(page);
  await expect(page).toHaveURL(/\/loginCopy/, { timeout: 30_000 });
  const ended = await request.get("/portal-api/sysUserEx/getUserInfo", { headers: { sid } });
  expect(((await ended.json()) as { code: number }).code).toBe(4004);
});

test("the export's message replaces the 操作成功 on screen (one message per action)", async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openAdmin(page, request, "/main/knowledgeIndex");
  await expect(page.getByRole("button", { name: "全部文件夹" })).toBeVisible({ timeout: 60_000 });

  // A new folder: its save says 操作成功.
  const name = `E2E 导出 ${Date.now()}`;
  await page.getByRole("button", { name: "新建文件夹" }).click();
  const dialog = page.getByRole("dialog", { name: "新建文件夹" });
  await dialog.getByLabel("文件夹名称").fill(name);
  await dialog.getByRole("button", { name: /保\s?存/ }).click();
  const saved = page.locator(".ant-message-notice").filter({ hasText: "操作成功" });
  await expect(saved).toBeVisible();
  // The pointer rests on it, so it stays until something replaces it (a hovered message does not expire).
  await saved.hover();
  await expect(page.getByText(`“${name}”中的政策`)).toBeVisible({ timeout: 30_000 });

  // Export from the keyboard, the pointer still on the message.
  await page.getByRole("button", { name: "导出 Excel" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator(".ant-message-notice").filter({ hasText: /已导出 \d+ 行|没有可导出的数据/ })).toBeVisible({ timeout: 30_000 });
  // Read once, when the export's message shows: the 操作成功 is already leaving (its closing
  // animation may still run), not on screen beside it. (Polled, it would pass anyway: the new
  // message pushes the old one from under the pointer and it expires.)
  const staying = page.locator('.ant-message-notice-wrapper:not([class*="-leave"])').filter({ hasText: "操作成功" });
  expect(await staying.count()).toBe(0);
});

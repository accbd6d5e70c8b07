// Issue 22, item 6: a screen whose role is refused by the server (its menu was taken from the role
// while the window was open; permission changes take effect on open sessions) shows a 403 page at
// once, in place of its frame and buttons, and the refused call is never retried (it was retried
// for about 9 s, then the list said "暂无用户"). The server's refusal is the real 403 answer shape
// (HTTP 403, code 4003), given to the list's call only, so the rest of the shell stays as it is.
import { expect, test } from "@playwright/test";

import { ADMIN, apiLogin, endTestSessions } from "./support/portal";

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

const REFUSAL = {
  code: 4003,
  message: "没有权限",
  resultMessage: "没有权限",
  resultEnMessage: "No permission",
};

test("a refused screen shows a 403 page at once and is not retried", async ({ page, request }) => {
  const sid = await apiLogin(request, ADMIN.userName, ADMIN.password);
  await page.goto(`/relogin?system=stageAdmin&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\//, { timeout: 30_000 });

  let listCalls = 0;
  await page.route("**/portal-api/sysUserRole/page**", async (route) => {
    listCalls += 1;
    await route.fulfill({ status: 403, contentType: "application/json", body: JSON.stringify(REFUSAL) });
  });
  await page.goto("/main/sys/user");

  const forbidden = page.getByTestId("admin-screen-forbidden");
  await expect(forbidden).toBeVisible({ timeout: 30_000 });
  await expect(forbidden).toContainText("403 无权访问此页面");
  // One call: the 403 page came with the first refusal, not after retries.
  expect(listCalls).toBe(1);
  // Nothing of the screen is left: no export button, no empty list.
  await expect(page.getByRole("button", { name: /导出/ })).toHaveCount(0);
  await expect(page.getByText("暂无用户")).toHaveCount(0);
  // The shell stays: its side menu leads elsewhere.
  await expect(page.getByRole("complementary").getByRole("link", { name: "用户管理" })).toBeVisible();

  // Another screen shows as usual.
  await page.unroute("**/portal-api/sysUserRole/page**");
  await page.getByRole("complementary").getByRole("link", { name: "角色管理" }).click();
  await expect(page).toHaveURL(/\/main\/sys\/role/);
  await expect(forbidden).toHaveCount(0);
  await expect(page.locator(".ant-table-tbody tr.ant-table-row").first()).toBeVisible({ timeout: 30_000 });
  expect(listCalls).toBe(1);
});

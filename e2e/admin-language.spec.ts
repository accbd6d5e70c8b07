// Issue 22, item 6: the admin shell and its sign-in page (/baseLogin?system=stageAdmin) have a
// CN/EN switch; the admin's switch is the portal's (saved as the personal record's
// languageStatus); and in English every side-menu label shows whole at 1366x768.
import { expect, test, type Page } from "@playwright/test";

import { ADMIN, apiLogin, endTestSessions, saveLanguageOf } from "./support/portal";

test.afterEach(async ({ page, request }) => {
  await endTestSessions(page, request);
  await saveLanguageOf(request, ADMIN, "cn"); // later specs meet the default language
});

/** Labels of the side menu whose text is cut (wider than the room it has). */
async function cutLabels(page: Page): Promise<string[]> {
  return page
    .locator(".ant-layout-sider .ant-menu-title-content")
    .evaluateAll((nodes) => nodes.filter((n) => n.scrollWidth > n.clientWidth + 1 || n.getBoundingClientRect().right > n.closest(".ant-layout-sider")!.getBoundingClientRect().right).map((n) => n.textContent ?? ""));
}

test("the stage-admin sign-in page and the admin shell switch CN/EN; English labels fit the side menu", async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto("/baseLogin?system=stageAdmin");
  const loginToggle = page.getByTestId("login-language-toggle");
  await expect(loginToggle).toBeVisible({ timeout: 30_000 });
  await loginToggle.getByRole("button", { name: "EN" }).click();
  await expect(loginToggle.getByRole("button", { name: "EN" })).toHaveAttribute("aria-pressed", "true");
  await loginToggle.getByRole("button", { name: "CN" }).click();

  const sid = await apiLogin(request, ADMIN.userName, ADMIN.password);
  await page.goto(`/relogin?system=stageAdmin&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\//, { timeout: 30_000 });
  const sider = page.getByRole("complementary");
  await expect(sider.getByRole("menuitem", { name: "系统管理" })).toBeVisible({ timeout: 30_000 });

  const toggle = page.getByTestId("language-toggle");
  await expect(toggle).toBeVisible();
  const saved = page.waitForRequest((r) => r.url().includes("/personalStatusRecord") && r.method() === "POST");
  await toggle.getByText("EN").click();
  expect((await saved).postDataJSON()).toMatchObject({ languageStatus: "en" });
  await expect(sider.getByRole("menuitem", { name: /System$/ })).toBeVisible({ timeout: 30_000 });

  // Every group open, so every label is laid out.
  const closed = page.locator('.ant-layout-sider .ant-menu-submenu-title[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  await expect(sider.getByRole("menuitem", { name: /Policies and knowledge$/ })).toBeVisible();
  expect(await cutLabels(page)).toEqual([]);
});

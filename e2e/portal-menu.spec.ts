// Issue 18, item 7: the user shell's side menu lists only the portal's own pages (spec 2.2), each
// with its title in the language in use, each opening a real page; the admin backend's menus that
// an administrator's or an editor's role also holds (sys, user, tagManamentList, outAppList, ...)
// are not entries of it.
import { expect, test, type Page } from "@playwright/test";

import { ADMIN, EDITOR, endTestSessions, saveLanguageOf, sessionValue, submitLoginForm } from "./support/portal";

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

const PORTAL_TITLES = {
  cn: ["工作空间", "应用中心", "帮助中心", "任务中心", "数据中心", "日程中心", "用户吐槽"],
  en: ["Workspace", "App Center", "Help Center", "Task Center", "Data Center", "Schedule", "User Complaints"],
};

/** The side menu's entries (leaves and submenus) as shown. */
const entries = (page: Page) => page.getByTestId("sider-menu").getByRole("menuitem");

/** Every entry opens its page: never the shell's 404, always a tab with the entry's title. */
async function openEveryEntry(page: Page, titles: string[]) {
  for (const title of titles) {
    await entries(page).filter({ hasText: title }).first().click();
    await expect(page).not.toHaveURL(/\/main\/404$/);
    await expect(page.getByTestId("sider-menu").locator(".ant-menu-item-selected")).toHaveText(title);
    await expect(page.getByTestId("tab-bar")).toContainText(title);
  }
}

/** Raw code names of the server's menu tree: none may show as a title. */
const CODE_NAME = /^(sys|user|role|menu|audit|home|tagManamentList|recommendTagsList|applicationTagsList|BUApplicationTagsList|applicationManagement|outAppList|policy|knowledgeIndex|privacyPolicyList|taskManagement|commentList|roastList|originDataList|personalCenter|system)$/;

test("administrator: only portal entries, translated in both languages, each a real page", async ({ page, request }) => {
  await submitLoginForm(page, ADMIN.userName, ADMIN.password);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  // The session's menus do hold the admin backend's (they are the admin shell's).
  expect(JSON.parse((await sessionValue(page, "menuPermissionMap")) ?? "{}")).toMatchObject({ "/sys": true, "/outAppList": true });

  try {
    const cn = [...PORTAL_TITLES.cn, "个人中心"];
    await expect(entries(page)).toHaveText(cn);
    for (const text of await entries(page).allInnerTexts()) expect(text).not.toMatch(CODE_NAME);
    await openEveryEntry(page, cn);
    await expect(page).toHaveURL(/\/main\/people$/);

    await page.getByTestId("language-toggle").getByText("EN").click();
    const en = [...PORTAL_TITLES.en, "Personal Center"];
    await expect(entries(page)).toHaveText(en);
    await openEveryEntry(page, en);
  } finally {
    // The toggle saved English for the administrator: back to the default for the other specs.
    await saveLanguageOf(request, ADMIN, "cn");
  }
});

test("editor (lina as 编辑): the policy menus of the role are not portal entries", async ({ page, request }) => {
  await submitLoginForm(page, EDITOR.userName, EDITOR.password);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  await page.getByTestId("role-switcher").click();
  await page.locator(".ant-select-item-option").filter({ hasText: "编辑" }).click();
  await expect.poll(async () => JSON.parse((await sessionValue(page, "menuPermissionMap")) ?? "{}")["/knowledgeIndex"]).toBe(true);

  await expect(entries(page)).toHaveText(PORTAL_TITLES.cn);
  for (const text of await entries(page).allInnerTexts()) expect(text).not.toMatch(CODE_NAME);
  await openEveryEntry(page, PORTAL_TITLES.cn);
  try {
    await page.getByTestId("language-toggle").getByText("EN").click();
    await expect(entries(page)).toHaveText(PORTAL_TITLES.en);
    await openEveryEntry(page, PORTAL_TITLES.en);
  } finally {
    await saveLanguageOf(request, EDITOR, "cn");
  }
});

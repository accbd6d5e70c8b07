// The admin shell proved with roles (issue 2, section 3): an administrator on system=stageAdmin
// sees the seeded roles, creates one, edits it and disables it, all against the real server.
import { expect, test, type Page } from "@playwright/test";

import { apiLogout, sessionValue, submitLoginForm } from "./support/portal";

const ADMIN = { userName: "admin", password: "Admin@12345" } as const;

// antd spaces out two-character Chinese button labels ("保 存"); refine's carry their icon's name.
const SAVE = /保\s?存/;

async function logInAsAdmin(page: Page) {
  // Spec 2.4: the system query parameter is kept in the session, and it picks the admin shell.
  await page.goto("/baseLogin?system=stageAdmin");
  if ((await sessionValue(page, "system")) !== "stageAdmin") {
    // Until the app stores the parameter itself, set it the way the stage-admin link would.
    await page.evaluate(() => sessionStorage.setItem("system", "stageAdmin"));
  }
  await submitLoginForm(page, ADMIN.userName, ADMIN.password);
  await expect(page).toHaveURL(/\/main\//);
}

// End the admin's session after each test, so the next login is not "already logged in elsewhere".
test.afterEach(async ({ page, request }) => {
  const sid = await sessionValue(page, "sid");
  if (sid && sid !== "timeout") await apiLogout(request, sid);
});

/** The list row holding a role code (codes are unique). */
const rowOf = (page: Page, roleCode: string) =>
  page.getByRole("row").filter({ has: page.getByRole("cell", { name: roleCode, exact: true }) });

test("an administrator lists, creates, edits and disables roles", async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto("/main/sys/role");

  // The side menu comes from the resources, filtered by the admin's menus.
  await expect(page.getByRole("complementary").getByRole("link", { name: "角色管理" })).toBeVisible();
  // antd's own words follow the language too (its ESM locale; the CommonJS one fell back to English).
  await expect(page.getByText("10 条/页")).toBeVisible();
  for (const roleCode of ["admin", "staff", "editor"]) {
    await expect(rowOf(page, roleCode)).toBeVisible();
  }

  // Create.
  const suffix = Date.now().toString(36);
  const roleCode = `e2e_${suffix}`;
  const roleName = `端到端角色 ${suffix}`;
  await page.getByRole("link", { name: /新\s?建/ }).click();
  await expect(page).toHaveURL(/\/main\/sys\/role\/create$/);
  await expect(page.getByRole("heading", { name: "新建角色" })).toBeVisible();
  await page.getByLabel("角色名称").fill(roleName);
  await page.getByLabel("角色编码").fill(roleCode);
  await page.getByLabel("描述").fill("由端到端测试创建");
  await page.getByRole("button", { name: SAVE }).click();

  await expect(page.getByText("操作成功")).toBeVisible();
  await expect(page).toHaveURL(/\/main\/sys\/role(\?.*)?$/);
  const row = rowOf(page, roleCode);
  await expect(row.getByRole("cell", { name: roleName, exact: true })).toBeVisible();
  await expect(row.getByRole("switch")).toHaveAttribute("aria-checked", "true");

  // Edit.
  await row.getByRole("link", { name: /编\s?辑/ }).click();
  await expect(page).toHaveURL(/\/main\/sys\/role\/edit\/\d+$/);
  await expect(page.getByRole("heading", { name: "编辑角色" })).toBeVisible();
  const nameField = page.getByLabel("角色名称");
  await expect(nameField).toHaveValue(roleName);
  const renamed = `${roleName} 已改`;
  await nameField.fill(renamed);
  await page.getByRole("button", { name: SAVE }).click();

  await expect(page).toHaveURL(/\/main\/sys\/role(\?.*)?$/);
  await expect(row.getByRole("cell", { name: renamed, exact: true })).toBeVisible();

  // Disable, after the confirm.
  await row.getByRole("switch").click();
  const confirm = page.getByRole("dialog", { name: `确定禁用角色 ${renamed} 吗？` });
  await confirm.getByRole("button", { name: /^确\s?定$/ }).click();
  await expect(row.getByRole("switch")).toHaveAttribute("aria-checked", "false");

  // The server kept all of it.
  await page.reload();
  await expect(row.getByRole("cell", { name: renamed, exact: true })).toBeVisible();
  await expect(row.getByRole("switch")).toHaveAttribute("aria-checked", "false");
});

test("the role list filters by name and shows the form's rules in the current language", async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto("/main/sys/role");
  await expect(rowOf(page, "admin")).toBeVisible();

  await page.getByRole("textbox", { name: "角色名称" }).fill("editor");
  await page.getByRole("button", { name: /^查\s?询$/ }).click();
  await expect(rowOf(page, "admin")).toBeHidden();
  await expect(rowOf(page, "editor")).toBeVisible();

  await page.goto("/main/sys/role/create");
  await expect(page.getByRole("heading", { name: "新建角色" })).toBeVisible();
  await page.getByLabel("角色编码").fill("9bad");
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page.getByText("必填项不能为空")).toBeVisible();
  await expect(page.getByText("以字母开头，其后为字母、数字、_ 或 -，最多 30 个字符")).toBeVisible();
});

test("switching the administrator role off is refused with the reason, and the switch keeps showing it enabled", async ({ page }) => {
  // Issue 18: the server refuses (409) any change that leaves nobody able to manage users and roles.
  await logInAsAdmin(page);
  await page.goto("/main/sys/role");
  const row = rowOf(page, "admin");
  await expect(row.getByRole("switch")).toHaveAttribute("aria-checked", "true");

  await row.getByRole("switch").click();
  await page.getByRole("dialog", { name: /确定禁用角色 .* 吗？/ }).getByRole("button", { name: /^确\s?定$/ }).click();

  await expect(page.getByText(/此更改会导致没有可用的管理员来管理用户和角色/).first()).toBeVisible();
  await expect(page.getByText("操作成功")).toHaveCount(0);
  await expect(row.getByRole("switch")).toHaveAttribute("aria-checked", "true");
  // The administrator still manages roles with the same session, and the server kept the role on.
  await page.reload();
  await expect(row.getByRole("switch")).toHaveAttribute("aria-checked", "true");
});

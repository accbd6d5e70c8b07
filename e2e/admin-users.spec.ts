// Users in the admin shell (issue 7, spec 2.3 /sys/user): an administrator creates a user and
// hands over the password shown once, finds them with the filters, edits their roles, disables
// them (their session ends at once), resets their password and deletes them - against the real
// server, each step checked through the API as the user would see it.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { ADMIN, apiLogin, endTestSessions } from "./support/portal";

const API = "/portal-api";
const SAVE = /保\s?存/;
const CONFIRM = /^确\s?定$/;

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

async function openUsers(page: Page, request: APIRequestContext) {
  const sid = await apiLogin(request, ADMIN.userName, ADMIN.password);
  await page.goto(`/relogin?system=stageAdmin&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\//);
  await page.goto("/main/sys/user");
  // The side menu holds the resource under System, opened on the current page.
  await expect(page.getByRole("complementary").getByRole("link", { name: "用户管理" })).toBeVisible();
}

const rowOf = (page: Page, userName: string) =>
  page.getByRole("row").filter({ has: page.getByRole("cell", { name: userName, exact: true }) });

/** Whether a session still works (4004 once it has ended). */
async function alive(request: APIRequestContext, sid: string) {
  const answer = await request.get(`${API}/sysUserEx/getUserInfo`, { headers: { sid } });
  return ((await answer.json()) as { code: number }).code !== 4004;
}

/** The password in the shown-once dialog, which is then closed. */
async function takePassword(page: Page, title: string) {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog.getByText("它只显示这一次")).toBeVisible();
  const password = (await dialog.getByTestId("password-once").innerText()).trim();
  expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{8,64}$/);
  await dialog.getByRole("button", { name: /完\s?成/ }).click();
  await expect(dialog).toHaveCount(0);
  return password;
}

test("an administrator creates, finds, edits, disables, resets and deletes a user", async ({ page, request }) => {
  await openUsers(page, request);
  await expect(rowOf(page, "zhangwei").getByRole("cell", { name: "张伟", exact: true })).toBeVisible();
  // lina's primary role comes first.
  await expect(rowOf(page, "lina").locator(".ant-tag")).toHaveText(["员工", "编辑"]);

  // Create: the form's rules first, then the password shown once.
  const userName = `e2e${Date.now().toString(36)}`;
  await page.getByRole("link", { name: /新\s?建/ }).click();
  await expect(page.getByRole("heading", { name: "新增用户" })).toBeVisible();
  await page.getByLabel("账号").fill("not valid!");
  await page.getByLabel("手机号").fill("12345");
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page.getByText("请至少选择一个角色")).toBeVisible();
  await expect(page.getByText("请输入正确的手机号码！")).toBeVisible();
  await page.getByLabel("账号").fill(userName);
  await page.getByLabel("姓名").fill("端到端用户");
  await page.getByLabel("手机号").fill("13800000000");
  await page.getByLabel("角色").click();
  await page.locator(".ant-select-item-option").getByText("员工 (staff)", { exact: true }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: SAVE }).click();
  const first = await takePassword(page, `已创建${userName}`);
  await expect(page).toHaveURL(/\/main\/sys\/user(\?.*)?$/);
  const sid = await apiLogin(request, userName, first);

  // Find them by part of the account.
  await page.getByPlaceholder("账号或姓名").fill(userName.slice(0, -2));
  await page.getByRole("button", { name: /查\s?询/ }).click();
  await expect(page.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(1);
  const row = rowOf(page, userName);
  await expect(row.getByRole("cell", { name: "端到端用户", exact: true })).toBeVisible();

  // Edit: rename and add a role after the primary one.
  await row.getByRole("link", { name: /编\s?辑/ }).click();
  await expect(page).toHaveURL(/\/main\/sys\/user\/edit\/\d+$/);
  await expect(page.getByRole("heading", { name: "编辑用户" })).toBeVisible();
  await expect(page.getByLabel("账号")).toHaveCount(0); // the account cannot be changed
  await expect(page.getByLabel("姓名")).toHaveValue("端到端用户");
  await page.getByLabel("姓名").fill("端到端用户二");
  await page.getByLabel("角色").click();
  await page.locator(".ant-select-item-option").getByText("编辑 (editor)", { exact: true }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: SAVE }).click();
  await expect(page).toHaveURL(/\/main\/sys\/user(\?.*)?$/);
  await expect(row.getByRole("cell", { name: "端到端用户二", exact: true })).toBeVisible();
  await expect(row.locator(".ant-tag")).toHaveText(["员工", "编辑"]);

  // Disable after the confirm: the user's session ends at once.
  await row.getByRole("switch").click();
  await page.getByRole("dialog", { name: "确定停用用户端到端用户二吗？" }).getByRole("button", { name: CONFIRM }).click();
  await expect(row.getByRole("switch")).toHaveAttribute("aria-checked", "false");
  expect(await alive(request, sid)).toBe(false);
  await row.getByRole("switch").click();
  await page.getByRole("dialog", { name: "确定启用用户端到端用户二吗？" }).getByRole("button", { name: CONFIRM }).click();
  await expect(row.getByRole("switch")).toHaveAttribute("aria-checked", "true");

  // Reset: a new password, shown once; the old one no longer signs in.
  const again = await apiLogin(request, userName, first);
  await row.getByRole("button", { name: "重置密码" }).click();
  await page.getByRole("dialog", { name: `确定重置${userName}的密码吗？` }).getByRole("button", { name: CONFIRM }).click();
  const second = await takePassword(page, `${userName}的新密码`);
  expect(second).not.toBe(first);
  expect(await alive(request, again)).toBe(false);
  await apiLogin(request, userName, second);

  // Delete after the confirm.
  await row.getByRole("button", { name: /删\s?除/ }).click();
  await page.getByRole("tooltip").getByRole("button", { name: CONFIRM }).click();
  await expect(page.getByText("操作成功")).toBeVisible();
  await expect(rowOf(page, userName)).toHaveCount(0);
  await expect(rowOf(page, "zhangwei")).toBeVisible();
  await page.reload();
  await expect(rowOf(page, "zhangwei")).toBeVisible();
  await expect(rowOf(page, userName)).toHaveCount(0);
});

// Source data, the admin home and the personal centre in the admin shell (issue 7, spec 2.3
// /originDataList, /home, /personalCenter, change-Password): an administrator imports a CSV with
// one bad row (nothing imported, the row reported), then a good one (its rows listed and found by
// the search); the home shows the counts the server gives and links to the filtered list; the
// personal centre and change-Password open inside the admin shell.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { ADMIN, apiLogin, endTestSessions } from "./support/portal";

const API = "/portal-api";

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

async function openAdmin(page: Page, request: APIRequestContext, route: string) {
  const sid = await apiLogin(request, ADMIN.userName, ADMIN.password);
  await page.goto(`/relogin?system=stageAdmin&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\//);
  await page.goto(`/main${route}`);
  return sid;
}

const csvFile = (text: string) => ({ name: "employees.csv", mimeType: "text/csv", buffer: Buffer.from(text, "utf8") });

async function employeesLike(request: APIRequestContext, sid: string, keyword: string) {
  const res = await request.post(`${API}/sourceData/employee/page`, { headers: { sid }, data: { keyword, pageSize: 100 } });
  return ((await res.json()) as { data: { total: number } }).data.total;
}

test("an administrator imports source data: a bad row imports nothing and is reported, a good file is listed", async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const sid = await openAdmin(page, request, "/originDataList");
  // The admin chunk loads first; on a loaded machine that alone can take longer than one step's budget.
  await expect(page.getByRole("tab", { name: "员工目录" })).toHaveAttribute("aria-selected", "true", { timeout: 60_000 });
  await expect(page.locator(".ant-table-tbody tr.ant-table-row").first()).toBeVisible();

  const tag = `E2E${Date.now().toString(36).toUpperCase()}`;
  await page.getByTestId("source-import-employee").click();
  const dialog = page.getByRole("dialog", { name: "导入员工目录" });
  await expect(dialog).toBeVisible();
  await dialog.locator("input[type=file]").setInputFiles(
    csvFile(`employeeNo,chineseName,englishName,email\n${tag}1,导入一,${tag} One,one@example.com\n${tag}2,导入二,${tag} Two,not-an-email\n`),
  );
  await dialog.getByTestId("source-import-start").click();
  const report = dialog.getByTestId("source-import-report");
  await expect(report.getByText("导入失败，未导入任何数据")).toBeVisible();
  const bad = report.getByRole("row").filter({ hasText: "not-an-email" });
  await expect(bad.getByRole("cell").nth(0)).toHaveText("3");
  await expect(bad.getByRole("cell").nth(1)).toHaveText("email");
  await expect(bad).toContainText("请输入正确邮箱地址！");
  expect(await employeesLike(request, sid, tag)).toBe(0);

  // The corrected file: both rows imported, shown in the list and found by the global search.
  await dialog.locator("input[type=file]").setInputFiles(
    csvFile(`employeeNo,chineseName,englishName,email\n${tag}1,导入一,${tag} One,one@example.com\n${tag}2,导入二,${tag} Two,two@example.com\n`),
  );
  await dialog.getByTestId("source-import-start").click();
  await expect(dialog.getByTestId("source-import-success")).toContainText("共 2 行，新增 2 行，更新 0 行");
  await expect(dialog.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  await dialog.getByRole("button", { name: /关\s?闭/ }).click();
  await expect(dialog).toHaveCount(0);
  expect(await employeesLike(request, sid, tag)).toBe(2);

  await page.getByLabel("关键词").fill(tag);
  await page.getByRole("button", { name: /查\s?询/ }).click();
  await expect(page.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(2);
  await expect(page.getByRole("cell", { name: `${tag} Two`, exact: true })).toBeVisible();
  const search = await request.post(`${API}/search/searchEmployee`, { headers: { sid }, data: { keyword: tag } });
  expect(((await search.json()) as { data: { total: number } }).data.total).toBe(2);

  // Another kind: its own tab and list.
  await page.getByRole("tab", { name: "UPN 列表" }).click();
  await expect(page.getByRole("columnheader", { name: "限制原因" })).toBeVisible();
});

test("the admin home shows what waits and links to the list; the personal centre and change-Password open in the admin shell", async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const sid = await openAdmin(page, request, "/home");
  const stats = ((await (await request.get(`${API}/adminHome/stats`, { headers: { sid } })).json()) as { data: Record<string, number> }).data;
  const pending = page.getByTestId("home-count-complaintsPending");
  await expect(pending).toContainText("待审核吐槽", { timeout: 60_000 });
  await expect(pending.locator(".ant-statistic-content-value")).toHaveText(String(stats.complaintsPending));
  await expect(page.getByTestId("home-count-usersDisabled").locator(".ant-statistic-content-value")).toHaveText(String(stats.usersDisabled));
  await expect(page.getByTestId("home-trend").locator("rect")).toHaveCount(30);
  await page.locator(".ant-segmented-item").filter({ hasText: "按周（近12周）" }).click();
  await expect(page.getByTestId("home-trend").locator("rect")).toHaveCount(12);

  await pending.click();
  await expect(page).toHaveURL(/\/main\/roastList\?.*reviewStatus.*value\]=0/);

  // The personal centre from the side menu, then change-Password from it - all in the admin shell.
  await page.getByRole("complementary").getByRole("link", { name: "个人中心" }).click();
  await expect(page).toHaveURL(/\/main\/personalCenter$/);
  const me = ((await (await request.get(`${API}/sysUserEx/getUserInfo`, { headers: { sid } })).json()) as { data: { realName: string } }).data;
  await expect(page.getByTestId("people-real-name")).toHaveText(me.realName);
  await expect(page.getByRole("complementary")).toBeVisible();
  await page.getByTestId("people-password").click();
  await expect(page).toHaveURL(/\/main\/change-Password$/);
  const form = page.getByTestId("password-page");
  await expect(form).toBeVisible();
  await expect(page.getByRole("complementary")).toBeVisible();
  await form.getByLabel("当前密码").fill(ADMIN.password);
  await form.getByLabel("新密码", { exact: true }).fill("Another1234");
  await form.getByLabel("确认新密码").fill("Different1234");
  await form.getByRole("button", { name: "修改密码" }).click();
  await expect(form.getByText("两次输入的新密码不一致")).toBeVisible();
});

// Issue 20, lost updates: two administrators, each in a browser of their own, edit the same role.
// The first save is stored; the second is refused and its form offers to reload (nothing of it is
// stored, nothing of it is thrown away before the person chooses); the reload shows the first
// administrator's change, and the second save from there goes through.
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";

import { ADMIN, apiLogin, endApiSessions, endPageSession } from "./support/portal";

const API = "/portal-api";
const SAVE = /保\s?存/;

async function api(request: APIRequestContext, sid: string, method: "get" | "post", path: string, data?: unknown) {
  const answer = await request.fetch(`${API}${path}`, { method, headers: { sid }, data });
  const body = (await answer.json()) as { code: number; data: any };
  expect([path, body.code]).toEqual([path, 0]);
  return body.data;
}

/** A browser of its own signed in as an administrator (a session of its own), on the role's edit page. */
async function adminBrowser(browser: Browser, request: APIRequestContext, roleId: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sid = await apiLogin(request, ADMIN.userName, ADMIN.password);
  await page.goto(`/relogin?system=stageAdmin&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\//);
  await page.goto(`/main/sys/role/edit/${roleId}`);
  // The first visit loads the admin chunk: on a loaded machine this can take a while.
  await expect(page.getByRole("heading", { name: "编辑角色" })).toBeVisible({ timeout: 45_000 });
  return { context, page };
}

const nameField = (page: Page) => page.getByLabel("角色名称");

test("two administrators edit one role: the second save offers to reload, and saves after it", async ({ browser, request }) => {
  const admin = await apiLogin(request, ADMIN.userName, ADMIN.password);
  const tag = Date.now().toString(36);
  const roleName = `并发角色 ${tag}`;
  const tree = (await api(request, admin, "get", "/sysRole/getRoleMenu")) as { id: number; url: string }[];
  const work = tree.find((m) => m.url === "/workingSpace")!.id;
  const roleId = (await api(request, admin, "post", "/sysRole", { roleName, roleCode: `stale_${tag}`, menuIds: [work] })) as number;

  const browsers: Awaited<ReturnType<typeof adminBrowser>>[] = [];
  try {
    const first = await adminBrowser(browser, request, roleId);
    browsers.push(first);
    const second = await adminBrowser(browser, request, roleId);
    browsers.push(second);
    await expect(nameField(first.page)).toHaveValue(roleName);
    await expect(nameField(second.page)).toHaveValue(roleName);

    await nameField(first.page).fill(`${roleName} 甲`);
    await first.page.getByRole("button", { name: SAVE }).click();
    await expect(first.page.getByText("操作成功")).toBeVisible();
    await expect(first.page).toHaveURL(/\/main\/sys\/role(\?.*)?$/);

    await nameField(second.page).fill(`${roleName} 乙`);
    await second.page.getByRole("button", { name: SAVE }).click();
    const offer = second.page.getByRole("alert").filter({ hasText: "该记录已被他人修改" });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText("您的更改未保存");
    // Still on the form, with the second administrator's text, until they choose.
    await expect(second.page).toHaveURL(new RegExp(`/main/sys/role/edit/${roleId}$`));
    await expect(nameField(second.page)).toHaveValue(`${roleName} 乙`);
    expect((await api(request, admin, "get", `/sysRole/getById?id=${roleId}`)).roleName).toBe(`${roleName} 甲`);

    await offer.getByRole("button", { name: "重新加载" }).click();
    await expect(nameField(second.page)).toHaveValue(`${roleName} 甲`);
    await expect(offer).toBeHidden();
    await nameField(second.page).fill(`${roleName} 乙`);
    await second.page.getByRole("button", { name: SAVE }).click();
    await expect(second.page.getByText("操作成功")).toBeVisible();
    await expect.poll(async () => (await api(request, admin, "get", `/sysRole/getById?id=${roleId}`)).roleName).toBe(`${roleName} 乙`);
  } finally {
    for (const { context, page } of browsers) {
      await endPageSession(page, request);
      await context.close();
    }
    await endApiSessions(request);
  }
});

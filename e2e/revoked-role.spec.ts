// Issue 18, item 4: a role taken from a user ends the open session that runs under it. In the
// browser: the next page load shows the session-expired dialog (spec 4), and signing in again
// lands on the role the user still holds.
import { expect, test, type APIRequestContext } from "@playwright/test";

import { ADMIN, apiLogin, apiLogout, endTestSessions, replaceGivenPassword, sessionValue, submitLoginForm } from "./support/portal";

const API = "/portal-api";
const PASSWORD = "Revoke@12345";

async function api(request: APIRequestContext, sid: string, method: "get" | "post" | "put", path: string, data?: unknown) {
  const answer = await request.fetch(`${API}${path}`, { method, headers: { sid }, data });
  const body = (await answer.json()) as { code: number; data: any };
  expect([path, body.code]).toEqual([path, 0]);
  return body.data;
}

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

test("the editor role taken away: the open session ends at the next page load, the next sign-in runs as staff", async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN.userName, ADMIN.password);
  const userName = `rv${Date.now().toString(36)}`.slice(0, 20);
  const { id } = await api(request, admin, "post", "/sysUserRole", {
    userName, realName: "撤销测试", roleCodes: ["editor", "staff"], password: await encrypt(request, PASSWORD),
  });
  // The first-login steps (privacy, the administrator's password, guide) done beforehand: this
  // test is about the role.
  const password = await replaceGivenPassword(request, userName, PASSWORD);
  const own = await apiLogin(request, userName, password);
  const { policyVersion } = await api(request, own, "get", "/bscPrivacyPolicy");
  await api(request, own, "post", "/personalStatusRecord", { userId: id, privacyStatus: 1, privacyVersion: policyVersion, noviceGuideStatus: 1 });
  await apiLogout(request, own); // else the form login asks "already logged in elsewhere"

  await submitLoginForm(page, userName, password);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  const sid = await sessionValue(page, "sid");
  expect((await api(request, sid!, "get", "/sysUserEx/getUserInfo")).roleCode).toBe("editor");

  // An administrator takes the editor role away (through the API, as another browser would).
  const { version } = await api(request, admin, "get", `/sysUserRole/getById?id=${id}`);
  await api(request, admin, "put", "/sysUserRole", { id, version, realName: "撤销测试", roleCodes: ["staff"] });

  await page.reload();
  const dialog = page.getByRole("dialog").filter({ hasText: "登录会话已过期" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button").click();
  await expect(page).toHaveURL(/\/loginCopy$/);

  await submitLoginForm(page, userName, password);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  const again = await sessionValue(page, "sid");
  expect(again).not.toBe(sid);
  expect(await api(request, again!, "get", "/sysUserEx/getUserInfo")).toMatchObject({ roleCode: "staff", roleCodes: ["staff"], isAdmin: false });
});

/** The password as the login page sends it (RSA-OAEP-SHA256 with the server's key). */
async function encrypt(request: APIRequestContext, password: string) {
  const { publicEncrypt, constants } = await import("node:crypto");
  const { data } = (await (await request.get(`${API}/sysUserEx/getPublicKey`)).json()) as { data: { publicKey: string } };
  return publicEncrypt({ key: data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(password, "utf8")).toString("base64");
}

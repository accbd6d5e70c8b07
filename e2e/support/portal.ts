// Helpers shared by the end-to-end specs: the login form as a person uses it, the session storage
// the app keeps, and a session made directly through the API (a second browser, as it were).
import { constants, publicEncrypt } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const STAFF = { userName: "zhangwei", password: "Staff@12345", realName: "张伟" } as const;
export const EDITOR = { userName: "lina", password: "Staff@12345" } as const;

const API = "/portal-api";

/** Fills /baseLogin and submits with Enter (spec 2.1). */
export async function submitLoginForm(page: Page, userName: string, password: string) {
  await page.goto("/baseLogin");
  await page.getByLabel("账号").fill(userName);
  await page.getByLabel("密码").fill(password);
  await page.getByLabel("密码").press("Enter");
}

export async function sessionValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => sessionStorage.getItem(k), key);
}

export async function localValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/** Signs in through the API the way the login page does (RSA-OAEP-SHA256 password), returns the sid. */
export async function apiLogin(request: APIRequestContext, userName: string, password: string): Promise<string> {
  const keyAnswer = await request.get(`${API}/sysUserEx/getPublicKey`);
  expect(keyAnswer.ok()).toBe(true);
  const { data } = (await keyAnswer.json()) as { data: { publicKey: string } };
  const encrypted = publicEncrypt(
    { key: data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    Buffer.from(password, "utf8"),
  ).toString("base64");
  const login = await request.post(`${API}/sysUserEx/baseLogin`, { data: { userName, password: encrypted } });
  expect(login.ok()).toBe(true);
  const body = (await login.json()) as { code: number; data: { sid: string } };
  expect(body.code).toBe(0);
  return body.data.sid;
}

/** Ends a session on the server, as logging out elsewhere (or the idle expiry) would. */
export async function apiLogout(request: APIRequestContext, sid: string): Promise<void> {
  const answer = await request.get(`${API}/sysUserEx/logout`, { headers: { sid, Authorization: sid } });
  expect(answer.ok()).toBe(true);
}

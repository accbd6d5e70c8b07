// Helpers shared by the end-to-end specs: the login form as a person uses it, the session storage
// the app keeps, and a session made directly through the API (a second browser, as it were).
import { constants, publicEncrypt } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const STAFF = { userName: "zhangwei", password: "Staff@12345", realName: "张伟" } as const;
export const EDITOR = { userName: "lina", password: "Staff@12345" } as const;

const API = "/portal-api";

/** The moment the server's demo seed was placed around (playwright.config.ts sets it). */
export function seedMoment(): Date {
  const value = process.env.E2E_SEED_TIME;
  if (!value) throw new Error("E2E_SEED_TIME is not set (playwright.config.ts sets it)");
  return new Date(value);
}

/**
 * The browser's clock starts at the seed moment and runs on from there (call before the first
 * navigation): "today" in the page is the seed day even when the run has crossed midnight.
 */
export async function seedClock(page: Page): Promise<void> {
  await page.clock.install({ time: seedMoment() });
}

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
/**
 * Sessions opened by apiLogin during the current test. endTestSessions (a spec's afterEach) ends
 * them, so a later spec never finds an account "already logged in elsewhere".
 */
const apiSessions = new Set<string>();

/** Ends every session apiLogin opened in this test (one already ended answers 4004, ignored). */
export async function endApiSessions(request: APIRequestContext): Promise<void> {
  for (const sid of apiSessions) await request.get(`${API}/sysUserEx/logout`, { headers: { sid, Authorization: sid } }).catch(() => undefined);
  apiSessions.clear();
}

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
  apiSessions.add(body.data.sid);
  return body.data.sid;
}

/**
 * A password an administrator gave is replaced at the first sign-in (issue 21): the person's own,
 * through the API, for specs about something else. Signs in with the given one, accepts the current
 * privacy policy (the change needs it), changes the password, logs out; answers the new password.
 */
export async function replaceGivenPassword(request: APIRequestContext, userName: string, given: string): Promise<string> {
  const own = `Own${given.slice(0, 6)}9x`;
  const sid = await apiLogin(request, userName, given);
  const headers = { sid, Authorization: sid };
  const keyAnswer = await request.get(`${API}/sysUserEx/getPublicKey`);
  const { data: key } = (await keyAnswer.json()) as { data: { publicKey: string } };
  const encrypt = (plain: string) =>
    publicEncrypt({ key: key.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(plain, "utf8")).toString("base64");
  const { data: me } = (await (await request.get(`${API}/sysUserEx/getUserInfo`, { headers })).json()) as { data: { id: number } };
  const { data: policy } = (await (await request.get(`${API}/bscPrivacyPolicy`, { headers })).json()) as { data: { policyVersion: string } | null };
  if (policy) await request.post(`${API}/personalStatusRecord`, { headers, data: { userId: me.id, privacyStatus: 1, privacyVersion: policy.policyVersion } });
  const changed = await request.post(`${API}/api/user/updatepwd`, { headers, data: { oldPassword: encrypt(given), newPassword: encrypt(own) } });
  expect(((await changed.json()) as { code: number }).code).toBe(0);
  await apiLogout(request, sid);
  return own;
}

/** Ends a session on the server, as logging out elsewhere (or the idle expiry) would. */
export async function apiLogout(request: APIRequestContext, sid: string): Promise<void> {
  const answer = await request.get(`${API}/sysUserEx/logout`, { headers: { sid, Authorization: sid } });
  expect(answer.ok()).toBe(true);
}

export const ADMIN = { userName: "admin", password: "Admin@12345" } as const;

/** A saml2Token or wechattoken minted by the development identity provider (brief step 5). */
export async function mintToken(request: APIRequestContext, userName: string, kind: "saml2" | "wechat"): Promise<string> {
  const answer = await request.get(`${API}/devIdp/token`, { params: { userName, kind } });
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(0);
  return body.data.token;
}

/** On the development identity provider's page, signs in as the demo user with this real name. */
/**
 * Opens an address the app leaves at once for single sign-on. Waiting for "load" races that
 * navigation: when the app sends the browser to the IdP before the load event, Playwright reports
 * net::ERR_ABORTED. The caller waits for where the app goes instead (pickDemoUser does).
 */
export async function gotoLeaving(page: Page, url: string) {
  await page.goto(url, { waitUntil: "commit" });
}

export async function pickDemoUser(page: Page, realName: string) {
  await expect(page).toHaveURL(/\/portal-api\/devIdp\/sso\?/);
  await page.getByRole("button", { name: new RegExp(realName) }).click();
}

/** Signs the page in with a session made through the API (via /relogin?web_sid=...). */
export async function signInWithSid(page: Page, sid: string, route?: string) {
  await page.goto(`/relogin?web_sid=${encodeURIComponent(sid)}${route ? `&route=${route}` : ""}`);
  // The first load of a run compiles nothing but fetches every chunk: allow it more than a step.
  // Below the md breakpoint (a phone, 200% zoom) the name is folded into the header's "More" menu.
  await expect(page.getByTestId("header-real-name").or(page.getByTestId("header-more")).first()).toBeVisible({ timeout: 30_000 });
}

/** An in-app push (as a menu link would do), without a page load: react-router hears popstate. */
export async function pushRoute(page: Page, path: string) {
  await page.evaluate((to) => {
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    const state = { usr: null, key: `e2e${idx}`, idx };
    window.history.pushState(state, "", to);
    window.dispatchEvent(new PopStateEvent("popstate", { state }));
  }, path);
}

/**
 * Ends the page's session on the server (if it still has one) and forgets it in the browser, so a
 * later password login of the same demo user meets no "already logged in" confirm.
 */
export async function endPageSession(page: Page, request: APIRequestContext): Promise<void> {
  if (!page.url().startsWith("http")) return; // never left about:blank
  const sid = await sessionValue(page, "sid");
  try {
    await forgetAndLeave(page);
  } finally {
    // Even when leaving failed: a session left open makes the next password login of this person
    // meet the "already logged in" confirm, and one failure becomes many.
    if (sid && sid !== "timeout") await request.get(`${API}/sysUserEx/logout`, { headers: { sid, Authorization: sid } });
  }
}

/**
 * Leaves the page and forgets the tab's session storage, so the next address opens from a page with
 * no script running and no session. Never clear the storage of a live app page: its calls then go
 * without a sid, answer 401/4004, and its expiry flow navigates to /loginCopy, which cuts short
 * whatever the test opens next (net::ERR_ABORTED or "interrupted by another navigation"; seen in
 * CI both on the goto right after the clear and on the one after that). So the app is left first
 * (its session still valid, it has no reason to navigate), and the storage is cleared from a
 * same-origin document that runs none of the app's code (the favicon), then left too.
 */
export async function forgetAndLeave(page: Page): Promise<void> {
  await leaveFor(page, "about:blank");
  await leaveFor(page, "/favicon.svg");
  await page.evaluate(() => sessionStorage.clear());
  await leaveFor(page, "about:blank");
}

/** A goto tried again (three tries in all) when another navigation cut it short. */
async function leaveFor(page: Page, url: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(url);
      return;
    } catch (e) {
      if (!/interrupted by another navigation|ERR_ABORTED/.test(String(e)) || attempt === 3) throw e;
    }
  }
}

/** The end of a test: its page's session and every session apiLogin opened in it. */
export async function endTestSessions(page: Page, request: APIRequestContext): Promise<void> {
  await endPageSession(page, request);
  await endApiSessions(request);
}

/** Confirms the quitLogon dialog ("确定要退出登录吗", spec 2.4) in either language. */
export async function confirmLogout(page: Page) {
  const confirm = page.getByRole("dialog").filter({ hasText: /确定要退出登录吗|Are you sure to log out/ });
  await confirm.getByRole("button", { name: /^(确\s?认|Confirm)$/ }).click();
}

/**
 * Logs out from the top bar's user menu: it asks first, like the avatar's (the quitLogon confirm,
 * issue 21), then clears the session and goes to /loginCopy (spec 4).
 */
export async function headerLogout(page: Page) {
  await page.getByTestId("header-user-menu").click();
  await page.getByRole("menuitem", { name: "退出登录" }).click();
  await confirmLogout(page);
}

/**
 * Sets a demo user's saved language (the personal record's languageStatus) through the API. A
 * spec that switches a demo user's language and cannot switch it back in the page (its session
 * ended) puts it back with this, so later specs meet the default language.
 */
export async function saveLanguageOf(request: APIRequestContext, user: { userName: string; password: string }, language: "cn" | "en") {
  const sid = await apiLogin(request, user.userName, user.password);
  const headers = { sid, Authorization: sid };
  try {
    const info = await request.get(`${API}/sysUserEx/getUserInfo`, { headers });
    const { data } = (await info.json()) as { data: { id: number } };
    const saved = await request.post(`${API}/personalStatusRecord`, { headers, data: { userId: data.id, languageStatus: language } });
    expect(saved.ok()).toBe(true);
  } finally {
    await apiLogout(request, sid);
  }
}

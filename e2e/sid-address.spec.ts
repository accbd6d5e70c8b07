// Issue 18, item 3 (the browser's part): a sid or sign-in token that arrives in the address leaves
// it at once. Wherever one arrives (/relogin with web_sid, system+sid, platformFlag+sid,
// saml2Token, wechattoken, SAMLResponse or the sign-on code; /main?system=stageAdmin&sid=...; a navigation inside
// the app), neither the address bar, nor an entry of the tab's history, nor the Referer of any
// request the page makes carries it. The stage-admin link carries no sid at all.
import { expect, test, type Page } from "@playwright/test";

import { ADMIN, EDITOR, STAFF, apiLogin, endTestSessions, forgetAndLeave, mintToken, gotoLeaving, pickDemoUser, pushRoute, sessionValue, signInWithSid, submitLoginForm } from "./support/portal";

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

interface Seen {
  url: string;
  referer: string | undefined;
}

/** Every request of the page's context from now on (pop-ups included), with its Referer. */
function watchRequests(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.context().on("request", (request) => seen.push({ url: request.url(), referer: request.headers()["referer"] }));
  return seen;
}

/** No request sent the secret as (part of) its Referer; some requests did send a Referer (the check saw them). */
function expectNoRefererWith(seen: Seen[], secret: string) {
  expect(seen.filter((s) => s.referer?.includes(secret)).map((s) => `${s.url} <- ${s.referer}`)).toEqual([]);
  expect(seen.some((s) => s.referer !== undefined)).toBe(true);
}

/**
 * The address of every entry of the tab's session history (what Back and Forward would show),
 * read from Chromium without navigating (a Back onto /relogin would sign in again).
 */
async function historyAddresses(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { entries } = await cdp.send("Page.getNavigationHistory");
    return entries.map((entry) => entry.url);
  } finally {
    await cdp.detach();
  }
}

test("web_sid, system with sid and platformFlag with sid leave the address before anything records them", async ({ page, request }) => {
  const sid = await apiLogin(request, EDITOR.userName, EDITOR.password);
  await page.goto("/loginCopy");
  const seen = watchRequests(page);

  await page.goto(`/relogin?web_sid=${sid}&route=task`);
  await expect(page).toHaveURL(/\/main\/missionCenterIndex$/);
  await expect(page.getByTestId("header-real-name")).toHaveText("李娜");
  expect(page.url()).not.toContain(sid);
  expect(await sessionValue(page, "sid")).toBe(sid);
  // The landing page's own navigation entry is clean too (it was loaded without the sid).
  expect(await page.evaluate(() => performance.getEntriesByType("navigation").map((e) => e.name))).not.toContainEqual(expect.stringContaining(sid));
  expectNoRefererWith(seen, sid);
  for (const address of await historyAddresses(page)) expect(address).not.toContain(sid);

  // The same session again through the other two sid parameters of spec 2.5.
  await forgetAndLeave(page);
  await page.goto(`/relogin?system=portal&sid=${sid}&pageType=0`);
  await expect(page).toHaveURL(/\/main\/(people|workingSpace)$/);
  await expect(page.getByTestId("header-real-name")).toHaveText("李娜");
  expect(page.url()).not.toContain(sid);

  await forgetAndLeave(page);
  await page.goto(`/relogin?platformFlag=1&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  await expect(page.getByTestId("header-real-name")).toHaveText("李娜");
  expect(page.url()).not.toContain(sid);
  expectNoRefererWith(seen, sid);
  for (const address of await historyAddresses(page)) expect(address).not.toContain(sid);
});

test("an outside caller's /main?system=stageAdmin&sid=... keeps its session but not the sid in the address or history", async ({ page, request }) => {
  const sid = await apiLogin(request, ADMIN.userName, ADMIN.password);
  await page.goto("/loginCopy");
  const seen = watchRequests(page);

  await page.goto(`/main?system=stageAdmin&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\/home$/, { timeout: 30_000 });
  await expect(page.getByRole("menuitem", { name: /系统管理/ })).toBeVisible({ timeout: 30_000 });
  expect(page.url()).not.toContain(sid);
  expect(await sessionValue(page, "sid")).toBe(sid);
  expect(await sessionValue(page, "system")).toBe("stageAdmin");
  expectNoRefererWith(seen, sid);
  const addresses = await historyAddresses(page);
  expect(addresses.some((a) => a.endsWith("/loginCopy"))).toBe(true);
  for (const address of addresses) expect(address).not.toContain(sid);
  // Back goes to the page before, and Forward to the admin shell without the sid.
  await page.goBack();
  await expect(page).toHaveURL(/\/loginCopy$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/main\/home$/);
  expect(page.url()).not.toContain(sid);
});

test("saml2Token and wechattoken leave the address; a refused token's fallback to sign-on does not carry it", async ({ page, request }) => {
  const seen = watchRequests(page);
  const token = await mintToken(request, STAFF.userName, "wechat");
  await page.goto(`/relogin?wechattoken=${encodeURIComponent(token)}&route=userRoastList`);
  await expect(page).toHaveURL(/\/main\/teasingList$/);
  await expect(page.getByTestId("header-real-name")).toHaveText(STAFF.realName);
  expectNoRefererWith(seen, token);
  for (const address of await historyAddresses(page)) expect(address).not.toContain(token);

  // A refused token: single sign-on starts from /relogin, whose address no longer holds it.
  await forgetAndLeave(page);
  const bad = `bad${Date.now()}token`;
  await gotoLeaving(page, `/relogin?saml2Token=${bad}&route=datePage`);
  await pickDemoUser(page, STAFF.realName);
  await expect(page).toHaveURL(/\/main\/myProgramme$/);
  expectNoRefererWith(seen, bad);
  const addresses = await historyAddresses(page);
  expect(addresses.some((a) => a.includes("/relogin?route=datePage"))).toBe(true); // the entry stays, without the token
  for (const address of addresses) expect(address).not.toContain(bad);
});

test("the sign-on code and an outside caller's SAMLResponse leave the address, the history and every Referer", async ({ page, request }) => {
  const seen = watchRequests(page);
  // The product's own flow: the assertion consumer answers 303 /relogin?code=... (issue 19).
  const arrival = page.waitForRequest((r) => /\/relogin\?code=/.test(r.url()));
  await gotoLeaving(page, "/main/helpCenter");
  await pickDemoUser(page, STAFF.realName);
  const code = new URL((await arrival).url()).searchParams.get("code")!;
  expect(code.length).toBeGreaterThan(40);
  await expect(page).toHaveURL(/\/main\/helpCenter$/);
  expectNoRefererWith(seen, code);
  for (const address of await historyAddresses(page)) expect(address).not.toContain(code);

  // An outside caller's /relogin?SAMLResponse=... (spec 2.5): the IdP's answer is kept from the
  // assertion consumer and brought to /relogin directly.
  await endTestSessions(page, request);
  let samlResponse = "";
  await page.route("**/portal-api/sysUserEx/ssoAcs", async (route) => {
    samlResponse = new URLSearchParams(route.request().postData() ?? "").get("SAMLResponse") ?? "";
    await route.abort();
  });
  await gotoLeaving(page, "/main/helpCenter");
  await pickDemoUser(page, STAFF.realName);
  await expect.poll(() => samlResponse.length).toBeGreaterThan(100);
  await page.unroute("**/portal-api/sysUserEx/ssoAcs");
  const outside = `/relogin?SAMLResponse=${encodeURIComponent(samlResponse)}&route=helpCenter`;
  await page.goto(outside);
  await expect(page).toHaveURL(/\/main\/helpCenter$/);
  expectNoRefererWith(seen, samlResponse.slice(0, 60));
  expectNoRefererWith(seen, encodeURIComponent(samlResponse).slice(0, 60));
  for (const address of await historyAddresses(page)) expect(address).not.toContain("SAMLResponse");

  // The same answer again is refused: the failure stays on /relogin, without the message in the address.
  await endTestSessions(page, request);
  await page.goto(outside);
  await expect(page.getByText(/^登录失败:.+/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/relogin(\?route=helpCenter)?$/);
  expect(page.url()).not.toContain("SAMLResponse");
});

test("a sid in the address of a navigation inside the app is taken out of that same history entry", async ({ page, request }) => {
  const sid = await apiLogin(request, STAFF.userName, STAFF.password);
  await signInWithSid(page, sid);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  const length = await page.evaluate(() => window.history.length);
  const seen = watchRequests(page);

  await pushRoute(page, `/main/helpCenter?system=portal&sid=${sid}`);
  await expect(page).toHaveURL(/\/main\/helpCenter\?system=portal$/);
  await expect(page.getByTestId("tab-bar")).toContainText("帮助中心");
  expect(await page.evaluate(() => window.history.length)).toBe(length + 1);
  expect(await sessionValue(page, "sid")).toBe(sid);
  expectNoRefererWith(seen, sid);
  // The browser fetched no icon: a CI run saw its favicon fetch, made after the pushed address
  // and before the app took the sid out, carry that address as its Referer (index.html).
  expect(seen.filter((s) => /favicon|\.ico$/.test(new URL(s.url).pathname)).map((s) => s.url)).toEqual([]);
  for (const address of await historyAddresses(page)) expect(address).not.toContain(sid);
});

test("a pushed address with a sid is never the page's address, not for an instant (what its fetches would send as Referer)", async ({ page, request }) => {
  const sid = await apiLogin(request, STAFF.userName, STAFF.password);
  await signInWithSid(page, sid);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  // Read in the same task as the push: before, the address held the sid until the navigation
  // guard replaced it, and a CI run saw the page's app icons fetched in that moment carry it.
  const right = await page.evaluate((to) => {
    window.history.pushState(window.history.state, "", to);
    return window.location.href;
  }, `/main/helpCenter?system=portal&sid=${sid}`);
  expect(right).not.toContain(sid);
  expect(new URL(right).pathname + new URL(right).search).toBe("/main/helpCenter?system=portal");
  expect(await sessionValue(page, "sid")).toBe(sid);
});

test("the stage-admin link opens the admin shell with this tab's session and no sid in any address", async ({ page, context }) => {
  await submitLoginForm(page, ADMIN.userName, ADMIN.password);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  const sid = (await sessionValue(page, "sid"))!;
  const seen = watchRequests(page);

  const [admin] = await Promise.all([context.waitForEvent("page"), page.getByTestId("header-stage-admin").click()]);
  await expect(admin).toHaveURL(/\/main\/home$/, { timeout: 30_000 });
  await expect(admin.getByRole("menuitem", { name: /系统管理/ })).toBeVisible({ timeout: 30_000 });
  expect(await sessionValue(admin, "sid")).toBe(sid);
  expect(await sessionValue(admin, "system")).toBe("stageAdmin");
  // The portal tab stays the user shell.
  expect(await sessionValue(page, "system")).not.toBe("stageAdmin");
  // Never in an address: not in the window's, not in any request's, not in a Referer.
  expect(seen.filter((s) => s.url.includes(sid))).toEqual([]);
  expectNoRefererWith(seen, sid);
  for (const address of await historyAddresses(admin)) expect(address).not.toContain(sid);
  expect(await admin.evaluate(() => window.opener)).toBeNull();
  await admin.close();
});

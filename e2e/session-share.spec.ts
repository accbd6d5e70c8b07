// Issue 21 item 11: a second tab (or a bookmark opened in one) of a signed-in browser takes the
// session of an open tab over a BroadcastChannel, never through the address or local storage;
// another browser (a new context) is not signed in; a logout in one tab ends the others that share
// the session.
import { expect, test } from "@playwright/test";

import { watchNetwork } from "./support/network";
import { STAFF, apiLogin, endPageSession, sessionValue, signInWithSid } from "./support/portal";

test.afterEach(async ({ page, request }) => endPageSession(page, request));

test("a new tab of the same browser at /main/helpCenter is signed in; another browser is not", async ({ page, context, browser, request }) => {
  const sid = await apiLogin(request, STAFF.userName, STAFF.password);
  const network = watchNetwork(page);
  await signInWithSid(page, sid);
  await expect(page.getByTestId("grid-item-task_model")).toBeVisible();
  // The open tab answers a new tab's question within ASK_TIMEOUT_MS (500 ms). While it still draws
  // its cards on a loaded 2-core machine its main thread can be busy for longer than that, and the
  // new tab then (rightly) starts single sign-on: ask it once it has settled, as a person would.
  await network.settled();

  const second = await context.newPage();
  const addresses: string[] = [];
  second.on("framenavigated", (frame) => frame === second.mainFrame() && addresses.push(frame.url()));
  await second.goto("/main/helpCenter");
  await expect(second.getByTestId("header-real-name")).toBeVisible({ timeout: 30_000 });
  await expect(second).toHaveURL(/\/main\/helpCenter$/);
  expect(await sessionValue(second, "sid")).toBe(sid);
  // Never through the address (nor any address on the way) or local storage.
  expect(addresses.some((url) => url.includes(sid))).toBe(false);
  expect(await second.evaluate((s) => Object.values(localStorage).some((v) => v.includes(s)), sid)).toBe(false);
  await second.close();

  // Another browser (its own storage and channel): the help centre asks for single sign-on.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await stranger.goto("/main/helpCenter");
  await expect(stranger).toHaveURL(/\/portal-api\/devIdp\/sso\?/, { timeout: 30_000 });
  expect(await stranger.evaluate(() => sessionStorage.getItem("sid")).catch(() => null)).toBeNull();
  await other.close();
});

test("a logout in one tab ends the other tabs of the same session", async ({ page, context, request }) => {
  const sid = await apiLogin(request, STAFF.userName, STAFF.password);
  await signInWithSid(page, sid);
  const second = await context.newPage();
  await second.goto("/main/workingSpace");
  await expect(second.getByTestId("header-real-name")).toBeVisible({ timeout: 30_000 });

  await second.goto("/main/personalCenter/quitLogon");
  await second.getByRole("dialog").filter({ hasText: "确定要退出登录吗" }).getByRole("button", { name: /^确\s?认$/ }).click();
  await expect(second).toHaveURL(/\/login$/);
  // The first tab leaves too, at once, without waiting for a call to fail.
  await expect(page).toHaveURL(/\/loginCopy$/);
  expect(await sessionValue(page, "sid")).toBeNull();
  await second.close();
});

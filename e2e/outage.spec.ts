// Issue 20 item 3, in a real browser: while the database is not reachable every API call answers
// HTTP 503 with code 503 and "数据库不可用" / "The database is not reachable" (the body the server
// sends, proved in server/test/outage.test.ts). Reloading the workspace then - its own reads and its
// widgets' silent reads all failing - shows that message once, and the person stays signed in on
// the page; once the database is back the same session works.
import { expect, test } from "@playwright/test";

import { STAFF, apiLogin, endTestSessions, sessionValue, signInWithSid } from "./support/portal";

const OUTAGE = { code: 503, data: null, resultMessage: "数据库不可用", resultEnMessage: "The database is not reachable" };

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

test("a database outage is told once and keeps the person signed in", async ({ page, request }) => {
  const sid = await apiLogin(request, STAFF.userName, STAFF.password);
  await signInWithSid(page, sid);
  await expect(page).toHaveURL(/\/main\/workingSpace/);

  // Every message notice the page opens from its start (a notice's text arrives after the notice:
  // they are read at the end).
  await page.addInitScript(() => {
    const notices = new Set<Element>();
    (window as unknown as { notices: Set<Element> }).notices = notices;
    new MutationObserver((mutations) => {
      for (const m of mutations)
        for (const node of m.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const e of [node, ...node.querySelectorAll(".ant-message-notice")]) if (e.matches(".ant-message-notice")) notices.add(e);
        }
    }).observe(document, { childList: true, subtree: true }); // no documentElement yet at this point
  });
  const outageNotices = () =>
    page.evaluate(() => [...(window as unknown as { notices: Set<Element> }).notices].filter((e) => e.textContent?.includes("数据库不可用")).length);
  let refused = 0;
  await page.route("**/portal-api/**", (route) => {
    refused += 1;
    return route.fulfill({ status: 503, contentType: "application/json", headers: { "retry-after": "5" }, body: JSON.stringify(OUTAGE) });
  });
  await page.reload();
  await expect(page.locator(".ant-message")).toContainText("数据库不可用");
  // Let every call of the page (its reads and the widgets') fail before counting.
  await expect.poll(() => refused, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  await page.waitForTimeout(1000);
  expect(await outageNotices()).toBe(1);

  // Not a session problem: on the same page, no session-expired dialog, the same sid.
  await expect(page).toHaveURL(/\/main\/workingSpace/);
  await expect(page.getByText("登录已过期")).toHaveCount(0);
  expect(await sessionValue(page, "sid")).toBe(sid);

  // The database is back: the same session works.
  await page.unroute("**/portal-api/**");
  await page.reload();
  await expect(page.getByTestId("header-real-name")).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/main\/workingSpace/);
  expect(await sessionValue(page, "sid")).toBe(sid);
});

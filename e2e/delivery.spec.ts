// Issue 21, delivery, in a real browser against the built app (`npm run build` precompresses it,
// scripts/lib/precompress.ts): the page and its scripts and styles arrive brotli-compressed, hashed
// assets are kept a year (and come from the browser's cache on the next load), the page itself is
// revalidated, a large API answer is compressed too, and the page works on what it received.
import { expect, test, type Page, type Response } from "@playwright/test";

import { STAFF, apiLogin, endTestSessions, signInWithSid } from "./support/portal";

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

const YEAR = "public, max-age=31536000, immutable";
const isAsset = (r: Response) => /^\/assets\/[^/]+\.(js|css)$/.test(new URL(r.url()).pathname);

/** Every response of the page from now on, with all its headers (as Chromium received them). */
function responses(page: Page) {
  const seen: Response[] = [];
  page.on("response", (r) => seen.push(r));
  return seen;
}

test("/baseLogin: the page and its assets arrive brotli-compressed, assets immutable, the page revalidated", async ({ page }) => {
  const seen = responses(page);
  const doc = await page.goto("/baseLogin");
  await expect(page.locator('#root form input[autocomplete="username"]')).toBeVisible();

  const docHeaders = await doc!.allHeaders();
  expect(docHeaders["content-encoding"]).toBe("br");
  expect(docHeaders["cache-control"]).toBe("no-cache");
  expect(docHeaders["vary"]).toBe("Accept-Encoding");

  const assets = seen.filter(isAsset);
  expect(assets.length).toBeGreaterThan(5);
  for (const r of assets) {
    const h = await r.allHeaders();
    expect(h["cache-control"], r.url()).toBe(YEAR);
    const { responseBodySize } = await r.request().sizes();
    // Files under 1 KiB are sent as they are (nothing to gain); every other one as brotli.
    if (responseBodySize >= 1024) expect(h["content-encoding"], r.url()).toBe("br");
  }
  const entry = assets.find((r) => /\/assets\/index-[^/]+\.js$/.test(r.url()));
  expect(entry, "the entry script").toBeDefined();
  const sent = (await entry!.request().sizes()).responseBodySize;
  expect(sent).toBeLessThan((await entry!.body()).length / 2);

  // The next load asks the server for the page (no-cache) but takes every hashed asset from the
  // browser's own cache: nothing under /assets/ goes to the network, not even to be revalidated.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  // Per request: answered by the browser's cache (memory or disk) or fetched from the server.
  const fromCache = new Set<string>();
  const answered = new Map<string, string>();
  let pageFromNetwork = false;
  cdp.on("Network.requestServedFromCache", (e) => fromCache.add(e.requestId));
  cdp.on("Network.responseReceived", (e) => {
    const { pathname } = new URL(e.response.url);
    if (pathname.startsWith("/assets/")) answered.set(e.requestId, `${pathname} ${e.response.status}${e.response.fromDiskCache ? " (disk cache)" : ""}`);
    if (pathname === "/baseLogin" && !e.response.fromDiskCache) pageFromNetwork = true;
  });
  const again = responses(page);
  await page.goto("/baseLogin");
  await expect(page.locator('#root form input[autocomplete="username"]')).toBeVisible();
  expect(again.filter(isAsset).length, "the second load uses the assets too").toBeGreaterThan(5);
  const fromNetwork = [...answered].filter(([id, what]) => !fromCache.has(id) && !what.endsWith("(disk cache)")).map(([, what]) => what);
  expect(answered.size).toBeGreaterThan(5);
  expect(fromNetwork).toEqual([]);
  expect(pageFromNetwork).toBe(true);
});

test("the workspace: a large API answer arrives compressed and the cards show it", async ({ page, request }) => {
  const sid = await apiLogin(request, STAFF.userName, STAFF.password);
  const taskAnswer = page.waitForResponse((r) => r.url().includes("/portal-api/personalTask/getWidgetTaskPage"), { timeout: 60_000 });
  await signInWithSid(page, sid);
  const answer = await taskAnswer;
  const h = await answer.allHeaders();
  expect(h["content-encoding"]).toBe("br");
  expect(h["vary"]).toBe("Accept-Encoding");
  const { responseBodySize } = await answer.request().sizes();
  expect(responseBodySize).toBeLessThan((await answer.body()).length / 2);
  // The card reads the decoded answer: its rows are there.
  await expect(page.getByTestId("widget-task_model").locator(".ant-table-row").first()).toBeVisible();
});

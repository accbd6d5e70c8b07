// Issue 22: the API reference page against the built app. The e2e server runs with
// API_REFERENCE=admin (playwright.config.ts): an administrator's tab opens /api-reference and sees
// the contract's operations rendered by Swagger UI, with every request of the page to this server
// (127.0.0.1) and no Content-Security-Policy violation; a staff tab and a tab without a session are
// told why and see no operation.
import { expect, test, type Page } from "@playwright/test";

import { ADMIN, STAFF, apiLogin, endTestSessions, signInWithSid } from "./support/portal";
import contract from "../server/src/generated/contract.json" with { type: "json" };

/** The contract's tags (one folded section each): counted from the bundled contract, not written down. */
const TAG_COUNT = (contract as { tags: unknown[] }).tags.length;

test.afterEach(async ({ page, request }) => endTestSessions(page, request));

/** Every address the page asks for, and every CSP violation it reports, from before its first load. */
async function watch(page: Page) {
  const requested: string[] = [];
  const violations: string[] = [];
  page.on("request", (request) => void requested.push(request.url()));
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (e) => console.error(`Content Security Policy: ${e.effectiveDirective} blocked ${e.blockedURI || "inline"}`)),
  );
  return { requested, violations };
}

/** The origins of the addresses asked for (data: and blob: addresses are no request to anyone). */
const originsOf = (urls: string[]) => [...new Set(urls.filter((u) => /^https?:/.test(u)).map((u) => new URL(u).hostname))];

test("an administrator's tab shows the contract's operations, with nothing fetched from elsewhere", async ({ page, request }) => {
  const seen = await watch(page);
  const sid = await apiLogin(request, ADMIN.userName, ADMIN.password);
  await signInWithSid(page, sid);
  const before = seen.requested.length;
  await page.goto("/api-reference");

  // Every tag of the contract, folded; opened, a tag lists its operations by method and path.
  expect(TAG_COUNT).toBeGreaterThan(10);
  await expect(page.locator(".opblock-tag")).toHaveCount(TAG_COUNT, { timeout: 30_000 });
  await page.locator("#operations-tag-auth").click();
  const login = page.locator("#operations-auth-baseLogin");
  await expect(login.locator('.opblock-summary-path[data-path="/sysUserEx/baseLogin"]')).toBeVisible();
  await expect(login.locator(".opblock-summary-method")).toHaveText("POST");
  expect(await page.locator(".opblock").count()).toBeGreaterThan(10);
  await page.locator("#operations-tag-adminHome").click();
  await expect(page.locator('#operations-adminHome-getAdminHomeStats .opblock-summary-path[data-path="/adminHome/stats"]')).toBeVisible();
  // An operation opened shows its request; a reference, not a console: no "Try it out".
  await login.locator(".opblock-summary-control").click();
  await expect(login.locator(".opblock-section-request-body")).toBeVisible();
  await expect(page.getByRole("button", { name: "Try it out" })).toHaveCount(0);
  await expect(page).toHaveTitle("API 参考");

  expect(seen.requested.some((u) => u.endsWith("/api-reference/openapi.json"))).toBe(true);
  expect(originsOf(seen.requested)).toEqual(["127.0.0.1"]);
  expect(seen.violations).toEqual([]);
  // The session went in a header: no address the reference page asked for or shows carries it.
  expect(seen.requested.slice(before).filter((u) => u.includes(sid))).toEqual([]);
  expect(page.url()).not.toContain(sid);
});

test("a staff tab and a tab without a session are told why and see no operation", async ({ page, request }) => {
  const seen = await watch(page);
  await page.goto("/api-reference");
  await expect(page.getByRole("alert")).toHaveText("请先在本标签页以管理员身份登录管理后台，再打开本页。");
  await expect(page.locator(".opblock")).toHaveCount(0);

  const sid = await apiLogin(request, STAFF.userName, STAFF.password);
  await signInWithSid(page, sid);
  await page.goto("/api-reference");
  await expect(page.getByRole("alert")).toHaveText("只有管理员可以查看 API 参考。");
  await expect(page.locator(".opblock")).toHaveCount(0);
  expect(originsOf(seen.requested)).toEqual(["127.0.0.1"]);
  expect(seen.violations).toEqual([]);
});

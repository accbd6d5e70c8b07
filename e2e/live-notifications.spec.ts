// Issue 23, as a company meets it: the portal behind a stock Debian nginx (default buffering), two
// browsers. An approval assigned to a person (a personal_task row, as the source systems' feed
// writes it) reaches their bell and task card without a reload; a complaint they submit moves the
// administrator's "waiting for you" figure live; the administrator's decision reaches the author's
// bell. Everything goes through the proxy, so a buffered stream would fail every step.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import pg from "pg";

import { startNginx, type Nginx } from "./support/nginx";
import { ADMIN, STAFF, apiLogin, signInWithSid } from "./support/portal";
import { freePort, startPortalServer, type PortalServer } from "./support/portalServer";

const API = "/portal-api";
let portal: PortalServer | undefined;
let nginx: Nginx | undefined;
let db: pg.Pool | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(300_000); // a second server creates and seeds its database
  const [portalPort, nginxPort] = [await freePort(), await freePort()];
  // The server's own folder, so this spec can reach its database as the task feed does.
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-e2e-live-"));
  portal = await startPortalServer(portalPort, {
    E2E_DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
    DEMO_SEED_TIME: process.env.E2E_SEED_TIME ?? new Date().toISOString(),
  });
  nginx = await startNginx(nginxPort, portalPort);
  const password = readFileSync(path.join(dataDir, "db-password"), "utf8").trim();
  const port = readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[3].trim();
  db = new pg.Pool({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/portal`, max: 2 });
});

test.afterAll(async () => {
  await db?.end();
  await nginx?.stop();
  await portal?.stop();
});

async function openAs(browser: Browser, user: { userName: string; password: string }, admin = false): Promise<{ page: Page; sid: string }> {
  const context = await browser.newContext({ baseURL: nginx!.origin, viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const sid = await apiLogin(context.request, user.userName, user.password);
  if (admin) {
    await page.goto(`/relogin?system=stageAdmin&sid=${sid}`);
    await expect(page).toHaveURL(/\/main\//);
  } else await signInWithSid(page, sid);
  // A reload would clear this mark: every check below is made on the same page.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  return { page, sid };
}

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
const unread = async (page: Page) => Number((await page.getByTestId("header-notifications").getAttribute("data-unread")) || 0);

test("an approval, a complaint and its decision reach the other browser live, through nginx", async ({ browser }) => {
  test.setTimeout(180_000);
  const staff = await openAs(browser, STAFF);
  const bell = staff.page.getByTestId("header-notifications");
  await expect(bell).toBeVisible();
  await expect(staff.page.getByTestId("widget-task_model")).toBeVisible({ timeout: 30_000 });
  await expect(bell).not.toHaveAttribute("data-unread", "", { timeout: 30_000 });
  const before = await unread(staff.page);

  // The feed assigns an approval to this person.
  const taskName = `Live approval ${Date.now().toString(36)}`;
  await db!.query(
    `INSERT INTO personal_task (user_id, receive_or_sponsor, handled_status, complete_status, task_status, task_name, task_url, task_sponsor, task_start_time, request_date)
     SELECT id, 0, 0, 0, 1, $1, 'https://oa.example/task/live', 'Li Na', now(), now() FROM sys_user WHERE user_name = $2`,
    [taskName, STAFF.userName],
  );
  await expect(bell).toHaveAttribute("data-unread", String(before + 1), { timeout: 20_000 });
  await expect(staff.page.getByTestId("widget-task_model").getByRole("link", { name: taskName })).toBeVisible({ timeout: 20_000 });
  await bell.click();
  const drawer = staff.page.getByTestId("notifications-drawer");
  await expect(drawer.getByTestId("notification-item").first()).toContainText(taskName);
  await staff.page.keyboard.press("Escape");
  expect(await notReloaded(staff.page)).toBe(true);

  // The administrator's home: the waiting complaints move when the staff member submits one.
  const admin = await openAs(browser, ADMIN, true);
  await admin.page.goto("/main/home");
  await admin.page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const pending = admin.page.getByTestId("home-count-complaintsPending").locator(".ant-statistic-content-value");
  await expect(pending).toHaveText(/^\d+$/, { timeout: 60_000 });
  const waiting = Number(await pending.textContent());
  const created = await staff.page.request.post(`${API}/helpcenterTalkShow`, {
    headers: { sid: staff.sid },
    data: { content: `Live complaint ${Date.now().toString(36)}: the canteen queue` },
  });
  const { data } = (await created.json()) as { data: { id: number; reviewStatus: number } };
  test.skip(data.reviewStatus !== 0, "review is switched off on this server: nothing waits");
  await expect(pending).toHaveText(String(waiting + 1), { timeout: 20_000 });
  expect(await notReloaded(admin.page)).toBe(true);

  // The decision reaches the author's bell.
  const check = await admin.page.request.post(`${API}/talkShow/checkTalkShow`, {
    headers: { sid: admin.sid },
    data: { id: data.id, reviewStatus: 2, rejectReason: "Please write to the canteen directly" },
  });
  expect(((await check.json()) as { code: number }).code).toBe(0);
  await expect(bell).toHaveAttribute("data-unread", String(before + 2), { timeout: 20_000 });
  await expect(pending).toHaveText(String(waiting), { timeout: 20_000 });
  await bell.click();
  await expect(drawer.getByTestId("notification-item").first()).toContainText("Please write to the canteen directly");
  expect(await notReloaded(staff.page)).toBe(true);
});

// Issue 5, the workspace grid in a real browser against the real server: the first visit saves the
// default layout, a dragged card stays where it was left after a reload, remove-card and add-card,
// the edit-mode delete mark, keyboard moves announced to screen readers with no axe violations,
// Cancel, route changes and reset, the report-frame shield, a layout per breakpoint, and a bad
// saved layout falling back to the default.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

import { EDITOR, apiLogin, endPageSession, signInWithSid } from "./support/portal";
import { boxOf, centre, clearLayout, drag, gridItem, savedLayout, type SavedCard } from "./support/workspace";

const API = "/portal-api";
let sid = "";

test.beforeEach(async ({ request }) => {
  sid = await apiLogin(request, EDITOR.userName, EDITOR.password);
  await clearLayout(request, sid);
});
test.afterEach(async ({ page, request }) => {
  await clearLayout(request, sid); // lina's workspace goes back to "never arranged"
  await endPageSession(page, request);
});

const toolbar = (page: Page) => page.getByTestId("ws-toolbar");
const byCode = (cards: SavedCard[], bp = "lg") => Object.fromEntries(cards.filter((c) => (c.breakpoint ?? "lg") === bp).map((c) => [c.modelCode, c]));

async function openWorkspace(page: Page) {
  await signInWithSid(page, sid);
  await expect(page).toHaveURL(/\/main\/workingSpace$/);
  await expect(gridItem(page, "task_model")).toBeVisible();
}

async function savedOnce(request: import("@playwright/test").APIRequestContext, count = 4) {
  await expect.poll(async () => (await savedLayout(request, sid)).length).toBe(count);
  return savedLayout(request, sid);
}

test("the first visit computes the default layout from the workspace size and saves it", async ({ page, request }) => {
  await openWorkspace(page);
  await expect(page.getByTestId("working-space")).toHaveAttribute("data-breakpoint", "lg");
  const cards = byCode(await savedOnce(request));
  expect(cards.calendar_model).toMatchObject({ modelLeftMargin: 0, modelTopMargin: 0, modelAbscissaLength: 12, isDeleted: 0, layoutVersion: 2 });
  expect(cards.app_model).toMatchObject({ modelLeftMargin: 12, modelAbscissaLength: 12 });
  expect(cards.chart_model).toMatchObject({ modelLeftMargin: 24, modelAbscissaLength: 26 });
  expect(cards.task_model).toMatchObject({ modelLeftMargin: 0, modelAbscissaLength: 24, modelTopMargin: cards.calendar_model.modelOrdinateLength });
  // On screen: calendar, apps and data side by side, tasks below the first two.
  const [cal, app, data, task] = await Promise.all(["calendar_model", "app_model", "chart_model", "task_model"].map((c) => boxOf(gridItem(page, c))));
  expect(app.x).toBeGreaterThan(cal.x + cal.width - 1);
  expect(data.x).toBeGreaterThan(app.x + app.width - 1);
  expect(task.y).toBeGreaterThan(cal.y + cal.height - 1);
  expect(data.width).toBeGreaterThan(cal.width * 2);
  // The default fills the window without making the page scroll.
  expect(data.y + data.height).toBeGreaterThan(page.viewportSize()!.height - 60);
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);
  await expect(toolbar(page)).toHaveAttribute("data-mode", "normal");
});

test("drag a card in edit mode, OK, reload: it is where it was left", async ({ page, request }) => {
  await openWorkspace(page);
  await savedOnce(request);
  await page.getByTestId("ws-edit").click();
  await expect(toolbar(page)).toHaveAttribute("data-mode", "edit");
  await expect(page.getByTestId("card-mask-calendar_model")).toBeVisible();
  await expect(page.getByTestId("card-hide-calendar_model")).toBeVisible();
  // The calendar goes below the task card.
  const cal = await boxOf(gridItem(page, "calendar_model"));
  const task = await boxOf(gridItem(page, "task_model"));
  await drag(page, centre(cal), { x: cal.x + cal.width / 2, y: task.y + task.height + cal.height / 2 });
  await expect.poll(async () => (await boxOf(gridItem(page, "calendar_model"))).y).toBeGreaterThan((await boxOf(gridItem(page, "task_model"))).y);
  await page.getByTestId("ws-ok").click();
  await expect(toolbar(page)).toHaveAttribute("data-mode", "normal");
  await expect(page.getByTestId("card-mask-calendar_model")).toHaveCount(0);

  await expect.poll(async () => byCode(await savedLayout(request, sid)).calendar_model.modelTopMargin).toBeGreaterThan(0);
  const saved = byCode(await savedLayout(request, sid));
  expect(saved.calendar_model.modelTopMargin).toBeGreaterThanOrEqual(saved.task_model.modelTopMargin + saved.task_model.modelOrdinateLength);

  await page.reload();
  await expect(gridItem(page, "calendar_model")).toBeVisible();
  const after = await boxOf(gridItem(page, "calendar_model"));
  expect(after.y).toBeGreaterThan((await boxOf(gridItem(page, "task_model"))).y);
});

test("Cancel in edit mode puts the cards back; changing route leaves edit mode", async ({ page, request }) => {
  await openWorkspace(page);
  await savedOnce(request);
  const before = await boxOf(gridItem(page, "app_model"));
  await page.getByTestId("ws-edit").click();
  await drag(page, centre(before), { x: before.x + before.width / 2, y: before.y + 600 });
  await expect.poll(async () => (await boxOf(gridItem(page, "app_model"))).y).toBeGreaterThan(before.y + 10);
  await page.getByTestId("ws-cancel").click();
  // Back in the first row, beside the calendar, as saved.
  const rowGap = async () => (await boxOf(gridItem(page, "app_model"))).y - (await boxOf(gridItem(page, "calendar_model"))).y;
  await expect.poll(rowGap).toBeCloseTo(0, 0);
  expect((await boxOf(gridItem(page, "app_model"))).x).toBeCloseTo(before.x, 0);

  await page.getByTestId("ws-edit").click();
  await expect(toolbar(page)).toHaveAttribute("data-mode", "edit");
  await page.getByTestId("header-tab-appCenterIndex").click();
  await expect(page).toHaveURL(/appCenterIndex$/);
  await page.getByTestId("header-tab-workingSpace").click();
  await expect(toolbar(page)).toHaveAttribute("data-mode", "normal");
  await expect(page.getByTestId("card-mask-app_model")).toHaveCount(0);
});

test("remove a card in remove-card mode; add-card mode comes on and the dialog brings it back", async ({ page, request }) => {
  await openWorkspace(page);
  await savedOnce(request);
  await page.getByTestId("ws-remove").click();
  await expect(toolbar(page)).toHaveAttribute("data-mode", "remove");
  // OK with nothing picked only asks for a pick.
  await page.getByTestId("ws-ok").click();
  await expect(page.getByText("请先选择要删除的卡片。")).toBeVisible();
  await page.getByTestId("card-select-task_model").click();
  await expect(page.getByTestId("card-select-task_model")).toHaveAttribute("aria-pressed", "true");
  await page.getByTestId("ws-ok").click();
  const confirm = page.getByRole("dialog").filter({ hasText: "确定从工作空间删除 1 张卡片吗？" });
  await confirm.getByRole("button", { name: /确\s*定/ }).click();
  await expect(gridItem(page, "task_model")).toHaveCount(0);
  await expect(toolbar(page)).toHaveAttribute("data-mode", "add");
  await expect(page.getByTestId("ws-add-tile")).toBeVisible();
  const left = await savedOnce(request, 3);
  expect(left.map((c) => c.modelCode)).not.toContain("task_model");

  await page.getByTestId("ws-add-tile").click();
  const dialog = page.getByRole("dialog").filter({ hasText: "选择您要添加的卡片" });
  await expect(dialog).toBeVisible();
  const done = dialog.getByRole("button", { name: /完\s*成/ });
  await expect(done).toBeDisabled(); // 1 to 5 cards: none chosen yet
  await dialog.getByTestId("ws-add-choice-task_model").click();
  await done.click();
  await expect(gridItem(page, "task_model")).toBeVisible();
  await expect(toolbar(page)).toHaveAttribute("data-mode", "normal");
  const back = byCode(await savedOnce(request, 4));
  expect(back.task_model.isDeleted).toBe(0);
});

test("the delete mark of edit mode hides a card; cancelling remove-card mode reloads", async ({ page, request }) => {
  await openWorkspace(page);
  await savedOnce(request);
  await page.getByTestId("ws-edit").click();
  await page.getByTestId("card-hide-app_model").click();
  await expect(gridItem(page, "app_model")).toHaveCount(0);
  await page.getByTestId("ws-ok").click();
  await expect.poll(async () => byCode(await savedLayout(request, sid)).app_model.isDeleted).toBe(1);
  await expect(toolbar(page)).toHaveAttribute("data-mode", "add");

  await page.getByTestId("ws-remove").click();
  await page.getByTestId("card-select-chart_model").click();
  await page.getByTestId("ws-cancel").click();
  await expect(gridItem(page, "chart_model")).toBeVisible();
  await expect(gridItem(page, "app_model")).toHaveCount(0);
  await expect(toolbar(page)).toHaveAttribute("data-mode", "add");
});

test("keyboard: move and resize in edit mode, announced, saved; no axe violations in edit mode", async ({ page, request }) => {
  await openWorkspace(page);
  await savedOnce(request);
  await page.getByTestId("ws-edit").click();
  const results = await new AxeBuilder({ page }).include('[data-testid="working-space"]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  const handle = page.getByTestId("card-key-calendar_model");
  await handle.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByTestId("ws-announce")).toContainText("我的日程");
  await expect(page.getByTestId("ws-announce")).toContainText("已移动到第 1 列");
  await expect(handle).toBeFocused();
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Shift+ArrowRight");
  await expect(page.getByTestId("ws-announce")).toContainText("已调整为 14 列");
  await page.getByTestId("ws-ok").click();
  await expect.poll(async () => byCode(await savedLayout(request, sid)).calendar_model.modelAbscissaLength).toBe(14);
  const saved = byCode(await savedLayout(request, sid));
  expect(saved.calendar_model.modelTopMargin).toBeGreaterThanOrEqual(saved.task_model.modelTopMargin + saved.task_model.modelOrdinateLength);
});

test("reset restores the default layout after confirmation", async ({ page, request }) => {
  await openWorkspace(page);
  const first = byCode(await savedOnce(request));
  await page.getByTestId("ws-edit").click();
  await page.getByTestId("card-key-app_model").focus();
  await page.keyboard.press("Shift+ArrowLeft");
  await page.getByTestId("ws-ok").click();
  await expect.poll(async () => byCode(await savedLayout(request, sid)).app_model.modelAbscissaLength).toBe(first.app_model.modelAbscissaLength - 1);

  await page.getByTestId("ws-reset").click();
  const confirm = page.getByRole("dialog").filter({ hasText: "恢复默认布局？" });
  await confirm.getByRole("button", { name: /确\s*定/ }).click();
  await expect.poll(async () => byCode(await savedLayout(request, sid)).app_model.modelAbscissaLength).toBe(first.app_model.modelAbscissaLength);
  expect(byCode(await savedLayout(request, sid)).app_model.id).toBe(first.app_model.id);
});

test("in edit mode a report frame cannot take the pointer: the mask is on top", async ({ page, request }) => {
  await openWorkspace(page);
  await savedOnce(request);
  const frame = page.getByTestId("widget-chart_model").locator("iframe").first();
  await expect(frame).toBeVisible();
  const point = centre(await boxOf(frame));
  await page.getByTestId("ws-edit").click();
  const topmost = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.getAttribute("data-testid"), point);
  expect(topmost).toBe("card-mask-chart_model");
});

test("each screen size keeps its own layout", async ({ page, request }) => {
  await openWorkspace(page);
  await savedOnce(request);
  await page.setViewportSize({ width: 900, height: 720 });
  await expect(page.getByTestId("working-space")).toHaveAttribute("data-breakpoint", "md");
  await expect.poll(async () => (await savedLayout(request, sid)).length).toBe(8);
  const md = byCode(await savedLayout(request, sid), "md");
  expect(md.task_model.modelAbscissaLength).toBe(50);
  const lg = byCode(await savedLayout(request, sid), "lg");
  expect(lg.task_model.modelAbscissaLength).toBe(24);
});

test("a saved layout of an unknown version falls back to the default, which replaces it", async ({ page, request }) => {
  const bad = ["calendar_model", "app_model", "chart_model", "task_model"].map((modelCode, i) => ({
    modelCode, modelLeftMargin: i, modelTopMargin: 0, modelAbscissaLength: 1, modelOrdinateLength: 1, isDeleted: 0, layoutVersion: 99, breakpoint: "lg",
  }));
  const saved = await request.post(`${API}/personalLayout/saveBatch`, { headers: { sid }, data: bad });
  expect(saved.ok()).toBe(true);
  await openWorkspace(page);
  await expect.poll(async () => byCode(await savedLayout(request, sid)).calendar_model.layoutVersion).toBe(2);
  expect(byCode(await savedLayout(request, sid)).chart_model.modelAbscissaLength).toBe(26);
  expect((await boxOf(gridItem(page, "chart_model"))).width).toBeGreaterThan(300);
});

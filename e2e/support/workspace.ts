// Helpers of the workspace specs: a demo user's saved layout read and cleared through the API, and
// the grid's cards as the page shows them.
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

const API = "/portal-api";

export interface SavedCard {
  id: number;
  modelCode: string;
  breakpoint?: string;
  layoutVersion?: number;
  modelLeftMargin: number;
  modelTopMargin: number;
  modelAbscissaLength: number;
  modelOrdinateLength: number;
  isDeleted: number;
}

export async function savedLayout(request: APIRequestContext, sid: string): Promise<SavedCard[]> {
  const answer = await request.get(`${API}/personalLayout/listByUserId`, { headers: { sid } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: SavedCard[] }).data;
}

/** Deletes every saved card of the session's user: the next visit is a first visit again. */
export async function clearLayout(request: APIRequestContext, sid: string): Promise<void> {
  const ids = (await savedLayout(request, sid)).map((c) => c.id);
  if (ids.length === 0) return;
  const answer = await request.delete(`${API}/personalLayout/deleteBatch`, { headers: { sid }, data: ids });
  expect(answer.ok()).toBe(true);
}

export const gridItem = (page: Page, code: string): Locator => page.getByTestId(`grid-item-${code}`);

export async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return box;
}

/** Drags with the mouse in small steps (react-draggable starts after 3 px). */
export async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 5, from.y + 5, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps: 15 });
  await page.mouse.up();
}

export const centre = (b: { x: number; y: number; width: number; height: number }) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

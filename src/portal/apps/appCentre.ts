// Pure logic of the App centre, Customize and the Data centre lists (spec 3, 5, 7.1): tag names by
// language, favourites first, the tag filter with "all" and the untagged group, the search-in-page
// filter, moving a row, and the order numbers a reorder saves.
import type { components } from "../../api/schema";

export type PersonalApp = components["schemas"]["PersonalApp"];
export type LabelAppGroup = components["schemas"]["LabelAppGroup"];
export type BscApp = components["schemas"]["BscApp"];
export type BscLabel = components["schemas"]["BscLabel"];

/** The chip that shows every group. */
export const ALL = "all";
/** The chip of the apps without a tag (the server's group with labelId null). */
export const UNTAGGED = "none";
/** Spec 5 and 9: an app carries at most 8 tags. */
export const MAX_TAGS = 8;
/** The contract's bound of appSort and dataSort. */
export const MAX_SORT = 100_000;

export type Language = "cn" | "en";

/** The key of a group's chip: the tag id, or UNTAGGED for the apps without a tag. */
export function groupKey(group: Pick<LabelAppGroup, "labelId">): string {
  return group.labelId === null ? UNTAGGED : String(group.labelId);
}

/** A tag's name in the language shown, falling back to the other name when one is empty. */
export function tagName(tag: { labelName?: string | null; labelEnName?: string | null }, language: Language): string {
  const cn = tag.labelName?.trim() ?? "";
  const en = tag.labelEnName?.trim() ?? "";
  return language === "en" ? en || cn : cn || en;
}

/** Favourites first, then the user's order (appSort), then the oldest first (id). */
export function compareApps(a: PersonalApp, b: PersonalApp): number {
  return b.favoriteStatus - a.favoriteStatus || a.appSort - b.appSort || a.id - b.id;
}

export function sortApps(apps: readonly PersonalApp[]): PersonalApp[] {
  return [...apps].sort(compareApps);
}

/** Whether the app matches the search text (name or address, case-insensitive); empty matches all. */
export function matchesQuery(app: Pick<PersonalApp, "appName" | "appUrl">, query: string): boolean {
  const text = query.trim().toLocaleLowerCase();
  if (!text) return true;
  return app.appName.toLocaleLowerCase().includes(text) || app.appUrl.toLocaleLowerCase().includes(text);
}

/**
 * The groups to show for the chosen chip and search text: groups in the server's order (the
 * untagged one last), apps favourites first, groups left empty by the search dropped.
 */
export function visibleGroups(groups: readonly LabelAppGroup[], chip: string, query: string): LabelAppGroup[] {
  const ordered = [...groups].sort((a, b) => Number(a.labelId === null) - Number(b.labelId === null));
  return ordered
    .filter((group) => chip === ALL || groupKey(group) === chip)
    .map((group) => ({ ...group, apps: sortApps(group.apps.filter((app) => matchesQuery(app, query))) }))
    .filter((group) => group.apps.length > 0);
}

/** Every distinct app of the groups (an app with several tags is in several groups). */
export function distinctApps(groups: readonly LabelAppGroup[]): PersonalApp[] {
  const byId = new Map<number, PersonalApp>();
  for (const group of groups) for (const app of group.apps) if (!byId.has(app.id)) byId.set(app.id, app);
  return sortApps([...byId.values()]);
}

/** The groups after one app's favourite flag changed (it is in every group that holds it). */
export function withFavorite(groups: readonly LabelAppGroup[], id: number, favoriteStatus: 0 | 1): LabelAppGroup[] {
  return groups.map((group) => ({
    ...group,
    apps: group.apps.map((app) => (app.id === id ? { ...app, favoriteStatus } : app)),
  }));
}

/** The list with the row at `from` moved to `to` (both clamped); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length) return [...list];
  const target = Math.max(0, Math.min(list.length - 1, to));
  const next = [...list];
  const [row] = next.splice(from, 1);
  next.splice(target, 0, row);
  return next;
}

/**
 * The order numbers for a reordered list. The rows keep the slots they held among themselves
 * (sorted), so rows of the user that are not in this list (catalogue apps around the ones added by
 * hand) keep their places; equal or missing slots are spread so every row gets its own, within the
 * contract's bound.
 */
export function reorderSlots(current: readonly (number | null | undefined)[]): number[] {
  const sorted = current.map((value) => (typeof value === "number" && value >= 0 ? value : 0)).sort((a, b) => a - b);
  const slots: number[] = [];
  for (const [index, value] of sorted.entries()) slots.push(index === 0 ? value : Math.max(value, slots[index - 1] + 1));
  const overflow = slots.length > 0 ? slots[slots.length - 1] - MAX_SORT : 0;
  return overflow > 0 ? slots.map((slot) => slot - overflow).map((slot, index) => Math.max(slot, index)) : slots;
}

/** For a reordered list: each row's id with its new order number, only for rows that changed. */
export function sortChanges<T extends { id: number }>(
  reordered: readonly T[],
  sortOf: (row: T) => number | null | undefined,
): { id: number; sort: number }[] {
  const slots = reorderSlots(reordered.map(sortOf));
  return reordered.flatMap((row, index) => (sortOf(row) === slots[index] ? [] : [{ id: row.id, sort: slots[index] }]));
}

/** Whether the text is an absolute http(s) address (what a person may enter for an app's address). */
export function isHttpUrl(raw: string | null | undefined): boolean {
  const text = raw?.trim();
  if (!text || text.length > 2000) return false;
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Whether the text is a path of this product ("/demo-reports/a.html"), not a protocol-relative "//host". */
export function isPortalPath(raw: string | null | undefined): boolean {
  const text = raw?.trim();
  return !!text && text.length <= 2000 && text.startsWith("/") && !text.startsWith("//") && !/[\\\s]/.test(text);
}

/** An icon or report address: http(s), or a path of this product (the contract's Url pattern). */
export function isAddress(raw: string | null | undefined): boolean {
  return isHttpUrl(raw) || isPortalPath(raw);
}

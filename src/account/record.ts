// The personal record (spec 3, 7.1 personalStatusRecord): language, guide and privacy consent, and
// the Dress Up theme kept for the user on the server. Reads and writes are quiet (no toast): the
// record only tunes the shell, and a failed save must never interrupt what the person is doing.
import type { components } from "../api/schema";
import { SILENT, unwrap, type PortalClient } from "../api/client";
import { DEFAULT_LANGUAGE, currentLanguage, isLanguage, setLanguage } from "../i18n";
import { hasLiveSession, readSession, readSessionJson } from "../shared/session";
import { DEFAULT_THEME, applyTheme, currentTheme, themeOf, type PortalTheme } from "../shared/theme";

export type PersonalRecord = components["schemas"]["PersonalRecord"];
export type PersonalRecordInput = components["schemas"]["PersonalRecordInput"];

/** The signed-in user's id from the session (spec 3 key userId), or null. */
export function sessionUserId(): number | null {
  const raw = readSession("userId") ?? readSessionJson<{ id?: number }>("userInfo")?.id;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export async function fetchRecord(client: PortalClient, userId: number): Promise<PersonalRecord | null> {
  return unwrap(client.GET("/personalStatusRecord", { params: { query: { userId } }, headers: SILENT }));
}

/** Saves the fields given; resolves with the saved record. Throws on failure (callers decide). */
export async function saveRecord(
  client: PortalClient,
  fields: Omit<PersonalRecordInput, "userId">, quiet = true): Promise<PersonalRecord | null> {
  const userId = sessionUserId();
  if (userId === null) return null;
  return unwrap(
    client.POST("/personalStatusRecord", { body: { ...fields, userId }, headers: quiet ? SILENT : undefined }),
  );
}

/** The language toggle (spec: "saved as the personal record's languageStatus"). */
export function saveLanguage(client: PortalClient, language: "en" | "cn"): void {
  if (!hasLiveSession() || sessionUserId() === null) return;
  saveRecord(client, { languageStatus: language }).catch(() => undefined);
}

/**
 * Dress Up: applies the theme at once and keeps it for the user on the server. A save that fails
 * puts the previous theme back (issue 21: the screen kept a theme the person's record did not have,
 * until the next sign-in took it away) and rejects with the reason; the caller tells the person.
 */
export async function saveTheme(client: PortalClient, theme: PortalTheme): Promise<void> {
  const previous = currentTheme();
  applyTheme(theme);
  try {
    await saveRecord(client, { themeColor: theme.themeColor, themeHeadColor: theme.themeHeadColor, themeCode: theme.themeCode });
  } catch (error) {
    // Unless the person has chosen yet another theme meanwhile.
    if (currentTheme() === theme) applyTheme(previous);
    throw error;
  }
}

/**
 * Decision (issue 18, item 8): a sign-in applies the person's own record, and only an explicit
 * choice (the CN/EN toggle, Dress Up) saves one. On a shared PC the tab's language and this
 * browser's theme belong to whoever used it before: the login form may keep speaking the last
 * language, but the next person gets their record's language and theme, and nothing of the
 * previous person is written into their record. A person without a record, or who never chose a
 * theme, gets the product's defaults (cn, spec 1; the default theme, spec 9), not the previous
 * person's. The record on the server is the person's theme and language; local storage keeps the
 * theme of the person last signed in here (spec 3), so the pre-login pages paint at once.
 */
export function applyRecordPreferences(record: PersonalRecord | null): void {
  const theme = record?.themeColor ? themeOf(record) : DEFAULT_THEME;
  if (theme !== currentTheme()) applyTheme(theme);
  const language = isLanguage(record?.languageStatus) ? record.languageStatus : DEFAULT_LANGUAGE;
  if (language !== currentLanguage()) void setLanguage(language);
}

// The personal record (spec 3, 7.1 personalStatusRecord): language, guide and privacy consent, and
// the Dress Up theme kept for the user on the server. Reads and writes are quiet (no toast): the
// record only tunes the shell, and a failed save must never interrupt what the person is doing.
import type { components } from "../../api/schema";
import { SILENT, unwrap } from "../../api/client";
import { portalClient } from "../../authProvider";
import { isLanguage, setLanguage, currentLanguage } from "../../i18n";
import { hasLiveSession, readSession, readSessionJson } from "../../shared/session";
import { applyTheme, currentTheme, themeOf, type PortalTheme } from "../../shared/theme";

export type PersonalRecord = components["schemas"]["PersonalRecord"];
export type PersonalRecordInput = components["schemas"]["PersonalRecordInput"];

/** The signed-in user's id from the session (spec 3 key userId), or null. */
export function sessionUserId(): number | null {
  const raw = readSession("userId") ?? readSessionJson<{ id?: number }>("userInfo")?.id;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export async function fetchRecord(userId: number): Promise<PersonalRecord | null> {
  return unwrap(portalClient.GET("/personalStatusRecord", { params: { query: { userId } }, headers: SILENT }));
}

/** Saves the fields given; resolves with the saved record. Throws on failure (callers decide). */
export async function saveRecord(fields: Omit<PersonalRecordInput, "userId">, quiet = true): Promise<PersonalRecord | null> {
  const userId = sessionUserId();
  if (userId === null) return null;
  return unwrap(
    portalClient.POST("/personalStatusRecord", { body: { ...fields, userId }, headers: quiet ? SILENT : undefined }),
  );
}

/** The language toggle (spec: "saved as the personal record's languageStatus"). */
export function saveLanguage(language: "en" | "cn"): void {
  if (!hasLiveSession() || sessionUserId() === null) return;
  saveRecord({ languageStatus: language }).catch(() => undefined);
}

/** Dress Up: applies the theme at once and keeps it for the user on the server. */
export async function saveTheme(theme: PortalTheme): Promise<void> {
  applyTheme(theme);
  await saveRecord({ themeColor: theme.themeColor, themeHeadColor: theme.themeHeadColor, themeCode: theme.themeCode }, false);
}

/**
 * Decision: at the start of a signed-in session the record's choices apply. The theme from the
 * server wins over this browser's local storage (it follows the user to another browser). The
 * language chosen in this tab (session key i18n) wins over the record and is saved to it; a tab
 * without a choice takes the record's language.
 */
export function applyRecordPreferences(record: PersonalRecord | null): void {
  if (!record) return;
  if (record.themeCode !== undefined && record.themeColor) {
    const theme = themeOf(record);
    if (theme !== currentTheme()) applyTheme(theme);
  }
  const chosen = readSession("i18n");
  if (isLanguage(chosen)) {
    if (record.languageStatus !== chosen) saveLanguage(chosen);
  } else if (isLanguage(record.languageStatus) && record.languageStatus !== currentLanguage()) {
    void setLanguage(record.languageStatus);
  }
}

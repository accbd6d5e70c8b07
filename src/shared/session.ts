// One place that names the browser storage keys of spec 3, so no module spells them on its own.
// Session storage lives as long as the tab (a session is per tab, as in the original portal);
// local storage keeps the login flag and the theme across tabs.

export const SESSION_KEYS = {
  sid: "sid",
  token: "token",
  userId: "userId",
  username: "username",
  roleCode: "roleCode",
  userInfo: "userInfo",
  system: "system",
  i18n: "i18n",
  isFresh: "isFresh",
  guideInfo: "guideInfo",
  isChangeRole: "isChangeRole",
  permissionMap: "permissionMap",
  menuPermissionMap: "menuPermissionMap",
  /** The path a failed lazy page load reloads to (spec 2.4); not a user key, logout keeps it. */
  lazyRetry: "lazyRetry",
  /** The user shell's open tabs (paths with their query), restored after a reload; per user. */
  visitedViews: "visitedViews",
  /** What an admin page was signing while the person signs in again at the IdP (issue 24; this tab only). */
  esignDraft: "esignDraft",
} as const;

export const LOCAL_KEYS = {
  isLoggedIn: "isLoggedIn",
  themeColor: "themeColor",
  themeHeadColor: "themeHeadColor",
  themeCode: "themeCode",
} as const;

export type SessionKey = keyof typeof SESSION_KEYS;

/** The sid value left behind after an expired session was acknowledged (spec 4). */
export const EXPIRED_SID = "timeout";

/** The session value that selects the admin shell (spec 1). */
export const ADMIN_SYSTEM = "stageAdmin";

/** isLoggedIn values of spec 3: 0 after logout, 2 once the user info has loaded. */
export const LOGGED_OUT = "0";
export const LOGGED_IN = "2";

export function readSession(key: SessionKey): string | null {
  return sessionStorage.getItem(SESSION_KEYS[key]);
}

export function writeSession(key: SessionKey, value: string): void {
  sessionStorage.setItem(SESSION_KEYS[key], value);
}

export function removeSession(key: SessionKey): void {
  sessionStorage.removeItem(SESSION_KEYS[key]);
}

export function readSessionJson<T>(key: SessionKey): T | null {
  const raw = readSession(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    // A hand-edited or truncated value is treated as absent rather than crashing the shell.
    return null;
  }
}

export function writeSessionJson(key: SessionKey, value: unknown): void {
  writeSession(key, JSON.stringify(value));
}

/** A real session id: present and not the `timeout` marker of an acknowledged expiry. */
export function hasLiveSession(): boolean {
  const sid = readSession("sid");
  return sid !== null && sid !== "" && sid !== EXPIRED_SID;
}

export function isAdminSystem(): boolean {
  return readSession("system") === ADMIN_SYSTEM;
}

export function setLoggedInFlag(value: typeof LOGGED_IN | typeof LOGGED_OUT): void {
  localStorage.setItem(LOCAL_KEYS.isLoggedIn, value);
}

/**
 * Logout clears what belongs to the signed-in user. The language (i18n) and the chosen system
 * stay: the login page keeps speaking the same language and the admin entry keeps its shell.
 */
const USER_SESSION_KEYS: SessionKey[] = [
  "sid",
  "token",
  "userId",
  "username",
  "roleCode",
  "userInfo",
  "isFresh",
  "guideInfo",
  "isChangeRole",
  "permissionMap",
  "menuPermissionMap",
  "visitedViews",
];

export function clearUserSession(): void {
  for (const key of USER_SESSION_KEYS) removeSession(key);
}

/**
 * Spec 2.4: the query parameters system and sid are kept in the session, sid only together with
 * system (an outside caller's /main?system=stageAdmin&sid=...). The address loses the sid at once
 * (navigation/addressSecrets.ts), so this reads the query the page arrived with.
 */
export function captureUrlSession(search: string | URLSearchParams): void {
  const params = new URLSearchParams(search);
  const system = params.get("system");
  if (!system) return;
  writeSession("system", system);
  const sid = params.get("sid");
  if (sid) writeSession("sid", sid);
}

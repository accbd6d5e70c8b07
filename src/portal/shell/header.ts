// Pure parts of the top bar (spec 2.6): the logos by theme code, the header tabs, the search
// address and the stage-admin link.
import logo0 from "../../assets/logo/logo-0.svg";
import logo1 from "../../assets/logo/logo-1.svg";
import logo2 from "../../assets/logo/logo-2.svg";
import logo3 from "../../assets/logo/logo-3.svg";
import { ADMIN_SYSTEM, hasLiveSession } from "../../shared/session";
import type { ThemeCode } from "../../shared/theme";

/** The logo of each theme code (spec 2.6 "logo chosen by theme code 0 to 3"). */
export const LOGOS: Readonly<Record<ThemeCode, string>> = { 0: logo0, 1: logo1, 2: logo2, 3: logo3 };

/** Spec 2.6 header tabs: 工作空间, 应用中心, 任务中心. */
export const HEADER_TABS = [
  { name: "workingSpace", path: "/main/workingSpace" },
  { name: "appCenterIndex", path: "/main/appCenterIndex" },
  { name: "missionCenterIndex", path: "/main/missionCenterIndex" },
] as const;

/** The search result address for a text (spec 3 store flag searchVal); null for blank text. */
export function searchPath(text: string): string | null {
  const value = text.trim();
  if (!value) return null;
  return `/main/searchResult?${new URLSearchParams({ searchVal: value.slice(0, 100) }).toString()}`;
}

/**
 * The stage-admin address: the admin shell (spec 2.4, system=stageAdmin). Decided (issue 18): no
 * sid in it. The admin shell is this product on this origin, so the new window takes the session
 * from this tab's session storage, which the browser copies into a window opened by script with
 * an opener (HTML: auxiliary browsing contexts); a sid in the address would stay in the window's
 * history and travel in its first request.
 */
export const STAGE_ADMIN_URL = `/main?${new URLSearchParams({ system: ADMIN_SYSTEM }).toString()}`;

/**
 * Spec 2.6: the stage-admin link opens the admin shell in a new window with this tab's session.
 * Not "noopener": that would start the window with empty session storage. The opener is cut once
 * the window exists (its session storage has been copied at creation), so neither window can
 * reach the other.
 */
export function openStageAdmin(open: Window["open"] = window.open.bind(window)): void {
  if (!hasLiveSession()) return;
  const opened = open(STAGE_ADMIN_URL, "_blank");
  if (opened) opened.opener = null;
}

/** Spec 2.4: the log-out confirm; every log-out of the user shell goes through it (issue 21). */
export const QUIT_LOGON_PATH = "/main/quitLogon";

// Pure parts of the top bar (spec 2.6): the logos by theme code, the header tabs, the search
// address and the stage-admin link.
import logo0 from "../../assets/logo/logo-0.svg";
import logo1 from "../../assets/logo/logo-1.svg";
import logo2 from "../../assets/logo/logo-2.svg";
import logo3 from "../../assets/logo/logo-3.svg";
import { ADMIN_SYSTEM, hasLiveSession, readSession } from "../../shared/session";
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

/** The stage-admin address: the admin shell of this session (spec 2.4: system and sid in the URL). */
export function stageAdminUrl(sid: string): string {
  return `/main?${new URLSearchParams({ system: ADMIN_SYSTEM, sid }).toString()}`;
}

/**
 * Spec 2.6: the stage-admin link opens the admin shell in a new window with the sid. noopener:
 * the new window starts its own session storage from the URL instead of sharing this tab's opener.
 */
export function openStageAdmin(): void {
  const sid = readSession("sid");
  if (!sid || !hasLiveSession()) return;
  window.open(stageAdminUrl(sid), "_blank", "noopener");
}

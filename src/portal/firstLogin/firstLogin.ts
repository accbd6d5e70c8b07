// Spec 2.8 and 4, the first-login flow, as pure rules: which dialog comes next, what is cached,
// and which tour steps run. The component (FirstLoginFlow.tsx) only shows what these decide.
import type { PersonalRecord } from "../../account/record";

export type FirstLoginStep = "privacy" | "password" | "guide" | "done";

/** What session key guideInfo holds once the flow is over for this session (spec 4). */
export interface GuideInfo {
  userId: number;
  privacyVersion: string | null;
  noviceGuideStatus: 0 | 1;
}

/**
 * Privacy first: not accepted, or accepted for another version than the current one (publishing a
 * new version asks again). Then the password an administrator gave, while this sign-in must change
 * it (issue 21; the server allows nothing else until then). Then the guide while it has not been
 * seen. With no policy published there is nothing to accept.
 */
export function firstLoginStep(
  record: PersonalRecord | null,
  currentVersion: string | null,
  withGuide: boolean,
  mustChangePassword = false,
): FirstLoginStep {
  const accepted = record?.privacyStatus === 1 && record.privacyVersion === currentVersion;
  if (currentVersion !== null && !accepted) return "privacy";
  if (mustChangePassword) return "password";
  if (withGuide && record?.noviceGuideStatus !== 1) return "guide";
  return "done";
}

/** The cached record ends the flow only for the same user. */
export function isCachedFor(info: GuideInfo | null, userId: number): boolean {
  return info !== null && typeof info === "object" && info.userId === userId;
}

export interface TourStep {
  /** data-tour attribute of the element to highlight */
  target: string;
  /** i18n key prefix under firstLogin:tour.steps */
  key: string;
}

/** Spec 9: the tour has at most 12 steps, in the order the shell reads. */
export const TOUR_MAX_STEPS = 12;
export const TOUR_OVERLAY_OPACITY = 0.7;

export const TOUR_STEPS: readonly TourStep[] = [
  { target: "logo", key: "logo" },
  { target: "search", key: "search" },
  { target: "header-tabs", key: "headerTabs" },
  { target: "language", key: "language" },
  { target: "skin", key: "skin" },
  { target: "help", key: "help" },
  { target: "role-switcher", key: "roleSwitcher" },
  { target: "user-menu", key: "userMenu" },
  { target: "sider-avatar", key: "avatar" },
  { target: "sider-menu", key: "menu" },
  { target: "tab-bar", key: "tabBar" },
  { target: "content", key: "content" },
];

/** The steps whose element is on the page now (spec 2.8: elements not present are skipped). */
export function presentSteps(steps: readonly TourStep[], isPresent: (target: string) => boolean): TourStep[] {
  return steps.filter((step) => isPresent(step.target)).slice(0, TOUR_MAX_STEPS);
}

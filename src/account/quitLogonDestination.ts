// Where a confirmed log-out goes (issue 21: every log-out of the user shell asks first, through
// quitLogon). Spec 2.4 sends quitLogon to /login; the header's log-out went to /loginCopy (spec 4,
// decisions.md "Two logout destinations") and still does, now after the same confirm: it says so in
// the navigation state. Only that one marker is read, so the state can name no other address.
import { ROUTES } from "../auth/routes";

/** The navigation state the header's log-out opens quitLogon with. */
export const HEADER_LOGOUT_STATE = { logoutTo: "loginCopy" } as const;

export function logoutDestination(state: unknown): string {
  const to = typeof state === "object" && state !== null ? (state as { logoutTo?: unknown }).logoutTo : undefined;
  return to === HEADER_LOGOUT_STATE.logoutTo ? ROUTES.loginCopy : ROUTES.login;
}

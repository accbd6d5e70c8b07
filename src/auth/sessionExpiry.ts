// The "Login session expired" flow of spec 4 (body code 4004): one dialog however many calls fail
// together, then /loginCopy. The app's client calls expire() on 4004 (auth/appSession.ts); the auth
// provider's onError joins the same flow.
import { i18n } from "../i18n";
import { EXPIRED_SID, SESSION_KEYS } from "../shared/session";
import { ROUTES } from "./routes";

/** Body code of an expired or missing session (spec 4, 8). */
export const SESSION_EXPIRED_CODE = 4004;

export interface SessionExpiryDeps {
  storage?: Storage;
  /** Shows "Login session expired" and resolves when the person acknowledges it. */
  acknowledge?: () => Promise<void>;
  /** Leaves for a path; a full page load by default, so no state of the old session survives. */
  goTo?: (path: string) => void;
}

export interface SessionExpiry {
  /** Runs the spec 4 flow once; every call while it runs (or after) shares the same outcome. */
  expire: () => Promise<void>;
  /** True from the first 4004 on; the page is about to leave for /loginCopy. */
  isExpiring: () => boolean;
}

// antd's Modal loads when the dialog is first needed, not with every page (issue 9: the login page's
// JavaScript); it is the static Modal, themed by the holder App.tsx registers. Should it fail to
// load, the flow goes on to the login page without the dialog.
export async function showSessionExpiredDialog(): Promise<void> {
  let Modal: typeof import("antd/es/modal").default;
  try {
    Modal = (await import("antd/es/modal")).default;
  } catch (error) {
    console.error("the session expired dialog failed to load", error);
    return;
  }
  return new Promise((resolve) => {
    Modal.warning({
      title: i18n.t("common:session.expired.title"),
      content: i18n.t("common:session.expired.content"),
      okText: i18n.t("common:session.expired.ok"),
      keyboard: false,
      maskClosable: false,
      onOk: () => resolve(),
    });
  });
}

export function createSessionExpiry({
  storage = sessionStorage,
  acknowledge = showSessionExpiredDialog,
  goTo = (path) => window.location.assign(path),
}: SessionExpiryDeps = {}): SessionExpiry {
  // Several calls usually fail together (a page loads in parallel); they get one dialog. The flow
  // is never re-armed: it ends with a full page load, which starts a fresh module.
  let flow: Promise<void> | null = null;

  async function run(): Promise<void> {
    if (storage.getItem(SESSION_KEYS.sid) !== null) {
      await acknowledge();
      if (storage.getItem(SESSION_KEYS.sid) === EXPIRED_SID) storage.removeItem(SESSION_KEYS.sid);
      else storage.setItem(SESSION_KEYS.sid, EXPIRED_SID);
    }
    goTo(ROUTES.loginCopy);
  }

  return {
    expire: () => (flow ??= run()),
    isExpiring: () => flow !== null,
  };
}

/** True for the client's ApiError and refine's HttpError (both carry the body code). */
export function isSessionExpired(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { code?: unknown }).code === SESSION_EXPIRED_CODE
  );
}

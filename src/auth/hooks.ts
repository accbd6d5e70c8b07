// The auth hooks of the login pages and the user shell, over the app session's auth provider,
// without refine: refine (with react-query, lodash, qs, papaparse ...) is the admin shell's and loads
// only with it (issue 9: /baseLogin and the workspace stay small). They behave as refine's
// useGetIdentity / useLogout / useInvalidateAuthStore did for these callers:
// - the identity is the session's identity store (auth/identity.ts): one shared answer, fetched
//   again on mount and after an invalidation;
// - logout runs authProvider.logout(); a failure is told through the portal toast (refine's
//   notification provider did the same), a success goes to its redirectTo (a push, as refine's go).
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";

import { toast } from "../api/toast";
import { type LoginParams } from "./authProvider";
import { type UserInfo } from "./sessionActions";
import type { SessionExpiry } from "./sessionExpiry";
import { useAppSession } from "./SessionProvider";

/** Who is signed in (undefined until the first answer, null without a session). */
export function useIdentity(): { data: UserInfo | null | undefined } {
  const { identity } = useAppSession();
  const data = useSyncExternalStore(identity.subscribe, identity.snapshot, identity.snapshot);
  useEffect(() => {
    void identity.fetch();
  }, [identity]);
  return { data };
}

/**
 * After a login, a role change or a profile change: the identity is asked for again when a
 * component shows it (auth/identity.ts).
 */
export function useInvalidateAuth(): () => Promise<void> {
  const { identity } = useAppSession();
  return identity.invalidate;
}

/** Reports a failed auth action as refine's notification provider did (none while the expiry dialog speaks). */
function notifyError(expiry: SessionExpiry, error: unknown, title: string, fallback: string) {
  if (expiry.isExpiring()) return;
  const message = error instanceof Error ? error.message || error.name : typeof error === "string" ? error : "";
  toast(message || title || fallback, "error");
}

/** Logs out through the auth provider and goes where it says. */
export function useLogout(): { mutate: () => void; isPending: boolean } {
  const navigate = useNavigate();
  const { authProvider, expiry, identity } = useAppSession();
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(() => {
    setPending(true);
    void (async () => {
      try {
        const result = await authProvider.logout({});
        if (result.error || !result.success) notifyError(expiry, result.error, "Logout Error", "Something went wrong during logout");
        if (result.redirectTo) void navigate(result.redirectTo);
        void identity.invalidate();
      } catch (error) {
        notifyError(expiry, error, "Logout Error", "Something went wrong during logout");
      } finally {
        setPending(false);
      }
    })();
  }, [navigate, authProvider, expiry, identity]);
  return { mutate, isPending };
}

export interface LoginOutcome {
  success: boolean;
  redirectTo?: string;
  error?: Error;
}

/** The password login of /baseLogin: the caller decides what a success or a failure does. */
export function useLogin(handlers: { onSuccess: (outcome: LoginOutcome) => void; onError: (error: Error) => void }) {
  const { authProvider } = useAppSession();
  const [isPending, setPending] = useState(false);
  const { onSuccess, onError } = handlers;
  const mutate = useCallback(
    (params: LoginParams) => {
      setPending(true);
      void (async () => {
        try {
          const outcome = (await authProvider.login(params)) as LoginOutcome;
          setPending(false);
          onSuccess(outcome);
        } catch (error) {
          setPending(false);
          onError(error instanceof Error ? error : new Error(String(error)));
        }
      })();
    },
    [authProvider, onSuccess, onError],
  );
  return { mutate, isPending };
}

// The auth hooks of the login pages and the user shell, over the portal's one auth provider,
// without refine: refine (with react-query, lodash, qs, papaparse ...) is the admin shell's and loads
// only with it (issue 9: /baseLogin and the workspace stay small). They behave as refine's
// useGetIdentity / useLogout / useInvalidateAuthStore did for these callers:
// - the identity is one shared answer of authProvider.getIdentity(), fetched again when a component
//   using it mounts (refine: staleTime 0, refetch on mount; calls under way are shared) and after
//   invalidateAuth(); the last answer stays shown while a new one comes;
// - logout runs authProvider.logout(); a failure is told through the portal toast (refine's
//   notification provider did the same), a success goes to its redirectTo (a push, as refine's go).
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";

import { toast } from "../api/toast";
import { authProvider, sessionExpiry } from "../appSession";
import { type LoginParams } from "../authProvider";
import { type UserInfo } from "../auth/sessionActions";

type Listener = () => void;

interface IdentityState {
  data: UserInfo | null | undefined;
  /** The fetch under way, shared by every caller. */
  pending: Promise<void> | null;
}

let identity: IdentityState = { data: undefined, pending: null };
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

function fetchIdentity(): Promise<void> {
  if (identity.pending) return identity.pending;
  const pending = (async () => {
    let data: UserInfo | null = null;
    try {
      data = ((await authProvider.getIdentity?.()) as UserInfo | null | undefined) ?? null;
    } catch {
      data = null; // getIdentity answers null itself; a throw means the same: no identity
    }
    identity = { data, pending: null };
    emit();
  })();
  identity = { ...identity, pending };
  return pending;
}

const subscribe = (listener: Listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => identity.data;

/** Who is signed in (undefined until the first answer, null without a session). */
export function useIdentity(): { data: UserInfo | null | undefined } {
  const data = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    void fetchIdentity();
  }, []);
  return { data };
}

/**
 * After a login, a role change or a profile change: the identity is asked for again when a
 * component shows it (refine refetched only active queries; the next mount fetches anyway).
 */
export async function invalidateAuth(): Promise<void> {
  if (identity.pending) await identity.pending;
  if (listeners.size > 0) await fetchIdentity();
  else identity = { data: undefined, pending: null }; // nobody shows it: the next one asks afresh
}

/** Forgets the identity (tests, and a new session in the same page). */
export function resetIdentity(): void {
  identity = { data: undefined, pending: null };
  emit();
}

/** Reports a failed auth action as refine's notification provider did (none while the expiry dialog speaks). */
function notifyError(error: unknown, title: string, fallback: string) {
  if (sessionExpiry.isExpiring()) return;
  const message = error instanceof Error ? error.message || error.name : typeof error === "string" ? error : "";
  toast(message || title || fallback, "error");
}

/** Logs out through the auth provider and goes where it says. */
export function useLogout(): { mutate: () => void; isPending: boolean } {
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(() => {
    setPending(true);
    void (async () => {
      try {
        const result = await authProvider.logout({});
        if (result.error || !result.success) notifyError(result.error, "Logout Error", "Something went wrong during logout");
        if (result.redirectTo) void navigate(result.redirectTo);
        void invalidateAuth();
      } catch (error) {
        notifyError(error, "Logout Error", "Something went wrong during logout");
      } finally {
        setPending(false);
      }
    })();
  }, [navigate]);
  return { mutate, isPending };
}

export interface LoginOutcome {
  success: boolean;
  redirectTo?: string;
  error?: Error;
}

/** The password login of /baseLogin: the caller decides what a success or a failure does. */
export function useLogin(handlers: { onSuccess: (outcome: LoginOutcome) => void; onError: (error: Error) => void }) {
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
    [onSuccess, onError],
  );
  return { mutate, isPending };
}

// Who is signed in, as one shared answer of the auth provider's getIdentity() for every component
// that shows it (the user shell and the login pages, without refine). It behaves as refine's
// useGetIdentity did for them: asked again when a component using it mounts (staleTime 0, refetch
// on mount; calls under way are shared) and after invalidate(); the last answer stays shown while
// a new one comes. One store per app session (auth/appSession.ts), so a test makes its own.
import type { AuthProvider } from "@refinedev/core";

import type { UserInfo } from "./sessionActions";

type Listener = () => void;

export interface IdentityStore {
  subscribe(listener: Listener): () => void;
  /** undefined until the first answer, null without a session. */
  snapshot(): UserInfo | null | undefined;
  /** Asks the provider (a call under way is shared). */
  fetch(): Promise<void>;
  /**
   * After a login, a role change or a profile change: asked again at once when a component shows
   * it (refine refetched only active queries), else on the next mount.
   */
  invalidate(): Promise<void>;
  /** Forgets the answer (a new session in the same page). */
  reset(): void;
}

export function createIdentityStore(authProvider: Pick<AuthProvider, "getIdentity">): IdentityStore {
  let data: UserInfo | null | undefined;
  let pending: Promise<void> | null = null;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());

  const fetch = (): Promise<void> => {
    if (pending) return pending;
    const call = (async () => {
      let answer: UserInfo | null = null;
      try {
        answer = ((await authProvider.getIdentity?.()) as UserInfo | null | undefined) ?? null;
      } catch {
        answer = null; // getIdentity answers null itself; a throw means the same: no identity
      }
      data = answer;
      pending = null;
      emit();
    })();
    pending = call;
    return call;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => data,
    fetch,
    async invalidate() {
      if (pending) await pending;
      if (listeners.size > 0) await fetch();
      else data = undefined; // nobody shows it: the next one asks afresh
    },
    reset() {
      data = undefined;
      pending = null;
      emit();
    },
  };
}

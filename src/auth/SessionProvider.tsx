// The app session (auth/appSession.ts: the auth provider, the expiry flow, the session steps and
// the identity) as a React context, beside the client's (api/ClientProvider.tsx): App.tsx provides
// the one the page runs on, a test provides its own, so no component reaches for a module-level
// session and no test mocks a module to replace it.
import { createContext, useContext, type ReactNode } from "react";

import type { AppSession } from "./appSession";

export type SessionParts = Omit<AppSession, "client">;

const SessionContext = createContext<SessionParts | null>(null);

export function SessionProvider({ session, children }: { session: SessionParts; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The auth provider, expiry flow, session steps and identity of the app session in use. */
export function useAppSession(): SessionParts {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useAppSession needs a <SessionProvider> above it (App.tsx, or the test's render)");
  return value;
}

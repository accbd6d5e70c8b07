// The app's API client, its session-expiry flow, the refine auth provider, the session actions and
// the identity, wired together once (the client's 4004 handler must be this expiry flow). App.tsx
// makes the one the page runs on and provides it (api/ClientProvider.tsx, auth/SessionProvider.tsx);
// React code takes it from those contexts, code outside React receives it as an argument, and a
// test makes its own.
import { createPortalClient, type PortalClient, type PortalClientOptions } from "../api/client";
import { createSessionActions, type SessionActions } from "./sessionActions";
import { createSessionExpiry, type SessionExpiry, type SessionExpiryDeps } from "./sessionExpiry";
import { createAuthProvider } from "./authProvider";
import { createIdentityStore, type IdentityStore } from "./identity";
import type { AuthProvider } from "@refinedev/core";

export interface AppSession {
  client: PortalClient;
  expiry: SessionExpiry;
  authProvider: AuthProvider;
  session: SessionActions;
  identity: IdentityStore;
}

/** Wires one client, one expiry flow and one provider together (tests pass their own parts). */
export function createAppSession(
  options: SessionExpiryDeps & { client?: Omit<PortalClientOptions, "onSessionExpired"> } = {},
): AppSession {
  const { client: clientOptions, ...expiryDeps } = options;
  const expiry = createSessionExpiry(expiryDeps);
  const client = createPortalClient({ ...clientOptions, onSessionExpired: () => void expiry.expire() });
  const authProvider = createAuthProvider({ client, expiry, goTo: expiryDeps.goTo });
  return {
    client,
    expiry,
    authProvider,
    session: createSessionActions(client),
    identity: createIdentityStore(authProvider),
  };
}

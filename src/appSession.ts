// The app's one API client, its session-expiry flow, the refine auth provider and the session
// actions, wired together once (the client's 4004 handler must be this expiry flow). React code
// gets the client from the context the root provides (src/api/ClientProvider.tsx, App.tsx); code
// outside React (refine's data and auth providers, the session steps) receives it as an argument.
import { createPortalClient, type PortalClient, type PortalClientOptions } from "./api/client";
import { createSessionActions, type SessionActions } from "./auth/sessionActions";
import { createSessionExpiry, type SessionExpiry, type SessionExpiryDeps } from "./auth/sessionExpiry";
import { createAuthProvider } from "./authProvider";
import type { AuthProvider } from "@refinedev/core";

export interface AppSession {
  client: PortalClient;
  expiry: SessionExpiry;
  authProvider: AuthProvider;
  session: SessionActions;
}

/** Wires one client, one expiry flow and one provider together (tests pass their own parts). */
export function createAppSession(
  options: SessionExpiryDeps & { client?: Omit<PortalClientOptions, "onSessionExpired"> } = {},
): AppSession {
  const { client: clientOptions, ...expiryDeps } = options;
  const expiry = createSessionExpiry(expiryDeps);
  const client = createPortalClient({ ...clientOptions, onSessionExpired: () => void expiry.expire() });
  return {
    client,
    expiry,
    authProvider: createAuthProvider({ client, expiry, goTo: expiryDeps.goTo }),
    session: createSessionActions(client),
  };
}

const app = createAppSession();

/** The portal's API client: never make a second (its 4004 flow is this module's). */
export const portalClient = app.client;
export const sessionExpiry = app.expiry;
export const authProvider = app.authProvider;
export const sessionActions = app.session;

// The providers a component test renders under, as App.tsx's root does: the test's client (with its
// answered fetch, api/test-support.ts) and an app session made over it from the real parts, so a
// screen that logs out, switches role or shows who is signed in runs the app's own code against
// the test's answers. Nothing is mocked; a test that needs its own session passes one.
import type { ReactNode } from "react";

import { ClientProvider } from "../api/ClientProvider";
import { envelope, json, testClient } from "../api/test-support";
import type { PortalClient } from "../api/client";
import { createAuthProvider } from "./authProvider";
import { createIdentityStore } from "./identity";
import { createSessionActions } from "./sessionActions";
import { createSessionExpiry } from "./sessionExpiry";
import { SessionProvider, type SessionParts } from "./SessionProvider";

/** An app session over the test's client; leaving the page is recorded, never performed. */
export function testSessionOf(client: PortalClient, visited: string[] = []): SessionParts {
  const goTo = (path: string) => void visited.push(path);
  const expiry = createSessionExpiry({ goTo, acknowledge: async () => undefined });
  const authProvider = createAuthProvider({ client, expiry, goTo });
  return { expiry, authProvider, session: createSessionActions(client), identity: createIdentityStore(authProvider) };
}

export function AppTestProviders({ client, session, children }: { client: PortalClient; session?: SessionParts; children: ReactNode }) {
  return (
    <ClientProvider client={client}>
      <SessionProvider session={session ?? testSessionOf(client)}>{children}</SessionProvider>
    </ClientProvider>
  );
}

/**
 * A render() wrapper with the providers, over `client` or one whose every call is answered 404 (a
 * test that replaces the component's calls; an unexpected call then fails as it would in the app).
 */
export function providersWrapper(client: PortalClient = testClient(() => json(404, envelope(404, "", ""))).client) {
  const session = testSessionOf(client);
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <AppTestProviders client={client} session={session}>
        {children}
      </AppTestProviders>
    );
  };
}

// Starting single sign-on (spec 2.4, 2.5; brief step 1): webSSO answers the identity provider's
// sign-on address for a route, and the browser leaves for it.
import { unwrap, type PortalClient } from "../api/client";
import type { SsoRoute } from "./routes";

/** Leaves for the sign-on address (absolute or root-relative). */
export function leaveFor(address: string): void {
  window.location.assign(address);
}

/** The address of single sign-on for `route`; a failure is shown by the client and rethrown. */
export async function ssoAddress(client: PortalClient, route: SsoRoute): Promise<string> {
  return unwrap(client.GET("/sysUserEx/webSSO", { params: { query: { route } } }));
}

let pending: Promise<void> | null = null;

/**
 * Asks for the address and goes there. Calls while one is under way share it (the guard and a
 * page can ask at the same time; React's strict mode runs effects twice in development).
 */
export function startSingleSignOn(client: PortalClient, route: SsoRoute): Promise<void> {
  pending ??= ssoAddress(client, route)
    .then(leaveFor)
    .finally(() => {
      pending = null;
    });
  return pending;
}

// Single logout at the identity provider (issue 19): the portal's logout answered the IdP's address
// with our signed LogoutRequest. The browser goes there; the IdP ends its own session and returns
// the browser to /loginCopy through the portal's SLO endpoint.

/**
 * Leaves for the IdP and never settles: the page is unloading, and a caller that awaited the
 * logout (quitLogon goes to /login, the header to /loginCopy) must not navigate over it.
 */
export function leaveForSingleLogout(address: string, goTo: (address: string) => void): Promise<never> {
  goTo(address);
  return new Promise<never>(() => undefined);
}

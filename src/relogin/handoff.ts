// What the assertion consumer hands /relogin (issue 19): a one-time code to redeem for a session
// (with the HttpOnly cookie the same answer set), or the identity provider's status when it did not
// sign the person in. Never a SAML message: the old SAMLResponse parameter still works for outside
// callers (spec 2.5), but the product itself no longer produces it.

/** The IdP statuses the ACS names (server/src/lib/saml/status.ts); anything else reads as "other". */
export const IDP_STATUSES = [
  "authnFailed", "requestDenied", "noPassive", "noAuthnContext", "unknownPrincipal", "invalidNameIdPolicy",
  "noAvailableIdp", "requestUnsupported", "cancelled", "requester", "responder", "versionMismatch", "other",
] as const;
export type IdpStatus = (typeof IDP_STATUSES)[number];

export type HandoffAction =
  /** The ACS's one-time code: redeemed once (ssoCodeLogin) for a sid. */
  | { kind: "code"; code: string; route: string | null }
  /** The IdP answered without signing anyone in: its status is shown, with a way to try again. */
  | { kind: "idpStatus"; status: IdpStatus; route: string | null };

const value = (params: URLSearchParams, name: string) => {
  const v = params.get(name);
  return v !== null && v.trim() !== "" ? v : null;
};

/** The hand-off in the address, if any (decideRelogin asks right after SAMLResponse, its place in spec 2.5). */
export function decideHandoff(params: URLSearchParams, route: string | null): HandoffAction | null {
  const code = value(params, "code");
  if (code) return { kind: "code", code, route };
  const status = value(params, "ssoStatus");
  if (status) return { kind: "idpStatus", status: (IDP_STATUSES as readonly string[]).includes(status) ? (status as IdpStatus) : "other", route };
  return null;
}

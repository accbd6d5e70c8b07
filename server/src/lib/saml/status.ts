import { childrenNamed } from "./xml.ts";

// The IdP's answer when it did not sign anyone in (a Response whose StatusCode is not Success): the
// person is told why, in the portal's language, by a short status name in the /relogin address (no
// SAML message, no IdP-written text in the address). An unsigned status is read too: it can sign
// nobody in, and IdPs often leave error answers unsigned.

const STATUS = "urn:oasis:names:tc:SAML:2.0:status:";

/** The short names the portal has words for (src/i18n: login.ssoStatus.*); anything else is "other". */
export const IDP_STATUSES = [
  "authnFailed", "requestDenied", "noPassive", "noAuthnContext", "unknownPrincipal", "invalidNameIdPolicy",
  "noAvailableIdp", "requestUnsupported", "cancelled", "requester", "responder", "versionMismatch", "other",
] as const;
export type IdpStatus = (typeof IDP_STATUSES)[number];

const SECOND_LEVEL: Record<string, IdpStatus> = {
  AuthnFailed: "authnFailed",
  RequestDenied: "requestDenied",
  NoPassive: "noPassive",
  NoAuthnContext: "noAuthnContext",
  UnknownPrincipal: "unknownPrincipal",
  InvalidNameIDPolicy: "invalidNameIdPolicy",
  NoAvailableIDP: "noAvailableIdp",
  NoSupportedIDP: "noAvailableIdp",
  RequestUnsupported: "requestUnsupported",
};
const TOP_LEVEL: Record<string, IdpStatus> = { Requester: "requester", Responder: "responder", VersionMismatch: "versionMismatch" };

/** A Response that reports no sign-in: its status, named for the person. */
export class IdpStatusError extends Error {
  constructor(
    public status: IdpStatus,
    /** The IdP's own codes and message, for the log (never shown or put in an address). */
    public detail: { codes: string[]; message: string | undefined },
  ) {
    super(`identity provider status ${detail.codes.join(" / ")}`);
  }
}

/** Throws IdpStatusError unless the response's top-level StatusCode is Success. */
export function checkStatus(root: Element): void {
  const codes: string[] = [];
  let level = childrenNamed(root, "Status")[0];
  const message = level ? childrenNamed(level, "StatusMessage")[0]?.textContent?.trim() : undefined;
  for (let code = level && childrenNamed(level, "StatusCode")[0]; code; code = childrenNamed(code, "StatusCode")[0]) {
    codes.push(code.getAttribute("Value") ?? "");
    level = code;
  }
  if (codes[0] === `${STATUS}Success`) return;
  throw new IdpStatusError(classify(codes, message), { codes, message: message?.slice(0, 500) });
}

function classify(codes: string[], message: string | undefined): IdpStatus {
  const names = codes.map((c) => c.slice(c.lastIndexOf(":") + 1));
  // A person who cancelled at the IdP: no standard code says so; IdPs put it in a nested code or
  // the message (e.g. AuthnFailed with "User cancelled").
  if (names.some((n) => /cancel/i.test(n)) || /cancel/i.test(message ?? "")) return "cancelled";
  for (const n of names.slice(1).reverse()) if (SECOND_LEVEL[n]) return SECOND_LEVEL[n];
  return TOP_LEVEL[names[0] ?? ""] ?? "other";
}

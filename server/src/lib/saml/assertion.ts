import { childrenNamed } from "./xml.ts";

// What the portal reads from an assertion, and only from the assertion's signed content (the
// caller passes the element parsed from the bytes a verified signature covers). Text is read with
// textContent, which joins the text around a comment: "admin<!---->.evil" is "admin.evil", as
// exclusive canonicalization (what was signed) has it.

const BEARER = "urn:oasis:names:tc:SAML:2.0:cm:bearer";

export interface AssertionFacts {
  id: string | null;
  issuer: string | undefined;
  nameId: string | null;
  nameIdFormat: string | null;
  /** The IdP's session (AuthnStatement SessionIndex): named again in single logout. */
  sessionIndex: string | null;
  /** When the IdP authenticated the person (AuthnStatement AuthnInstant): a signing re-authentication must be newer than its request. */
  authnInstant: number | null;
  /** Attribute values by attribute Name (several values each, e.g. groups). */
  attributes: Map<string, string[]>;
  /** Bearer SubjectConfirmationData: Recipient addresses, InResponseTo, and their time windows. */
  recipients: string[];
  inResponseTo: string | null;
  confirmationTimes: { notBefore: number | null; notOnOrAfter: number | null }[];
  /** Conditions NotOnOrAfter (how long the assertion id is remembered against replay). */
  notOnOrAfter: number | null;
}

const text = (el: Element | undefined) => el?.textContent?.trim() || null;
const time = (v: string | null) => {
  const t = v ? Date.parse(v) : NaN;
  return Number.isNaN(t) ? null : t;
};

export function assertionFacts(assertion: Element): AssertionFacts {
  const subject = childrenNamed(assertion, "Subject")[0];
  const nameIdEl = subject && childrenNamed(subject, "NameID")[0];
  const confirmations = (subject ? childrenNamed(subject, "SubjectConfirmation") : [])
    .filter((c) => c.getAttribute("Method") === BEARER)
    .flatMap((c) => childrenNamed(c, "SubjectConfirmationData"));
  const attributes = new Map<string, string[]>();
  for (const statement of childrenNamed(assertion, "AttributeStatement"))
    for (const attribute of childrenNamed(statement, "Attribute")) {
      const name = attribute.getAttribute("Name");
      if (!name) continue;
      const values = childrenNamed(attribute, "AttributeValue").map((v) => v.textContent?.trim() ?? "").filter(Boolean);
      attributes.set(name, [...(attributes.get(name) ?? []), ...values]);
    }
  const authn = childrenNamed(assertion, "AuthnStatement")[0];
  const conditions = childrenNamed(assertion, "Conditions")[0];
  return {
    id: assertion.getAttribute("ID") || null,
    issuer: text(childrenNamed(assertion, "Issuer")[0]) ?? undefined,
    nameId: text(nameIdEl),
    nameIdFormat: nameIdEl?.getAttribute("Format") || null,
    sessionIndex: authn?.getAttribute("SessionIndex") || null,
    authnInstant: time(authn?.getAttribute("AuthnInstant") ?? null),
    attributes,
    recipients: confirmations.map((c) => c.getAttribute("Recipient")).filter((r): r is string => !!r),
    inResponseTo: confirmations.map((c) => c.getAttribute("InResponseTo")).find((v) => !!v) ?? null,
    confirmationTimes: confirmations.map((c) => ({ notBefore: time(c.getAttribute("NotBefore")), notOnOrAfter: time(c.getAttribute("NotOnOrAfter")) })),
    notOnOrAfter: time(conditions?.getAttribute("NotOnOrAfter") ?? null),
  };
}

import type { SsoConfig } from "../../config.ts";
import type { SamlSubject } from "../sessions.ts";
import type { AssertionFacts } from "./assertion.ts";
import { refusal } from "./refusals.ts";

/**
 * The identifier that names the person (SAML_USER_ATTRIBUTE): the NameID, or the first value of
 * the named attribute (its Name exactly, else the same Name in another case; IdPs name claims by
 * URI, e.g. http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name).
 */
export function identifierOf(facts: AssertionFacts, sso: Pick<SsoConfig, "userAttribute">): string {
  const wanted = sso.userAttribute;
  if (wanted === "nameId") {
    if (!facts.nameId) throw refusal.subject("NameID");
    return facts.nameId;
  }
  let values = facts.attributes.get(wanted);
  if (!values) for (const [name, v] of facts.attributes) if (name.toLowerCase() === wanted.toLowerCase()) values = v;
  if (!values?.[0]) throw refusal.subject(`attribute ${wanted}`.slice(0, 300));
  return values[0];
}

/**
 * What single logout needs of this sign-on (kept with the session). A value longer than its column
 * is not kept (a cut NameID would name someone else): such a sign-on ends only here on logout.
 */
export function samlSubjectOf(facts: AssertionFacts): SamlSubject | null {
  const fits = (v: string | null, max: number) => (v && v.length <= max ? v : null);
  const nameId = fits(facts.nameId, 500);
  return nameId ? { nameId, nameIdFormat: fits(facts.nameIdFormat, 200), sessionIndex: fits(facts.sessionIndex, 200) } : null;
}

import type { components } from "../../api/schema";
import type { ResourceName } from "../../dataProviders/resources";

export type PrivacyPolicyVersion = components["schemas"]["PrivacyPolicyVersion"];
/** The data provider's resource of the versions list (marked x-resource in the contract). */
export const PRIVACY: ResourceName = "privacyPolicyList";
export const PRIVACY_ADD_PATH = "/main/privacyPolicyAdd";
export const PRIVACY_LIST_PATH = "/main/privacyPolicyList";

/** x.y.z, each part 0 to 999 without leading zeros (the server's rule). */
const VERSION = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/;

export function versionParts(text: string): [number, number, number] | undefined {
  const m = VERSION.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** True when a is a higher x.y.z version than b. */
export function isHigher(a: string, b: string): boolean {
  const x = versionParts(a);
  const y = versionParts(b);
  if (!x || !y) return false;
  return (x[0] - y[0] || x[1] - y[1] || x[2] - y[2]) > 0;
}

/** The version suggested for the next publication: the current one with z + 1 (1.0.0 when none). */
export function nextVersion(current: string | undefined): string {
  const p = current ? versionParts(current) : undefined;
  if (!p) return "1.0.0";
  return p[2] < 999 ? `${p[0]}.${p[1]}.${p[2] + 1}` : p[1] < 999 ? `${p[0]}.${p[1] + 1}.0` : `${p[0] + 1}.0.0`;
}

// The version number helper of spec 9: bare digits become x.y.z - 1 digit gives 1.0.x, 2 digits
// give 1.x.y, 3 digits give x.y.z; an x.y.z value is kept as it is. The admin form applies the
// same rule as the user types: both import this module (issue 22: it existed twice).

const FULL = /^\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** The x.y.z form of a version, or null when it is neither x.y.z nor 1 to 3 digits. */
export function expandVersionNumber(raw: string): string | null {
  const v = raw.trim();
  if (FULL.test(v)) return v;
  if (!/^\d{1,3}$/.test(v)) return null;
  if (v.length === 1) return `1.0.${v}`;
  if (v.length === 2) return `1.${v[0]}.${v[1]}`;
  return `${v[0]}.${v[1]}.${v[2]}`;
}

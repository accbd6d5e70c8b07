// Spec 9's version number helper as the editor types: 1 digit gives 1.0.x, 2 digits give 1.x.y,
// 3 digits give x.y.z; an x.y.z value stays. The server applies the same rule
// (server/src/lib/versionNumber.ts) to what it receives.

const FULL = /^\d{1,3}\.\d{1,3}\.\d{1,3}$/;

export function expandVersionNumber(raw: string): string | null {
  const v = raw.trim();
  if (FULL.test(v)) return v;
  if (!/^\d{1,3}$/.test(v)) return null;
  if (v.length === 1) return `1.0.${v}`;
  if (v.length === 2) return `1.${v[0]}.${v[1]}`;
  return `${v[0]}.${v[1]}.${v[2]}`;
}

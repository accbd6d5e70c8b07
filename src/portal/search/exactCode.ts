// Beyond the spec: a search for an exact UPN or registration-certificate number opens that record.
//
// Decided rule: once the first pages of a new search have all answered (or failed), the text
// (trimmed, compared ignoring case) is compared with the code of every UPN row (upn) and every
// registration-certificate row (certificateCode) on those first pages. When exactly one row in
// the two kinds together has that code, its tab is selected and its detail drawer opens. The
// other kinds do not matter: a code is an identifier typed on purpose, and their tabs keep their
// counts behind the drawer. Two or more equal codes (a UPN and a certificate number spelt the
// same) open nothing: the person chooses. Only codes are compared, never names, and only the
// first page of a kind is looked at (the page the tab shows; an exact code that the server ranks
// past it is still listed there for the person to open).
import type { SearchNmpa, SearchUpn } from "./kinds";

export type ExactRecord = { kind: "upn"; record: SearchUpn } | { kind: "nmpa"; record: SearchNmpa };

const same = (code: string | null | undefined, text: string) => !!code && code.trim().toLowerCase() === text;

export function exactCodeRecord(text: string, upns: readonly SearchUpn[], certificates: readonly SearchNmpa[]): ExactRecord | null {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return null;
  const found: ExactRecord[] = [
    ...upns.filter((row) => same(row.upn, wanted)).map((record): ExactRecord => ({ kind: "upn", record })),
    ...certificates.filter((row) => same(row.certificateCode, wanted)).map((record): ExactRecord => ({ kind: "nmpa", record })),
  ];
  return found.length === 1 ? found[0] : null;
}

// Issue 21 (delivery): which compression an answer may use, from the request's Accept-Encoding
// (RFC 9110 section 12.5.3). Used for the web app's precompressed files (plugins/web.ts) and for
// large API answers (plugins/compression.ts).

/** The codings the server sends, best first: brotli is smaller than gzip for the same text. */
export const CODINGS = ["br", "gzip"] as const;
export type Coding = (typeof CODINGS)[number];

/**
 * The coding to send, or undefined for the unencoded bytes. The highest q-value wins, ties go to
 * the server's order (br before gzip); "q=0" refuses a coding; "*" stands for every coding the
 * header does not name; "identity" and unknown codings are never chosen here (identity is the
 * unencoded answer). No header, an empty one or a malformed q-value: unencoded, which every
 * client can read.
 */
export function negotiateCoding(header: string | string[] | undefined, offered: readonly Coding[] = CODINGS): Coding | undefined {
  if (header === undefined) return undefined;
  const q = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(",") : header).split(",")) {
    const [name, ...params] = part.split(";").map((s) => s.trim());
    if (!name) continue;
    let quality = 1;
    for (const p of params) {
      const m = /^q\s*=\s*([01](?:\.\d{0,3})?)$/i.exec(p);
      if (m) quality = Math.min(1, Number(m[1]));
      else if (/^q\s*=/i.test(p)) quality = 0; // malformed weight: do not guess
    }
    const key = name.toLowerCase();
    // A coding named twice keeps its higher weight (lenient with sloppy clients).
    q.set(key, Math.max(q.get(key) ?? 0, quality));
  }
  const star = q.get("*");
  let best: Coding | undefined;
  let bestQ = 0;
  for (const coding of offered) {
    const weight = q.get(coding) ?? (coding === "gzip" ? q.get("x-gzip") : undefined) ?? star ?? 0;
    if (weight > bestQ) {
      best = coding;
      bestQ = weight;
    }
  }
  return best;
}

// The searched words highlighted in a result (a pure split, so the escaping is unit-tested). The
// server matches the whole text as a substring; the words of a text with spaces are marked too,
// since a field shown (a title) may hold them apart while the matched one (a content) held all.

export interface Part {
  text: string;
  hit: boolean;
}

/** Characters with a meaning in a regular expression, matched literally instead. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The whole text and its words, without repeats (ignoring case), longest first so the whole text wins. */
export function highlightTerms(keyword: string): string[] {
  const whole = keyword.trim();
  if (!whole) return [];
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const term of [whole, ...whole.split(/\s+/)]) {
    const key = term.toLowerCase();
    if (!term || seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
  }
  return terms.sort((a, b) => b.length - a.length);
}

/** The text cut into runs that are (hit) or are not a searched word, case-insensitively. */
export function highlightParts(text: string, keyword: string): Part[] {
  const terms = highlightTerms(keyword);
  if (!text) return [];
  if (terms.length === 0) return [{ text, hit: false }];
  const pattern = new RegExp(terms.map(escapeRegExp).join("|"), "gi");
  const parts: Part[] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    if (start > at) parts.push({ text: text.slice(at, start), hit: false });
    parts.push({ text: match[0], hit: true });
    at = start + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), hit: false });
  return parts;
}

// The attack the outside review of issue 20 ran on the old captcha (svg-captcha), rebuilt: an SVG
// captcha sends each character as a filled <path> whose commands are the font's outline, so the
// sequence of path commands names the character, whatever the colours, noise lines and jitter.
// Learned once from an image of the whole alphabet, it read 10 of 10 codes.

/** The filled paths of an SVG (noise lines are stroked with fill="none"), left to right. */
export function glyphPaths(markup: string): { x: number; commands: string }[] {
  return [...markup.matchAll(/<path\b[^>]*\bfill="(?!none")[^"]*"[^>]*\bd="([^"]+)"/g)]
    .map(([, d]) => ({ x: Number(/^M\s*(-?[\d.]+)/.exec(d)?.[1] ?? NaN), commands: d.replace(/[^A-Za-z]/g, "") }))
    .filter((g) => Number.isFinite(g.x))
    .sort((a, b) => a.x - b.x);
}

/** The font's "dictionary": each character's command sequence, from an image of known text. */
export function learnFont(sample: { text: string; svg: string }): Map<string, string> {
  const paths = glyphPaths(sample.svg);
  if (paths.length !== sample.text.length) throw new Error(`learnFont: ${paths.length} glyphs for ${sample.text.length} characters`);
  return new Map(paths.map((p, i) => [p.commands, sample.text[i]]));
}

/** Reads a captcha: every glyph looked up by its command sequence ("?" when unknown). */
export function readCaptcha(markup: string, font: Map<string, string>): string {
  return glyphPaths(markup)
    .map((g) => font.get(g.commands) ?? "?")
    .join("");
}

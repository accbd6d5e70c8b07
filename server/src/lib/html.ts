// Rich text (policy content) made safe to show: a strict allow-list sanitizer. The input is read
// with a small tokenizer and the output is built from scratch, so only allow-listed elements and
// attributes ever come out, every attribute value is escaped and re-quoted, and text can never
// open a tag. No dependency: the repository has no HTML sanitizer (a DOMPurify / sanitize-html
// dependency would be the lead's call).

/** Elements kept (their attributes filtered). */
const ALLOWED = new Set([
  "p", "br", "hr", "div", "span", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd",
  "strong", "b", "em", "i", "u", "s", "strike", "del", "ins", "sub", "sup", "small", "mark", "blockquote",
  "pre", "code", "table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "th", "td",
  "a", "img", "figure", "figcaption",
]);
/** Elements that take no content. */
const VOID = new Set(["br", "hr", "img", "col"]);
/** Elements dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "template", "noscript",
  "noembed", "noframes", "textarea", "title", "xmp", "plaintext", "svg", "math", "select", "head", "meta",
  "link", "base",
]);
/** Dropped elements that take no content (dropping them must not swallow what follows). */
const VOID_DROP = new Set(["embed", "meta", "link", "base", "frame", "param", "source", "track", "input", "keygen"]);
/** Elements whose content the browser reads as raw text (no tags inside), so they end only at their close tag. */
const RAW_TEXT = new Set(["script", "style", "iframe", "textarea", "title", "xmp", "noembed", "noframes", "noscript", "plaintext"]);

/** Attributes every kept element may carry. */
const GLOBAL_ATTRS = new Set(["title", "lang", "dir", "style"]);
const ELEMENT_ATTRS: Record<string, Set<string>> = {
  a: new Set(["href", "target", "rel"]),
  img: new Set(["src", "alt", "width", "height"]),
  td: new Set(["colspan", "rowspan", "align", "valign"]),
  th: new Set(["colspan", "rowspan", "align", "valign", "scope"]),
  col: new Set(["span", "width"]),
  colgroup: new Set(["span"]),
  ol: new Set(["start", "type", "reversed"]),
  li: new Set(["value"]),
  table: new Set(["border", "cellpadding", "cellspacing", "width"]),
  p: new Set(["align"]),
  div: new Set(["align"]),
  h1: new Set(["align"]), h2: new Set(["align"]), h3: new Set(["align"]), h4: new Set(["align"]), h5: new Set(["align"]), h6: new Set(["align"]),
};
const NUMERIC_ATTRS = new Set(["colspan", "rowspan", "span", "start", "value", "border", "cellpadding", "cellspacing"]);
const SIZE_ATTRS = new Set(["width", "height"]);

/** CSS properties a rich-text editor writes for layout and emphasis; nothing that loads or positions. */
const STYLE_PROPS = new Set([
  "color", "background-color", "text-align", "text-decoration", "font-weight", "font-style", "font-size",
  "line-height", "vertical-align", "padding-left", "margin-left", "text-indent", "width", "border-collapse",
  "list-style-type",
]);
const STYLE_VALUE = /^[#a-z0-9\s.,%()-]{1,60}$/i;

const NAMED: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", colon: ":", tab: "\t", newline: "\n", sol: "/", lpar: "(", rpar: ")",
};

/** Decodes the character references an attribute value may hold (named basics and numeric). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "\ufffd";
    }
    return NAMED[ref.toLowerCase()] ?? m;
  });
}

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** Text as it came, except that it can never start markup: a bare & or a < / > is escaped. */
const escapeText = (s: string) =>
  s.replace(/&(?!(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A link or image address: http(s), mailto, tel or a relative address; images also a base64 raster data: URL. */
export function safeUrl(raw: string, forImage = false): string | undefined {
  // eslint-disable-next-line no-control-regex
  const value = decodeEntities(raw).replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (!value) return undefined;
  const probe = value.replace(/\s/g, "").toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(probe)?.[1];
  if (scheme === undefined) return value;
  if (scheme === "http" || scheme === "https") return value;
  if (!forImage && (scheme === "mailto" || scheme === "tel")) return value;
  if (forImage && /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=]+$/i.test(probe)) return value;
  return undefined;
}

function safeStyle(raw: string): string | undefined {
  const kept: string[] = [];
  for (const decl of decodeEntities(raw).split(";")) {
    const i = decl.indexOf(":");
    if (i < 0) continue;
    const prop = decl.slice(0, i).trim().toLowerCase();
    const value = decl.slice(i + 1).trim();
    if (!STYLE_PROPS.has(prop) || !STYLE_VALUE.test(value)) continue;
    if (/url|expression|\(\s*\)|image|var\s*\(/i.test(value)) continue;
    kept.push(`${prop}: ${value}`);
  }
  return kept.length ? kept.join("; ") : undefined;
}

/** The filtered attributes of a kept element, already serialised (` name="value"`...). */
function attributesOf(tag: string, attrs: [string, string][]): string {
  const out: [string, string][] = [];
  const allowedHere = ELEMENT_ATTRS[tag];
  for (const [name, raw] of attrs) {
    if (out.some(([n]) => n === name)) continue; // the first of a repeated attribute wins, as in a browser
    if (!GLOBAL_ATTRS.has(name) && !allowedHere?.has(name)) continue;
    let value: string | undefined = decodeEntities(raw);
    if (name === "style") value = safeStyle(raw);
    else if (name === "href") value = safeUrl(raw);
    else if (name === "src") value = safeUrl(raw, true);
    else if (name === "target") value = value === "_blank" ? "_blank" : undefined;
    else if (name === "rel") value = undefined; // set below for target=_blank
    else if (NUMERIC_ATTRS.has(name)) value = /^\d{1,4}$/.test(value.trim()) ? value.trim() : undefined;
    else if (SIZE_ATTRS.has(name)) value = /^\d{1,4}%?$/.test(value.trim()) ? value.trim() : undefined;
    else if (name === "dir") value = /^(ltr|rtl|auto)$/i.test(value) ? value.toLowerCase() : undefined;
    else if (name === "scope") value = /^(row|col|rowgroup|colgroup)$/i.test(value) ? value.toLowerCase() : undefined;
    else if (name === "align" || name === "valign") value = /^(left|right|center|justify|top|middle|bottom)$/i.test(value) ? value.toLowerCase() : undefined;
    else if (name === "type") value = /^[1aAiI]$/.test(value) ? value : undefined;
    else if (name === "reversed") value = "";
    else value = value.slice(0, 500);
    if (value !== undefined) out.push([name, value]);
  }
  if (tag === "a" && out.some(([n, v]) => n === "target" && v === "_blank")) out.push(["rel", "noopener noreferrer"]);
  if (tag === "img" && !out.some(([n]) => n === "src")) return "\0"; // an image without a safe source is dropped
  return out.map(([n, v]) => (n === "reversed" ? " reversed" : ` ${n}="${escapeAttr(v)}"`)).join("");
}

interface Tag {
  name: string;
  closing: boolean;
  attrs: [string, string][];
  end: number;
}

/** Reads the tag starting at `at` (input[at] is "<"), or undefined when the input ends inside it. */
function readTag(input: string, at: number): Tag | undefined {
  const closing = input[at + 1] === "/";
  const m = /^[a-zA-Z][^\s/>]*/.exec(input.slice(at + (closing ? 2 : 1), at + (closing ? 2 : 1) + 64));
  if (!m) return undefined;
  let i = at + (closing ? 2 : 1) + m[0].length;
  const attrs: [string, string][] = [];
  for (;;) {
    while (i < input.length && /[\s/]/.test(input[i])) i++;
    if (i >= input.length) return undefined;
    if (input[i] === ">") return { name: m[0].toLowerCase(), closing, attrs, end: i + 1 };
    const start = i;
    i++; // an attribute name may start with "=" (browsers read it as part of the name)
    while (i < input.length && !/[\s/>=]/.test(input[i])) i++;
    const name = input.slice(start, i).toLowerCase();
    while (i < input.length && /\s/.test(input[i])) i++;
    let value = "";
    if (input[i] === "=") {
      i++;
      while (i < input.length && /\s/.test(input[i])) i++;
      const q = input[i];
      if (q === '"' || q === "'") {
        const close = input.indexOf(q, i + 1);
        if (close < 0) return undefined;
        value = input.slice(i + 1, close);
        i = close + 1;
      } else {
        const s = i;
        while (i < input.length && !/[\s>]/.test(input[i])) i++;
        value = input.slice(s, i);
      }
    }
    attrs.push([name, value]);
  }
}

/**
 * Sanitises rich text for display: keeps allow-listed elements and attributes, drops script,
 * style and other active content with what is inside them, unwraps unknown elements (their text
 * stays), removes comments, event handlers, and javascript:/data: addresses, and closes whatever
 * the input left open.
 */
export function sanitizeHtml(input: string): string {
  let out = "";
  const open: string[] = [];
  let skip: { name: string; depth: number } | undefined;
  let i = 0;
  while (i < input.length) {
    const lt = input.indexOf("<", i);
    const textEnd = lt < 0 ? input.length : lt;
    if (textEnd > i) {
      if (!skip) out += escapeText(input.slice(i, textEnd));
      i = textEnd;
      continue;
    }
    // input[i] is "<"
    if (input.startsWith("<!--", i)) {
      const close = input.indexOf("-->", i + 4);
      i = close < 0 ? input.length : close + 3;
      continue;
    }
    if (input[i + 1] === "!" || input[i + 1] === "?") {
      const close = input.indexOf(">", i);
      i = close < 0 ? input.length : close + 1;
      continue;
    }
    const tag = readTag(input, i);
    if (!tag) {
      if (/^<\/?[a-zA-Z]/.test(input.slice(i, i + 3))) break; // a tag cut off by the end of the input is dropped
      if (!skip) out += "&lt;";
      i++;
      continue;
    }
    i = tag.end;
    if (skip) {
      if (tag.name === skip.name) skip.depth += tag.closing ? -1 : 1;
      if (skip.depth === 0) skip = undefined;
      continue;
    }
    if (DROP_WITH_CONTENT.has(tag.name)) {
      if (tag.closing || VOID_DROP.has(tag.name)) continue;
      if (RAW_TEXT.has(tag.name)) {
        const close = input.toLowerCase().indexOf(`</${tag.name}`, i);
        if (close < 0) break;
        const after = input.indexOf(">", close);
        i = after < 0 ? input.length : after + 1;
      } else skip = { name: tag.name, depth: 1 };
      continue;
    }
    if (!ALLOWED.has(tag.name)) continue;
    if (tag.closing) {
      const at = open.lastIndexOf(tag.name);
      if (at < 0) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    const attrs = attributesOf(tag.name, tag.attrs);
    if (attrs === "\0") continue;
    out += `<${tag.name}${attrs}>`;
    if (!VOID.has(tag.name)) open.push(tag.name);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

const BLOCK_TAG = /<\/?(p|br|hr|div|h[1-6]|ul|ol|li|dl|dt|dd|blockquote|pre|table|caption|thead|tbody|tfoot|tr|th|td|figure|figcaption)\b[^>]*>/gi;

/** The plain text of rich text (for search and list excerpts): tags and comments removed, entities decoded, spaces collapsed. */
export function htmlToText(input: string): string {
  const safe = sanitizeHtml(input);
  return decodeEntities(safe.replace(BLOCK_TAG, " ").replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

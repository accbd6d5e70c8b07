// The browser's own check of a policy's rich text before it is rendered (the server sanitizes on
// save too; this is defence in depth). DOMPurify is not a dependency of the project, so this is a
// strict allow-list sanitizer: the HTML is parsed into an inert document (DOMParser runs no script
// and loads nothing), then a clean copy is built from allowed elements and allowed attributes only.
// - Elements not in the list are unwrapped (their text and allowed children stay); dangerous ones
//   (script, style, iframe, object, svg, math, form controls, raw-text elements...) go with
//   everything inside them.
// - No event handler, id, name or class survives; style keeps only a few plain properties.
// - a[href] keeps http(s), mailto, tel and relative addresses (never javascript:, data: or
//   vbscript:); absolute links open in a new tab with rel="noopener noreferrer nofollow".
// - img[src] keeps http(s), relative addresses and base64 png/jpeg/gif/webp data.
// The result is sanitized again until stable, so a serialize-and-reparse cannot change it.

const ALLOWED_ELEMENTS = new Set([
  "a", "abbr", "b", "blockquote", "br", "caption", "code", "col", "colgroup", "dd", "del", "div", "dl", "dt",
  "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "li", "mark", "ol",
  "p", "pre", "q", "s", "small", "span", "strike", "strong", "sub", "sup", "table", "tbody", "td", "tfoot", "th",
  "thead", "tr", "u", "ul",
]);

/** Removed with their whole content. */
const DROPPED_ELEMENTS = new Set([
  "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "template", "noscript", "noembed",
  "noframes", "xmp", "plaintext", "textarea", "title", "svg", "math", "form", "input", "button", "select", "option",
  "link", "meta", "base", "head", "audio", "video", "source", "track", "canvas", "portal", "dialog",
]);

const GLOBAL_ATTRIBUTES = new Set(["title", "lang", "dir", "style"]);
const ELEMENT_ATTRIBUTES: Readonly<Record<string, ReadonlySet<string>>> = {
  a: new Set(["href"]),
  img: new Set(["src", "alt", "width", "height"]),
  td: new Set(["colspan", "rowspan", "align"]),
  th: new Set(["colspan", "rowspan", "align", "scope"]),
  col: new Set(["span", "width"]),
  colgroup: new Set(["span"]),
  ol: new Set(["start", "type"]),
  p: new Set(["align"]),
  div: new Set(["align"]),
  table: new Set(["border", "width"]),
};

const NUMERIC_ATTRIBUTES = new Set(["colspan", "rowspan", "width", "height", "start", "span", "border"]);
const ENUMERATED: Readonly<Record<string, RegExp>> = {
  align: /^(left|right|center|justify)$/i,
  dir: /^(ltr|rtl|auto)$/i,
  scope: /^(row|col|rowgroup|colgroup)$/i,
  type: /^(1|a|A|i|I)$/,
  lang: /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/,
};

const STYLE_PROPERTIES = new Set([
  "color", "background-color", "text-align", "font-weight", "font-style", "text-decoration", "font-size",
  "line-height", "text-indent", "padding-left", "margin-left", "vertical-align", "width", "border-collapse",
]);
/** A style value made of words, numbers, units, #colours, commas, dots, percent and rgb()/rgba(). */
const SAFE_STYLE_VALUE = /^(?:[-#%.,\w\s]|rgba?\([\d\s.,%]+\))+$/i;

const SAFE_LINK = /^(?:https?:|mailto:|tel:)/i;
const SAFE_IMAGE_DATA = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Browsers ignore these inside a URL's scheme ("java\tscript:"), so they are removed first. */
const normalisedUrl = (value: string) => value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, "").trim();

export function isSafeLinkUrl(value: string): boolean {
  const url = normalisedUrl(value);
  if (url === "") return false;
  if (HAS_SCHEME.test(url)) return SAFE_LINK.test(url);
  return true; // relative, or protocol-relative (which is http(s))
}

export function isSafeImageUrl(value: string): boolean {
  const raw = value.trim();
  if (SAFE_IMAGE_DATA.test(raw)) return true;
  const url = normalisedUrl(value);
  if (url === "") return false;
  if (HAS_SCHEME.test(url)) return /^https?:/i.test(url);
  return true;
}

function cleanStyle(value: string): string | null {
  const kept: string[] = [];
  for (const declaration of value.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const propertyValue = declaration.slice(colon + 1).trim();
    if (!STYLE_PROPERTIES.has(property) || propertyValue === "") continue;
    if (!SAFE_STYLE_VALUE.test(propertyValue) || /expression|url|\\/i.test(propertyValue)) continue;
    kept.push(`${property}: ${propertyValue}`);
  }
  return kept.length > 0 ? kept.join("; ") : null;
}

function cleanAttribute(tag: string, name: string, value: string): string | null {
  if (!GLOBAL_ATTRIBUTES.has(name) && !ELEMENT_ATTRIBUTES[tag]?.has(name)) return null;
  if (name === "style") return cleanStyle(value);
  if (name === "href") return isSafeLinkUrl(value) ? value.trim() : null;
  if (name === "src") return isSafeImageUrl(value) ? value.trim() : null;
  if (NUMERIC_ATTRIBUTES.has(name)) return /^\d{1,4}%?$/.test(value.trim()) ? value.trim() : null;
  const pattern = ENUMERATED[name];
  if (pattern) return pattern.test(value.trim()) ? value.trim() : null;
  return value; // title, alt: text only (the serializer escapes it)
}

function copyChildren(from: Node, to: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(child.textContent ?? ""));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const element = child as Element;
    // Foreign (svg/math) elements report a namespace: never trusted, whatever their name.
    if (element.namespaceURI !== "http://www.w3.org/1999/xhtml") continue;
    const tag = element.localName.toLowerCase();
    if (DROPPED_ELEMENTS.has(tag)) continue;
    if (!ALLOWED_ELEMENTS.has(tag)) {
      copyChildren(element, to, doc); // unwrap: keep what is inside
      continue;
    }
    const clean = doc.createElement(tag);
    for (const attribute of Array.from(element.attributes)) {
      const value = cleanAttribute(tag, attribute.name.toLowerCase(), attribute.value);
      if (value !== null) clean.setAttribute(attribute.name.toLowerCase(), value);
    }
    if (tag === "a" && clean.hasAttribute("href") && /^(?:https?:)?\/\//i.test(normalisedUrl(clean.getAttribute("href")!))) {
      clean.setAttribute("target", "_blank");
      clean.setAttribute("rel", "noopener noreferrer nofollow");
    }
    if (tag === "img") clean.setAttribute("referrerpolicy", "no-referrer");
    copyChildren(element, clean, doc);
    to.appendChild(clean);
  }
}

function sanitizeOnce(html: string): string {
  const parsed = new DOMParser().parseFromString(html, "text/html");
  const doc = document.implementation.createHTMLDocument("");
  const container = doc.createElement("div");
  copyChildren(parsed.body, container, doc);
  return container.innerHTML;
}

/** The rich text with only allowed markup left, ready for dangerouslySetInnerHTML. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return "";
  let current = sanitizeOnce(html);
  for (let round = 0; round < 3; round += 1) {
    const next = sanitizeOnce(current);
    if (next === current) return current;
    current = next;
  }
  return current;
}

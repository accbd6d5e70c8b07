// Addresses that come from data (app, task, calendar and report URLs) become links or frames only
// when they are http(s): a javascript: or data: address never reaches an href or a src.

const base = () => (typeof window === "undefined" ? "http://localhost/" : window.location.href);

/** The address as an http(s) URL (relative ones resolved against the portal), else null. */
export function safeUrl(raw: string | null | undefined, baseUrl: string = base()): URL | null {
  const text = raw?.trim();
  if (!text) return null;
  try {
    const url = new URL(text, baseUrl);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** The href of a link that opens in a new tab, or null when the address is missing or unsafe. */
export function safeHref(raw: string | null | undefined, baseUrl: string = base()): string | null {
  return safeUrl(raw, baseUrl)?.href ?? null;
}

/**
 * A report frame on the portal's own origin runs its scripts in an opaque origin: with
 * allow-same-origin too it could reach into the portal (session id in session storage) and lift
 * its own sandbox. A frame of another origin keeps that origin (its own login and storage), which
 * the same-origin policy already walls off. Neither may navigate the top window.
 */
export const SAME_ORIGIN_SANDBOX = "allow-scripts";
export const OTHER_ORIGIN_SANDBOX = "allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox";

export interface FrameSource {
  src: string;
  sandbox: string;
}

/** What an embedded report frame loads and how it is sandboxed, or null for an unsafe address. */
export function reportFrame(raw: string | null | undefined, baseUrl: string = base()): FrameSource | null {
  const url = safeUrl(raw, baseUrl);
  if (!url) return null;
  const sameOrigin = url.origin === new URL(baseUrl).origin;
  return { src: url.href, sandbox: sameOrigin ? SAME_ORIGIN_SANDBOX : OTHER_ORIGIN_SANDBOX };
}

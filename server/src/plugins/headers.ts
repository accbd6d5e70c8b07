// The security headers of every answer (web pages, API, files); read by web.ts and errors.ts.

/**
 * Content-Security-Policy of every HTML page of the web app (index.html, the demo reports).
 * - script-src 'self': the built index.html loads only /assets/*.js (no inline script, no eval).
 * - style-src 'unsafe-inline': antd's CSS-in-JS inserts <style> tags at run time, policy rich text
 *   and the demo reports carry style attributes / blocks; scripts stay strict.
 * - img-src: own files, data:/blob: (avatars and policy pictures are shown from object URLs) and
 *   any http(s) address, as catalogue / personal app icons and policy pictures may be configured
 *   anywhere (an image cannot run script).
 * - frame-src: report cards frame configured http(s) addresses (src/shared/links.ts checks
 *   the scheme and sandboxes every frame).
 * - connect-src 'self': the API is on the same origin (the VITE_*_API_BASE default /portal-api).
 * - form-action 'self': the app posts no HTML form elsewhere (SSO starts with a redirect).
 * - frame-ancestors 'self': only the portal may frame its pages (a report card may show a portal
 *   page); X-Frame-Options says the same to older browsers.
 */
export const WEB_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' https: http:",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join("; ");

/** Every other answer (API JSON, files, assets) is never a document: nothing may load or frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Headers every answer carries (set by the app's onSend hook, and by the router's own refusals). */
export const BASE_HEADERS = { "x-content-type-options": "nosniff", "referrer-policy": "same-origin" } as const;

import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { API_PREFIX } from "../contract.ts";
import { ApiError } from "../lib/errors.ts";
import { sendError } from "./errors.ts";

/**
 * Content-Security-Policy of every HTML page of the web app (index.html, the demo reports).
 * - script-src 'self': the built index.html loads only /assets/*.js (no inline script, no eval).
 * - style-src 'unsafe-inline': antd's CSS-in-JS inserts <style> tags at run time, policy rich text
 *   and the demo reports carry style attributes / blocks; scripts stay strict.
 * - img-src: own files, data:/blob: (avatars and policy pictures are shown from object URLs) and
 *   any http(s) address, as catalogue / personal app icons and policy pictures may be configured
 *   anywhere (an image cannot run script).
 * - frame-src: report cards frame configured http(s) addresses (src/portal/widgets/links.ts checks
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

/** The browser features the portal does not use. */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

const isHtml = (type: unknown) => typeof type === "string" && /^\s*text\/html\b/i.test(type);

/**
 * Serves the built web app (dist/) on the same port as the API; any other GET that wants HTML
 * gets index.html (client-side routes). Unknown API paths answer 404 with code 404. Sets the
 * Content-Security-Policy of every answer that has none of its own (the dev IdP pages set theirs).
 */
export async function registerWeb(app: FastifyInstance, webDir: string) {
  app.addHook("onSend", async (_req, reply) => {
    // A 304 has no body and no content type; the browser keeps the headers it stored with the page
    // and would replace them with whatever the 304 says (a page must not get the API's policy).
    if (reply.statusCode === 304 || reply.hasHeader("content-security-policy")) return;
    if (isHtml(reply.getHeader("content-type"))) {
      reply.header("content-security-policy", WEB_CSP);
      reply.header("x-frame-options", "SAMEORIGIN");
      reply.header("permissions-policy", PERMISSIONS_POLICY);
    } else reply.header("content-security-policy", API_CSP);
  });

  const hasWeb = existsSync(path.join(webDir, "index.html"));
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // Ours below, not send's own "public, max-age=0", which replaced it on every file (found in issue 20).
      cacheControl: false,
      setHeaders: (res, file) => {
        // Hashed assets never change; index.html must always be fresh.
        res.setHeader("cache-control", file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === "GET" && !req.url.startsWith(API_PREFIX + "/") && (req.headers.accept ?? "").includes("text/html");
    if (hasWeb && wantsPage) return reply.header("cache-control", "no-cache").sendFile("index.html");
    return sendError(reply, new ApiError(404, 404, "请求的地址不存在", "Provider path does not exist"));
  });
}

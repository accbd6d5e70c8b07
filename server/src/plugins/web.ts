import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { API_PREFIX } from "../contract.ts";
import { negotiateCoding } from "../lib/contentCoding.ts";
import { ApiError } from "../lib/errors.ts";
import { registerApiCompression } from "./compression.ts";
import { sendError } from "./errors.ts";
import { API_CSP, BASE_HEADERS, WEB_CSP } from "./headers.ts";

// The headers live in headers.ts, which errors.ts reads too: importing them from here made
// web.ts and errors.ts import each other (issue 22 item 4). Re-exported for the app and tests.
export { API_CSP, BASE_HEADERS, WEB_CSP };

/** The browser features the portal does not use. */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

const isHtml = (type: unknown) => typeof type === "string" && /^\s*text\/html\b/i.test(type);

/**
 * Vite's hashed build output: assets/<name>-<8-character hash>.<ext> (a changed file gets a new
 * name). public/ has no assets/ folder: an unhashed file there could look hashed and be kept a year.
 */
const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;
/** The precompressed variants next to a file (scripts/lib/precompress.ts writes them, @fastify/static looks for them). */
const VARIANT = /\.(br|gz)$/;

/**
 * How long a browser may keep a file of the web app (path relative to the web root, "/"-separated):
 * - hashed assets a year, without asking again: a new build names a changed file anew;
 * - every HTML page (index.html, the demo reports) asks each time (an ETag makes that a 304), so a
 *   new release is seen at the next load;
 * - anything else (favicon, app icons: unhashed public/ files) a day: they change with a release at
 *   most, and the workspace shows a dozen icons that need not be asked for at every load.
 */
export function cacheControlOf(file: string): string {
  if (HASHED_ASSET.test(file)) return "public, max-age=31536000, immutable";
  if (/\.html?$/i.test(file)) return "no-cache";
  return "public, max-age=86400";
}

/** The files under `root` that have a precompressed variant ("/"-separated, relative), read once at start like @fastify/static's routes. */
function filesWithVariants(root: string): Set<string> {
  const out = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !VARIANT.test(entry.name)) continue;
    const variant = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    out.add(variant.replace(VARIANT, ""));
  }
  return out;
}

/**
 * Serves the built web app (dist/) on the same port as the API; any other GET that wants HTML
 * gets index.html (client-side routes). Unknown API paths answer 404 with code 404. Sets the
 * Content-Security-Policy of every answer that has none of its own (the dev IdP pages set theirs),
 * and compresses large API answers (plugins/compression.ts).
 *
 * Files are sent precompressed (issue 21): brotli or gzip as the request's Accept-Encoding allows
 * (lib/contentCoding.ts), else as they are; each answer of a file that has variants says `Vary:
 * Accept-Encoding`, so no shared cache hands brotli to a browser that asked for gzip. Each variant
 * has its own ETag (send's, from the variant's size and time), so a 304 is per variant too.
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
  registerApiCompression(app);

  const root = path.resolve(webDir);
  const hasWeb = existsSync(path.join(root, "index.html"));
  if (hasWeb) {
    const withVariants = filesWithVariants(root);
    // @fastify/static negotiates by itself, but reads "*" as gzip even where the header refuses
    // gzip ("gzip;q=0, *") and tries deflate, which has no file. Hand it the one coding our own
    // negotiation chose ("identity" for none), so what it sends is what RFC 9110 allows.
    app.addHook("onRequest", async (req) => {
      if ((req.method !== "GET" && req.method !== "HEAD") || req.url.startsWith(API_PREFIX + "/")) return;
      if (req.headers["accept-encoding"] !== undefined) req.headers["accept-encoding"] = negotiateCoding(req.headers["accept-encoding"]) ?? "identity";
    });
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Ours below, not send's own "public, max-age=0", which replaced it on every file (found in issues 20 and 21).
      cacheControl: false,
      // The variants are sent in place of their file, never by their own address (no route).
      globIgnore: ["**/*.br", "**/*.gz"],
      setHeaders: (res, file) => {
        const served = path.relative(root, file).split(path.sep).join("/");
        const name = served.replace(VARIANT, ""); // the variant sent stands for its file
        res.setHeader("cache-control", cacheControlOf(name));
        if (withVariants.has(name)) res.setHeader("vary", "Accept-Encoding");
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === "GET" && !req.url.startsWith(API_PREFIX + "/") && (req.headers.accept ?? "").includes("text/html");
    // index.html through the same route as any file: precompressed, no-cache, Vary (setHeaders above).
    if (hasWeb && wantsPage) return reply.sendFile("index.html");
    return sendError(reply, new ApiError(404, 404, "请求的地址不存在", "Provider path does not exist"));
  });
}

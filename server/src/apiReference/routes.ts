// Issue 22: the API reference page, rendered by Swagger UI (swagger-ui-dist) from the same bundled
// contract the server builds its routes from (contract.ts loadContract). Off unless API_REFERENCE
// says "admin" or "open" (README; docs/decisions.md, "Issue 22: API reference page").
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ApiReferenceAccess } from "../config.ts";
import { loadContract } from "../contract.ts";
import { negotiateCoding, type Coding } from "../lib/contentCoding.ts";
import { ApiError, forbidden } from "../lib/errors.ts";
import { sendError } from "../plugins/errors.ts";
import { authenticate } from "../plugins/security.ts";
import { loadReferenceTexts, referencePage } from "./page.ts";

export const REFERENCE_PATH = "/api-reference";

/**
 * The page's own policy, stricter than the web app's (plugins/web.ts WEB_CSP): its three files and
 * the contract from this origin; images only from here or data: (Swagger UI's icons); no frame, no
 * form, no framing by others. Swagger UI needs nothing more (no eval, no inline script); its
 * stylesheet and React's style attributes need no 'unsafe-inline'.
 */
export const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** A file served in full from memory, with its compressed forms made on first request. */
interface Asset {
  type: string;
  body: Buffer;
  coded: Partial<Record<Coding, Promise<Buffer>>>;
}

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
/** Our files minus the source-map comment: the maps are not served, so a browser's tools would only ask in vain. */
const readAsset = (file: string, type: string): Asset => ({
  type,
  body: Buffer.from(readFileSync(file, "utf8").replace(/\n\/[*/]# sourceMappingURL=\S+(\s*\*\/)?\s*$/, "\n")),
  coded: {},
});

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/**
 * Compressed once per process, off the event loop, at brotli quality 5 (the 1.7 MB bundle to about
 * 0.4 MB; quality 11 took seconds of a shared core for a few per cent less).
 */
const compress = (body: Buffer, coding: Coding) =>
  coding === "br" ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) : gzip(body);

async function sendAsset(req: FastifyRequest, reply: FastifyReply, asset: Asset) {
  reply.header("content-type", asset.type).header("cache-control", "no-cache").header("vary", "Accept-Encoding");
  const coding = negotiateCoding(req.headers["accept-encoding"]);
  if (!coding) return reply.send(asset.body);
  asset.coded[coding] ??= compress(asset.body, coding);
  return reply.header("content-encoding", coding).send(await asset.coded[coding]);
}

const notFound = (reply: FastifyReply) => sendError(reply, new ApiError(404, 404, "请求的地址不存在", "Provider path does not exist"));

/**
 * Registers the reference page's routes. "off": the page and the contract answer 404 like any
 * unknown address (also to a browser, which would otherwise get the web app's index.html).
 * "admin": the page is served (it holds no part of the contract), the contract only to a session
 * that passes the operations' own check (live, consented, own password) and whose role is an
 * administrator role (`sys_role.is_admin`); 401 / 403 otherwise. "open": both to anyone.
 */
export async function registerApiReference(app: FastifyInstance, access: ApiReferenceAccess) {
  if (access === "off") {
    app.get(REFERENCE_PATH, async (_req, reply) => notFound(reply));
    app.get(`${REFERENCE_PATH}/*`, async (_req, reply) => notFound(reply));
    return;
  }
  const page = referencePage(access, loadReferenceTexts());
  const assets: Record<string, Asset> = {
    "swagger-ui.css": readAsset(path.join(swaggerDir, "swagger-ui.css"), "text/css; charset=utf-8"),
    "swagger-ui-bundle.js": readAsset(path.join(swaggerDir, "swagger-ui-bundle.js"), "text/javascript; charset=utf-8"),
    "start.js": readAsset(fileURLToPath(new URL("./start.js", import.meta.url)), "text/javascript; charset=utf-8"),
  };

  app.get(REFERENCE_PATH, async (_req, reply) =>
    reply.header("content-type", "text/html; charset=utf-8").header("cache-control", "no-cache").header("content-security-policy", REFERENCE_CSP).send(page),
  );
  app.get<{ Params: { file: string } }>(`${REFERENCE_PATH}/:file`, async (req, reply) => {
    if (req.params.file === "openapi.json") {
      if (access === "admin") {
        await authenticate(req);
        if (!req.session?.isAdmin) throw forbidden();
      }
      // Exactly the bundled document the routes are built from; someone's access decides, so no copy is kept.
      return reply.header("cache-control", "no-store").send(await loadContract());
    }
    const asset = Object.hasOwn(assets, req.params.file) ? assets[req.params.file] : undefined;
    return asset ? sendAsset(req, reply, asset) : notFound(reply);
  });
}

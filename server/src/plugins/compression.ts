// Issue 21 (delivery): large JSON answers of the API are compressed as they are sent (the web
// app's files are precompressed at build time instead, plugins/web.ts). Why and how much:
// docs/decisions.md, "Issue 21: delivery".
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";
import { negotiateCoding } from "../lib/contentCoding.ts";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller answers go as they are: they fit one packet either way, and compressing them costs more than it saves. */
export const API_COMPRESS_MIN_BYTES = 1024;

/**
 * Fast settings, as an answer is compressed on every request on two shared cores: brotli quality 4
 * and gzip level 6 (zlib's default) are within a few per cent of their best on JSON at a small
 * part of the CPU (brotli's best, 11, is for files compressed once).
 */
const BROTLI_OPTIONS = (size: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});
const GZIP_OPTIONS = { level: 6 };

const isJson = (type: unknown) => typeof type === "string" && /^\s*application\/([\w.+-]+\+)?json\b/i.test(type);

/** Adds Accept-Encoding to a reply's Vary, keeping what is there. */
function varyOnAcceptEncoding(current: unknown): string {
  const names = String(current ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.some((n) => n === "*" || n.toLowerCase() === "accept-encoding")) return names.join(", ");
  return [...names, "Accept-Encoding"].join(", ");
}

/**
 * Compresses every JSON answer of at least API_COMPRESS_MIN_BYTES that is sent whole (the
 * serialised string or a buffer; streamed files and pictures are not JSON and are left alone) with
 * brotli or gzip as the request's Accept-Encoding allows. Every such answer says `Vary:
 * Accept-Encoding`, compressed or not.
 */
export function registerApiCompression(app: FastifyInstance) {
  app.addHook("onSend", async (req, reply, payload) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    if (reply.statusCode === 204 || reply.statusCode === 304 || reply.hasHeader("content-encoding")) return payload;
    if (!isJson(reply.getHeader("content-type"))) return payload;
    const size = Buffer.byteLength(payload);
    if (size < API_COMPRESS_MIN_BYTES) return payload;
    reply.header("vary", varyOnAcceptEncoding(reply.getHeader("vary")));
    const coding = negotiateCoding(req.headers["accept-encoding"]);
    if (!coding) return payload;
    const body = coding === "br" ? await brotli(payload, BROTLI_OPTIONS(size)) : await gzip(payload, GZIP_OPTIONS);
    reply.header("content-encoding", coding);
    // Fastify sets the length of the body it is given (the compressed one).
    reply.removeHeader("content-length");
    return body;
  });
}

import multipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest, FastifyServerOptions, RouteOptions } from "fastify";
import { unsupportedMediaType } from "../lib/errors.ts";
import { cleanFileName } from "../lib/fileTypes.ts";
import { rateLimit } from "../lib/throttle.ts";
import { assertQuotaLeft, sweepUnusedAvatars, SWEEP_EVERY_MS } from "../lib/unusedUploads.ts";
import { tooLarge, UPLOAD_RULES, UploadedPart } from "../lib/uploads.ts";
import { authenticate, sessionOf } from "./security.ts";

// Request bodies by their declared media types, and multipart uploads (spec 7.10, ARCHITECTURE 4).
//
// - A body whose media type the operation does not declare is refused (415) before it is read:
//   fastify only validates the media types a route has a schema for, so an undeclared one (a form
//   post to a JSON operation) would otherwise reach the handler unvalidated.
// - An upload is authenticated, consent- and permission-checked and rate limited per user before
//   its body is read, and a file part is read only up to the contract's maxLength for it; one byte
//   more answers 413 at once (and the connection is closed, so the client stops sending).
// - The contract describes a file part as `type: string, format: binary, maxLength: N` (what a
//   client sends); the server validates it as "an UploadedPart of at most N bytes" (the filePart
//   keyword), with the rest of the form schema (required, additionalProperties) as written.

declare module "fastify" {
  interface FastifyContextConfig {
    /** The request-body media types the operation declares. */
    bodyTypes?: string[];
    /** Set on operations with a multipart/form-data body. */
    upload?: { maxBytes: number };
  }
}

const UPLOADS_PER_MINUTE = 30;
const MINUTE = 60_000;
const FIELDS = 10;
/** A file part whose contract schema has no maxLength is limited to this (give it one). */
const DEFAULT_FILE_BYTES = 1024 * 1024;

type Json = Record<string, any>;

type AjvPlugin = Extract<NonNullable<NonNullable<FastifyServerOptions["ajv"]>["plugins"]>[number], (...args: never[]) => unknown>;

/** ajv keyword of a file part: an UploadedPart of at most `maxBytes` bytes. */
export const filePartKeyword: AjvPlugin = (ajv) => {
  ajv.addKeyword({
    keyword: "filePart",
    schemaType: "number",
    errors: false,
    validate: (maxBytes: number, data: unknown) => data instanceof UploadedPart && data.bytes.length <= maxBytes,
  });
  return ajv;
};

const isFileProperty = (p: Json) => p && p.type === "string" && p.format === "binary";

/** The form schema as the server checks it, and its file parts' byte limit. */
function serverFormSchema(form: Json): { schema: Json; files: number; maxBytes: number } {
  const properties: Json = {};
  let files = 0;
  let maxBytes = 0;
  for (const [name, p] of Object.entries<Json>(form.properties ?? {})) {
    if (!isFileProperty(p)) {
      properties[name] = p;
      continue;
    }
    const limit = typeof p.maxLength === "number" ? p.maxLength : DEFAULT_FILE_BYTES;
    files += 1;
    maxBytes = Math.max(maxBytes, limit);
    properties[name] = { filePart: limit };
  }
  return { schema: { ...form, properties }, files, maxBytes };
}

function onRoute(route: RouteOptions) {
  const content = (route.schema?.body as Json | undefined)?.content as Json | undefined;
  if (!content) return;
  const config: Json = { ...(route.config as Json), bodyTypes: Object.keys(content).map((t) => t.toLowerCase()) };
  const form = content["multipart/form-data"]?.schema;
  if (form) {
    const { schema, files, maxBytes } = serverFormSchema(form);
    route.schema = { ...route.schema, body: { content: { ...content, "multipart/form-data": { ...content["multipart/form-data"], schema } } } };
    config.upload = { maxBytes };
    config.multipartOptions = {
      limits: { fileSize: maxBytes, files, fields: FIELDS, fieldSize: 1024, parts: files + FIELDS, headerPairs: 20 },
    };
  }
  route.config = config as RouteOptions["config"];
}

/** Reads one file part up to the operation's limit; one byte more is 413 before the rest arrives. */
async function onFile(this: FastifyRequest, part: MultipartFile) {
  const maxBytes = this.routeOptions.config.upload?.maxBytes ?? 0;
  const rule = UPLOAD_RULES[String((this.routeOptions.schema as Json | undefined)?.operationId)];
  const refusal = () => tooLarge(rule?.noun ?? "file", maxBytes);
  // busboy stops passing data on at the limit ('limit'); stop reading there too.
  part.file.once("limit", () => part.file.destroy(refusal()));
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of part.file) {
      chunks.push(chunk);
      size += chunk.length;
    }
  } catch (err) {
    throw part.file.truncated ? refusal() : err;
  }
  if (part.file.truncated) throw refusal();
  part.value = new UploadedPart(cleanFileName(part.filename), Buffer.concat(chunks, size));
}

export async function registerUploads(app: FastifyInstance) {
  app.addHook("onRoute", onRoute);

  app.addHook("onRequest", async (req) => {
    const declared = req.routeOptions.config?.bodyTypes;
    const type = req.headers["content-type"];
    if (!declared || !type) return;
    if (!declared.includes(type.split(";")[0].trim().toLowerCase())) throw unsupportedMediaType();
  });

  // Added before the multipart plugin's own preValidation hook, so it runs before the body is read.
  app.addHook("preValidation", async (req) => {
    if (!req.routeOptions.config?.upload) return;
    await authenticate(req);
    const userId = sessionOf(req).userId;
    await rateLimit(req.server.db, `upload:${userId}`, UPLOADS_PER_MINUTE, MINUTE);
    // A stored upload (not an import, which stores rows): refused before its bytes are read when
    // the user's unused uploads already fill their quota (checked again with the size when stored).
    if (UPLOAD_RULES[String((req.routeOptions.schema as Json | undefined)?.operationId)]) await assertQuotaLeft(req.server.db, userId);
  });

  // Unused avatar pictures are removed a day after upload: a sweep at start and every hour after,
  // run by one instance at a time (lib/unusedUploads.ts). A failed sweep (the database away) is
  // logged and tried again at the next hour.
  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () =>
    sweepUnusedAvatars(app.db).then(
      (removed) => removed && app.log.info({ removed }, "removed unused avatar pictures"),
      (err) => app.log.warn({ err: (err as Error).message }, "the sweep of unused avatar pictures failed"),
    );
  app.addHook("onReady", async () => {
    void sweep();
    sweeper = setInterval(sweep, SWEEP_EVERY_MS).unref();
  });
  app.addHook("onClose", async () => clearInterval(sweeper));

  await app.register(multipart, {
    attachFieldsToBody: "keyValues",
    onFile,
    throwFileSizeLimit: false,
    // Operations without an upload never get here with a multipart body (their media types are
    // checked first); nothing is read for them in any case.
    limits: { fileSize: 0, files: 0, fields: 0, parts: 0 },
  });
}

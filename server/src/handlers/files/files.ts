import crypto from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { files, policies, policyAttachments } from "../../db/schema.ts";
import { ok } from "../../lib/envelope.ts";
import { notFound } from "../../lib/errors.ts";
import { contentDisposition } from "../../lib/fileTypes.ts";
import { heicToJpeg } from "../../lib/heic/toJpeg.ts";
import { withinQuota } from "../../lib/unusedUploads.ts";
import { fileUrl, jpegFileName, UPLOAD_RULES, type UploadedPart } from "../../lib/uploads.ts";
import { sessionOf } from "../../plugins/security.ts";
import type { TagHandlers, OpRequest } from "../types.ts";

// Uploads and downloads (spec 7.10). The bytes are stored in the file's row (ARCHITECTURE 5). By
// the time a handler runs, plugins/uploads.ts has checked the session, consent, permission and the
// per-user rate, and read the file part (never past the contract's limit); the contract's form
// schema has been validated. What remains is the real type, from the bytes.

/** Multipart bodies are not typed by OpRequest (JSON only); the form schema has validated them. */
type UploadRequest = FastifyRequest & { body: { file: UploadedPart } };

/**
 * Detects the type (415 when not allowed), stores the file with its owner and purpose when it fits
 * the owner's quota of unused uploads (413 otherwise; lib/unusedUploads.ts).
 */
async function store(req: UploadRequest, operationId: keyof typeof UPLOAD_RULES) {
  const rule = UPLOAD_RULES[operationId];
  let { fileName, bytes } = req.body.file;
  const detected = rule.detect(bytes, fileName);
  if (!detected) throw rule.wrongType();
  let mime = detected.mime;
  // A HEIF/HEIC picture is kept as the JPEG every browser can show (issue 21); the quota counts
  // what is stored.
  if (rule.heicToJpegMaxSide && (mime === "image/heic" || mime === "image/heif")) {
    bytes = (await heicToJpeg(bytes, rule.heicToJpegMaxSide)).jpeg;
    mime = "image/jpeg";
    fileName = jpegFileName(fileName);
  }
  const owner = sessionOf(req).userId;
  const [row] = await withinQuota(req.server.db, owner, bytes.length, (tx) =>
    tx
      .insert(files)
      .values({
        ownerUserId: owner,
        fileName,
        mime,
        size: bytes.length,
        sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
        purpose: rule.purpose,
        content: bytes,
      })
      .returning({ id: files.id }),
  );
  return { id: row.id, fileUrl: fileUrl(row.id), fileName };
}

/** If-None-Match names this ETag (a list or `*` included). */
const matches = (header: string | undefined, etag: string) =>
  !!header && header.split(",").some((t) => t.trim().replace(/^W\//, "") === etag || t.trim() === "*");

/**
 * Anyone signed in may read an attachment of a policy the help centre shows (approved, status
 * 4, and visible), or a policy picture that such a policy's content shows; every other file only
 * its owner or an administrator (and a policy picture also whoever may edit policies).
 */
async function isPublishedAttachment(db: Db, fileId: number, purpose: string): Promise<boolean> {
  const published = and(eq(policies.status, 4), eq(policies.visibility, 1));
  const [row] = await db
    .select({ id: policies.id })
    .from(policyAttachments)
    .innerJoin(policies, eq(policies.id, policyAttachments.policyId))
    .where(and(eq(policyAttachments.fileId, fileId), published))
    .limit(1);
  if (row || purpose !== "picture") return Boolean(row);
  // The stored (sanitised) content quotes the picture's address: src="/fileInfoEx/downloadFile?id=N".
  const shown = `%${fileUrl(fileId).replace(/[\\%_]/g, (c) => `\\${c}`)}"%`;
  const [inContent] = await db.select({ id: policies.id }).from(policies).where(and(published, like(policies.content, shown))).limit(1);
  return Boolean(inContent);
}

export const fileHandlers = {
  async fileUpload(req: UploadRequest) {
    const { id, fileUrl } = await store(req, "fileUpload");
    return ok({ id, fileUrl });
  },

  /** A policy picture (spec 5: at most 50 MB); readable as downloadFile describes. */
  async uploadPicture(req: UploadRequest) {
    const { id, fileUrl } = await store(req, "uploadPicture");
    return ok({ id, fileUrl });
  },

  async uploadFile(req: UploadRequest) {
    return ok(await store(req, "uploadFile"));
  },

  /**
   * The owner or an administrator reads a file; for anyone else it does not exist (404), so ids
   * reveal nothing. The content is read only when the ETag does not already match.
   */
  async downloadFile(req: OpRequest<"downloadFile">, reply: FastifyReply) {
    const s = sessionOf(req);
    const { db } = req.server;
    const [meta] = await db
      .select({ id: files.id, ownerUserId: files.ownerUserId, fileName: files.fileName, mime: files.mime, sha256: files.sha256, purpose: files.purpose })
      .from(files)
      .where(eq(files.id, req.query.id));
    const policyEditor = meta?.purpose === "picture" && s.permissions.has("/knowledgeIndex");
    if (!meta || (meta.ownerUserId !== s.userId && !s.isAdmin && !policyEditor && !(await isPublishedAttachment(db, meta.id, meta.purpose))))
      throw notFound("文件", "File");
    const etag = `"${meta.sha256}"`;
    // The session headers decide who may read: a shared browser cache must not answer another sid.
    reply.header("cache-control", "private, max-age=3600").header("etag", etag).header("vary", "sid, authorization");
    if (matches(req.headers["if-none-match"], etag)) return reply.code(304).send();
    const [row] = await db.select({ content: files.content }).from(files).where(eq(files.id, meta.id));
    if (!row) throw notFound("文件", "File");
    // Should a browser open it anyway, the file is a sandboxed document that may load nothing.
    return reply
      .type(meta.mime)
      .header("content-disposition", contentDisposition(meta.fileName))
      .header("content-security-policy", "default-src 'none'; sandbox")
      .send(row.content);
  },
} satisfies TagHandlers<"files">;

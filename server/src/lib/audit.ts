import type { FastifyRequest } from "fastify";
import { auditLogs } from "../db/schema.ts";

// The audit log (issue 7, beyond the spec): every successful admin write is recorded - who, when,
// which operation on which entity, and the record before and after. An operation is an audited
// write when its contract entry names its entity in `x-audit`; the route wrapper (app.ts) records
// it after the handler answered code 0. Handlers (and the generic resource layer) describe the
// change with setAudit; without one, the request's own input is kept as "after".

export interface AuditDetail {
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

declare module "fastify" {
  interface FastifyRequest {
    audit?: AuditDetail;
  }
}

/** Describes the change a handler made (merged with what was said before). */
export function setAudit(req: FastifyRequest, detail: AuditDetail) {
  req.audit = { ...req.audit, ...detail };
}

const SECRET = /password|secret|token|content$/i;
const MAX_TEXT = 2000;

/** Drops secrets and shortens long text (rich content, files) so a log row stays small. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === "string") return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (typeof value !== "object" || depth > 5) return value;
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (/password|secret|token/i.test(k)) out[k] = "[redacted]";
    else out[k] = typeof v === "string" && SECRET.test(k) && v.length > MAX_TEXT ? `${v.slice(0, MAX_TEXT)}…` : redact(v, depth + 1);
  }
  return out;
}

/** The input of a write when the handler did not describe it: body and query, without the session. */
function inputOf(req: FastifyRequest): unknown {
  const body = req.body;
  const query = req.query && typeof req.query === "object" && Object.keys(req.query).length ? req.query : undefined;
  if (body && typeof body === "object" && !Buffer.isBuffer(body) && !isMultipart(req)) return query ? { ...query, ...body } : body;
  if (isMultipart(req)) return { ...(query ?? {}), upload: true };
  return query ?? null;
}

const isMultipart = (req: FastifyRequest) => String(req.headers["content-type"] ?? "").startsWith("multipart/");

function entityIdOf(req: FastifyRequest, data: unknown): string | null {
  const explicit = req.audit?.entityId;
  if (explicit !== undefined && explicit !== null) return String(explicit);
  const fromBody = (req.body as any)?.id ?? (req.query as any)?.id;
  if (fromBody !== undefined && fromBody !== null && typeof fromBody !== "object") return String(fromBody);
  if (typeof data === "number" || typeof data === "string") return String(data).slice(0, 50);
  if (data && typeof data === "object" && "id" in data) return String((data as any).id);
  return null;
}

/** Writes the audit row of a successful write (called by the route wrapper). */
export async function recordAudit(req: FastifyRequest, operationId: string, entity: string, answer: unknown) {
  const session = req.session;
  const data = (answer as any)?.data;
  const detail = req.audit ?? {};
  try {
    await req.server.db.insert(auditLogs).values({
      userId: session?.userId ?? null,
      userName: session?.userName ?? "-",
      operationId,
      method: req.method,
      path: (req.routeOptions.url ?? req.url).slice(0, 200),
      entity,
      entityId: entityIdOf(req, data),
      before: (redact(detail.before ?? null) as any) ?? null,
      after: (redact(detail.after !== undefined ? detail.after : inputOf(req)) as any) ?? null,
    });
  } catch (err) {
    // The write itself succeeded; a failed log row must be seen by operators, not hide the answer.
    req.log.error({ err, operationId }, "audit log write failed");
  }
}

import crypto from "node:crypto";
import type pg from "pg";

// Issue 24: verifies the audit trail's chain (migration 0017 writes it). The hash is recomputed here,
// in Node, from the fields as the database shows them, not by the database's own function: an entry
// edited in SQL, or a function replaced to hide it, still shows. Checks, in order of seq:
//  - seq has no gap (a deleted entry);
//  - prev_hash is the hash of the entry before (an entry removed or re-chained);
//  - hash is SHA-256 of the entry's fields (an entry edited).
// The first entry that fails any of them is the first broken one; everything before it is intact.

export const GENESIS = "0".repeat(64);

export interface ChainEntryText {
  seq: string;
  at: string;
  actorId: string | null;
  actorName: string;
  operation: string | null;
  recordType: string;
  recordId: string;
  action: string;
  before: string | null;
  after: string | null;
  reason: string | null;
  prevHash: string;
  hash: string;
}

const field = (v: string | null) => {
  const s = v ?? "";
  return `${Buffer.byteLength(s, "utf8")}:${s};`;
};

/** The hash an entry must have (same rule as portal_audit_hash in migration 0017). */
export function entryHash(e: Omit<ChainEntryText, "hash">): string {
  const text = [e.seq, e.at, e.actorId, e.actorName, e.operation, e.recordType, e.recordId, e.action, e.before, e.after, e.reason, e.prevHash].map(field).join("");
  return crypto.createHash("sha256").update(text, "utf8").digest("hex");
}

export type BrokenReason = "gap" | "link" | "content";

export interface ChainReport {
  /** Entries checked. */
  checked: number;
  /** The last entry of the unbroken run from the first (0 when the first is broken or there is none). */
  intactUpTo: number;
  /** The first broken entry, and why; null when the whole trail is intact. */
  firstBroken: { seq: number; reason: BrokenReason } | null;
  /** The last seq in the trail. */
  lastSeq: number;
}

const SELECT = `SELECT seq::text, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, actor_id::text AS "actorId",
  actor_name AS "actorName", operation, record_type AS "recordType", record_id AS "recordId", action, before::text AS before,
  after::text AS after, reason, prev_hash AS "prevHash", hash
  FROM portal_audit_trail t WHERE t.seq > $1 ORDER BY t.seq LIMIT $2`;

type Queryable = Pick<pg.Pool, "query"> | Pick<pg.PoolClient, "query">;

/** Walks the whole trail in pages of `batch`, stopping at the first broken entry. */
export async function verifyChain(db: Queryable, batch = 5000): Promise<ChainReport> {
  let expectedSeq = 1;
  let prev = GENESIS;
  let checked = 0;
  let after = 0;
  for (;;) {
    const { rows } = await db.query<ChainEntryText>(SELECT, [after, batch]);
    for (const e of rows) {
      const seq = Number(e.seq);
      checked++;
      const reason: BrokenReason | null = seq !== expectedSeq ? "gap" : e.prevHash !== prev ? "link" : entryHash(e) !== e.hash ? "content" : null;
      if (reason) {
        const { rows: last } = await db.query<{ max: string | null }>("SELECT max(seq)::text AS max FROM portal_audit_trail");
        return { checked, intactUpTo: expectedSeq - 1, firstBroken: { seq: reason === "gap" ? expectedSeq : seq, reason }, lastSeq: Number(last[0].max ?? 0) };
      }
      prev = e.hash;
      expectedSeq = seq + 1;
      after = seq;
    }
    if (rows.length < batch) return { checked, intactUpTo: expectedSeq - 1, firstBroken: null, lastSeq: expectedSeq - 1 };
  }
}

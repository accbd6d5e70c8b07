import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyRequest } from "fastify";
import { RESOURCE_OPERATIONS, type ResourceName } from "../../../common/generated/resources.ts";
import type { Db } from "../db/client.ts";
import { setAudit } from "./audit.ts";
import { paged, ok } from "./envelope.ts";
import { badRequest, notFound } from "./errors.ts";
import { claimEdit, nextVersion } from "./versions.ts";

/**
 * The generic resource layer: one declaration gives a paged admin resource its page, getById,
 * create, update, removeById and status-change handlers (the client half is src/dataProviders).
 * Its records carry their version (issue 20): an update sends back the version it read and is
 * refused with 409 when the record changed since (lib/versions.ts); a status change moves it on.
 * Which operation each handler serves is the contract's x-resource marks (bindResource below).
 */
export interface ResourceSpec<T extends PgTable, Rec extends object, Out extends object = Rec, Details extends object = {}, Row = T["$inferSelect"]> {
  /** A table with an `id` and a `version` column (schema.ts recordVersion). */
  table: T & { id: AnyPgColumn; version: AnyPgColumn };
  id: AnyPgColumn;
  /** Bilingual name for "not found" answers. */
  label: { cn: string; en: string };
  /** Request filter fields (page body) to SQL conditions; undefined values are skipped. */
  filters?: Record<string, (value: any) => SQL | undefined>;
  /** Sortable fields of the page request (sortField) to columns; the default sort is by id desc. */
  sortable?: Record<string, AnyPgColumn>;
  /** Row to the answer record (with its version: the edit form sends it back). */
  toRecord: (row: Row) => Rec;
  /** Request body to column values (create and update). */
  fromInput: (body: any) => Partial<T["$inferInsert"]>;
  /** Columns whose value must be unique, with the field to blame and the bilingual message. */
  unique?: { column: AnyPgColumn; field: string; cn: string; en: string }[];
  statusColumn?: AnyPgColumn;
  /** Extra data of getById (e.g. a role's menu ids). */
  details?: (db: Db, id: number) => Promise<Details>;
  /** Adds data kept in other tables to the records of a page or getById, in one query (e.g. a user's roles). */
  enrich?: (db: Db, records: Rec[]) => Promise<Out[]>;
  /** Runs inside the write transaction after create or update (e.g. replace link rows). */
  afterWrite?: (tx: Db, id: number, body: any) => Promise<void>;
  /**
   * Wraps the write of every update, status change and removal inside its transaction; it may
   * refuse the change by throwing, which rolls it back (roles: an administrator must remain).
   */
  guardChange?: <R>(tx: Db, change: () => Promise<R>) => Promise<R>;
}

// Rec, Out and Details are inferred from the declaration, so the answers below carry the record's
// real type and the typed handler map (handlers/types.ts) checks them against the contract.
export function defineResource<T extends PgTable, Rec extends object, Out extends object = Rec, Details extends object = {}>(
  spec: ResourceSpec<T, Rec, Out, Details>,
) {
  /** Records as a page or getById answers them: enriched when the resource enriches. */
  const answered = async (db: Db, records: Rec[]): Promise<Out[]> => (spec.enrich ? spec.enrich(db, records) : (records as unknown as Out[]));
  const t = spec.table as any;
  const byId = (id: number) => eq(spec.id, id);

  async function findOrThrow(db: Db, id: number) {
    const [row] = await db.select().from(t).where(byId(id));
    if (!row) throw notFound(spec.label.cn, spec.label.en);
    return row;
  }

  async function assertUnique(db: Db, body: any, exceptId?: number) {
    for (const u of spec.unique ?? []) {
      const value = body[u.field];
      if (value === undefined) continue;
      const [dup] = await db.select({ id: spec.id }).from(t).where(eq(u.column, value));
      if (dup && dup.id !== exceptId) throw badRequest(u.field, "unique", u.cn, u.en);
    }
  }

  /** A change (update, status, removal) in one transaction, through guardChange when the resource has one. */
  const guarded = (db: Db, change: (tx: Db) => Promise<void>) =>
    db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      await (spec.guardChange ? spec.guardChange(tx, () => change(tx)) : change(tx));
    });
  /** A one-statement change needs a transaction only for its guard. */
  const single = (db: Db, change: (tx: Db) => Promise<void>) => (spec.guardChange ? guarded(db, change) : change(db));

  /** The record as getById answers it (enriched), for the audit log's before and after. */
  async function snapshot(db: Db, id: number, row?: unknown) {
    const found = row ?? (await db.select().from(t).where(byId(id)))[0];
    if (!found) return null;
    return (await answered(db, [spec.toRecord(found as any)]))[0];
  }

  return {
    toRecord: spec.toRecord,
    /** Whether the declaration has a status column, i.e. can serve a status change. */
    changesStatus: spec.statusColumn !== undefined,

    async page(req: FastifyRequest) {
      const db = req.server.db;
      const { page = 1, pageSize = 10, sortField, sortOrder, ...rest } = (req.body ?? {}) as Record<string, any>;
      const conds = Object.entries(spec.filters ?? {})
        .map(([field, f]) => (rest[field] === undefined || rest[field] === "" ? undefined : f(rest[field])))
        .filter(Boolean) as SQL[];
      const where = conds.length ? and(...conds) : undefined;
      const sortCol = (sortField && spec.sortable?.[sortField]) || spec.id;
      const order = sortOrder === "asc" ? asc(sortCol) : desc(sortCol);
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(t).where(where).orderBy(order, desc(spec.id)).limit(pageSize).offset((page - 1) * pageSize),
        db.select({ total: count() }).from(t).where(where),
      ]);
      const records = rows.map((r: any) => spec.toRecord(r));
      return paged(await answered(db, records), Number(total), page, pageSize);
    },

    async getById(req: FastifyRequest) {
      const db = req.server.db;
      const { id } = req.query as { id: number };
      const row = await findOrThrow(db, id);
      const [record] = await answered(db, [spec.toRecord(row)]);
      return ok({ ...record, ...(spec.details ? await spec.details(db, id) : ({} as Details)) });
    },

    async create(req: FastifyRequest) {
      const db = req.server.db;
      const body = req.body as Record<string, any>;
      await assertUnique(db, body);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.insert(t).values(spec.fromInput(body)).returning({ id: spec.id });
        const newId = row.id as number;
        await spec.afterWrite?.(tx as unknown as Db, newId, body);
        return newId;
      });
      setAudit(req, { entityId: id, after: await snapshot(db, id) });
      return ok(id);
    },

    async update(req: FastifyRequest) {
      const db = req.server.db;
      const body = req.body as Record<string, any>;
      const id = body.id as number;
      await findOrThrow(db, id);
      await assertUnique(db, body, id);
      let before: unknown;
      await guarded(db, async (tx) => {
        // Only while the record still has the version the edit read (409 otherwise); its row stays
        // locked until the commit, so links replaced below (a role's menus) cannot interleave.
        before = await snapshot(tx, id, await claimEdit(tx, spec.table, id, body.version, spec.label));
        const { version: _claimed, ...values } = spec.fromInput(body) as Record<string, unknown>;
        await tx.update(t).set(values).where(byId(id));
        await spec.afterWrite?.(tx, id, body);
      });
      setAudit(req, { entityId: id, before, after: await snapshot(db, id) });
      return ok(id);
    },

    async removeById(req: FastifyRequest) {
      const db = req.server.db;
      const { id } = req.query as { id: number };
      const before = await snapshot(db, id, await findOrThrow(db, id));
      await single(db, async (tx) => {
        await tx.delete(t).where(byId(id));
      });
      setAudit(req, { entityId: id, before, after: null });
      return ok(id);
    },

    async changeStatus(req: FastifyRequest) {
      if (!spec.statusColumn) throw new Error("resource has no status column");
      const db = req.server.db;
      const { id, status } = req.query as { id: number; status: number };
      const before = await snapshot(db, id, await findOrThrow(db, id));
      const col = Object.entries(t).find(([, c]) => c === spec.statusColumn)?.[0];
      // A status switch is not version-checked (it sets one value the list shows), but an edit form
      // opened before it must not silently switch it back: it moves the version on.
      await single(db, async (tx) => {
        await tx.update(t).set({ [col!]: status, version: nextVersion(spec.table.version) }).where(byId(id));
      });
      setAudit(req, { entityId: id, before, after: await snapshot(db, id) });
      return ok(id);
    },
  };
}

type Marked<N extends ResourceName> = (typeof RESOURCE_OPERATIONS)[N];
type ResourceLayer = ReturnType<typeof defineResource<any, any, any, any>>;
/** The layer's handler of a marked action (the status action is its changeStatus). */
type LayerKey<A> = A extends "status" ? "changeStatus" : A extends keyof ResourceLayer ? A : never;
type OperationIdOf<N extends ResourceName, A> = A extends keyof Marked<N> ? (Marked<N>[A] extends { operationId: infer Id extends string } ? Id : never) : never;

/**
 * The handler-map entries of a resource, from the contract's x-resource marks
 * (common/generated/resources.ts, written by gen:api): for each of its marked actions (all, or the
 * given ones where the module serves the others itself), the operationId that action's operation
 * has, bound to the layer's handler. A mark moved to another operation moves the handler with it;
 * naming an action the resource has no mark for fails the type check; a status mark on a resource
 * without a status column, or on a PUT/POST (the layer reads a GET's query), fails at start.
 */
export function bindResource<N extends ResourceName, L extends ResourceLayer, const A extends keyof Marked<N> = keyof Marked<N>>(
  name: N,
  layer: L,
  actions?: readonly A[],
): { [K in A as OperationIdOf<N, K>]: L[LayerKey<K>] } {
  const marked = RESOURCE_OPERATIONS[name] as Record<string, { operationId: string; method: string }>;
  const entries = (actions ?? (Object.keys(marked) as A[])).map((action) => {
    const operation = marked[action as string];
    if (!operation) throw new Error(`${name} has no ${String(action)} operation in the contract (no x-resource mark)`);
    if (action === "status" && !layer.changesStatus) throw new Error(`${name}'s status is marked in the contract, but its declaration has no statusColumn`);
    // changeStatus reads id and status from the query: a status marked on a PUT or POST (a body) is
    // served by the module's own handler.
    if (action === "status" && operation.method !== "get") throw new Error(`${name}'s status is ${operation.method.toUpperCase()} in the contract (a body); the layer's changeStatus reads a GET's query`);
    const key = action === "status" ? "changeStatus" : (action as string);
    return [operation.operationId, layer[key as keyof ResourceLayer]];
  });
  return Object.fromEntries(entries);
}

import { eq, inArray, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { ApiError, badRequest, notFound } from "./errors.ts";

// Issue 20: optimistic concurrency on every administrator's edit. A record an administrator edits
// has a version (schema.ts recordVersion); the edit sends back the version it read, and the write
// happens only while the record still has it. Two administrators who opened the same record: the
// first save wins, the second is refused with 409 and its form offers to reload. Nothing is ever
// silently overwritten.

/**
 * Body code of the stale-edit answer (HTTP 409). The other 409 of the admin writes (code 409: the
 * change would leave no administrator) is a refusal to explain; this one the portal answers with a
 * reload offer, so the two need different body codes.
 */
export const STALE_VERSION_CODE = 4090;

export const staleVersion = () =>
  new ApiError(
    409,
    STALE_VERSION_CODE,
    "该记录已被他人修改，您的更改未保存。请重新加载后再编辑。",
    "This record was changed by someone else since you opened it; your changes were not saved. Reload it and edit again.",
  );

export const versionRequired = () =>
  badRequest("version", "required", "缺少所编辑记录的版本号，请重新加载后再编辑", "The version of the edited record is missing; reload it and edit again");

type Versioned = PgTable & { id: AnyPgColumn; version: AnyPgColumn };

/**
 * Claims a record for an edit inside the caller's transaction: locks its row against other edits
 * until the transaction ends, refuses the edit when the row is gone (404) or no longer has the version the edit read
 * (409), and moves it to the next version. Answers the row as it was before the edit. A second
 * edit of the same version waits for the first one's lock and then finds the version moved on, so
 * exactly one of two concurrent edits is written.
 */
export async function claimEdit<T extends Versioned>(
  tx: Db,
  table: T,
  id: number,
  read: number | undefined,
  label: { cn: string; en: string },
): Promise<T["$inferSelect"]> {
  if (read === undefined) throw versionRequired();
  const t = table as Versioned;
  // NO KEY UPDATE: edits of the row wait for each other, while rows that merely reference it (a
  // role's grants holding a menu, FOR KEY SHARE) neither wait nor deadlock with it.
  const [row] = (await tx.select().from(t as PgTable).where(eq(t.id, id)).for("no key update")) as { version: number }[];
  if (!row) throw notFound(label.cn, label.en);
  if (row.version !== read) throw staleVersion();
  await tx.update(t as PgTable).set({ version: sql`${t.version} + 1` } as never).where(eq(t.id, id));
  return row as T["$inferSelect"];
}

/**
 * Moves records to their next version without a check: a change that is not an edit of the record
 * but alters what its edit form shows (a status switch, a menu deleted from a role's grants), so an
 * edit opened before it is refused rather than silently undoing it.
 */
export async function bumpVersions(tx: Db, table: Versioned, ids: number[]) {
  if (!ids.length) return;
  await tx.update(table as PgTable).set({ version: sql`${table.version} + 1` } as never).where(inArray(table.id, ids));
}

/** The SET value that moves a record to its next version inside an update of its fields. */
export const nextVersion = (column: AnyPgColumn) => sql`${column} + 1`;

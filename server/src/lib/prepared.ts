import type { Db } from "../db/client.ts";

/**
 * A query built once per database handle (by `build`, which ends in Drizzle's `.prepare(name)`)
 * and run as a named prepared statement with placeholders. For the queries every page load runs
 * (the session, the workspace cards): building a query with Drizzle and planning it in PostgreSQL
 * each time cost more than running it (issue 9, bench/RESULTS.md). `name` must be unique.
 */
export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let q = built.get(db);
    if (!q) built.set(db, (q = build(db)));
    return q;
  };
}

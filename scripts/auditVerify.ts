// Verifies the audit trail of regulated records from a shell (issue 24, 21 CFR 11.10(e)):
//
//   npm run audit:verify -- [--database-url URL] [--data-dir DIR]
//
// Recomputes every entry's hash and link (server/src/lib/auditTrail/chain.ts, the check the admin
// screen runs) in one read-only snapshot and prints "intact up to entry N" (exit 0), or the first
// broken entry and why (exit 1). It writes nothing (no migration either); exit 2 when it could not
// check (no database, no audit trail).
//
// Which database, as `npm run admin:reset`: --database-url URL, else DATABASE_URL, else the embedded
// one in --data-dir (else DATA_DIR, else ./data): the running server's database when `npm start` is
// running on it, else the embedded PostgreSQL started for the moment.
import path from "node:path";
import pg from "pg";
import { DataDirLockedError, startEmbedded, type EmbeddedDb } from "../server/src/db/embedded.ts";
import { verifyTrail } from "../server/src/lib/auditTrail/verify.ts";
import { embeddedUrl, parseArgs } from "./lib/server.ts";

const args = parseArgs({ databaseUrl: "", dataDir: "" });

const REASONS = {
  gap: "removed (the entry is missing: the numbering has a gap)",
  link: "re-linked (its previous-hash is not the hash of the entry before it: an entry before was edited and re-hashed, or this one re-chained)",
  content: "edited (its content does not match its hash)",
} as const;

let embedded: EmbeddedDb | undefined;
let url = args.databaseUrl || process.env.DATABASE_URL || "";
if (!url) {
  const dataDir = path.resolve(args.dataDir || process.env.DATA_DIR || "./data");
  try {
    embedded = await startEmbedded(dataDir, (m) => console.error(m));
    url = embedded.url;
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    url = await embeddedUrl(dataDir); // a server is running on it: read its database
  }
}

const pool = new pg.Pool({ connectionString: url, max: 1 });
let code = 0;
try {
  const r = await verifyTrail(pool);
  if (!r.firstBroken) {
    console.log(`audit trail intact up to entry ${r.intactUpTo} (${r.checked} entries checked)`);
  } else {
    console.log(`audit trail BROKEN at entry ${r.firstBroken.seq}: ${REASONS[r.firstBroken.reason]}`);
    console.log(`intact up to entry ${r.intactUpTo}; the last entry is ${r.lastSeq}`);
    code = 1;
  }
} catch (e) {
  console.error(`audit:verify could not check: ${(e as Error).message}`);
  code = 2;
} finally {
  await pool.end();
  await embedded?.stop();
}
process.exit(code);

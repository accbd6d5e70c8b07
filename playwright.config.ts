import os from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/lib/chromium";

// The real server (API + built dist/) on its own port with a throwaway database; see
// e2e/support/serve.mjs. `npm run test:e2e` builds dist/ first.
// Each worker has a server and database of its own (ports E2E_PORT, E2E_PORT + 1, ...): the specs
// sign the same demo people in and change their data, so two of them must never share a server.
// Playwright loads this file in every worker with TEST_PARALLEL_INDEX set, so a worker's baseURL is
// its own server's; the runner itself (no index) starts them all. One worker unless the machine has
// 4 cores or more: on 2 cores the suite is CPU-bound (browser, server and PostgreSQL), and two
// workers took twice as long a test for the same total (measured in CI, issue 9). E2E_WORKERS sets it.
const WORKERS = Number(process.env.E2E_WORKERS ?? (os.cpus().length >= 4 ? 2 : 1));
const port = Number(process.env.E2E_PORT ?? 18480);
const serverURL = (index: number) => `http://127.0.0.1:${port + index}`;
const baseURL = serverURL(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
// The moment the demo seed is placed around (DEMO_SEED_TIME), fixed once by the runner; its workers
// inherit it. Specs about "today" show the browser this moment (e2e/support/portal.ts seedClock), so
// a run that crosses midnight still sees the seed day as today.
const seedTime = (process.env.E2E_SEED_TIME ??= new Date().toISOString());

export default defineConfig({
  testDir: "e2e",
  workers: WORKERS,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A budget, not a speed check (speed is measured by `npm run bench`): a whole flow of many steps
  // through the real server took up to 114 s on a loaded 2-core machine (50 s on a quiet one);
  // each step still has the 15 s expect timeout below.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    locale: "zh-CN",
    // The portal honours prefers-reduced-motion (antd's motion off): popups and dialogs appear at
    // once. The suite runs as a person who asked for that, so no click lands on a popup that is
    // still zooming in (on a loaded CI machine such clicks on antd popups were lost now and then).
    reducedMotion: "reduce",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        // The Debian chromium package; Playwright's own browser download does not work here.
        launchOptions: { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    command: "node e2e/support/serve.mjs",
    url: `${serverURL(index)}/readyz`,
    env: {
      PORT: String(port + index),
      HOST: "127.0.0.1",
      CAPTCHA_ENABLED: "false",
      // A new user name on the development IdP becomes a staff user: the first-login flow of a new person.
      SAML_PROVISION: "true",
      LOG_LEVEL: "warn",
      DEMO_SEED_TIME: seedTime,
      // The API reference page (issue 22) behind the admin session, for e2e/api-reference.spec.ts;
      // it adds the /api-reference routes only, which no other spec opens.
      API_REFERENCE: "admin",
    },
    reuseExistingServer: false,
    // First start initialises a PostgreSQL cluster and seeds it.
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 30_000 },
    stdout: "pipe" as const,
    stderr: "pipe" as const,
  })),
});

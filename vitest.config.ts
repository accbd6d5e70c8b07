import os from "node:os";
import { defineConfig } from "vitest/config";

// Two projects: "unit" (web app and helpers, jsdom) and "api" (the server through app.inject on a
// throwaway PostgreSQL: embedded by default, DATABASE_URL when set).
export default defineConfig({
  test: {
    // Vitest's default leaves one core free, which is a single worker on a 2-core CI machine; the
    // test files are independent (the API files each make their own database), so use every core.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          name: "unit",
          // @refinedev/react-router would otherwise load react-router's CommonJS copy while the
          // source loads the ESM one, and refine's hooks would not see the router (the built app
          // has a single copy).
          server: { deps: { inline: ["@refinedev/react-router"] } },
          include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "common/**/*.test.ts"],
          environment: "jsdom",
          setupFiles: ["src/test/setup.ts"],
          // Well above the 10 s each wait may take (src/test/setup.ts): a test makes several waits.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "api",
          include: ["server/test/**/*.test.ts"],
          environment: "node",
          globalSetup: ["server/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
    ],
  },
});

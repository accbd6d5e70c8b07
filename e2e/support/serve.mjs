// Starts the real server for the end-to-end run on a throwaway DATA_DIR and removes that folder
// once the server has stopped. Playwright sends SIGTERM at the end (gracefulShutdown in
// playwright.config.ts); it is passed on once, so the server stops its embedded PostgreSQL first.
// The weather provider is a local fake of Open-Meteo (fakeOpenMeteo.mjs) on a free loopback port,
// started first and closed when the server exits.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startFakeOpenMeteo } from "./fakeOpenMeteo.mjs";

const weather = await startFakeOpenMeteo();
// A spec that needs the server's database (e2e/live-notifications.spec.ts) gives the folder itself
// (E2E_DATA_DIR, made for this run, removed here as any other); the others get a fresh one.
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(tmpdir(), "portal-e2e-"));
const server = spawn(process.execPath, ["--import", "tsx", "server/src/server.ts"], {
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: dataDir, WEATHER_GEOCODING_URL: weather.url, WEATHER_FORECAST_URL: weather.url },
  // Its own process group: the signal reaches it from here only, exactly once.
  detached: true,
});

let forwarded = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (forwarded) return;
    forwarded = true;
    server.kill(signal);
  });
}

server.on("exit", async (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  await weather.close();
  process.exit(code ?? (signal ? 1 : 0));
});

// Bench section 3 (web), Lighthouse: the desktop performance score of /baseLogin and of
// /main/workingSpace signed in (issue 21 asks >= 90 on both). Lighthouse 12 drives the Debian
// Chromium (no browser download) through Puppeteer, one fresh browser per run, Lighthouse's own
// desktop preset (simulated throttling: 40 ms RTT, 10 Mbit/s, no CPU slowdown), performance only.
//
// Signed in: the portal keeps its sid in session storage, which belongs to one tab. Lighthouse is
// given the Puppeteer page itself (its "page" argument) after that tab has been signed in through
// /relogin?web_sid=... (as the e2e helper signInWithSid and the bench's own workspace loads do);
// Lighthouse then loads /main/workingSpace in the same tab. Its storage reset clears the HTTP
// cache, service workers and cache storage, never session storage, so the load is cold but signed in.
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer, { type Browser } from "puppeteer-core";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../lib/chromium.ts";
import { call, login } from "../lib/server.ts";

const STEP_MS = 60_000;

/** The metrics behind the score (ms, CLS unitless), and what Lighthouse says would save most. */
export interface LighthouseRun {
  score: number;
  metrics: Record<string, number>;
  /** Opportunities and diagnostics that cost time, largest first ("id: ms"). */
  opportunities: string[];
  /** Bytes Lighthouse saw transferred (its "total-byte-weight"). */
  transferKiB: number;
  /** Main-thread work during the load (ms, as observed on this machine) and of it, script evaluation and parsing; requests made. */
  mainThreadMs: number;
  scriptMs: number;
  requests: number;
  /** Where the page was when Lighthouse finished (a page that sent the visitor to sign in shows it here). */
  finalUrl: string;
}

const METRICS = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  si: "speed-index",
} as const;

async function withBrowser<T>(f: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, protocolTimeout: STEP_MS * 3 });
  try {
    return await f(browser);
  } finally {
    await browser.close().catch(() => undefined);
  }
}

/** One Lighthouse run of `url` in `page` (already where it must be for a signed-in page). */
async function audit(url: string, page: Parameters<typeof lighthouse>[3]): Promise<LighthouseRun> {
  const result = await lighthouse(url, { logLevel: "error", output: "json", onlyCategories: ["performance"] }, desktopConfig, page);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  if (typeof score !== "number") throw new Error(`Lighthouse scored nothing for ${url} (${lhr.runWarnings.join("; ")})`);
  const metrics = Object.fromEntries(Object.entries(METRICS).map(([k, id]) => [k, Math.round((lhr.audits[id]?.numericValue ?? NaN) * (k === "cls" ? 1000 : 1)) / (k === "cls" ? 1000 : 1)]));
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === "opportunity" && (a.numericValue ?? 0) > 0 && (a.score ?? 1) < 1)
    .sort((a, b) => (b.numericValue ?? 0) - (a.numericValue ?? 0))
    .slice(0, 5)
    .map((a) => `${a.id}: ${Math.round(a.numericValue ?? 0)} ms`);
  const transferKiB = Math.round(((lhr.audits["total-byte-weight"]?.numericValue ?? NaN) / 1024) * 10) / 10;
  const items = (id: string) => ((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []).length;
  return {
    score: Math.round(score * 100),
    metrics,
    opportunities,
    transferKiB,
    mainThreadMs: Math.round(lhr.audits["mainthread-work-breakdown"]?.numericValue ?? NaN),
    scriptMs: Math.round(lhr.audits["bootup-time"]?.numericValue ?? NaN),
    requests: items("network-requests"),
    finalUrl: lhr.finalDisplayedUrl,
  };
}

/** /baseLogin, signed out. */
export function lighthouseLogin(base: string): Promise<LighthouseRun> {
  return withBrowser(async (browser) => {
    const page = await browser.newPage();
    return audit(`${base}/baseLogin`, page);
  });
}

/** /main/workingSpace signed in as `user` (a session from the API, handed to the tab by /relogin). */
export function lighthouseWorkspace(base: string, user: { userName: string; password: string }): Promise<LighthouseRun> {
  return withBrowser(async (browser) => {
    const sid = await login(base, user.userName, user.password);
    try {
      const page = await browser.newPage();
      await page.goto(`${base}/relogin?web_sid=${encodeURIComponent(sid)}`, { timeout: STEP_MS });
      await page.waitForSelector('[data-testid="widget-task_model"]', { timeout: STEP_MS });
      if (new URL(page.url()).pathname !== "/main/workingSpace") throw new Error(`/relogin led to ${page.url()}, not the workspace`);
      const run = await audit(`${base}/main/workingSpace`, page);
      // Still signed in after the audit: otherwise Lighthouse would have scored the sign-in page.
      const path = new URL(run.finalUrl).pathname;
      if (path !== "/main/workingSpace") throw new Error(`Lighthouse ended on ${path}, not the workspace: the audit was not signed in`);
      return run;
    } finally {
      await call(base, "GET", "/sysUserEx/logout", { sid }).catch(() => undefined);
    }
  });
}

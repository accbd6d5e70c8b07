// "The network has settled", as Playwright's networkidle means it, but blind to the live event
// stream (issue 23): a shell holds that request open for as long as it is shown, so networkidle
// never comes. Install the watch before the page loads; settled() resolves once no other request
// has been in flight for `quietMs`.
import type { Page, Request } from "@playwright/test";

const LIVE_STREAM = /\/notification\/stream(\?|$)/;

export function watchNetwork(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const start = (request: Request) => {
    if (LIVE_STREAM.test(request.url())) return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const end = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on("request", start);
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  return {
    async settled(quietMs = 500, budgetMs = 60_000): Promise<void> {
      const deadline = Date.now() + budgetMs;
      for (;;) {
        if (inFlight.size === 0 && Date.now() - lastChange >= quietMs) return;
        if (Date.now() > deadline) throw new Error(`the network did not settle in ${budgetMs} ms: ${[...inFlight].map((r) => r.url()).join(", ")}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

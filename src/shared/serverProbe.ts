// Whether the server that serves the app can be reached (issue 18, spec 8 "network failure"). A
// page chunk that fails to load means one of two things: the server is down (or the network), or
// the server is up and the chunk is gone (a new deployment replaced it). Only the second is cured
// by spec 2.4's reload; with the server down a reload lands on the browser's "site can't be
// reached" page. The probe asks the origin that served the app for its index.html: every
// deployment of the app serves that file, from wherever it serves the chunks (the API's /healthz
// may live elsewhere when VITE_*_API_BASE points at another host).

/** A probe that has no answer by then counts as no answer (a server that hangs is down too). */
export const PROBE_TIMEOUT_MS = 10_000;
/** While the server is down: the first probe again after this long, each next one 1.5 times later... */
export const FIRST_WAIT_MS = 2_000;
/** ...up to this long apart. */
export const MAX_WAIT_MS = 10_000;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The app's own index.html under Vite's base (/ by default). */
const probeUrl = () => `${import.meta.env.BASE_URL}index.html`;

/**
 * true when the server answers the probe with a success. No answer, an error status (a proxy's 502
 * while the server behind it is down) or no answer within PROBE_TIMEOUT_MS is false. HEAD, past
 * every cache: only the status is wanted, and it must be the server's now.
 */
export async function serverAnswers(fetchImpl: Fetch = (input, init) => fetch(input, init), timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  try {
    const answer = await fetchImpl(probeUrl(), { method: "HEAD", cache: "no-store", signal: AbortSignal.timeout(timeoutMs) });
    return answer.ok;
  } catch {
    return false;
  }
}

/** Resolves after `ms`, or at once when the browser says it is back online. */
function nextTry(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener("online", done);
  });
}

let waiting: Promise<void> | null = null;

/**
 * Resolves once the server answers again, probing FIRST_WAIT_MS after the call and then less and
 * less often (at most every MAX_WAIT_MS). One wait is shared by everything waiting at the same time,
 * so a page with several chunks pending sends one probe at a time.
 */
export function untilServerAnswers(probe: () => Promise<boolean> = serverAnswers): Promise<void> {
  waiting ??= (async () => {
    let wait = FIRST_WAIT_MS;
    do {
      await nextTry(wait);
      wait = Math.min(wait * 1.5, MAX_WAIT_MS);
    } while (!(await probe()));
  })().finally(() => {
    waiting = null;
  });
  return waiting;
}

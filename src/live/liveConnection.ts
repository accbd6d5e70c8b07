// One tab's live connection to the server's event stream (issue 23): read with fetch (the session
// goes in headers, never in the address), resumed with Last-Event-ID after a drop, watched for
// silence (the server sends a heartbeat every 15 s), and replaced by polling every 60 s (spec 9's
// poll constant) when a stream cannot be held: refused as one too many (429), or failing again and
// again (a proxy that buffers, a network that cuts long requests). While polling it tries the
// stream again now and then. Listeners get the events; a "resync" asks them to read again what
// they show (the poll's tick, a reset of the resume window, a reconnection after a gap).
import { createSseParser, type SseEvent } from "./sseParser";

/** Spec 9: the default poll constant. */
export const POLL_MS = 60_000;
/** Waits before reconnecting after a drop or a failure, one per consecutive failure (the last repeats). */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
/** Consecutive failures after which the tab polls instead. */
export const FAILURES_BEFORE_POLLING = 3;
/** While polling, how often the stream is tried again. */
export const STREAM_RETRY_WHILE_POLLING_MS = 5 * 60_000;
/** Silence after which the stream is taken for dead (three missed heartbeats of 15 s). */
export const SILENCE_MS = 45_000;

export type LiveMode = "connecting" | "live" | "polling" | "stopped";

export interface StreamNotification {
  id: number;
  kind: string;
  record: { type: string; id: number | null } | null;
  params: Record<string, unknown>;
  createdAt: string;
}

export type LiveEvent =
  | { type: "notification"; notification: StreamNotification }
  | { type: "counts"; kind: string; counts: Record<string, number> }
  | { type: "resync"; reason: "poll" | "reset" | "reconnected" };

export type OpenResult =
  | { ok: true; body: ReadableStream<Uint8Array> }
  /** status 0: no answer (network); 401: the session is gone; 429: too many streams. */
  | { ok: false; status: number };

/** Opens the stream, resuming after `lastEventId` when given. */
export type OpenStream = (lastEventId: string | null, signal: AbortSignal) => Promise<OpenResult>;

export interface LiveConnection {
  start(): void;
  stop(): void;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** How the tab hears news: "live" (the stream), "polling" (every 60 s), "connecting" or "stopped". */
  mode(): LiveMode;
}

export interface LiveTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserTimers: LiveTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createLiveConnection(open: OpenStream, timers: LiveTimers = browserTimers): LiveConnection {
  const listeners = new Set<(event: LiveEvent) => void>();
  let current: LiveMode = "stopped";
  let running = false;
  let lastEventId: string | null = null;
  let failures = 0;
  let everConnected = false;
  let controller: AbortController | null = null;
  let reconnectTimer: unknown = null;
  let pollTimer: unknown = null;
  let silenceTimer: unknown = null;

  const emit = (event: LiveEvent) => listeners.forEach((listener) => listener(event));
  const clear = (handle: unknown) => {
    if (handle !== null) timers.clearTimeout(handle);
    return null;
  };

  const startPolling = () => {
    if (pollTimer !== null || !running) return;
    current = "polling";
    const tick = () => {
      pollTimer = timers.setTimeout(tick, POLL_MS);
      emit({ type: "resync", reason: "poll" });
    };
    pollTimer = timers.setTimeout(tick, POLL_MS);
  };
  const stopPolling = () => {
    pollTimer = clear(pollTimer);
  };

  const scheduleReconnect = (ms: number) => {
    reconnectTimer = clear(reconnectTimer);
    if (!running) return;
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, ms);
  };

  const failed = () => {
    failures += 1;
    if (failures >= FAILURES_BEFORE_POLLING) {
      startPolling();
      scheduleReconnect(STREAM_RETRY_WHILE_POLLING_MS);
    } else {
      if (current !== "polling") current = "connecting";
      scheduleReconnect(RECONNECT_DELAYS_MS[Math.min(failures - 1, RECONNECT_DELAYS_MS.length - 1)]);
    }
  };

  const dispatch = (event: SseEvent) => {
    if (event.lastEventId) lastEventId = event.lastEventId;
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(event.data) as Record<string, unknown>;
    } catch {
      return; // a malformed event is skipped, the stream goes on
    }
    if (event.event === "notification") emit({ type: "notification", notification: data as unknown as StreamNotification });
    else if (event.event === "counts" && data.counts && typeof data.counts === "object") {
      emit({ type: "counts", kind: String(data.kind), counts: data.counts as Record<string, number> });
    } else if (event.event === "reset") emit({ type: "resync", reason: "reset" });
  };

  async function connect(): Promise<void> {
    if (!running) return;
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    if (current !== "polling") current = "connecting";
    let result: OpenResult;
    try {
      result = await open(lastEventId, mine.signal);
    } catch {
      result = { ok: false, status: 0 };
    }
    if (controller !== mine || !running) return;
    if (!result.ok) {
      if (result.status === 401) return stop(); // the session is gone: the client's expiry flow leads on
      if (result.status === 429) {
        // Too many streams (other tabs): poll, and try again later.
        failures = FAILURES_BEFORE_POLLING;
        startPolling();
        return scheduleReconnect(STREAM_RETRY_WHILE_POLLING_MS);
      }
      return failed();
    }

    // Held only once something arrives (the server's `ready` comes at once): a proxy that buffers
    // answers the headers and then nothing, and must count as a failure, not as a stream.
    let held = false;
    const hold = () => {
      held = true;
      const reconnected = everConnected;
      everConnected = true;
      failures = 0;
      stopPolling();
      current = "live";
      // What was missed while no stream was open: the replay brings notifications, not counts.
      if (reconnected) emit({ type: "resync", reason: "reconnected" });
    };

    const parser = createSseParser(dispatch);
    const decoder = new TextDecoder();
    const reader = result.body.getReader();
    const watch = () => {
      silenceTimer = clear(silenceTimer);
      silenceTimer = timers.setTimeout(() => mine.abort(new Error("silent stream")), SILENCE_MS);
    };
    watch();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!held) hold();
        watch();
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      // aborted (silence, stop) or cut: handled below
    } finally {
      silenceTimer = clear(silenceTimer);
      reader.releaseLock();
    }
    if (controller !== mine || !running) return;
    // The server ended it (a session that ended answers 401 to the next attempt) or it was cut.
    failed();
  }

  function stop(): void {
    running = false;
    controller?.abort();
    controller = null;
    reconnectTimer = clear(reconnectTimer);
    silenceTimer = clear(silenceTimer);
    stopPolling();
    current = "stopped";
  }

  return {
    start() {
      if (running) return;
      running = true;
      failures = 0;
      void connect();
    },
    stop,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    mode: () => current,
  };
}

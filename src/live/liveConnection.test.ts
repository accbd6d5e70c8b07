// The live connection's behaviour against streams the test writes: events reach listeners, a drop
// resumes with the last id, silence counts as a drop, a refusal (429) or repeated failures fall
// back to the 60 s poll, a stream that answers and then says nothing (a buffering proxy) is not
// taken for a stream, and an ended session stops it.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import {
  FAILURES_BEFORE_POLLING,
  POLL_MS,
  SILENCE_MS,
  createLiveConnection,
  type LiveEvent,
  type OpenResult,
} from "./liveConnection";

interface Opened {
  lastEventId: string | null;
  signal: AbortSignal;
  write(text: string): void;
  end(): void;
}

function harness(answers: Array<"stream" | number>) {
  const opened: Opened[] = [];
  const open = vi.fn(async (lastEventId: string | null, signal: AbortSignal): Promise<OpenResult> => {
    const answer = answers.length > 1 ? answers.shift()! : answers[0];
    if (answer !== "stream") return { ok: false, status: answer };
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    signal.addEventListener("abort", () => controller.error(signal.reason));
    opened.push({
      lastEventId,
      signal,
      write: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    });
    return { ok: true, body };
  });
  const connection = createLiveConnection(open);
  const events: LiveEvent[] = [];
  connection.subscribe((event) => events.push(event));
  return { open, opened, connection, events };
}

const flush = () => vi.advanceTimersByTimeAsync(0);
const READY = 'event: ready\ndata: {"lastEventId":null}\n\n';
const note = (id: number, kind = "taskPending") =>
  `event: notification\nid: ${id}\ndata: ${JSON.stringify({ id, kind, record: { type: "task", id: 5 }, params: { taskName: "报销" }, createdAt: "2026-11-27 09:00:00" })}\n\n`;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the live connection", () => {
  it("hands notifications and counts to listeners and is live once the stream speaks", async () => {
    const h = harness(["stream"]);
    h.connection.start();
    await flush();
    expect(h.connection.mode()).toBe("connecting");
    h.opened[0].write(READY);
    await flush();
    expect(h.connection.mode()).toBe("live");
    h.opened[0].write(note(41) + 'event: counts\ndata: {"id":null,"kind":"taskCounts","counts":{"taskPending":3}}\n\n');
    await flush();
    expect(h.events).toEqual([
      { type: "notification", notification: expect.objectContaining({ id: 41, kind: "taskPending", params: { taskName: "报销" } }) },
      { type: "counts", kind: "taskCounts", counts: { taskPending: 3 } },
    ]);
    h.connection.stop();
  });

  it("after a drop, reconnects with the last id it received and asks listeners to read again", async () => {
    const h = harness(["stream"]);
    h.connection.start();
    await flush();
    h.opened[0].write(READY + note(7) + note(8));
    await flush();
    h.opened[0].end();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.open).toHaveBeenCalledTimes(2);
    expect(h.opened[1].lastEventId).toBe("8");
    h.opened[1].write(READY);
    await flush();
    expect(h.events.at(-1)).toEqual({ type: "resync", reason: "reconnected" });
    h.connection.stop();
  });

  it("takes a silent stream for a dead one", async () => {
    const h = harness(["stream"]);
    h.connection.start();
    await flush();
    h.opened[0].write(READY);
    await flush();
    await vi.advanceTimersByTimeAsync(SILENCE_MS - 1_000);
    h.opened[0].write(": heartbeat\n\n"); // a heartbeat keeps it alive
    await vi.advanceTimersByTimeAsync(SILENCE_MS - 1_000);
    expect(h.opened[0].signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.opened[0].signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.open).toHaveBeenCalledTimes(2);
    h.connection.stop();
  });

  it("polls every 60 s when refused as one stream too many, and tries the stream again later", async () => {
    const h = harness([429, "stream"]);
    h.connection.start();
    await flush();
    expect(h.connection.mode()).toBe("polling");
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(h.events).toEqual([{ type: "resync", reason: "poll" }]);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(h.events).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3 * POLL_MS); // five minutes in all
    expect(h.open).toHaveBeenCalledTimes(2);
    h.opened[0].write(READY);
    await flush();
    expect(h.connection.mode()).toBe("live");
    const polls = h.events.filter((e) => e.type === "resync" && e.reason === "poll").length;
    await vi.advanceTimersByTimeAsync(2 * POLL_MS);
    expect(h.events.filter((e) => e.type === "resync" && e.reason === "poll")).toHaveLength(polls); // no poll while live
    h.connection.stop();
  });

  it("falls back to polling after repeated failures, and when the stream answers but never speaks (a buffering proxy)", async () => {
    const failing = harness([503]);
    failing.connection.start();
    for (let i = 0; i < FAILURES_BEFORE_POLLING; i++) await vi.advanceTimersByTimeAsync(10_000);
    expect(failing.connection.mode()).toBe("polling");
    failing.connection.stop();

    const buffered = harness(["stream"]);
    buffered.connection.start();
    for (let i = 0; i < FAILURES_BEFORE_POLLING; i++) await vi.advanceTimersByTimeAsync(SILENCE_MS + 10_000);
    expect(buffered.connection.mode()).toBe("polling");
    buffered.connection.stop();
  });

  it("stops for good when the session is gone (401)", async () => {
    const h = harness(["stream", 401]);
    h.connection.start();
    await flush();
    h.opened[0].write(READY);
    await flush();
    h.opened[0].end(); // the server closes the stream of an ended session
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.connection.mode()).toBe("stopped");
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(h.open).toHaveBeenCalledTimes(2);
    expect(h.events).toEqual([]);
  });

  it("a reset of the resume window asks listeners to read their lists again", async () => {
    const h = harness(["stream"]);
    h.connection.start();
    await flush();
    h.opened[0].write('event: reset\ndata: {"reason":"resumeWindow"}\n\n' + READY);
    await flush();
    expect(h.events).toEqual([{ type: "resync", reason: "reset" }]);
    h.connection.stop();
  });
});

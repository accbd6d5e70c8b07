import { describe, expect, it } from "vitest";

import { createSseParser, type SseEvent } from "./sseParser";

function parse(...chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return events;
}

describe("the event-stream parser", () => {
  it("reads named events with their ids, skipping heartbeats", () => {
    expect(parse(': heartbeat\n\nevent: notification\nid: 41\ndata: {"id":41}\n\n: heartbeat\n\nevent: counts\ndata: {"n":2}\n\n')).toEqual([
      { event: "notification", data: '{"id":41}', lastEventId: "41" },
      // the id persists, as EventSource keeps it for the reconnection
      { event: "counts", data: '{"n":2}', lastEventId: "41" },
    ]);
  });

  it("dispatches only at a blank line, whatever the chunks", () => {
    const text = 'event: ready\ndata: {"lastEventId":"7"}\n\nevent: notification\nid: 8\ndata: {"id":8}\n\n';
    const whole = parse(text);
    for (let cut = 1; cut < text.length; cut++) expect(parse(text.slice(0, cut), text.slice(cut))).toEqual(whole);
    expect(parse("event: notification\ndata: {}\n")).toEqual([]);
  });

  it("accepts CR LF and CR line ends, even when a chunk splits CR from LF", () => {
    expect(parse("data: a\r", "\ndata: b\r\n\r", "\n")).toEqual([{ event: "message", data: "a\nb", lastEventId: "" }]);
    expect(parse("data: x\r\r")).toEqual([{ event: "message", data: "x", lastEventId: "" }]);
  });

  it("drops one space after the colon and ignores events without data", () => {
    expect(parse("data:  two spaces\n\nevent: empty\n\n")).toEqual([{ event: "message", data: " two spaces", lastEventId: "" }]);
  });
});

// The text/event-stream format (WHATWG HTML, "Server-sent events", parsing an event stream), for a
// stream read with fetch: the session goes in headers, which EventSource cannot send. Lines end in
// LF, CR LF or CR; a blank line dispatches; `:` starts a comment (the server's heartbeat); one space
// after the colon is dropped; `data` lines join with LF; the last `id` persists across events, as
// EventSource keeps it, and is what a reconnection sends as Last-Event-ID.

export interface SseEvent {
  /** The `event` field, "message" when absent. */
  event: string;
  data: string;
  /** The last event id seen so far ("" before any). */
  lastEventId: string;
}

export interface SseParser {
  /** Feeds decoded text (any split: a chunk may end inside a line or between CR and LF). */
  push(text: string): void;
}

export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = "";
  let pendingCr = false;
  let eventName = "";
  let data: string[] = [];
  let lastEventId = "";

  const line = (text: string) => {
    if (text === "") {
      if (data.length > 0) onEvent({ event: eventName || "message", data: data.join("\n"), lastEventId });
      eventName = "";
      data = [];
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") eventName = value;
    else if (field === "data") data.push(value);
    else if (field === "id" && !value.includes("\0")) lastEventId = value;
    // `retry` and unknown fields are ignored: the reconnection delay is the client's own.
  };

  return {
    push(text) {
      let start = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (pendingCr) {
          pendingCr = false;
          if (c === "\n") {
            start = i + 1; // the LF of a CR LF already ended its line
            continue;
          }
        }
        if (c === "\n" || c === "\r") {
          line(buffer + text.slice(start, i));
          buffer = "";
          start = i + 1;
          if (c === "\r") pendingCr = true;
        }
      }
      buffer += text.slice(start);
    },
  };
}

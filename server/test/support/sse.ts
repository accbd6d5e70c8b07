import http from "node:http";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";

// Issue 23: a Server-Sent Events reader for the API tests, over a real socket (app.inject waits for
// an answer's end, which a stream never reaches). It parses events as a browser's reader does.

export interface SseEvent {
  event: string;
  id: string | undefined;
  data: any;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The JSON body of a refusal (not 200). */
  body: any;
  events: SseEvent[];
  /** Heartbeat comments seen. */
  comments: number;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  isEnded(): boolean;
  /** Waits (within a budget) for an event that matches; throws when the budget runs out. */
  waitFor(match: (e: SseEvent) => boolean, budgetMs?: number): Promise<SseEvent>;
  close(): void;
}

/** The address an app listens on (it is made to listen on a free loopback port once). */
export async function baseUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: "127.0.0.1", port: 0 });
  const a = app.server.address();
  if (!a || typeof a === "string") throw new Error("no address");
  return `http://127.0.0.1:${a.port}`;
}

/** Opens the notification stream of a session (the sid header, as every call). */
export async function openStream(app: FastifyInstance, sid: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const base = await baseUrl(app);
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/portal-api/notification/stream`, { headers: { sid, "accept-encoding": "gzip, br", ...headers } });
    req.on("error", reject);
    req.on("response", (res) => {
      const events: SseEvent[] = [];
      const waiters: { match: (e: SseEvent) => boolean; done: (e: SseEvent) => void }[] = [];
      let buffer = "";
      let raw = "";
      let ended = false;
      let endResolve!: () => void;
      const endedPromise = new Promise<void>((r) => (endResolve = r));
      const stream: SseStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: undefined,
        events,
        comments: 0,
        ended: endedPromise,
        isEnded: () => ended,
        waitFor(match, budgetMs = 20_000) {
          const seen = events.find(match);
          if (seen) return Promise.resolve(seen);
          return new Promise((ok, fail) => {
            const timer = setTimeout(() => fail(new Error(`no such event within ${budgetMs} ms; got ${JSON.stringify(events)}`)), budgetMs);
            waiters.push({ match, done: (e) => (clearTimeout(timer), ok(e)) });
          });
        },
        close: () => req.destroy(),
      };
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        if (stream.status !== 200) {
          raw += chunk;
          return;
        }
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const e: SseEvent = { event: "message", id: undefined, data: undefined };
          let isEvent = false;
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) stream.comments++;
            else if (line.startsWith("event: ")) (e.event = line.slice(7)), (isEvent = true);
            else if (line.startsWith("id: ")) e.id = line.slice(4);
            else if (line.startsWith("data: ")) (e.data = JSON.parse(line.slice(6))), (isEvent = true);
          }
          if (!isEvent) continue;
          events.push(e);
          for (const w of [...waiters]) if (w.match(e)) waiters.splice(waiters.indexOf(w), 1), w.done(e);
        }
      });
      const finish = () => {
        if (ended) return;
        ended = true;
        endResolve();
      };
      res.on("end", () => {
        if (stream.status !== 200) stream.body = raw ? JSON.parse(raw) : undefined;
        finish();
        if (stream.status !== 200) resolve(stream);
      });
      res.on("close", finish);
      res.on("error", finish);
      if (stream.status === 200) resolve(stream);
    });
  });
}

/** Waits (within a budget) until a condition holds, polling. */
export async function until(check: () => boolean | Promise<boolean>, budgetMs = 20_000, what = "the condition"): Promise<void> {
  const deadline = Date.now() + budgetMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${budgetMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An operation whose success is an event stream (issue 23's notificationStream). */
export const answersEventStream = (op: Record<string, any>) => Boolean(op.responses?.["200"]?.content?.["text/event-stream"]);

/**
 * app.inject for an operation that may answer an event stream, which never ends by itself while
 * app.inject waits for the end: the request goes over a socket, a 200 is read up to its first event
 * and then closed (headers and first event judged like any answer); any other status is read whole.
 */
export async function injectOverSocket(
  app: FastifyInstance,
  r: { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer },
): Promise<LightMyRequestResponse> {
  const base = new URL(await baseUrl(app));
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, method: r.method, path: r.url, headers: r.headers }, (res) => {
      let body = "";
      let answered = false;
      const done = () => {
        if (answered) return;
        answered = true;
        resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body, payload: body, json: () => JSON.parse(body) } as unknown as LightMyRequestResponse);
      };
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
        if (res.statusCode === 200 && body.includes("\n\n")) {
          done();
          req.destroy();
        }
      });
      res.on("end", done);
      res.on("close", done);
    });
    req.on("error", (e) => (req.destroyed ? undefined : reject(e)));
    req.end(r.payload);
  });
}
